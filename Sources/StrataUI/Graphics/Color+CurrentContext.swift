import Foundation
import Strata

/// `UIColor`'s `setFill()`, `setStroke()` and `set()`: they set the current context's colours
/// (nothing without a current context).
extension Color {
    /// Makes this the current context's fill colour.
    public func setFill() { GraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes this the current context's stroke colour.
    public func setStroke() { GraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Makes this both the fill and the stroke colour.
    public func set() {
        setFill()
        setStroke()
    }
}
