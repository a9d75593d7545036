import Foundation
import Strata

/// A rectangular node of the interface: owns a layer (`layer`), lays out and hit-tests its
/// subviews and receives input through the responder chain.
///
/// Geometry and appearance properties are views of the layer's: `frame`/`bounds`/`center`/
/// `transform` map to the layer's frame/bounds/position/transform, `alpha` to `opacity`,
/// `clipsToBounds` to `masksToBounds`. The view is its layer's delegate: it lays out in
/// `layoutSubviews()`, draws in `draw(_:)`, and decides the layer's actions — outside a
/// `View.animate` block its layer does not animate implicitly (as on iOS).
///
/// Views are used from the main thread only (the thread that runs the event loop).
///
/// Documented difference from UIKit: the backing layer comes from `makeLayer()` (a class
/// method a subclass overrides to return, say, a `CAShapeLayer`), because Swift cannot call
/// `CALayer`'s non-required `init()` through a metatype; `layerClass` reports its class.
open class View: Responder, CALayerDelegate {
    /// Creates the backing layer of views of this class. Default: a plain `CALayer`.
    open class func makeLayer() -> CALayer { CALayer() }

    /// The class of the layer `makeLayer()` makes.
    public class var layerClass: CALayer.Type { type(of: makeLayer()) }

    /// The backing layer (never replaced; its delegate is the view).
    public let layer: CALayer
    /// Set on the root view of a tree that an `InputRouter` serves.
    weak var _router: InputRouter?
    final weak var _superview: View?
    final var _subviews: [View] = []
    final var _gestureRecognizers: [GestureRecognizer] = []
    final var _interactions: [Interaction] = []
    /// `contentScaleFactor` was set explicitly: the host's scale no longer reaches this view.
    final var _fixedContentScale = false
    /// On a root view: the scale of the surface its `ViewHost` shows it on.
    final var _hostContentScale: CGFloat?

    /// Whether the view (and so its subtree) takes part in hit testing. Default: true.
    open var isUserInteractionEnabled = true
    /// An integer to find views by (`viewWithTag(_:)`).
    public var tag = 0
    /// The CSS cursor name ("pointer", "text", "grab" …) shown while the pointer is over this
    /// view; nil: the superview's (the root's nil means "default").
    public var cursorName: String?

    public init(frame: CGRect = .zero) {
        layer = Self.makeLayer()
        super.init()
        layer.delegate = self
        self.frame = frame
        if !View._nonDrawingClasses.contains(ObjectIdentifier(type(of: self))) { layer.setNeedsDisplay() }
    }

    /// The base `draw(_:)` ran during the current display.
    final var _ranDefaultDraw = false
    /// View classes seen drawing nothing with the default `draw(_:)`: shared by every thread
    /// that makes views (tests run in parallel), so behind a lock.
    static let _nonDrawingClasses = _ClassSet()

    // MARK: Geometry (the layer's)

    /// The view's rectangle in its superview's coordinates (the layer's `frame`). Setting it
    /// with a non-identity transform places the untransformed rectangle (see `CALayer.frame`).
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The view's own coordinate space (the layer's `bounds`).
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    /// The center of the frame in superview coordinates: the layer's `position` (the layer's
    /// anchor point stays at its default, the middle).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The affine transform about the center (the layer transform's x/y part).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The full 3-D transform of the layer (perspective via `m34`).
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance (the layer's)

    /// The layer's opacity. Views with alpha below 0.01 are skipped by hit testing.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    open var backgroundColor: CGColor? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }

    /// Clips drawing and hit testing of subviews to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: Responder chain

    /// The superview; for the root view of a routed tree, its `InputRouter`.
    open override var next: Responder? { _superview ?? _router }

    override var _inputRouter: InputRouter? { rootView._router }

    /// The topmost ancestor (the view itself when it has no superview).
    public var rootView: View {
        var v = self
        while let s = v._superview { v = s }
        return v
    }

    /// The router serving this view's tree, if any (the iOS `window` equivalent).
    public var router: InputRouter? { rootView._router }

    // MARK: Overridable behaviour (the work is in the extension named after each concern)

    /// Called after a subview was added (default: nothing).
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed (default: nothing).
    open func willRemoveSubview(_ subview: View) {}
    open func willMove(toSuperview newSuperview: View?) {}
    open func didMoveToSuperview() {}

    /// Positions subviews; runs when the layer lays out (commit time or `layoutIfNeeded()`).
    /// Default: nothing.
    open func layoutSubviews() {}

    /// The size that fits `size`; default: the current bounds size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Draws the view's content into the current context (`GraphicsGetCurrentContext()`, in
    /// bounds coordinates, top-left origin, y down, clipped to `rect`); `rect` is the part
    /// to redraw (the bounds, or what `setNeedsDisplay(_:)` marked). Runs at commit time: once
    /// for a new view, then after `setNeedsDisplay()`. The result becomes the layer's
    /// contents (see `CALayer.draw(in:)`). Default: nothing (a view class whose `draw(_:)`
    /// only runs this default is remembered and not displayed for new instances).
    open func draw(_ rect: CGRect) { _ranDefaultDraw = true }

    /// Called after `contentScaleFactor` changed (the layer's contents are already marked for
    /// redrawing); views with bitmap sublayers of their own give them the new scale here.
    func _contentScaleDidChange() {}

    /// The farthest descendant (or self) under `point` (in this view's bounds coordinates)
    /// that accepts input; see `_hitTest` for the rules.
    open func hitTest(_ point: CGPoint, with event: Event?) -> View? { _hitTest(point, with: event) }

    /// Whether `point` (bounds coordinates) lies in the view. Default: inside `hitShape` when
    /// one is set, else in `bounds` (half-open: the max edges are outside). Override for other
    /// shapes.
    open func point(inside point: CGPoint, with event: Event?) -> Bool {
        if let shape = hitShape { return shape.contains(point, using: hitShapeFillRule) }
        return bounds.contains(point)
    }

    /// Strata addition: a path (bounds coordinates) that gives the view its hit-testing shape,
    /// e.g. a `CAShapeLayer`'s path; nil: the bounds rectangle.
    public var hitShape: CGPath?
    public var hitShapeFillRule: CGPathFillRule = .winding

    // MARK: CALayerDelegate

    public func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        layoutSubviews()
    }

    public func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        _ranDefaultDraw = false
        GraphicsPushContext(ctx)
        draw(ctx.boundingBoxOfClipPath)
        GraphicsPopContext()
        if _ranDefaultDraw && !ctx._hasPainted { View._nonDrawingClasses.insert(ObjectIdentifier(type(of: self))) }
    }

    public func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard layer === self.layer else { return nil }
        return _ViewAnimationContext.action(for: layer, forKey: event)
    }
}

/// A set of classes behind a lock.
final class _ClassSet: @unchecked Sendable {
    private let lock = NSLock()
    private var members = Set<ObjectIdentifier>()

    func contains(_ id: ObjectIdentifier) -> Bool { lock.withLock { members.contains(id) } }
    func insert(_ id: ObjectIdentifier) { lock.withLock { _ = members.insert(id) } }
}
