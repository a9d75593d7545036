import Foundation

/// UIKit's NSValue conveniences, so ported code such as `NSValue(cgPoint: p)` compiles
/// unchanged. (Transforms need no wrapper: assign `CATransform3D` values directly, as Swift on
/// Apple platforms also allows; Foundation on Linux cannot box arbitrary structs in NSValue.)
extension NSValue {
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }
}
