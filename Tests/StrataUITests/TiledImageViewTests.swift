import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// TiledImageView's pan and zoom from injected input: exact zoom, centre and layer placement
/// after pointer drags, wheel detents, pinches and keys (view 400×300 over a 20 000² image).
@Suite(.runLoopTurn) struct TiledImageViewTests {
    let h = InputHarness()
    let view: TiledImageView

    init() throws {
        let source = try #require(TiledImageSource.generated(width: 20000, height: 20000))
        view = TiledImageView(source: source, frame: h.root.bounds)
        h.root.addSubview(view)
    }

    /// Zoom 1 with image point (2000, 2000) in the middle: the top-left corner shows (1800, 1850).
    func atOneToOne() {
        view.setZoomScale(1)
        view.setCenterPoint(CGPoint(x: 2000, y: 2000))
    }

    @Test func startsFittedAndPlacesTheLayerFromZoomAndCenter() {
        #expect(view.zoomScale == 0.015)  // 300 / 20 000
        #expect(view.centerPoint == CGPoint(x: 10000, y: 10000))
        atOneToOne()
        #expect(view.contentOffset == CGPoint(x: 1800, y: 1850))
        #expect(view.imageLayer.position == CGPoint(x: -1800, y: -1850))
        #expect(view.imageLayer.affineTransform() == CGAffineTransform(scaleX: 1, y: 1))
        #expect(view.imagePoint(at: CGPoint(x: 10, y: 20)) == CGPoint(x: 1810, y: 1870))
    }

    @Test func pointerDragPansByTheDragOverTheZoom() {
        atOneToOne()
        view.setZoomScale(2)
        var log: [CGPoint] = []
        view.onChange = { log.append($0.centerPoint) }
        h.router.pointerMoved(to: CGPoint(x: 100, y: 100))
        h.router.pointerButton(ButtonEvent.left, isPressed: true)
        h.router.pointerMoved(to: CGPoint(x: 130, y: 110))
        h.router.pointerMoved(to: CGPoint(x: 160, y: 120))
        h.router.pointerButton(ButtonEvent.left, isPressed: false)
        // 60 × 20 points at zoom 2 is 30 × 10 image pixels, the other way.
        #expect(view.centerPoint == CGPoint(x: 1970, y: 1990))
        #expect(log == [CGPoint(x: 1985, y: 1995), CGPoint(x: 1970, y: 1990)])
        #expect(view.imageLayer.position == CGPoint(x: -(1970 * 2 - 200), y: -(1990 * 2 - 150)))
    }

    @Test func wheelDetentsZoomAboutThePointer() {
        atOneToOne()
        h.router.pointerMoved(to: CGPoint(x: 100, y: 50))
        let under = view.imagePoint(at: CGPoint(x: 100, y: 50))
        #expect(under == CGPoint(x: 1900, y: 1900))
        h.router.scroll(source: .wheel, deltaY: -30, value120Y: -240)  // two detents up: ×2
        #expect(view.zoomScale == 2)
        #expect(view.imagePoint(at: CGPoint(x: 100, y: 50)) == under)
        #expect(view.centerPoint == CGPoint(x: 1950, y: 1950))
        h.router.scroll(source: .wheel, deltaY: 15, value120Y: 120)     // one detent down: ÷√2
        #expect(abs(view.zoomScale - 2.squareRoot()) < 1e-12)
        #expect(abs(view.imagePoint(at: CGPoint(x: 100, y: 50)).x - 1900) < 1e-9)
        // Touchpad scrolling pans: 40 points down at zoom √2.
        h.router.scroll(source: .touchpad, deltaY: 40)
        #expect(abs(view.imagePoint(at: CGPoint(x: 100, y: 50)).y - (1900 + 40 / 2.squareRoot())) < 1e-9)
    }

    @Test func pinchZoomsAboutAndFollowsTheCentroid() {
        atOneToOne()
        h.down(1, 150, 150)
        h.down(2, 250, 150)
        h.move(2, 350, 150)         // distance 100 → 200: began, ×2 about the centroid (250, 150)
        #expect(view.zoomScale == 2)
        #expect(view.imagePoint(at: CGPoint(x: 250, y: 150)) == CGPoint(x: 2050, y: 2000))
        h.move(1, 50, 150)          // 200 → 300: ×1.5, and the centroid moves to (200, 150)
        #expect(view.zoomScale == 3)
        #expect(view.imagePoint(at: CGPoint(x: 200, y: 150)) == CGPoint(x: 2050, y: 2000))
        #expect(view.centerPoint == CGPoint(x: 2050, y: 2000))
        h.up(1)
        h.up(2)
        #expect(view._pinchCentroid == nil)
    }

    @Test func keysZoomByTwoAndFit() {
        atOneToOne()
        #expect(view.becomeFirstResponder())
        h.router.key(KeyPress(keycode: 13, keysym: 0x3d, text: "="))
        #expect(view.zoomScale == 2 && view.centerPoint == CGPoint(x: 2000, y: 2000))
        h.router.key(KeyPress(keycode: 12, keysym: 0x2d, text: "-"))
        h.router.key(KeyPress(keycode: 12, keysym: 0x2d, text: "-"))
        #expect(view.zoomScale == 0.5)
        h.router.key(KeyPress(keycode: 11, keysym: 0x30, text: "0"))
        #expect(view.zoomScale == 0.015 && view.centerPoint == CGPoint(x: 10000, y: 10000))
    }

    @Test func limitsKeepTheImageOnScreenAndRejectBadValues() {
        atOneToOne()
        view.setCenterPoint(CGPoint(x: -500, y: 30000))     // past the corner: clamped
        #expect(view.centerPoint == CGPoint(x: 200, y: 19850))
        view.setZoomScale(1000)
        #expect(view.zoomScale == 16)
        view.setZoomScale(0.0001)
        #expect(view.zoomScale == 0.015)                     // min(1, fit); the image centred
        #expect(view.centerPoint == CGPoint(x: 10000, y: 10000))
        view.setZoomScale(.nan)
        view.setZoomScale(-2)
        view.setCenterPoint(CGPoint(x: CGFloat.infinity, y: 0))
        view.pan(by: CGPoint(x: CGFloat.nan, y: 0))
        #expect(view.zoomScale == 0.015 && view.centerPoint == CGPoint(x: 10000, y: 10000))
    }

    @Test func resizingKeepsTheMiddle() {
        atOneToOne()
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        view.layoutIfNeeded()
        #expect(view.centerPoint == CGPoint(x: 2000, y: 2000))
        #expect(view.imageLayer.position == CGPoint(x: -1900, y: -1950))
    }
}
