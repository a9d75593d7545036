import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct Actions {
        final class Recorder: CAAction {
            var runs: [String] = []
            let name: String
            init(_ name: String) { self.name = name }
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                runs.append("\(name):\(event)")
            }
        }

        final class Delegate: CALayerDelegate {
            var answer: [String: CAAction] = [:]
            var asked: [String] = []
            func action(for layer: CALayer, forKey event: String) -> CAAction? {
                asked.append(event)
                return answer[event]
            }
        }

        @Test func lookupOrderDelegateActionsStyleDefault() {
            withManualClock { _ in
                let (root, layer) = committedLayer()
                _ = root
                let d = Delegate()
                let fromDelegate = Recorder("delegate"), fromActions = Recorder("actions"), fromStyle = Recorder("style")
                layer.delegate = d
                layer.actions = ["opacity": fromActions, "position": fromActions]
                layer.style = ["actions": ["opacity": fromStyle, "cornerRadius": fromStyle, "zPosition": fromStyle]]
                d.answer = ["opacity": fromDelegate]

                #expect(layer.action(forKey: "opacity") as? Recorder === fromDelegate)
                #expect(layer.action(forKey: "position") as? Recorder === fromActions)
                #expect(layer.action(forKey: "cornerRadius") as? Recorder === fromStyle)
                #expect(layer.action(forKey: "borderWidth") is CABasicAnimation)
                #expect(layer.action(forKey: "name") == nil)           // not animatable: no default

                // NSNull stops the search at each level.
                d.answer["cornerRadius"] = NSNull()
                #expect(layer.action(forKey: "cornerRadius") == nil)
                layer.actions?["zPosition"] = NSNull()
                #expect(layer.action(forKey: "zPosition") == nil)
                layer.style = ["actions": ["borderWidth": NSNull()]]
                #expect(layer.action(forKey: "borderWidth") == nil)
                // Nested styles continue the search.
                layer.style = ["style": ["actions": ["borderWidth": fromStyle]]]
                #expect(layer.action(forKey: "borderWidth") as? Recorder === fromStyle)

                layer.opacity = 0.3
                layer.position = CGPoint(x: 1, y: 1)
                #expect(fromDelegate.runs == ["delegate:opacity"])
                #expect(fromActions.runs == ["actions:position"])
                #expect(layer.animationKeys() == nil)                  // custom actions added nothing
            }
        }

        @Test func actionSeesTheOldValue() {
            final class Capture: CALayerDelegate {
                var seen: [Float] = []
                func action(for layer: CALayer, forKey event: String) -> CAAction? {
                    if event == "opacity" { seen.append(layer.opacity) }
                    return nil
                }
            }
            withManualClock { _ in
                let (root, layer) = committedLayer()
                _ = root
                let c = Capture()
                layer.delegate = c
                layer.opacity = 0.25
                #expect(c.seen == [1])
            }
        }

        @Test func orderInAndOut() {
            withManualClock { _ in
                let (root, layer) = committedLayer()
                let r = Recorder("r")
                let child = CALayer()
                child.actions = [kCAOnOrderIn: r, kCAOnOrderOut: r]
                layer.addSublayer(child)
                #expect(r.runs == ["r:onOrderIn"])
                CATransaction.flush()
                child.removeFromSuperlayer()
                #expect(r.runs == ["r:onOrderIn", "r:onOrderOut"])
                _ = root
            }
        }

        @Test func interruptedImplicitAnimationStartsFromPresentation() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                CATransaction.setAnimationDuration(1)
                layer.position = CGPoint(x: 100, y: 0)
                CATransaction.flush()
                clock.time = 0.5
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                CATransaction.setAnimationDuration(1)
                layer.position = CGPoint(x: 0, y: 0)      // turn back halfway
                CATransaction.flush()
                #expect(layer.presentation()!.position.x == 50)
                clock.time = 1
                #expect(layer.presentation()!.position.x == 25)
            }
        }
    }

    @Suite struct Hierarchy {
        @Test func cyclesAreIgnored() {
            let a = CALayer(), b = CALayer(), c = CALayer()
            a.addSublayer(b); b.addSublayer(c)
            c.addSublayer(a)
            a.addSublayer(a)
            b.insertSublayer(a, at: 0)
            #expect(a.superlayer == nil && c.sublayers == nil && b.sublayers == [c])
            c.mask = a
            #expect(c.mask == nil)
            CATransaction.flush()
        }

        @Test func insertionAndReplacement() {
            let p = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
            p.addSublayer(a)
            p.insertSublayer(b, at: 99)          // beyond the end: appended
            p.insertSublayer(c, below: a)
            p.insertSublayer(d, above: c)
            #expect(p.sublayers == [c, d, a, b])
            p.insertSublayer(c, above: a)        // moves within the same parent
            #expect(p.sublayers == [d, a, c, b])
            let e = CALayer()
            p.replaceSublayer(a, with: e)
            #expect(p.sublayers == [d, e, c, b] && a.superlayer == nil && e.superlayer === p)
            p.replaceSublayer(CALayer(), with: a)   // not a sublayer: nothing happens
            #expect(p.sublayers?.count == 4)
            let q = CALayer()
            q.addSublayer(b)                     // re-parenting removes from the old parent
            #expect(p.sublayers == [d, e, c] && b.superlayer === q)
            p.sublayers = [b, c]
            #expect(p.sublayers == [b, c] && d.superlayer == nil && q.sublayers == nil)
            p.sublayers = nil
            #expect(p.sublayers == nil && b.superlayer == nil)
            CATransaction.flush()
        }

        @Test func maskWithASuperlayerIsMoved() {
            let p = CALayer(), owner = CALayer(), m = CALayer()
            p.addSublayer(owner); p.addSublayer(m)
            owner.mask = m
            #expect(p.sublayers == [owner] && m.superlayer === owner && owner.mask === m)
            owner.addSublayer(m)                 // a mask cannot become a sublayer
            #expect(owner.sublayers == nil && owner.mask === m)
            m.removeFromSuperlayer()
            #expect(owner.mask == nil && m.superlayer == nil)
            CATransaction.flush()
        }

        @Test func superlayerIsNotRetained() {
            let child = CALayer()
            do {
                let parent = CALayer()
                parent.addSublayer(child)
                #expect(child.superlayer === parent)
                CATransaction.flush()
            }
            #expect(child.superlayer == nil)
        }

        @Test func presentationTreeMirrorsTheModel() {
            withManualClock { _ in
                let (root, layer) = committedLayer()
                let m = CALayer()
                layer.mask = m
                CATransaction.flush()
                let p = root.presentation()!
                #expect(p !== root && p.model() === root)
                #expect(p.sublayers?.count == 1 && p.sublayers?[0].model() === layer)
                #expect(p.sublayers?[0].superlayer === p)
                #expect(p.sublayers?[0].mask?.model() === m)
                #expect(layer.presentation()?.superlayer?.model() === root)
                #expect(p.presentation() === p && root.model() === root)
                p.opacity = 0.1                 // presentation layers are not models
                CATransaction.flush()
                #expect(root.opacity == 1 && root.animationKeys() == nil)
            }
        }
    }

    @Suite struct Geometry {
        @Test func frameIsDerived() {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
            l.position = CGPoint(x: 50, y: 50)
            #expect(l.frame == CGRect(x: 0, y: 30, width: 100, height: 40))
            l.anchorPoint = .zero
            #expect(l.frame == CGRect(x: 50, y: 50, width: 100, height: 40))
            l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            let f = l.frame
            #expect(abs(f.minX - 30) < 1e-9 && abs(f.minY - 0) < 1e-9 && abs(f.width - 40) < 1e-9 && abs(f.height - 100) < 1e-9)
            l.transform = .identity
            l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
            #expect(l.position == CGPoint(x: 25, y: 40) && l.bounds.size == CGSize(width: 30, height: 40))
            l.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)      // ignored
            l.position = CGPoint(x: CGFloat.infinity, y: 0)                   // ignored
            l.opacity = .nan                                                  // ignored
            #expect(l.frame == CGRect(x: 10, y: 20, width: 30, height: 40) && l.opacity == 1)
            CATransaction.flush()
        }

        @Test func convertBetweenLayers() {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
            let a = CALayer()
            a.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
            let b = CALayer()
            b.frame = CGRect(x: 10, y: 20, width: 50, height: 50)
            b.bounds.origin = CGPoint(x: 5, y: 5)
            root.addSublayer(a); a.addSublayer(b)
            #expect(b.convert(CGPoint(x: 5, y: 5), to: root) == CGPoint(x: 110, y: 120))
            #expect(root.convert(CGPoint(x: 110, y: 120), to: b) == CGPoint(x: 5, y: 5))
            #expect(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root) == CGRect(x: 100, y: 100, width: 10, height: 10))
            a.transform = CATransform3DMakeScale(2, 2, 1)        // about a's centre (150, 150)
            #expect(a.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 50, y: 50))
            #expect(a.convert(CGPoint(x: 50, y: 50), from: root) == CGPoint(x: 0, y: 0))
            CATransaction.flush()
        }

        /// `anchorPointZ` moves the point the transform turns about off the layer's plane: a
        /// quarter turn about y swings the anchor sideways by anchorPointZ (row-vector maths:
        /// x′ = x·cos θ + z·sin θ with z = −anchorPointZ), while with anchorPointZ = 0 it stays.
        @Test func anchorPointZTurnsTheLayerAboutAPointOffItsPlane() {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
            let a = CALayer()
            a.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            a.position = CGPoint(x: 200, y: 200)
            a.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
            root.addSublayer(a)
            let centre = a.convert(CGPoint(x: 50, y: 50), to: root)
            #expect(abs(centre.x - 200) < 1e-9 && abs(centre.y - 200) < 1e-9)
            a.anchorPointZ = 50
            let swung = a.convert(CGPoint(x: 50, y: 50), to: root)
            #expect(abs(swung.x - 150) < 1e-9 && abs(swung.y - 200) < 1e-9)
            #expect(a.value(forKeyPath: "anchorPointZ") as? CGFloat == 50)
            CATransaction.flush()
        }

        /// Apple: hitTest gives "nil if the point lies outside the receiver's bounds rectangle",
        /// so a sublayer reaching outside its superlayer is not hit there (masksToBounds or not).
        @Test func hitTestStaysInsideEachLayersBounds() {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.position = CGPoint(x: 50, y: 50)
            let sub = CALayer()
            sub.frame = CGRect(x: 90, y: 90, width: 30, height: 30)
            root.addSublayer(sub)
            #expect(root.hitTest(CGPoint(x: 95, y: 95)) === sub)
            #expect(root.hitTest(CGPoint(x: 110, y: 110)) == nil)
            #expect(sub.hitTest(CGPoint(x: 110, y: 110)) === sub)   // asked directly: inside its bounds
            CATransaction.flush()
        }

        /// A layer turned about y is drawn narrower; conversion and hit testing find points
        /// where its pixels are (each layer flattened into its superlayer's plane), and a round
        /// trip gives the point back.
        @Test func convertAndHitTestFollowA3DTurnedLayer() {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            root.position = CGPoint(x: 100, y: 100)
            let card = CALayer()
            card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)   // cos 60° = ½: 50 wide
            root.addSublayer(card)
            // The card's edges at x = 75 and 125 on screen (no perspective: an orthographic squeeze).
            #expect(card.convert(CGPoint(x: 0, y: 50), to: root) == CGPoint(x: 75, y: 100))
            let p = card.convert(CGPoint(x: 120, y: 100), from: root)
            #expect(abs(p.x - 90) < 1e-9 && abs(p.y - 50) < 1e-9)
            let back = card.convert(p, to: root)
            #expect(abs(back.x - 120) < 1e-9 && abs(back.y - 100) < 1e-9)
            #expect(root.hitTest(CGPoint(x: 120, y: 100)) === card)
            #expect(root.hitTest(CGPoint(x: 130, y: 100)) === root)
            #expect(root.hitTest(CGPoint(x: 70, y: 100)) === root)
            CATransaction.flush()
        }

        /// Apple: setting `frame` changes position and bounds "to match the rectangle you
        /// specified" — also under a scale or a quarter turn, which the bounds then undo.
        @Test func settingTheFrameUnderAScaleOrQuarterTurnReadsItBack() {
            let l = CALayer()
            l.transform = CATransform3DMakeScale(2, 2, 1)
            l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            #expect(l.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
            #expect(l.bounds.size == CGSize(width: 50, height: 50) && l.position == CGPoint(x: 50, y: 50))
            l.transform = CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CATransform3DMakeTranslation(5, 0, 0))
            l.anchorPoint = CGPoint(x: 0, y: 0)
            l.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
            #expect(l.bounds.size == CGSize(width: 50, height: 100))
            let f = l.frame
            #expect(abs(f.minX - 10) < 1e-9 && abs(f.minY - 20) < 1e-9 && abs(f.width - 100) < 1e-9 && abs(f.height - 50) < 1e-9)
            CATransaction.flush()
        }

        /// Apple: with a nil layer, `convert(_:from:)` "returns the original point subtracted
        /// from the layer's frame's origin" (and `to: nil` adds it).
        @Test func convertWithANilLayerUsesTheFrameOrigin() {
            let root = CALayer(), child = CALayer(), grandchild = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
            child.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
            grandchild.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            root.addSublayer(child); child.addSublayer(grandchild)
            #expect(grandchild.convert(CGPoint.zero, from: nil) == CGPoint(x: -10, y: -10))
            #expect(grandchild.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 11, y: 12))
            #expect(grandchild.convert(CGRect(x: 0, y: 0, width: 5, height: 5), from: nil) == CGRect(x: -10, y: -10, width: 5, height: 5))
            CATransaction.flush()
        }

        @Test func hitTestFindsFrontmostDescendant() {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
            root.position = CGPoint(x: 150, y: 150)
            let back = CALayer(), front = CALayer(), clip = CALayer(), inside = CALayer()
            back.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            front.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            clip.frame = CGRect(x: 200, y: 200, width: 50, height: 50)
            clip.masksToBounds = true
            inside.frame = CGRect(x: 40, y: 40, width: 40, height: 40)   // pokes out of clip
            root.addSublayer(back); root.addSublayer(front); root.addSublayer(clip); clip.addSublayer(inside)
            #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
            back.zPosition = 1
            #expect(root.hitTest(CGPoint(x: 75, y: 75)) === back)
            #expect(root.hitTest(CGPoint(x: 245, y: 245)) === inside)
            #expect(root.hitTest(CGPoint(x: 260, y: 260)) == nil || root.hitTest(CGPoint(x: 260, y: 260)) === root)
            #expect(root.hitTest(CGPoint(x: 260, y: 260)) === root)     // clipped child: root itself
            back.isHidden = true
            #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
            #expect(root.hitTest(CGPoint(x: 400, y: 400)) == nil)
            #expect(front.contains(CGPoint(x: 99, y: 0)) && !front.contains(CGPoint(x: 100, y: 0)))
            CATransaction.flush()
        }
    }
}
