import Foundation

/// The current transformation matrix (user space → device pixels). Operations prepend to the
/// CTM, as in Core Graphics: `translateBy` then `scaleBy` scales first, then translates.
extension CGContext {
    /// The current transformation matrix.
    public var ctm: CGAffineTransform { state.ctm }

    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    /// Rotates user space by `angle` radians (positive turns +x towards +y).
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// CTM = `transform` · CTM (the transform applies in user space first). Ignored when the
    /// result would not be finite.
    public func concatenate(_ transform: CGAffineTransform) {
        let m = transform.concatenating(state.ctm)
        guard Self.isFinite(m) else { return }
        state.ctm = m
    }

    /// The user-space point a device pixel position corresponds to (inverse CTM; unchanged
    /// when the CTM is singular).
    public func convertToUserSpace(_ p: CGPoint) -> CGPoint { p.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ p: CGPoint) -> CGPoint { p.applying(state.ctm) }
    public func convertToUserSpace(_ r: CGRect) -> CGRect { r.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ r: CGRect) -> CGRect { r.applying(state.ctm) }
    /// The user-space → device transform (the CTM).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }
}
