import Foundation
import Synchronization

/// Rarely used per-layer state, allocated on first use so a default layer stays small.
final class _LayerExtras {
    var name: String?
    weak var delegate: CALayerDelegate?
    var actions: [String: CAAction]?
    var style: [AnyHashable: Any]?
    var mask: CALayer?
    /// Animations in the order they were added (`animationKeys()` order).
    var animationKeys: [String] = []
    var animations: [String: CAAnimation] = [:]
    weak var renderTree: RenderTree?
    var anonymousAnimationCount = 0
    /// For presentation layers: the model layer they show.
    var modelLayer: CALayer?
    /// What `setNeedsDisplay(_:)` asked to redraw (see `CALayer+Display.swift`).
    var display: _DisplayRequest?
}

/// A layer: the model object of Core Animation.
///
/// Properties follow QuartzCore's names, types and defaults. Every animatable property change
/// runs the action lookup (`action(forKey:)`) inside the current `CATransaction`, which by
/// default adds an implicit `CABasicAnimation` (duration and curve from the transaction).
/// Documented difference: like Core Animation, implicit actions run only for layers that have
/// been committed at least once (a layer being built up before its first commit does not
/// animate), so set up layers, commit, then change them to animate.
///
/// ## Storage and subclassing
/// Property values live in sparse storage keyed by KVC key: a property still at its default
/// costs no memory (a default layer is well under 128 bytes). A subclass adds an animatable
/// property like this:
/// ```swift
/// open class CAShapeLayer: CALayer {
///     public var strokeEnd: CGFloat {
///         get { value(forKey: "strokeEnd") as! CGFloat }
///         set { setValue(newValue, forKey: "strokeEnd") }   // runs actions, marks dirty
///     }
///     open override class func defaultValue(forKey key: String) -> Any? {
///         key == "strokeEnd" ? CGFloat(1) : super.defaultValue(forKey: key)
///     }
///     open override class func isAnimatable(key: String) -> Bool {     // implicit animations
///         key == "strokeEnd" || super.isAnimatable(key: key)
///     }
///     open override class func needsDisplay(forKey key: String) -> Bool { … }
/// }
/// ```
/// Such values reach the render side in `RenderLayer.properties[key]` (their Swift type), and
/// `presentation()` / animations on `"strokeEnd"` work like built-in keys. Subclasses that add
/// designated initialisers must also provide `init(layer:)` (it is `required`: presentation
/// copies are made with it — a documented difference from Apple, where it is merely expected).
///
/// ## Depth and breadth
/// Trees of any depth and width work: every walk over sublayers on the way to pixels (commit,
/// layout, `RenderTree` snapshots and frame times, replicator instances, `presentation()`, hit
/// testing, freeing) is iterative, so a 10 000-deep chain (or 10 000 nested replicators) is
/// committed, drawn and freed on a 512 KiB thread stack; 100 000 sublayers of one layer are
/// fine too. Bounded instead: transform layers nested in transform layers more than 64 deep
/// draw flattened (see ``CATransformLayer``), and the compositor ignores masks of masks past
/// its maximum depth (4).
/// One walk recurses: `hitTest(_:)` calls a sublayer's `hitTest(_:)` when the sublayer is of
/// a class other than Strata's own (a subclass may override it), one call level per such
/// layer on the path.
open class CALayer: CAMediaTiming, Hashable, CustomStringConvertible {
    final var _storage: [String: _AnimValue] = [:]
    final var _sublayers: [CALayer] = []
    /// Not retained: a parent owns its children and clears this when it goes away.
    final unowned(unsafe) var _superlayer: CALayer?
    final var _extras: _LayerExtras?
    public final let _layerID: UInt64
    final var _flags: Flags = []

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let committed = Flags(rawValue: 1)
        static let dirty = Flags(rawValue: 2)
        static let needsLayout = Flags(rawValue: 4)
        static let needsDisplay = Flags(rawValue: 8)
        static let presentation = Flags(rawValue: 16)
        static let isMask = Flags(rawValue: 32)
        /// A CAMediaTiming key has been set (otherwise the layer's time is its parent's).
        static let hasTiming = Flags(rawValue: 64)
        /// Joined a tree since the last commit: the commit copies its whole subtree.
        static let subtreeDirty = Flags(rawValue: 128)
    }

    private static let nextID = Atomic<UInt64>(1)

    public init() {
        _layerID = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Makes a shadow copy of `layer` (its property values, not its sublayers or animations);
    /// Core Animation uses this to create presentation layers. Subclasses copy their own
    /// stored state here and call `super`.
    public required init(layer: Any) {
        _layerID = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        if let other = layer as? CALayer {
            _storage = other._storage
            _flags = other._flags.intersection(.hasTiming)
            if let e = other._extras {
                let x = extras
                x.name = e.name; x.delegate = e.delegate; x.actions = e.actions; x.style = e.style
            }
        }
    }

    /// Strata does not archive layers: this always fails (returns nil).
    public required init?(coder: NSCoder) { return nil }

    /// Sublayers and mask that nothing else holds go with the layer. Without recursion: the
    /// layers this one alone owns hand their own sublayers and masks to an explicit list before
    /// they are released, so a tree of any depth is freed in constant stack.
    deinit {
        var pending: [CALayer] = []
        _detachChildren(into: &pending)
        while var l = pending.popLast() {
            // Only a layer this walk holds the last reference to is taken apart; one still
            // referenced elsewhere keeps its subtree.
            if isKnownUniquelyReferenced(&l) { l._detachChildren(into: &pending) }
        }
    }

    /// Moves the sublayers and mask onto `pending`, clearing their superlayer.
    private final func _detachChildren(into pending: inout [CALayer]) {
        for s in _sublayers { s._superlayer = nil }
        pending.append(contentsOf: _sublayers)
        _sublayers = []
        if let x = _extras, let m = x.mask {
            m._superlayer = nil
            m._flags.remove(.isMask)
            pending.append(m)
            x.mask = nil
        }
    }

    final var extras: _LayerExtras {
        if let e = _extras { return e }
        let e = _LayerExtras(); _extras = e; return e
    }

    // MARK: Identity

    public static func == (l: CALayer, r: CALayer) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }

    open var description: String {
        "<\(type(of: self)) \(_layerID)\(name.map { " '\($0)'" } ?? "") frame=\(frame)>"
    }

    // MARK: Class-level property information

    /// The value a property has before it is set; nil for unknown keys. Subclasses add defaults
    /// for their own keys and call `super` for the rest.
    open class func defaultValue(forKey key: String) -> Any? {
        _LayerKeys.table[key]?.defaultValue.anyValue
    }

    /// Whether changing `key` marks the layer as needing display. Default: false.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Whether `key` gets an implicit animation by default (`defaultAction(forKey:)`).
    /// Strata addition: Apple derives this from its property declarations; subclasses override
    /// it to make their own keys animatable.
    open class func isAnimatable(key: String) -> Bool {
        _LayerKeys.table[key]?.animatable ?? false
    }

    // MARK: Overridable behaviour (bodies live in the extensions named after each concern)

    /// The action for `event`, searched in Core Animation's order: the delegate's
    /// `action(for:forKey:)`, then `actions[event]`, then `style["actions"][event]` (and nested
    /// `style["style"]` dictionaries), then `defaultAction(forKey:)`. An `NSNull` found at any
    /// step stops the search and the result is nil.
    open func action(forKey event: String) -> CAAction? { _action(forKey: event) }

    /// The implicit animation for `event`: for animatable keys (`isAnimatable(key:)`) a
    /// `CABasicAnimation` with no values (it animates from the previous presentation value to
    /// the new model value with the transaction's duration and curve, `.default` when the
    /// transaction sets none); for `contents` a fade `CATransition`; nil for everything else
    /// (including `onOrderIn`/`onOrderOut`, and `path`/`shadowPath`: Apple documents `CGPath`
    /// properties as not animating implicitly — animate them with an explicit animation).
    open class func defaultAction(forKey event: String) -> CAAction? {
        CALayer._defaultAction(forKey: event, layerClass: self)
    }

    /// Positions sublayers; the default asks the delegate (`layoutSublayers(of:)`).
    open func layoutSublayers() { _extras?.delegate?.layoutSublayers(of: self) }

    /// The size the layer would like; the default is its bounds' size mapped into the
    /// superlayer's space (Apple: through `transform` and the superlayer's `sublayerTransform`),
    /// the bounding box's size.
    open func preferredFrameSize() -> CGSize {
        guard let s = _superlayer else { return frame.size }
        return convert(bounds, to: s).size
    }

    /// Updates `contents`. The default asks the delegate's `display(_:)`; without a delegate
    /// (or when the delegate does not implement it) it draws a backing store with
    /// `draw(in:)` (see `CALayer+Display.swift`).
    open func display() {
        if let d = _extras?.delegate { d.display(self) } else { _displayBackingStore() }
    }

    /// Draws the layer's content into `ctx` (top-left origin, y down, in the layer's bounds
    /// coordinates, `contentsScale` pixels per point, clipped to the area being redrawn). The
    /// default calls the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { _extras?.delegate?.draw(self, in: ctx) }

    /// Whether `p` (in this layer's coordinates) lies inside the layer; default: its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The farthest descendant (or self) containing `p`, given in the superlayer's
    /// coordinates; nil when none (see `_hitTest` for the walk).
    open func hitTest(_ p: CGPoint) -> CALayer? { _hitTest(p) }

    /// KVC read (see `CALayer+KeyValueCoding.swift` for the semantics).
    open func value(forKey key: String) -> Any? { _kvcValue(forKey: key) }

    /// KVC write: runs actions like the typed setters.
    open func setValue(_ value: Any?, forKey key: String) { _kvcSetValue(value, forKey: key) }

    // MARK: Raw storage access

    /// The stored value, else the `style` dictionaries' value, else the class default for
    /// `key` (engine representation).
    final func _value(_ key: String) -> _AnimValue {
        if let v = _storage[key] { return v }
        if let s = _extras?.style, let v = _styleValue(key, in: s) { return v }
        if let p = _LayerKeys.table[key] { return p.defaultValue }
        return _AnimValue(any: type(of: self).defaultValue(forKey: key))
    }

    final func _number(_ key: String) -> Double { _value(key).number ?? 0 }
}
