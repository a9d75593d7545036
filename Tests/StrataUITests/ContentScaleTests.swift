import Foundation
import Testing
@testable import StrataUI
@testable import Strata
import StrataTestSupport

/// `View.contentScaleFactor`: a host's scale reaches every view of the tree (also views added
/// later), a view's own setting sticks, drawing views redraw at the new pixel density, and a
/// tiled image view gives its image layer the scale. (`ViewHost.updateContentScale` is what
/// hosts call with the surface's scale; the sway test in IntegrationTests/ViewerTests checks
/// the whole chain from a 2× output.)
@Suite(.serialized, .runLoopTurn) struct ContentScale {
    /// Fills its bounds red; counts draws.
    final class Canvas: View {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            GraphicsGetCurrentContext()?.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            GraphicsGetCurrentContext()?.fill(bounds)
        }
    }

    /// What `ViewHost.updateContentScale()` does with the surface's scale.
    func host(_ root: View, at scale: CGFloat) {
        root._hostContentScale = scale
        root._applyHostContentScale(scale)
    }

    @Test func theHostScaleReachesTheTreeAndViewsAddedLater() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(child)
        #expect(root.contentScaleFactor == 1 && child.contentScaleFactor == 1)
        host(root, at: 2)
        #expect(root.contentScaleFactor == 2 && child.contentScaleFactor == 2)
        #expect(root.layer.contentsScale == 2)
        // A subtree built off-screen takes the scale when it joins the hosted tree.
        let late = View(), grandchild = View()
        late.addSubview(grandchild)
        #expect(grandchild.contentScaleFactor == 1)
        child.addSubview(late)
        #expect(late.contentScaleFactor == 2 && grandchild.contentScaleFactor == 2)
        host(root, at: 1.5)
        #expect(grandchild.contentScaleFactor == 1.5)
    }

    @Test func anExplicitScaleSticksForThatViewOnly() {
        let root = View(), fixed = View(), below = View()
        root.addSubview(fixed)
        fixed.addSubview(below)
        fixed.contentScaleFactor = 3
        host(root, at: 2)
        #expect(fixed.contentScaleFactor == 3 && below.contentScaleFactor == 2)
        fixed.contentScaleFactor = .nan
        fixed.contentScaleFactor = 0
        fixed.contentScaleFactor = -2
        #expect(fixed.contentScaleFactor == 3)
    }

    @Test func aDrawingViewRedrawsAtTheNewDensity() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let canvas = Canvas(frame: CGRect(x: 0, y: 0, width: 10, height: 8))
        root.addSubview(canvas)
        CATransaction.flush()
        let before = canvas.layer.contents as? CGImage
        #expect(canvas.draws == 1 && before?.width == 10 && before?.height == 8)
        host(root, at: 2)
        CATransaction.flush()
        let after = canvas.layer.contents as? CGImage
        #expect(canvas.draws == 2 && after?.width == 20 && after?.height == 16)
        #expect(after?.pixel(x: 19, y: 15) == 0xFFFF_0000)
        host(root, at: 2)                                                   // unchanged: no redraw
        CATransaction.flush()
        #expect(canvas.draws == 2)
    }

    @Test func aTiledImageViewDrawsItsTilesAtTheScale() throws {
        let view = TiledImageView(source: try #require(TiledImageSource.generated(width: 512, height: 512)))
        let root = View()
        root.addSubview(view)
        #expect(view.imageLayer.contentsScale == 1)
        host(root, at: 2)
        #expect(view.imageLayer.contentsScale == 2)
        view.contentScaleFactor = 1.25
        #expect(view.imageLayer.contentsScale == 1.25)
    }
}
