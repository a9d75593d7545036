/// How a surface's buffer relates to its logical size.
///
/// - Integer scale (`wl_surface.set_buffer_scale`): buffer = logical × n exactly, so buffer sizes
///   are always divisible by the scale (anything else is a protocol error on some compositors).
/// - Fractional scale (`wp_fractional_scale_v1` + `wp_viewporter`): the compositor sends the
///   preferred scale in 120ths; the buffer is `round(logical × n / 120)` pixels, attached with
///   buffer scale 1 and a viewport destination of the logical size, rendered at that size so it
///   is crisp (no resampling).
public struct SurfaceScale: Hashable, Sendable {
    /// The scale in 120ths (120 = 1×, 180 = 1.5×).
    public var numerator120: Int
    /// True when the buffer goes through a viewport (fractional path).
    public var usesViewport: Bool

    public static let one = SurfaceScale(numerator120: 120, usesViewport: false)

    public static func integer(_ n: Int) -> SurfaceScale {
        SurfaceScale(numerator120: max(1, n) * 120, usesViewport: false)
    }

    public static func fractional(_ n120: Int) -> SurfaceScale {
        SurfaceScale(numerator120: max(1, n120), usesViewport: true)
    }

    /// Device pixels per logical point.
    public var factor: Double { Double(numerator120) / 120 }

    /// The integer passed to `set_buffer_scale` (1 on the viewport path).
    public var bufferScale: Int { usesViewport ? 1 : numerator120 / 120 }

    /// Buffer pixels for a logical size (each at least 1).
    public func bufferSize(width: Int, height: Int) -> (width: Int, height: Int) {
        if usesViewport {
            // round half away from zero, as the protocol text specifies for the buffer size
            return (max(1, (width * numerator120 + 60) / 120), max(1, (height * numerator120 + 60) / 120))
        }
        let n = numerator120 / 120
        return (max(1, width) * n, max(1, height) * n)
    }
}
