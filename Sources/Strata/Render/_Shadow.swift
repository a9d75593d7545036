import Foundation

/// A layer's shadow as evaluated for one frame (Core Animation's shadow properties).
///
/// Documented choices: the blur's standard deviation is `shadowRadius` points (scaled to
/// device pixels by the layer's transform); `shadowOffset` is in the layer's own coordinate
/// space (it turns with the layer) and defaults to Apple's (0, −3), i.e. upwards in our y-down
/// space, as on iOS; a layer with masksToBounds draws no shadow (Core Animation clips it to
/// the bounds, under the layer's own content).
struct _Shadow: Hashable {
    enum Source: Hashable {
        /// `shadowPath`: filled with the non-zero rule.
        case path(CGPath)
        /// The layer's background shape, when that is all it draws (no contents, sublayers,
        /// border or drawing of its own class): alpha = background alpha.
        case shape(alpha: Double)
        /// Anything else (contents, sublayers, a border, a shape layer's shape, a gradient, text):
        /// as Apple documents for a nil `shadowPath`, the alpha of everything the layer draws —
        /// background, contents, border, sublayers and their shadows — at full opacity, drawn
        /// offscreen and blurred (`_Painter.contentMask`). Documented limits: cast only by
        /// layers of the frame's own tree — layers inside a mask, or inside another caster's
        /// drawing, cast none (so a caster's shadow leaves out its sublayers' content shadows,
        /// which are drawn on their own); and only while the frame's budget of redrawn layers
        /// lasts (`_FrameList.maximumContentShadowLayers`, in paint order).
        case content
    }

    var color: CGColor
    var offset: CGSize
    /// Standard deviation in points.
    var radius: Double
    var source: Source

    /// Nil when the layer casts no shadow (opacity 0 or non-finite values). `drawsMore`: the
    /// layer draws something besides its background — a visible border or its class's own
    /// drawing (the frame list has worked both out already).
    init?(_ l: RenderLayer, hasBackground: Bool, drawsMore: Bool) {
        guard !l.properties.isEmpty, !l.masksToBounds, let opacity = l.number("shadowOpacity"),
              opacity.isFinite, opacity > 0 else { return nil }
        let base = l.properties["shadowColor"] as? CGColor ?? .black
        guard base.alpha > 0 else { return nil }
        color = CGColor(red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * min(opacity, 1))
        let o = l.properties["shadowOffset"] as? CGSize ?? CGSize(width: 0, height: -3)
        offset = o.width.isFinite && o.height.isFinite ? o : .zero
        let r = l.number("shadowRadius") ?? 3
        radius = r.isFinite ? max(0, r) : 0
        if let p = l.properties["shadowPath"] as? CGPath {
            source = .path(p)
        } else if l.contents == nil && l.sublayers.isEmpty && !drawsMore {
            guard hasBackground, let bg = l.backgroundColor else { return nil }
            source = .shape(alpha: Double(bg.alpha))
        } else {
            source = .content
        }
    }

    /// The layer as its content shadow sees it: everything it draws, at full opacity and
    /// with its mask, without its shadow, compositing filter or transition.
    static func caster(_ l: RenderLayer) -> RenderLayer {
        var c = l
        c.properties["shadowOpacity"] = nil
        c.properties["compositingFilter"] = nil
        c.opacity = 1
        c.isHidden = false
        c.transition = nil
        return c
    }

    /// Layer space → device for the shadow's shape: the layer's map moved by the offset.
    func matrix(_ m: _Matrix3) -> _Matrix3 {
        _Matrix3.translation(offset.width, offset.height).then(m)
    }

    /// The largest blur σ, in device pixels: a larger one (a huge `shadowRadius`, or a moderate
    /// one under a huge scale) blurs as this. The blurred mask spans at most the surface plus
    /// 3 σ on every side, so the cap bounds its memory (about 7 MB for a 1920×1080 surface) and keeps
    /// the pixel arithmetic in range; 1e9 or 1e30 trapped before.
    static let maximumSigma = 200.0

    /// Blur σ in device pixels (0 for a non-finite map), at most `maximumSigma`.
    func sigma(_ m: _Matrix3) -> Double {
        let s = radius * m.maxScale
        return s.isNaN ? 0 : min(s, Self.maximumSigma)
    }
}
