import Foundation

/// A parsed animation key path: a stored property (`root`) and an optional field inside it.
///
/// Fields: `x`/`y` of points; `width`/`height` of sizes; `origin`, `size`, `origin.x`,
/// `origin.y`, `size.width`, `size.height` of rects; and the transform fields Apple documents —
/// `rotation` (= `rotation.z`), `rotation.x/.y/.z`, `scale` (mean of x, y, z; setting it sets all
/// three), `scale.x/.y/.z`, `translation` (a CGSize of x, y), `translation.x/.y/.z`. Transform
/// fields read and write the decomposed transform (see `CATransform3DDecomposition`), so the
/// scalar is what animates: 0 → 2π on `transform.rotation.z` turns a full circle.
/// Unknown paths are ignored by the engine (documented outcome: the animation has no effect).
struct _KeyPath: Sendable, Hashable {
    enum Field: String, Sendable, Hashable {
        case x, y, width, height, origin, size, originX = "origin.x", originY = "origin.y"
        case sizeWidth = "size.width", sizeHeight = "size.height"
        case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
        case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
        case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    }

    let root: String
    let field: Field?

    init(root: String, field: Field?) { self.root = root; self.field = field }

    /// Splits "bounds.size.width" into root "bounds" and field "size.width". A path whose tail
    /// is not a known field keeps the whole string as its root (a custom key with dots).
    init(_ path: String) {
        if let dot = path.firstIndex(of: "."), let f = Field(rawValue: String(path[path.index(after: dot)...])) {
            root = String(path[..<dot]); field = f
        } else {
            root = path; field = nil
        }
    }

    var string: String { field.map { root + "." + $0.rawValue } ?? root }

    /// The field's value inside `whole`, or nil when the field does not apply to its type.
    static func get(_ f: Field, in whole: _AnimValue) -> _AnimValue? {
        switch (f, whole) {
        case let (.x, .point(p)): return .cg(p.x)
        case let (.y, .point(p)): return .cg(p.y)
        case let (.width, .size(s)): return .cg(s.width)
        case let (.height, .size(s)): return .cg(s.height)
        case let (.origin, .rect(r)): return .point(r.origin)
        case let (.size, .rect(r)): return .size(r.size)
        case let (.originX, .rect(r)): return .cg(r.origin.x)
        case let (.originY, .rect(r)): return .cg(r.origin.y)
        case let (.sizeWidth, .rect(r)): return .cg(r.size.width)
        case let (.sizeHeight, .rect(r)): return .cg(r.size.height)
        case let (_, .transform(t)):
            guard let d = CATransform3DDecomposition(t) else { return nil }
            switch f {
            case .rotation, .rotationZ: return .cg(d.eulerAngles.z)
            case .rotationX: return .cg(d.eulerAngles.x)
            case .rotationY: return .cg(d.eulerAngles.y)
            case .scale: return .cg((d.s.0 + d.s.1 + d.s.2) / 3)
            case .scaleX: return .cg(d.s.0)
            case .scaleY: return .cg(d.s.1)
            case .scaleZ: return .cg(d.s.2)
            case .translation: return .size(CGSize(width: d.t.0, height: d.t.1))
            case .translationX: return .cg(d.t.0)
            case .translationY: return .cg(d.t.1)
            case .translationZ: return .cg(d.t.2)
            default: return nil
            }
        default: return nil
        }
    }

    /// `whole` with the field replaced by `part`; `whole` unchanged when types don't match.
    static func set(_ f: Field, in whole: _AnimValue, to part: _AnimValue) -> _AnimValue {
        switch (f, whole) {
        case var (.x, .point(p)): if let v = part.cgFloat { p.x = v }; return .point(p)
        case var (.y, .point(p)): if let v = part.cgFloat { p.y = v }; return .point(p)
        case var (.width, .size(s)): if let v = part.cgFloat { s.width = v }; return .size(s)
        case var (.height, .size(s)): if let v = part.cgFloat { s.height = v }; return .size(s)
        case var (.origin, .rect(r)): if let v = part.point { r.origin = v }; return .rect(r)
        case var (.size, .rect(r)): if let v = part.size { r.size = v }; return .rect(r)
        case var (.originX, .rect(r)): if let v = part.cgFloat { r.origin.x = v }; return .rect(r)
        case var (.originY, .rect(r)): if let v = part.cgFloat { r.origin.y = v }; return .rect(r)
        case var (.sizeWidth, .rect(r)): if let v = part.cgFloat { r.size.width = v }; return .rect(r)
        case var (.sizeHeight, .rect(r)): if let v = part.cgFloat { r.size.height = v }; return .rect(r)
        case let (_, .transform(t)):
            return .transform(setTransformField(f, in: t, to: part))
        default: return whole
        }
    }

    private static func setTransformField(_ f: Field, in t: CATransform3D, to part: _AnimValue) -> CATransform3D {
        // A degenerate transform (e.g. scale 0) cannot be decomposed: fields then write onto
        // the identity, which is what a scalar animation of that field means.
        var d = CATransform3DDecomposition(t) ?? CATransform3DDecomposition()
        if f == .translation {
            guard let s = part.size else { return t }
            d.t.0 = s.width; d.t.1 = s.height
            return d.transform
        }
        guard let v = part.cgFloat else { return t }
        switch f {
        case .rotation, .rotationZ: var e = d.eulerAngles; e.z = v; d.eulerAngles = e
        case .rotationX: var e = d.eulerAngles; e.x = v; d.eulerAngles = e
        case .rotationY: var e = d.eulerAngles; e.y = v; d.eulerAngles = e
        case .scale: d.s = (v, v, v)
        case .scaleX: d.s.0 = v
        case .scaleY: d.s.1 = v
        case .scaleZ: d.s.2 = v
        case .translationX: d.t.0 = v
        case .translationY: d.t.1 = v
        case .translationZ: d.t.2 = v
        default: return t
        }
        return d.transform
    }
}

extension CALayer {
    /// Every key path Strata animates on a plain `CALayer` (74): the animatable properties,
    /// their struct fields and the transform fields. Subclasses add their own keys.
    public static let animatableKeyPaths: [String] = {
        let roots = ["anchorPoint", "anchorPointZ", "backgroundColor", "backgroundFilters", "borderColor",
                     "borderWidth", "bounds", "compositingFilter", "contents", "contentsCenter", "contentsRect",
                     "cornerRadius", "doubleSided", "filters", "hidden", "masksToBounds", "opacity", "position",
                     "shadowColor", "shadowOffset", "shadowOpacity", "shadowPath", "shadowRadius",
                     "sublayerTransform", "transform", "zPosition"]
        let rectFields = ["origin", "size", "origin.x", "origin.y", "size.width", "size.height"]
        let transformFields = ["rotation", "rotation.x", "rotation.y", "rotation.z", "scale", "scale.x", "scale.y",
                               "scale.z", "translation", "translation.x", "translation.y", "translation.z"]
        var paths = roots
        paths += ["position.x", "position.y", "anchorPoint.x", "anchorPoint.y", "shadowOffset.width", "shadowOffset.height"]
        for r in ["bounds", "contentsRect", "contentsCenter"] { paths += rectFields.map { "\(r).\($0)" } }
        for t in ["transform", "sublayerTransform"] { paths += transformFields.map { "\(t).\($0)" } }
        return paths
    }()
}
