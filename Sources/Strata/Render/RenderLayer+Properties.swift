import Foundation

/// Typed access to the values the engine passes in ``RenderLayer/properties`` (by KVC key).
/// An absent key means the property is at its Core Animation default, which these accessors
/// return. Setting a default value removes the key.
extension RenderLayer {
    /// The layer's image (`contents`), nil when it has none or holds something else.
    public var contents: CGImage? {
        get { properties["contents"] as? CGImage }
        set { properties["contents"] = newValue }
    }

    /// The part of `contents` shown, in unit coordinates of the image (default 0,0,1,1).
    public var contentsRect: CGRect {
        get { properties["contentsRect"] as? CGRect ?? Self.unitRect }
        set { properties["contentsRect"] = newValue == Self.unitRect ? nil : newValue }
    }

    /// The stretchable middle of `contents` for nine-slice scaling, in unit coordinates
    /// (default 0,0,1,1: the whole image stretches).
    public var contentsCenter: CGRect {
        get { properties["contentsCenter"] as? CGRect ?? Self.unitRect }
        set { properties["contentsCenter"] = newValue == Self.unitRect ? nil : newValue }
    }

    /// Image pixels per point of `contents` (default 1).
    public var contentsScale: CGFloat {
        get { properties["contentsScale"] as? CGFloat ?? 1 }
        set { properties["contentsScale"] = newValue == 1 ? nil : newValue }
    }

    /// The raw value of `contentsGravity` ("resize" by default; Apple's names: center, top,
    /// bottom, left, right, topLeft, topRight, bottomLeft, bottomRight, resize, resizeAspect,
    /// resizeAspectFill). Accepts a `String` or any `RawRepresentable` with a `String` raw value.
    public var contentsGravityName: String {
        get { Self.string(properties["contentsGravity"]) ?? "resize" }
        set { properties["contentsGravity"] = newValue == "resize" ? nil : newValue }
    }

    static let unitRect = CGRect(x: 0, y: 0, width: 1, height: 1)

    static func string(_ v: (any Sendable)?) -> String? {
        if let s = v as? String { return s }
        if let r = v as? any RawRepresentable { return r.rawValue as? String }
        return nil
    }

    /// Floating-point property by key, whatever numeric type the engine stored.
    func number(_ key: String) -> Double? {
        switch properties[key] {
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        default: return nil
        }
    }
}
