import Foundation
import Testing
@testable import Strata

extension EngineTests {
    @Suite struct KeyPaths {
        @Test func atLeastSixtyDistinctPaths() {
            #expect(CALayer.animatableKeyPaths.count >= 60)
            #expect(Set(CALayer.animatableKeyPaths).count == CALayer.animatableKeyPaths.count)
        }

        /// The documentation article lists exactly the paths the engine animates.
        @Test func theDocsListEveryPath() throws {
            let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../Sources/Strata/Strata.docc/AnimatableKeyPaths.md")
            let text = try String(contentsOf: article, encoding: .utf8)
            let section = text.components(separatedBy: "## Key paths")[1].components(separatedBy: "A transform field")[0]
            // Every `code` span of the list that looks like a key path (subclass keys are named
            // in the introduction, before "Properties").
            let list = section.components(separatedBy: "Properties (26):")[1]
            let spans = list.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            #expect(spans.count == 74)
            #expect(Set(spans) == Set(CALayer.animatableKeyPaths))
            #expect(text.contains("these 74 paths") && CALayer.animatableKeyPaths.count == 74)
        }

        /// Every listed path animates: halfway through a linear animation the presentation
        /// shows the midpoint (numbers, points, sizes, rects, colours) or still the start
        /// (discrete values).
        @Test func everyListedPathAnimates() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                for path in CALayer.animatableKeyPaths {
                    let model = layer.value(forKeyPath: path)
                    let a = CABasicAnimation(keyPath: path)
                    a.duration = 2
                    let expected: (Any?) -> Bool
                    switch model {
                    case is CGFloat:
                        a.fromValue = CGFloat(0.2); a.toValue = CGFloat(0.4)
                        expected = { abs(($0 as? CGFloat ?? -1) - 0.3) < 1e-9 }
                    case is Float:
                        a.fromValue = Float(0.2); a.toValue = Float(0.4)
                        expected = { abs(($0 as? Float ?? -1) - 0.3) < 1e-6 }
                    case is Bool:
                        a.fromValue = true; a.toValue = false
                        expected = { $0 as? Bool == true }
                    case is CGPoint:
                        a.fromValue = CGPoint(x: 2, y: 4); a.toValue = CGPoint(x: 4, y: 8)
                        expected = { $0 as? CGPoint == CGPoint(x: 3, y: 6) }
                    case is CGSize:
                        a.fromValue = CGSize(width: 2, height: 4); a.toValue = CGSize(width: 4, height: 8)
                        expected = { $0 as? CGSize == CGSize(width: 3, height: 6) }
                    case is CGRect:
                        a.fromValue = CGRect(x: 2, y: 2, width: 2, height: 2); a.toValue = CGRect(x: 4, y: 4, width: 4, height: 4)
                        expected = { $0 as? CGRect == CGRect(x: 3, y: 3, width: 3, height: 3) }
                    case is CGColor:
                        fallthrough
                    case nil where path.hasSuffix("Color"):
                        a.fromValue = CGColor(gray: 0.2, alpha: 1); a.toValue = CGColor(gray: 0.4, alpha: 1)
                        expected = { ($0 as? CGColor).map { abs($0.red - 0.3) < 1e-9 } ?? false }
                    case is CATransform3D:
                        a.fromValue = CATransform3DMakeScale(2, 2, 1); a.toValue = CATransform3DMakeScale(4, 4, 1)
                        expected = { ($0 as? CATransform3D)?.m11 == 3 }
                    default:
                        a.fromValue = "first"; a.toValue = "second"
                        expected = { $0 as? String == "first" }
                    }
                    layer.add(a, forKey: path)
                    CATransaction.flush()
                    clock.advance(by: 1)
                    let shown = layer.presentation()!.value(forKeyPath: path)
                    #expect(expected(shown), "\(path): \(String(describing: shown))")
                    layer.removeAllAnimations()
                    CATransaction.flush()
                    clock.advance(by: 10)
                }
            }
        }

        @Test func kvcReadsAndWritesFields() {
            withManualClock { _ in
                let layer = CALayer()
                layer.setValue(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "bounds")
                layer.setValue(50, forKeyPath: "bounds.size.width")
                #expect(layer.bounds == CGRect(x: 1, y: 2, width: 50, height: 4))
                layer.setValue(7.5, forKeyPath: "position.y")
                #expect(layer.position == CGPoint(x: 0, y: 7.5))
                #expect(layer.value(forKeyPath: "bounds.origin") as? CGPoint == CGPoint(x: 1, y: 2))
                layer.setValue(2, forKeyPath: "transform.scale")
                #expect(layer.transform == CATransform3DMakeScale(2, 2, 2))
                layer.setValue(0.5, forKey: "opacity")                  // a Double into a Float property
                #expect(layer.opacity == 0.5)
                #expect(layer.value(forKey: "opacity") as? Float == 0.5)
                layer.setValue(true, forKey: "hidden")
                #expect(layer.isHidden)
                layer.setValue("not a rect", forKey: "bounds")            // wrong type: ignored
                #expect(layer.bounds.width == 50)
                #expect(layer.value(forKey: "noSuchKey") == nil)
            }
        }

        @Test func customKeysAreStoredAnimatedAndRendered() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                let tree = RenderTree(root: root)
                layer.setValue(CGFloat(10), forKey: "progress")
                layer.setValue(NSObject(), forKey: "token")             // non-Sendable: model only
                #expect(layer.value(forKey: "progress") as? CGFloat == 10)
                #expect(layer.value(forKey: "token") is NSObject)
                let a = CABasicAnimation(keyPath: "progress")
                a.fromValue = 0; a.toValue = 20; a.duration = 1
                layer.add(a, forKey: "p")
                CATransaction.flush()
                clock.time = 0.25
                #expect(layer.presentation()!.value(forKey: "progress") as? CGFloat == 5)
                let r = tree.snapshot(at: 0.25).sublayers[0]
                #expect(r.properties["progress"] as? CGFloat == 5)
                #expect(r.properties["token"] == nil)
            }
        }

        @Test func unknownKeyPathsDoNothingHarmful() {
            withManualClock(at: 0) { clock in
                let (root, layer) = committedLayer()
                _ = root
                for path in ["position.w", "transform.rotation.q", "", "...", "bounds.size.depth"] {
                    let a = CABasicAnimation(keyPath: path)
                    a.fromValue = 1; a.toValue = 2; a.duration = 1
                    layer.add(a, forKey: path)
                }
                CATransaction.flush()
                clock.time = 0.5
                let p = layer.presentation()!
                #expect(p.position == layer.position && p.bounds == layer.bounds && p.transform == .identity)
            }
        }
    }
}
