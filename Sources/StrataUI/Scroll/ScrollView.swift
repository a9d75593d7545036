import Foundation
import Strata

/// A view whose subviews (the content) scroll: `contentOffset` is the bounds origin. It clips
/// to its bounds by default, as in UIKit.
///
/// Input: dragging (its `panGestureRecognizer`, fingers or the primary pointer button), wheels
/// (`wheelStepDistance` points per detent, counted from Wayland's value120), touchpad scrolling
/// (deltas with phases). After a drag or touchpad scroll ends, momentum decays exponentially
/// (`ScrollPhysics.decelerationOffset`); dragging past an edge rubber-bands
/// (`ScrollPhysics.rubberBand`) and a released over-scroll springs back (critically damped,
/// `springFrequency`). With `isPagingEnabled` a release settles on a multiple of the bounds
/// size. A touch going down stops the motion. Nested scroll views: a drag goes to the inner
/// one when it can scroll along the drag's main axis, otherwise to the outer; a wheel or
/// touchpad scroll the inner one cannot take (at its edge, or not scrollable that way) goes up
/// the responder chain to the outer one.
///
/// Content touches (UIKit's rules, see ScrollView+ContentTouches.swift): with
/// `delaysContentTouches` a finger's touch reaches the content only after
/// `contentTouchDelay` seconds without the drag beginning (or when it lifts sooner); a drag
/// that begins first takes the touch and the content never hears of it. Once the content has
/// the touch, a drag still takes it over (the content gets `touchesCancelled`) unless
/// `canCancelContentTouches` is false or `touchesShouldCancel(in:)` says no;
/// `touchesShouldBegin(_:with:in:)` can keep a touch from the content altogether.
///
/// Motion runs on the router's scheduler in `frameInterval` steps, each setting the offset to
/// the closed form's value at that time; a scroll view outside a routed tree does not move
/// on its own (drags and wheels still need a router to arrive at all).
open class ScrollView: View {
    public var contentSize: CGSize = .zero { didSet { _updateIndicators() } }
    public var contentInset: EdgeInsets = .zero
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var isPagingEnabled = false
    /// Velocity kept per millisecond of momentum (0.998 normal, 0.99 fast).
    public var decelerationRate: Double = 0.998
    public var showsScrollIndicators = true
    /// Points per wheel detent.
    public var wheelStepDistance: CGFloat = 40
    /// Angular frequency (rad/s) of the spring of bounces and paging.
    public var springFrequency: Double = 12
    /// Seconds between motion steps.
    public var frameInterval: TimeInterval = 1.0 / 60
    public weak var delegate: ScrollViewDelegate?

    /// The recognizer that drags the content.
    public let panGestureRecognizer: PanGestureRecognizer

    /// Whether a finger's touch is held back from the content until it is clear the finger is
    /// not dragging (UIKit's default, true). A pointer press reaches the content at once either
    /// way: Strata holds back fingers only (the pointer cannot drag a scroll view on iPadOS,
    /// and desktop users expect what they click to react on the press).
    public var delaysContentTouches = true { didSet { _contentTouchDelay.isEnabled = delaysContentTouches } }
    /// Whether a drag may begin while the content has a touch, cancelling it there (UIKit's
    /// default, true). When false, a touch the content has received never drags.
    public var canCancelContentTouches = true
    let _contentTouchDelay = _ContentTouchDelayRecognizer()

    public internal(set) var isDragging = false
    /// True while momentum, a bounce or a paging settle moves the content.
    public var isDecelerating: Bool { _motion.x != nil || _motion.y != nil }

    struct _AxisMotion {
        enum Kind { case decelerate, spring(target: Double) }
        var kind: Kind
        var start: Double
        var velocity: Double
        var startTime: TimeInterval
    }
    var _motion: (x: _AxisMotion?, y: _AxisMotion?) = (nil, nil)
    var _tick: Int?
    var _dragStart: CGPoint = .zero
    /// Touchpad sequence: the offset before rubber-banding, and (time, raw offset) samples.
    var _rawOffset: CGPoint = .zero
    var _samples: [(TimeInterval, CGPoint)] = []
    let _indicators = (x: CALayer(), y: CALayer())
    /// The current touchpad sequence belongs to an outer scroll view.
    var _touchpadForwarding = false

    public override init(frame: CGRect = .zero) {
        let pan = _ScrollPanGestureRecognizer()
        panGestureRecognizer = pan
        super.init(frame: frame)
        clipsToBounds = true
        pan._scrollView = self
        // Weak: a touch down on a subview keeps this recognizer (not the scroll view) alive.
        pan.addTarget { [weak self] r in self?._handlePan(r as! PanGestureRecognizer) }
        addGestureRecognizer(pan)
        addGestureRecognizer(_contentTouchDelay)
        for l in [_indicators.x, _indicators.y] {
            l.backgroundColor = CGColor(gray: 0, alpha: 0.45)
            l.cornerRadius = 1.5
            l.opacity = 0
            l.zPosition = 1000
            layer.addSublayer(l)
        }
    }

    /// Asked before `view` (in the content) gets `touchesBegan` for `touches` (after the
    /// content-touch delay, when there is one): false keeps the touches from the view, which
    /// then hears nothing of them; the scroll view can still drag with them. UIKit's default,
    /// true. Asked for pointer presses too (they are touches here).
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { true }

    /// Asked when a drag is about to begin while `view` (in the content) has one of its
    /// touches: true lets the drag take the touch (the view gets `touchesCancelled`), false
    /// leaves it with the view and the drag does not begin. Only asked when
    /// `canCancelContentTouches` is true. UIKit's default is false for `UIControl`s and true
    /// otherwise; Strata has no control class, so the default is true.
    open func touchesShouldCancel(in view: View) -> Bool { true }

    /// Wheels move by `wheelStepDistance` per detent (the event's delta when it has no steps),
    /// clamped to the limits, at once. Touchpad scrolling follows the deltas with rubber
    /// banding and ends in momentum. What this view cannot take goes to the next responder.
    open override func scrollWheel(_ event: ScrollEvent) { _scrollWheel(event) }

    // MARK: Offset and limits

    /// The bounds origin: which point of the content shows at the top-left corner.
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set { _setOffset(newValue) }
    }

    /// Moves the content; `animated` uses a 0.3 s ease-in-out view animation.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) {
        _stopMotion(notify: false)
        if animated {
            // The content stays touchable while it scrolls there (as UIScrollView's does).
            View.animate(withDuration: 0.3, delay: 0, options: [.allowUserInteraction], animations: { self._setOffset(offset) })
        } else {
            _setOffset(offset)
        }
    }

    /// The smallest offsets (−inset.left, −inset.top).
    public var minimumContentOffset: CGPoint { CGPoint(x: -contentInset.left, y: -contentInset.top) }

    /// The largest offsets: content plus insets minus the viewport, at least the minimum.
    public var maximumContentOffset: CGPoint {
        let mn = minimumContentOffset
        return CGPoint(x: max(mn.x, contentSize.width + contentInset.right - bounds.width),
                       y: max(mn.y, contentSize.height + contentInset.bottom - bounds.height))
    }

    /// Whether the content can move along x (or y): it is larger than the viewport, or the
    /// `alwaysBounce…` flag says so.
    public var scrollsHorizontally: Bool { maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal }
    public var scrollsVertically: Bool { maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical }

    final func _setOffset(_ p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else { return }
        var b = bounds
        if b.origin == p { return }
        b.origin = p
        bounds = b
        _updateIndicators()
        delegate?.scrollViewDidScroll(self)
    }

    /// The offset clamped into the limits.
    final func _clamped(_ p: CGPoint) -> CGPoint {
        let mn = minimumContentOffset, mx = maximumContentOffset
        return CGPoint(x: min(max(p.x, mn.x), mx.x), y: min(max(p.y, mn.y), mx.y))
    }

    /// Rubber-banded display of a raw (unlimited) offset along one axis.
    final func _banded(_ raw: CGFloat, min mn: CGFloat, max mx: CGFloat, dimension: CGFloat) -> CGFloat {
        guard bounces else { return Swift.min(Swift.max(raw, mn), mx) }
        if raw < mn { return mn + CGFloat(ScrollPhysics.rubberBand(Double(raw - mn), dimension: Double(dimension))) }
        if raw > mx { return mx + CGFloat(ScrollPhysics.rubberBand(Double(raw - mx), dimension: Double(dimension))) }
        return raw
    }

    /// The raw offset whose rubber-banded display is `shown` (inverse of `_banded`).
    final func _unbanded(_ shown: CGFloat, min mn: CGFloat, max mx: CGFloat, dimension: CGFloat) -> CGFloat {
        func inverse(_ y: CGFloat) -> CGFloat {
            let d = Double(dimension), a = min(abs(Double(y)), d * 0.999)
            let x = (1 / (1 - a / d) - 1) * d / 0.55
            return CGFloat(y < 0 ? -x : x)
        }
        guard bounces, dimension > 0 else { return shown }
        if shown < mn { return mn + inverse(shown - mn) }
        if shown > mx { return mx + inverse(shown - mx) }
        return shown
    }

    final func _bandedOffset(_ raw: CGPoint) -> CGPoint {
        let mn = minimumContentOffset, mx = maximumContentOffset, cur = contentOffset
        return CGPoint(x: scrollsHorizontally ? _banded(raw.x, min: mn.x, max: mx.x, dimension: bounds.width) : cur.x,
                       y: scrollsVertically ? _banded(raw.y, min: mn.y, max: mx.y, dimension: bounds.height) : cur.y)
    }

    final func _unbandedOffset(_ shown: CGPoint) -> CGPoint {
        let mn = minimumContentOffset, mx = maximumContentOffset
        return CGPoint(x: _unbanded(shown.x, min: mn.x, max: mx.x, dimension: bounds.width),
                       y: _unbanded(shown.y, min: mn.y, max: mx.y, dimension: bounds.height))
    }
}

/// The scroll view's drag recognizer: begins only along an axis the scroll view can scroll
/// (so nested scroll views share drags), and a touch going down stops the motion.
final class _ScrollPanGestureRecognizer: PanGestureRecognizer {
    weak var _scrollView: ScrollView?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches == touches.count { _scrollView?._touchDown() }
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if state == .possible, let s = _scrollView {
            let c = _rootCentroid
            if hypot(c.x - _origin.x, c.y - _origin.y) > hysteresis {
                let t = Self._vector(from: _origin, to: c, in: s)
                let horizontal = abs(t.x) > abs(t.y)
                // Not along an axis it scrolls, or the content keeps its touches.
                if (horizontal ? !s.scrollsHorizontally : !s.scrollsVertically) || !s._mayTakeContentTouches(_touches) {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches, with: event)
    }
}
