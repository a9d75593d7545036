import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// CALayer's defaults (QuartzCore's), the `style` dictionary as a source of values,
    /// ordering actions on `isHidden`, and `layoutIfNeeded()` walking up.
    @Suite struct LayerDefaultsAndStyle {
        @Test func everyPropertyStartsAtApplesDefault() {
            let l = CALayer()
            #expect(l.bounds == .zero && l.position == .zero && l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
            #expect(l.anchorPointZ == 0 && l.zPosition == 0 && l.frame == .zero)
            #expect(l.transform == CATransform3DIdentity && l.sublayerTransform == CATransform3DIdentity)
            #expect(l.backgroundColor == nil && l.borderColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            #expect(l.borderWidth == 0 && l.cornerRadius == 0)
            #expect(l.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
            #expect(l.opacity == 1 && !l.isHidden && l.contents == nil)
            #expect(l.contentsGravity == .resize && l.contentsScale == 1)
            #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(l.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(!l.masksToBounds && l.mask == nil)
            #expect(l.shadowColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1) && l.shadowOpacity == 0)
            #expect(l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowRadius == 3 && l.shadowPath == nil)
            #expect(l.isDoubleSided && !l.shouldRasterize && l.rasterizationScale == 1)
            #expect(l.compositingFilter == nil && l.filters == nil && l.backgroundFilters == nil)
            #expect(l.minificationFilter == .linear && l.magnificationFilter == .linear && l.minificationFilterBias == 0)
            #expect(l.name == nil && l.delegate == nil && l.actions == nil && l.style == nil)
            #expect(l.sublayers == nil && l.superlayer == nil && l.animationKeys() == nil)
            #expect(!l.isOpaque && !l.isGeometryFlipped && !l.needsDisplayOnBoundsChange && !l.drawsAsynchronously)
            #expect(!l.allowsEdgeAntialiasing && l.allowsGroupOpacity && l.cornerCurve == .circular)
            #expect(l.beginTime == 0 && l.duration == 0 && l.speed == 1 && l.timeOffset == 0)
            #expect(l.repeatCount == 0 && l.repeatDuration == 0 && !l.autoreverses && l.fillMode == .removed)
            // The class reports the same defaults through KVC; unknown keys have none.
            #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
            #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
            #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
            #expect(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat == 3)
            #expect(CALayer.defaultValue(forKey: "doubleSided") as? Bool == true)
            #expect(CALayer.defaultValue(forKey: "transform") as? CATransform3D == CATransform3DIdentity)
            #expect(CALayer.defaultValue(forKey: "backgroundColor") == nil)
            #expect(CALayer.defaultValue(forKey: "noSuchKey") == nil)
            // No built-in key needs display by default; frame is derived, not animatable.
            for k in ["bounds", "opacity", "contents", "backgroundColor", "noSuchKey"] {
                #expect(!CALayer.needsDisplay(forKey: k), "\(k)")
            }
            #expect(!CALayer.isAnimatable(key: "frame") && !CALayer.animatableKeyPaths.contains("frame"))
            #expect(l.value(forKey: "isHidden") as? Bool == false && l.value(forKey: "hidden") as? Bool == false)
            CATransaction.flush()
        }

        /// Apple: a property that was never set reads `style[key]`, then `style["style"][key]`
        /// (the shallowest wins), then `defaultValue(forKey:)`; `bounds` and `frame` are never
        /// taken from the style.
        @Test func styleSuppliesValuesThatWereNotSet() {
            withManualClock(at: 0) { _ in
                let (root, layer) = committedLayer()
                let tree = RenderTree(root: root)
                layer.style = [
                    "cornerRadius": CGFloat(5),
                    "bounds": CGRect(x: 0, y: 0, width: 7, height: 7),
                    "shadowRadius": "not a number",
                    "zPosition": CGFloat.nan,
                    "style": ["cornerRadius": CGFloat(9), "borderWidth": 2.0, "opacity": 0.5, "shadowRadius": CGFloat(8),
                              "zPosition": CGFloat(4), "level": 3.0] as [AnyHashable: Any],
                ]
                #expect(layer.cornerRadius == 5)               // shallowest wins
                #expect(layer.borderWidth == 2)                // from the nested style (Double → CGFloat)
                #expect(layer.opacity == 0.5)                  // Double → Float
                #expect(layer.shadowRadius == 8)               // wrong type at the top: the search goes on
                #expect(layer.zPosition == 4)                  // NaN at the top is ignored too
                #expect(layer.value(forKey: "level") as? Double == 3)   // custom keys read from the style
                #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))   // never from the style
                CATransaction.flush()
                var r = tree.snapshot(at: 0).sublayers[0]
                #expect(r.cornerRadius == 5 && r.borderWidth == 2 && r.opacity == 0.5 && r.zPosition == 4)
                #expect(r.properties["level"] as? Double == 3 && r.properties["shadowRadius"] as? CGFloat == 8)
                // A value set on the layer wins, even one equal to the class default.
                CATransaction.setDisableActions(true)
                layer.cornerRadius = 0
                CATransaction.flush()
                #expect(layer.cornerRadius == 0)
                r = tree.snapshot(at: 0).sublayers[0]
                #expect(r.cornerRadius == 0 && r.borderWidth == 2)
                #expect(layer.presentation()?.cornerRadius == 0 && layer.presentation()?.borderWidth == 2)
                // Removing the style brings the class defaults back.
                layer.style = nil
                CATransaction.flush()
                #expect(layer.borderWidth == 0 && tree.snapshot(at: 0).sublayers[0].borderWidth == 0)
            }
        }

        /// A self-referencing style cannot loop (the nesting is followed 64 levels deep).
        @Test func selfNestedStyleTerminates() {
            var s: [AnyHashable: Any] = ["borderWidth": CGFloat(1)]
            for _ in 0..<100 { s = ["style": s] }
            let l = CALayer()
            l.style = s
            #expect(l.borderWidth == 0)                        // 101 levels down: not reached
            l.style = ["style": ["style": ["borderWidth": CGFloat(1)]]]
            #expect(l.borderWidth == 1)
            CATransaction.flush()
        }

        /// Apple: kCAOnOrderIn runs when a layer is inserted into the visible tree *or is no
        /// longer hidden*; kCAOnOrderOut when it is removed *or hidden*.
        @Test func hidingAndShowingOrderTheLayerOutAndIn() {
            withManualClock { _ in
                let (root, layer) = committedLayer()
                _ = root
                let r = Actions.Recorder("r")
                layer.actions = [kCAOnOrderIn: r, kCAOnOrderOut: r, "hidden": r]
                layer.isHidden = true
                #expect(r.runs == ["r:hidden", "r:onOrderOut"])
                layer.isHidden = true                          // no change: no ordering event
                #expect(r.runs == ["r:hidden", "r:onOrderOut", "r:hidden"])
                layer.isHidden = false
                #expect(r.runs.suffix(2) == ["r:hidden", "r:onOrderIn"])
                CATransaction.setDisableActions(true)
                layer.isHidden = true
                #expect(r.runs.count == 5)
                CATransaction.flush()
                let fresh = CALayer()                          // never committed: no events
                fresh.actions = [kCAOnOrderOut: r]
                fresh.isHidden = true
                #expect(r.runs.count == 5)
            }
        }

        /// Apple: `layoutIfNeeded()` walks up while the superlayers need layout and lays out
        /// the whole subtree of the topmost one; masks are laid out with their layer.
        @Test func layoutIfNeededStartsAtTheTopmostLayerNeedingLayout() {
            final class Log { var names: [String] = [] }
            final class Logging: CALayer {
                var log: Log?
                override func layoutSublayers() { log?.names.append(name ?? "?") }
            }
            let shared = Log()
            let top = Logging(), mid = Logging(), leaf = Logging(), mask = Logging()
            top.name = "top"; mid.name = "mid"; leaf.name = "leaf"; mask.name = "mask"
            for l in [top, mid, leaf, mask] { l.log = shared }
            top.addSublayer(mid); mid.addSublayer(leaf)
            mid.mask = mask
            CATransaction.flush()
            shared.names = []
            top.setNeedsLayout(); mid.setNeedsLayout(); leaf.setNeedsLayout(); mask.setNeedsLayout()
            leaf.layoutIfNeeded()
            #expect(shared.names == ["top", "mid", "leaf", "mask"])
            #expect(!top.needsLayout() && !mid.needsLayout() && !leaf.needsLayout() && !mask.needsLayout())
            // A superlayer that does not need layout stops the walk.
            leaf.setNeedsLayout(); top.setNeedsLayout()
            shared.names = []
            leaf.layoutIfNeeded()
            #expect(shared.names == ["leaf"] && top.needsLayout())
            CATransaction.flush()
            #expect(shared.names == ["leaf", "top"])
        }
    }
}
