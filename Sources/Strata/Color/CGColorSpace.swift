import Foundation

/// A colour space as Core Graphics APIs take one. Strata draws in sRGB only (see ``CGColor``):
/// every colour space is accepted and treated as sRGB; the name is kept for inspection.
public final class CGColorSpace: Hashable, Sendable {
    /// The space's name (Core Graphics' constants below, or whatever was asked for).
    public let name: String?

    public init?(name: String) { self.name = name }
    init(_name: String) { name = _name }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"

    public var numberOfComponents: Int { name == Self.genericGrayGamma2_2 ? 1 : 3 }

    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool { a.name == b.name }
    public func hash(into h: inout Hasher) { h.combine(name) }
}

/// The device RGB space (sRGB in Strata).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(_name: CGColorSpace.sRGB) }
