import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// NSValue-boxed geometry entering the engine (found by LeakSanitizer: reading `objCType` on
/// Linux leaked on every animation compile). The conversion is by content, not type string.
@Suite(.runLoopTurn) struct NSValueConversionTests {
    @Test func boxedGeometryConvertsToItsOwnKind() {
        guard case .point(let p) = _AnimValue(any: NSValue(cgPoint: CGPoint(x: 1.5, y: -2))) else {
            Issue.record("point not recognised"); return
        }
        #expect(p == CGPoint(x: 1.5, y: -2))
        guard case .size(let s) = _AnimValue(any: NSValue(cgSize: CGSize(width: 3, height: 4))) else {
            Issue.record("size not recognised"); return
        }
        #expect(s == CGSize(width: 3, height: 4))
        guard case .rect(let r) = _AnimValue(any: NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))) else {
            Issue.record("rect not recognised"); return
        }
        #expect(r == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func otherBoxedValuesStayOpaqueAndNumbersStayNumbers() {
        guard case .local = _AnimValue(any: NSValue(range: NSRange(location: 1, length: 2))) else {
            Issue.record("a range is not geometry"); return
        }
        guard case .number(let n, _) = _AnimValue(any: NSNumber(value: 2.5)) else {
            Issue.record("NSNumber not a number"); return
        }
        #expect(n == 2.5)
    }

    /// A size animation written with `NSValue(cgSize:)` interpolates like a `CGSize` one.
    @Test func boxedSizeAnimates() {
        let a = CABasicAnimation(keyPath: "bounds.size")
        a.fromValue = NSValue(cgSize: CGSize(width: 10, height: 20))
        a.toValue = NSValue(cgSize: CGSize(width: 30, height: 60))
        a.duration = 1
        let s = EngineTests.AdditiveAndTransforms.sample(a, "bounds.size", at: 0.5) as? CGSize
        #expect(s == CGSize(width: 20, height: 40))
    }
}
