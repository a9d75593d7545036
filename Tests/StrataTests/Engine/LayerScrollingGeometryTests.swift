import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CAScrollLayer and CALayer's scrolling helpers, preferredFrameSize under a transform, and
/// anchorPointZ agreeing between conversion and drawing (Apple's CALayer/CAScrollLayer docs).
@Suite(.runLoopTurn) struct LayerScrollingGeometryTests {
    func scrollSetup() -> (CAScrollLayer, CALayer) {
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        scroller.addSublayer(content)
        return (scroller, content)
    }

    @Test func scrollToPointMovesTheOriginAlongTheAllowedAxes() {
        let (s, _) = scrollSetup()
        #expect(s.scrollMode == .both)
        s.scroll(to: CGPoint(x: 30, y: 40))
        #expect(s.bounds == CGRect(x: 30, y: 40, width: 100, height: 50))
        s.scrollMode = .horizontally
        s.scroll(to: CGPoint(x: 5, y: 6))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 40))
        s.scrollMode = .vertically
        s.scroll(to: CGPoint(x: 70, y: 8))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 8))
        s.scrollMode = .none
        s.scroll(to: CGPoint(x: 1, y: 1))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 8))
        s.scroll(to: CGPoint(x: CGFloat.nan, y: 0))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 8))
        CATransaction.flush()
    }

    @Test func scrollToRectMovesAsLittleAsShowsIt() {
        let (s, _) = scrollSetup()
        s.scroll(to: CGRect(x: 150, y: 10, width: 20, height: 20))      // right of view: its maxX at the right edge
        #expect(s.bounds.origin == CGPoint(x: 70, y: 0))
        s.scroll(to: CGRect(x: 80, y: 10, width: 10, height: 10))       // already visible: no move
        #expect(s.bounds.origin == CGPoint(x: 70, y: 0))
        s.scroll(to: CGRect(x: 20, y: 200, width: 10, height: 10))      // left and below
        #expect(s.bounds.origin == CGPoint(x: 20, y: 160))
        s.scroll(to: CGRect(x: 0, y: 0, width: 300, height: 10))        // wider than the view: its minX
        #expect(s.bounds.origin == CGPoint(x: 0, y: 0))
        CATransaction.flush()
    }

    @Test func sublayersScrollTheirScrollLayerAndSeeTheVisibleRect() {
        let (s, content) = scrollSetup()
        let item = CALayer()
        item.frame = CGRect(x: 200, y: 100, width: 50, height: 50)
        content.addSublayer(item)
        #expect(item.visibleRect == .null)                               // scrolled out of view
        #expect(content.visibleRect == CGRect(x: 0, y: 0, width: 100, height: 50))
        item.scroll(CGPoint(x: 10, y: 0))                                // item's (10, 0) at the origin
        #expect(s.bounds.origin == CGPoint(x: 210, y: 100))
        #expect(item.visibleRect == CGRect(x: 10, y: 0, width: 40, height: 50))
        item.scrollRectToVisible(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(s.bounds.origin == CGPoint(x: 200, y: 100))
        let loose = CALayer()
        loose.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        loose.scroll(CGPoint(x: 3, y: 3))                                // no scroll layer: nothing
        #expect(loose.visibleRect == loose.bounds)
        CATransaction.flush()
    }

    /// Apple: without a layout manager, "the size of the layer's current bounds rectangle
    /// mapped into the coordinate space of its superlayer".
    @Test func preferredFrameSizeMapsTheBoundsThroughTheTransform() {
        let parent = CALayer()
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(l.preferredFrameSize() == CGSize(width: 200, height: 150))
        parent.addSublayer(l)
        parent.sublayerTransform = CATransform3DMakeScale(0.5, 1, 1)
        #expect(l.preferredFrameSize() == CGSize(width: 100, height: 150))
        CATransaction.flush()
    }

    @Test func storedOnlyPropertiesKeepTheirValuesAndDefaults() {
        let l = CALayer()
        #expect(l.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(l.contentsFormat == .RGBA8Uint && !l.contentsAreFlipped())
        l.edgeAntialiasingMask = .layerTopEdge
        l.contentsFormat = .gray8Uint
        #expect(l.edgeAntialiasingMask == .layerTopEdge && l.contentsFormat == .gray8Uint)
        #expect(CALayer.defaultValue(forKey: "contentsFormat") as? CALayerContentsFormat == .RGBA8Uint)
        #expect(CAScrollLayer.defaultValue(forKey: "scrollMode") as? CAScrollLayerScrollMode == .both)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1)
        CATransaction.flush()
    }

    /// The layer's point at `anchorPointZ` lands on `zPosition`: under a perspective the layer
    /// is drawn smaller and nearer its superlayer's anchor, and convert/hitTest find it there.
    @Test func anchorPointZPlacesTheLayerWhereItIsDrawn() {
        let root = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 200
        root.sublayerTransform = perspective
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        child.position = CGPoint(x: 50, y: 50)
        child.anchorPointZ = 100
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(child)
        CATransaction.commit()
        // (−20, −20, −100) from the anchor, w = 1 + 100/200: ÷1.5 → 50 ± 13.33.
        let corner = child.convert(CGPoint.zero, to: root)
        #expect(abs(corner.x - 110.0 / 3) < 1e-9 && abs(corner.y - 110.0 / 3) < 1e-9)
        let bitmap = Bitmap(width: 100, height: 100)!
        Compositor().render(RenderTree(root: root).snapshot(at: 0), into: bitmap, scale: 1)
        #expect(bitmap.pixel(x: 35, y: 50) == 0)
        #expect(bitmap.pixel(x: 38, y: 50) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 61, y: 50) == 0xFFFF_0000)
        #expect(bitmap.pixel(x: 64, y: 50) == 0)
        #expect(root.hitTest(CGPoint(x: 34, y: 50)) === root)
        #expect(root.hitTest(CGPoint(x: 39, y: 50)) === child)
        CATransaction.flush()
    }
}
