import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct GeometryTests {
    @Test func rotationAgreesBetweenAffineAndThreeD() {
        let angle = CGFloat.pi / 6
        let a = CGAffineTransform(rotationAngle: angle)
        let t = CATransform3DMakeRotation(angle, 0, 0, 1)
        #expect(CATransform3DIsAffine(t))
        let g = CATransform3DGetAffineTransform(t)
        #expect(abs(g.a - a.a) < 1e-12 && abs(g.b - a.b) < 1e-12 && abs(g.c - a.c) < 1e-12 && abs(g.d - a.d) < 1e-12)
        // +x turns towards +y: (1, 0) → (cos, sin).
        let p = CGPoint(x: 1, y: 0).applying(a)
        #expect(abs(p.x - cos(angle)) < 1e-12 && abs(p.y - 0.5) < 1e-12)
    }

    @Test func concatenationOrderIsSelfThenArgument() {
        let t = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 2))
        let m = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        #expect(m.m11 == 2 && m.m41 == 10)
    }

    @Test func inverseRoundTripsAndSingularIsUnchanged() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(3, -4, 5), 0.7, 1, 2, 3)
        let i = CATransform3DConcat(t, CATransform3DInvert(t))
        for (v, e) in [(i.m11, 1.0), (i.m22, 1.0), (i.m33, 1.0), (i.m44, 1.0), (i.m12, 0.0), (i.m41, 0.0)] {
            #expect(abs(v - e) < 1e-12)
        }
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
        let s2 = CGAffineTransform(scaleX: 0, y: 3)
        #expect(s2.inverted() == s2)
    }

    @Test func rotationAboutZeroVectorIsIdentity() {
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DMakeRotation(.nan, 0, 0, 1) == CATransform3DIdentity)
    }

    @Test func colourClampsAndPremultiplies() {
        let c = CGColor(red: 1, green: 0.5, blue: .nan, alpha: 0.5)
        #expect(c.blue == 0)
        #expect(c.premultipliedARGB32 == 0x8080_4000)
        #expect(CGColor(red: 2, green: -1, blue: 0, alpha: 1).premultipliedARGB32 == 0xFFFF_0000)
    }
}
