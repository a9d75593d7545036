import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct LayoutAndDisplay {
        final class Redrawing: CALayer {
            var displays = 0
            var layouts = 0
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "borderWidth" || super.needsDisplay(forKey: key)
            }
            override func display() { displays += 1 }
            override func layoutSublayers() {
                layouts += 1
                for s in sublayers ?? [] { s.frame = bounds.insetBy(dx: 10, dy: 10) }
            }
        }

        @Test func layoutAndDisplayRunAtCommit() {
            withManualClock { _ in
                let l = Redrawing()
                let child = CALayer()
                l.addSublayer(child)
                l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)   // bounds → needs layout
                #expect(l.needsLayout() && l.layouts == 0)
                CATransaction.flush()
                #expect(l.layouts == 1 && !l.needsLayout())
                #expect(child.frame == CGRect(x: 10, y: 10, width: 80, height: 30))
                l.borderWidth = 2                                       // needsDisplay(forKey:)
                #expect(l.needsDisplay() && l.displays == 0)
                CATransaction.flush()
                #expect(l.displays == 1 && !l.needsDisplay())
                l.needsDisplayOnBoundsChange = true
                l.bounds.size.width = 120
                CATransaction.flush()
                #expect(l.displays == 2 && l.layouts == 2)
                l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
                l.displayIfNeeded()
                #expect(l.displays == 3)
                CATransaction.flush()
                #expect(l.displays == 3)
            }
        }

        @Test func delegateSuppliesLayoutAndContents() {
            final class D: CALayerDelegate {
                var calls: [String] = []
                func display(_ layer: CALayer) { calls.append("display"); layer.contents = "drawn" }
                func layoutSublayers(of layer: CALayer) { calls.append("layout") }
            }
            withManualClock { _ in
                let d = D()
                let l = CALayer()
                l.delegate = d
                l.setNeedsLayout()
                l.setNeedsDisplay()
                CATransaction.flush()
                #expect(d.calls == ["layout", "display"])
                #expect(l.contents as? String == "drawn")
                #expect(l.preferredFrameSize() == .zero)
            }
        }
    }
}
