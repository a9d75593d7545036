import Foundation

/// A colour ramp: colours at locations 0…1 (Core Graphics' `CGGradient`), drawn with
/// `CGContext.drawLinearGradient` / `drawRadialGradient`.
///
/// Bad input: no colours returns nil; locations are clamped to 0…1, NaN counts as 0, and a
/// location smaller than the one before it is raised to it (out-of-order stops become a hard
/// edge); a location array whose count differs from the colours' is ignored (colours are
/// spread evenly, as with nil). One colour paints that colour everywhere the gradient draws.
public final class CGGradient: Sendable {
    /// Resolved stops (at least two, locations non-decreasing in 0…1).
    let stops: [_GradientSpec.Stop]

    /// A gradient of `colors` at `locations` (nil: evenly spaced from 0 to 1). The colour
    /// space is accepted and ignored (Strata draws in sRGB).
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        stops = _GradientSpec.resolve(colors, locations.map { $0.map(Double.init) })
    }

    /// A gradient from packed components: `count` colours of `space.numberOfComponents` + 1
    /// values each (colour components then alpha; gray spaces take 2, RGB spaces 4).
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0, count < 1 << 20 else { return nil }
        let n = space.numberOfComponents + 1
        let colors = (0..<count).map { i -> CGColor in
            let c = components + i * n
            return n == 2 ? CGColor(gray: c[0], alpha: c[1]) : CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        let locs = locations.map { l in (0..<count).map { l[$0] } }
        self.init(colorsSpace: space, colors: colors, locations: locs)
    }

    /// The stop colours, in order.
    public var colors: [CGColor] { stops.map(\.color) }
    /// The stop locations after the clean-up described above.
    public var locations: [CGFloat] { stops.map { CGFloat($0.location) } }
}
