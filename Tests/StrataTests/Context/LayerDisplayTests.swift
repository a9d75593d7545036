import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// CALayer's backing store: display(), draw(in:), setNeedsDisplay(_:) and damage.
    @Suite struct LayerDisplay {
        /// Fills its bounds with the next colour of `colors` on each draw, recording the clip.
        final class Painted: CALayer {
            var colors: [CGColor] = [Ctx.red, Ctx.blue, Ctx.green, .white]
            var draws = 0
            var clips: [CGRect] = []
            override func draw(in ctx: CGContext) {
                clips.append(ctx.boundingBoxOfClipPath)
                ctx.setFillColor(colors[draws % colors.count])
                ctx.fill(bounds)
                draws += 1
            }
        }

        static func painted(_ w: CGFloat, _ h: CGFloat, scale: CGFloat = 1) -> Painted {
            let l = Painted()
            l.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            l.contentsScale = scale
            return l
        }

        static func image(_ l: CALayer) -> CGImage? { l.contents as? CGImage }

        @Test func drawInFillsABackingStoreAtContentsScale() {
            withManualClock { _ in
                let l = Self.painted(10, 6, scale: 2)
                l.bounds.origin = CGPoint(x: 5, y: 5)                    // user space = bounds coordinates
                l.setNeedsDisplay()
                #expect(l.needsDisplay() && l.draws == 0)
                CATransaction.flush()
                #expect(l.draws == 1 && !l.needsDisplay())
                #expect(l.clips == [CGRect(x: 5, y: 5, width: 10, height: 6)])
                let img = Self.image(l)!
                #expect(img.width == 20 && img.height == 12)
                #expect(img.pixel(x: 0, y: 0) == 0xFFFF_0000 && img.pixel(x: 19, y: 11) == 0xFFFF_0000)
            }
        }

        @Test func partialRedrawKeepsTheRestAndClipsDrawing() {
            withManualClock { _ in
                let l = Self.painted(20, 20)
                l.setNeedsDisplay()
                CATransaction.flush()
                let first = Self.image(l)!
                l.setNeedsDisplay(CGRect(x: 4, y: 6, width: 5, height: 3))
                l.setNeedsDisplay(CGRect(x: 10, y: 6, width: 2, height: 2))   // union: 4…12 × 6…9
                CATransaction.flush()
                #expect(l.draws == 2)
                #expect(l.clips.last == CGRect(x: 4, y: 6, width: 8, height: 3))
                let img = Self.image(l)!
                #expect(img !== first)
                for y in 0..<20 {
                    for x in 0..<20 {
                        let inside = (4..<12).contains(x) && (6..<9).contains(y)
                        #expect(img.pixel(x: x, y: y) == (inside ? 0xFF00_00FF : 0xFFFF_0000))
                    }
                }
                #expect(first.pixel(x: 5, y: 7) == 0xFFFF_0000)          // the old image is untouched
            }
        }

        @Test func fractionalDirtyRectsRoundOutToPixels() {
            withManualClock { _ in
                let l = Self.painted(10, 10, scale: 2)
                l.setNeedsDisplay()
                CATransaction.flush()
                l.setNeedsDisplay(CGRect(x: 1.2, y: 1.3, width: 1, height: 1))   // pixels 2.4…4.4 × 2.6…4.6
                CATransaction.flush()
                #expect(l.clips.last == CGRect(x: 1, y: 1, width: 1.5, height: 1.5))
                let img = Self.image(l)!
                #expect(img.pixel(x: 2, y: 2) == 0xFF00_00FF && img.pixel(x: 4, y: 4) == 0xFF00_00FF)
                #expect(img.pixel(x: 5, y: 4) == 0xFFFF_0000 && img.pixel(x: 1, y: 2) == 0xFFFF_0000)
            }
        }

        @Test func setNeedsDisplayWithoutRectRedrawsEverything() {
            withManualClock { _ in
                let l = Self.painted(8, 8)
                l.setNeedsDisplay()
                CATransaction.flush()
                l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
                l.setNeedsDisplay()
                CATransaction.flush()
                #expect(l.clips.last == CGRect(x: 0, y: 0, width: 8, height: 8))
                #expect(Self.image(l)!.pixel(x: 7, y: 7) == 0xFF00_00FF)
                // A bounds change makes the old image unusable: a full redraw at the new size.
                l.bounds.size = CGSize(width: 4, height: 4)
                l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
                CATransaction.flush()
                #expect(l.clips.last == CGRect(x: 0, y: 0, width: 4, height: 4))
                #expect(Self.image(l)!.width == 4)
            }
        }

        @Test func damageCoversOnlyTheRedrawnPixels() {
            withManualClock { _ in
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                let l = Self.painted(40, 40)
                l.position = CGPoint(x: 30, y: 40)                          // top-left at (10, 20)
                root.addSublayer(l)
                l.setNeedsDisplay()
                let tree = RenderTree(root: root)
                CATransaction.flush()
                let before = tree.snapshot(at: 0)
                l.setNeedsDisplay(CGRect(x: 5, y: 5, width: 10, height: 4))
                CATransaction.flush()
                let after = tree.snapshot(at: 0)
                let c = Compositor()
                let damage = c.damage(from: before, to: after, scale: 1, bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
                #expect(damage.rects == [PixelRect(x: 15, y: 25, width: 10, height: 4)])
                // Repainting just that region gives the full render's pixels.
                let full = Snapshot.render(after, width: 100, height: 100)!
                let partial = Snapshot.render(before, width: 100, height: 100)!
                c.render(after, into: partial, scale: 1, region: damage)
                #expect(partial.hasSamePixels(as: full))
                #expect(full.pixel(x: 15, y: 25) == 0xFF00_00FF && full.pixel(x: 14, y: 25) == 0xFFFF_0000)
                // Two partial redraws between frames: both rectangles.
                l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
                CATransaction.flush()
                l.setNeedsDisplay(CGRect(x: 39, y: 39, width: 1, height: 1))
                CATransaction.flush()
                let later = tree.snapshot(at: 0)
                let d2 = c.damage(from: after, to: later, scale: 1, bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
                #expect(d2.rects == [PixelRect(x: 10, y: 20, width: 1, height: 1), PixelRect(x: 49, y: 59, width: 1, height: 1)])
                // A full redraw damages the whole layer.
                l.setNeedsDisplay()
                CATransaction.flush()
                let d3 = c.damage(from: later, to: tree.snapshot(at: 0), scale: 1, bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
                #expect(d3.extents.width >= 40 && d3.extents.height >= 40)
            }
        }

        @Test func delegateDisplayComesFirstThenDelegateDraw() {
            final class Drawer: CALayerDelegate {
                var calls: [String] = []
                func layerWillDraw(_ layer: CALayer) { calls.append("willDraw") }
                func draw(_ layer: CALayer, in ctx: CGContext) {
                    calls.append("draw")
                    ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
                }
            }
            final class Supplier: CALayerDelegate {
                var displays = 0
                func display(_ layer: CALayer) { displays += 1 }
                func draw(_ layer: CALayer, in ctx: CGContext) { Issue.record("draw after display(_:)") }
            }
            withManualClock { _ in
                let d = Drawer()
                let l = CALayer()
                l.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
                l.delegate = d
                l.setNeedsDisplay()
                CATransaction.flush()
                #expect(d.calls == ["willDraw", "draw"])
                #expect(Self.image(l)?.pixel(x: 0, y: 0) == 0xFF00_0000)
                let s = Supplier()
                let m = CALayer()
                m.bounds = l.bounds
                m.delegate = s
                m.setNeedsDisplay()
                CATransaction.flush()
                #expect(s.displays == 1 && m.contents == nil)
            }
        }

        @Test func displayTriggersAndNoImplicitFade() {
            final class Keyed: CALayer {
                var draws = 0
                override class func needsDisplay(forKey key: String) -> Bool { key == "level" || super.needsDisplay(forKey: key) }
                override func draw(in ctx: CGContext) { draws += 1; ctx.fill(bounds) }
            }
            withManualClock { _ in
                let (root, _) = committedLayer()
                let l = Keyed()
                l.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
                root.addSublayer(l)
                CATransaction.flush()
                l.setValue(2.0, forKey: "level")                           // needsDisplay(forKey:)
                CATransaction.flush()
                #expect(l.draws == 1 && l.contents is CGImage)
                #expect(l.animationKeys() == nil || l.animationKeys()!.isEmpty)   // contents did not fade
                l.needsDisplayOnBoundsChange = true
                l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
                CATransaction.flush()
                #expect(l.draws == 2 && Self.image(l)?.width == 5)
            }
        }

        @Test func blankEmptyAndOversizedLayers() {
            final class Blank: CALayer { override func draw(in ctx: CGContext) {} }
            withManualClock { _ in
                let b = Blank()
                b.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
                b.setNeedsDisplay()
                CATransaction.flush()
                #expect(b.contents == nil)                                  // nothing drawn: no image
                for size in [CGSize.zero, CGSize(width: 1e6, height: 1e6), CGSize(width: 40000, height: 1)] {
                    let l = Self.painted(1, 1)
                    l.bounds.size = size
                    l.setNeedsDisplay()
                    CATransaction.flush()
                    #expect(l.draws == 0 && l.contents == nil)
                }
                let nanScale = Self.painted(3, 3, scale: .nan)              // NaN scale counts as 1
                nanScale.setNeedsDisplay()
                CATransaction.flush()
                #expect(Self.image(nanScale)?.width == 3)
                let dirtyOutside = Self.painted(4, 4)
                dirtyOutside.setNeedsDisplay()
                CATransaction.flush()
                dirtyOutside.setNeedsDisplay(CGRect(x: 100, y: 100, width: 5, height: 5))   // nothing to redraw
                dirtyOutside.setNeedsDisplay(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) // NaN: everything
                CATransaction.flush()
                #expect(dirtyOutside.clips.last == CGRect(x: 0, y: 0, width: 4, height: 4))
            }
        }
    }
}
