import Foundation
import Testing
@testable import StrataWayland
import StrataTestSupport

@Suite(.runLoopTurn) struct ClientDecorationsTests {
    typealias D = ClientDecorations

    @Test func buttonsSitAtTheRightEndOfTheBar() {
        // 400 wide: close centred at 400 − 8 − 10 = 382, maximize 28 further left, minimize 28 more.
        #expect(D.region(at: CGPoint(x: 382, y: 16), width: 400, height: 332, resizable: true) == .close)
        #expect(D.region(at: CGPoint(x: 354, y: 16), width: 400, height: 332, resizable: true) == .maximize)
        #expect(D.region(at: CGPoint(x: 326, y: 16), width: 400, height: 332, resizable: true) == .minimize)
        // Between two buttons, and past the circle's edge: the bar itself.
        #expect(D.region(at: CGPoint(x: 368, y: 16), width: 400, height: 332, resizable: true) == .titleBar)
        #expect(D.region(at: CGPoint(x: 382, y: 27), width: 400, height: 332, resizable: true) == .titleBar)
        #expect(D.region(at: CGPoint(x: 100, y: 31.9), width: 400, height: 332, resizable: true) == .titleBar)
        #expect(D.region(at: CGPoint(x: 100, y: 32), width: 400, height: 332, resizable: true) == .content)
    }

    @Test func edgesResizeOnlyWhenResizable() {
        #expect(D.region(at: CGPoint(x: 2, y: 2), width: 400, height: 332, resizable: true) == .resize(.topLeft))
        #expect(D.region(at: CGPoint(x: 399, y: 331), width: 400, height: 332, resizable: true) == .resize(.bottomRight))
        #expect(D.region(at: CGPoint(x: 200, y: 330), width: 400, height: 332, resizable: true) == .resize(.bottom))
        #expect(D.region(at: CGPoint(x: 395, y: 100), width: 400, height: 332, resizable: true) == .resize(.right))
        #expect(D.region(at: CGPoint(x: 200, y: 2), width: 400, height: 332, resizable: true) == .resize(.top))
        #expect(D.region(at: CGPoint(x: 2, y: 2), width: 400, height: 332, resizable: false) == .titleBar)
        #expect(D.region(at: CGPoint(x: 200, y: 330), width: 400, height: 332, resizable: false) == .content)
    }

    /// Minimize and maximize only where the compositor offers them; the buttons shown close up
    /// from the right, and hit testing follows.
    @Test func buttonsFollowTheCompositorsCapabilities() {
        #expect(D.buttons(for: Toplevel.allCapabilities) == [.close, .maximize, .minimize])
        #expect(D.buttons(for: [.windowMenu, .fullscreen]) == [.close])
        #expect(D.buttons(for: [.minimize]) == [.close, .minimize])
        let two: [D.Region] = [.close, .minimize]
        #expect(D.region(at: CGPoint(x: 354, y: 16), width: 400, height: 332, resizable: true, buttons: two) == .minimize)
        #expect(D.region(at: CGPoint(x: 326, y: 16), width: 400, height: 332, resizable: true, buttons: two) == .titleBar)
        #expect(D.region(at: CGPoint(x: 354, y: 16), width: 400, height: 332, resizable: true, buttons: [.close]) == .titleBar)
        // The title keeps clear of two buttons: 2 × 28 + 8 = 64 points on each side.
        #expect(D.titleFrame(width: 400, buttonCount: 2) == CGRect(x: 64, y: 8, width: 272, height: 17))
    }

    @Test func nonFinitePointsAreContent() {
        #expect(D.region(at: CGPoint(x: CGFloat.nan, y: 5), width: 400, height: 332, resizable: true) == .content)
        #expect(D.region(at: CGPoint(x: 5, y: CGFloat.infinity), width: 400, height: 332, resizable: true) == .content)
    }

    /// The title sits centred in the bar, clear of the buttons, and shows the window's title;
    /// an inactive window's title and buttons are dimmed.
    @Test func theTitleIsCentredClearOfTheButtonsAndDimmedWhenInactive() {
        let f = D.titleFrame(width: 400)
        // The buttons take 3 × 28 + 8 = 92 points on the right; as much is kept on the left.
        #expect(f == CGRect(x: 92, y: 8, width: 216, height: 17))   // (32 − 17) / 2 rounded
        #expect(D.titleFrame(width: 150).width == 0)             // too narrow: no room, no text
        let d = D()
        d.titleText = "Strata"
        d.layout(width: 400, scale: 2)
        #expect(d.title.string as? String == "Strata" && d.title.frame == f && d.title.contentsScale == 2)
        #expect(d.title.alignmentMode == .center && d.title.truncationMode == .end)
        #expect(d.isActive && d.close.opacity == 1)
        d.setActive(false)
        #expect(d.title.opacity == D.inactiveOpacity && d.minimize.opacity == D.inactiveOpacity)
        d.setActive(true)
        #expect(d.title.opacity == 1 && d.maximize.opacity == 1)
    }
}
