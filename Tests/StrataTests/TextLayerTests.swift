import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// CATextLayer's model and its animatable properties through the engine.
    @Suite struct TextLayerTests {
        @Test func defaultsMatchCoreAnimation() {
            let t = CATextLayer()
            #expect(t.fontSize == 36)
            #expect(t.foregroundColor == .white)
            #expect(t.font as? String == "Helvetica")
            #expect(!t.isWrapped)
            #expect(t.truncationMode == .none)
            #expect(t.alignmentMode == .natural)
            #expect(t.string == nil)
            #expect(CATextLayer.isAnimatable(key: "fontSize") && CATextLayer.isAnimatable(key: "foregroundColor"))
            #expect(CATextLayer.needsDisplay(forKey: "string"))
        }

        @Test func stringKeepsWhatWasAssigned() {
            let t = CATextLayer()
            t.string = "plain"
            #expect(t.string as? String == "plain")
            let a = NSAttributedString(string: "styled")
            t.string = a
            #expect((t.string as? NSAttributedString)?.string == "styled")
            t.font = CTFontCreateWithName("DejaVu Serif", 10, nil)
            #expect(t.font as? String == "DejaVu Serif")
            // Apple's font may also be a CGFont; allowsFontSubpixelQuantization is stored.
            t.font = CGFont("DejaVu Sans")
            #expect(t.font as? String == "DejaVu Sans" && CGFont("") == nil)
            #expect(!t.allowsFontSubpixelQuantization)
            t.allowsFontSubpixelQuantization = true
            #expect(t.allowsFontSubpixelQuantization)
        }

        @Test func fontSizeAndColourAnimate() {
            withManualClock(at: 0) { clock in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 120, height: 40)
                root.backgroundColor = .white
                let t = CATextLayer()
                t.frame = root.bounds
                t.string = "Hello"
                t.font = "DejaVu Sans"
                t.fontSize = 10
                t.foregroundColor = .black
                root.addSublayer(t)
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let small = TextRenderTests.ink(Snapshot.render(tree.snapshot(at: 0), scale: 1)!)
                clock.time = 1
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                t.fontSize = 30
                t.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                CATransaction.commit()
                let mid = tree.snapshot(at: 1.5).sublayers[0]
                #expect(mid.properties["fontSize"] as? CGFloat == 20)
                #expect(mid.properties["foregroundColor"] as? CGColor == CGColor(red: 0.5, green: 0, blue: 0, alpha: 1))
                let b = Snapshot.render(tree.snapshot(at: 1.5), scale: 1)!
                #expect(TextRenderTests.ink(b) > small)
                // The darkest pixel is the mid colour (128, 0, 0).
                var darkest: UInt32 = 0xFFFFFFFF
                for y in 0..<b.height { for x in 0..<b.width where (b.pixel(x: x, y: y) >> 16) & 0xFF < (darkest >> 16) & 0xFF { darkest = b.pixel(x: x, y: y) } }
                #expect(darkest == 0xFF800000)
                #expect(TextRenderTests.ink(Snapshot.render(tree.snapshot(at: 2), scale: 1)!) > TextRenderTests.ink(b))
            }
        }
    }
}
