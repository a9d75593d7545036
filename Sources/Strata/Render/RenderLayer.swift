import Foundation

/// One layer of one frame: every visual property already evaluated at the frame's time.
///
/// This is the contract between the animation engine (which produces it from the committed
/// layer state and running animations) and the compositor (which draws it and diffs it against
/// the previous frame for damage). It is a value: a frame's tree can be handed to another thread
/// and never changes. `id` identifies the same model layer across frames.
public struct RenderLayer: Sendable {
    public var id: UInt64
    public var bounds: CGRect = .zero
    public var position: CGPoint = .zero
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var anchorPointZ: CGFloat = 0
    public var zPosition: CGFloat = 0
    public var transform: CATransform3D = .identity
    public var sublayerTransform: CATransform3D = .identity
    public var opacity: Float = 1
    /// Opacity applies to the composited subtree (true, the default) or to each sublayer
    /// separately (false), as `CALayer.allowsGroupOpacity`.
    public var allowsGroupOpacity = true
    public var isHidden = false
    public var isDoubleSided = true
    public var backgroundColor: CGColor?
    public var borderColor: CGColor? = .black
    public var borderWidth: CGFloat = 0
    public var cornerRadius: CGFloat = 0
    /// Raw value of `CACornerMask` (all four corners by default).
    public var maskedCorners: UInt = 0xF
    public var masksToBounds = false
    /// The layer's sublayers, back to front before zPosition sorting.
    public var sublayers: [RenderLayer] {
        get { _children?.sublayers ?? [] }
        set {
            if newValue.isEmpty, _children?.mask.isEmpty ?? true { _children = nil; return }
            uniqueChildren().sublayers = newValue
        }
        _modify { yield &uniqueChildren().sublayers }
    }
    /// A layer whose alpha masks this one (its own geometry is relative to this layer's bounds).
    public var mask: RenderLayer? {
        get { _children?.mask.first }
        set {
            if newValue == nil, _children?.sublayers.isEmpty ?? true { _children = nil; return }
            uniqueChildren().mask = newValue.map { [$0] } ?? []
        }
    }
    /// Sublayers and mask, nil when there are none: a box whose deinit frees deep trees
    /// without recursion (see `_LayerChildren`).
    var _children: _LayerChildren?
    /// Presentation values of the layer's other properties, by KVC key, in their Swift types
    /// (CGFloat, Float, CGColor, CGSize, …): contents, shadow*, contentsRect, and subclass
    /// properties such as CAShapeLayer's path/strokeEnd. Keys at their default are absent.
    public var properties: [String: any Sendable] = [:]
    /// The model layer's class name ("CALayer", "CAShapeLayer", …).
    public var layerClass: String = "CALayer"
    /// Multiplies every pixel of the composited layer and subtree, channel by channel
    /// (premultiplied by its alpha); nil changes nothing. A replicator's instance containers
    /// carry their `instanceColor` here.
    public var colorMultiplier: CGColor?
    /// A running `CATransition` (nil when none): draw from `transition.from` to this layer.
    public var transition: RenderTransition?

    public init(id: UInt64) { self.id = id }

    /// The children box, made unique (copied when shared) so that it can be mutated in place.
    private mutating func uniqueChildren() -> _LayerChildren {
        if !isKnownUniquelyReferenced(&_children) { _children = _children?.copy() ?? _LayerChildren() }
        return _children!
    }
}
