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

    @Test func nonFinitePointsAreContent() {
        #expect(D.region(at: CGPoint(x: CGFloat.nan, y: 5), width: 400, height: 332, resizable: true) == .content)
        #expect(D.region(at: CGPoint(x: 5, y: CGFloat.infinity), width: 400, height: 332, resizable: true) == .content)
    }
}
