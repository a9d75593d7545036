import Foundation

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    static let all = CACornerMask(rawValue: 0xF)
}

/// How `contents` is placed in the bounds (Apple's names).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = Self(rawValue: "center"), top = Self(rawValue: "top")
    public static let bottom = Self(rawValue: "bottom"), left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right"), topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight"), bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight"), resize = Self(rawValue: "resize")
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
}

/// Filters used when scaling `contents`: `magnificationFilter` applies when an image pixel
/// covers more than one target pixel (transforms and the surface scale included), else
/// `minificationFilter`. `trilinear` draws as `linear` (no mipmaps; Apple lets renderers ignore it).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nearest = Self(rawValue: "nearest"), linear = Self(rawValue: "linear")
    public static let trilinear = Self(rawValue: "trilinear")
}

/// The curve of rounded corners. Difference: Strata draws `.continuous` corners as circular
/// ones (Apple does not document the continuous curve's shape).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = Self(rawValue: "circular"), continuous = Self(rawValue: "continuous")
}

/// Which edges of a layer are anti-aliased (Apple's bits). Strata stores the mask and
/// anti-aliases every edge (see `CALayer.allowsEdgeAntialiasing`).
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = Self(rawValue: 1 << 0), layerRightEdge = Self(rawValue: 1 << 1)
    public static let layerBottomEdge = Self(rawValue: 1 << 2), layerTopEdge = Self(rawValue: 1 << 3)
    static let all = Self(rawValue: 0xF)
}

/// The pixel format a layer's drawn backing store asks for (Apple's names). Strata stores the
/// value and draws every backing store as 8-bit premultiplied BGRA.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let RGBA8Uint = Self(rawValue: "RGBA8"), RGBA16Float = Self(rawValue: "RGBAh")
    public static let gray8Uint = Self(rawValue: "Gray8")
}

/// Anything a layer can run in response to an event (a property change, `onOrderIn`, …).
/// `CAAnimation` runs by adding itself to the layer; `NSNull` is the "no action" marker: found
/// during the lookup, it stops the search and nothing runs.
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The event a committed layer sends through the action lookup when it becomes visible:
/// inserted into a committed tree, or its `isHidden` set from true to false.
public let kCAOnOrderIn = "onOrderIn"
/// The event a committed layer sends when it stops being visible: removed from its superlayer
/// (before the removal), or its `isHidden` set from false to true.
public let kCAOnOrderOut = "onOrderOut"
/// The action key for a `CATransition` added to a layer.
public let kCATransition = "transition"

/// A layer's delegate. Every method is optional (default implementations do nothing).
public protocol CALayerDelegate: AnyObject {
    /// Supplies the layer's contents when it needs display. The default draws the layer's
    /// backing store, which calls `draw(_:in:)` (Core Animation's behaviour for a delegate
    /// that does not implement `displayLayer:`).
    func display(_ layer: CALayer)
    /// Draws the layer's content (see `CALayer.draw(in:)`).
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layerWillDraw(_ layer: CALayer)
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: nil continues the lookup, `NSNull()` stops it with no action.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer._displayBackingStore() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
