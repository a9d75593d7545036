import Foundation
import Strata

/// One layer property a `ViewPropertyAnimator` animates: its value before the animator's
/// blocks changed it and after, and the fraction of the animator's run it starts at (0, or
/// where the animator was when the change was added).
struct _AnimatorTrack {
    let layer: CALayer
    let key: String
    let from: Any?
    let to: Any?
    let start: Double

    /// The animation over the animator's whole run, start to end; `mirrored`: end to start,
    /// as the same motion played backwards (values reversed, the curve turned about its
    /// centre, so that at time s it shows what the forward one shows at 1 − s).
    func animation(duration: Double, curve: CAMediaTimingFunction, mirrored: Bool) -> CAAnimation {
        let a: CAPropertyAnimation
        let from = self.from ?? NSNull(), to = self.to ?? NSNull()
        if start <= 0 {
            let b = CABasicAnimation(keyPath: key)
            b.fromValue = mirrored ? to : from
            b.toValue = mirrored ? from : to
            a = b
        } else {
            // Held at its old value until the animator reaches `start`.
            let k = CAKeyframeAnimation(keyPath: key)
            let s = min(1, start)
            k.values = mirrored ? [to, from, from] : [from, from, to]
            k.keyTimes = (mirrored ? [0, 1 - s, 1] : [0, s, 1]).map { NSNumber(value: $0) }
            a = k
        }
        a.duration = duration
        a.timingFunction = mirrored ? Self.mirror(curve) : curve
        a.fillMode = .both
        a.isRemovedOnCompletion = false
        return a
    }

    /// The curve played backwards: control points (1 − x2, 1 − y2) and (1 − x1, 1 − y1).
    static func mirror(_ f: CAMediaTimingFunction) -> CAMediaTimingFunction {
        var p1: [Float] = [0, 0], p2: [Float] = [0, 0]
        f.getControlPoint(at: 1, values: &p1)
        f.getControlPoint(at: 2, values: &p2)
        return CAMediaTimingFunction(controlPoints: 1 - p2[0], 1 - p2[1], 1 - p1[0], 1 - p1[1])
    }
}
