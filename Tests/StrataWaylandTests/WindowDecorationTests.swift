import Foundation
import Testing
@testable import StrataWayland
import StrataTestSupport

/// A `Window` with client-side decorations against a scripted compositor (`SeatTestCompositor`
/// advertising xdg_wm_base 5 and a touch seat). No compositor on this machine binds xdg-shell 5
/// (weston 3, sway 2, mutter and kwin 4), so none sends `wm_capabilities`; none here has a touch
/// device either (sway's needs a patched backend). The window code under test is the real one.
@Suite(.runLoopTurn) struct WindowDecorationTests {
    /// Opcodes: xdg_toplevel events configure 0, configure_bounds 2, wm_capabilities 3;
    /// xdg_surface.configure 0; xdg_toplevel requests move 5, set_maximized 9, set_minimized 13.
    static let configure: UInt16 = 0, configureBounds: UInt16 = 2, wmCapabilities: UInt16 = 3
    static let move: UInt32 = 5, setMaximized: UInt32 = 9, setMinimized: UInt32 = 13

    final class Fixture {
        let compositor = SeatTestCompositor(initialCapabilities: WlSeat.Capability.touch.rawValue,
                                            extraGlobals: [("xdg_wm_base", 5)])
        let app: Application
        let window: Window
        var input: [String] = []
        var closed = 0

        init(width: Int = 640, height: Int = 480) throws {
            app = try Application(displayName: compositor.path)
            window = try Window(application: app, title: "t", width: width, height: height)
            window.onInput = { [unowned self] event in
                guard case let .touch(t) = event else { return }
                for p in t.touches { self.input.append("\(p.id) \(p.phase) \(p.position.x),\(p.position.y) active \(t.activeIDs)") }
            }
            window.onClose = { [unowned self] in self.closed += 1 }
        }

        /// Sends one configure sequence: `bounds`, `capabilities` (as wm_capabilities' array of
        /// 32-bit values), then configure(0×0, states) and xdg_surface.configure.
        func configure(bounds: (Int32, Int32)? = nil, capabilities: [UInt32]?, serial: UInt32) {
            let toplevel = window.toplevel.toplevel.id
            if let (w, h) = bounds { compositor.send(to: toplevel, opcode: WindowDecorationTests.configureBounds, [.i(w), .i(h)]) }
            if let capabilities {
                let bytes = capabilities.flatMap { v in withUnsafeBytes(of: v.littleEndian) { Array($0) } }
                compositor.send(to: toplevel, opcode: WindowDecorationTests.wmCapabilities, [.a(bytes)])
            }
            compositor.send(to: toplevel, opcode: WindowDecorationTests.configure, [.i(0), .i(0), .a([])])
            compositor.send(to: window.toplevel.xdgSurface.id, opcode: 0, [.u(serial)])
        }

        func run(until condition: @escaping () -> Bool) throws { try app.run(until: condition) }

        /// A touch down, motion or up on the window's surface, framed.
        func touch(down id: Int32, serial: UInt32, x: Double, y: Double) throws {
            let t = try #require(app.seat?.wlTouch)
            compositor.send(to: t.id, opcode: TouchOp.down,
                            [.u(serial), .u(1), .o(window.toplevel.surface.surface.id), .i(id), .f(x), .f(y)])
            compositor.send(to: t.id, opcode: TouchOp.frame, [])
            try app.display.connection.roundtrip()
        }

        func touch(up id: Int32, serial: UInt32) throws {
            let t = try #require(app.seat?.wlTouch)
            compositor.send(to: t.id, opcode: TouchOp.up, [.u(serial), .u(2), .i(id)])
            compositor.send(to: t.id, opcode: TouchOp.frame, [])
            try app.display.connection.roundtrip()
        }

        func touch(motion id: Int32, x: Double, y: Double) throws {
            let t = try #require(app.seat?.wlTouch)
            compositor.send(to: t.id, opcode: TouchOp.motion, [.u(3), .i(id), .f(x), .f(y)])
            compositor.send(to: t.id, opcode: TouchOp.frame, [])
            try app.display.connection.roundtrip()
        }

        /// The xdg_toplevel requests with `opcode` sent so far, as argument words.
        func requests(_ opcode: UInt32) throws -> [[UInt32]] {
            try app.display.connection.roundtrip()
            let id = window.toplevel.toplevel.id
            return compositor.requests.filter { $0.object == id && $0.opcode == opcode }.map(\.words)
        }
    }

    /// wm_capabilities lists what the compositor can do: the bar shows close and only the
    /// offered buttons, and the bounds cap the size the client chooses.
    @Test func capabilitiesChooseTheButtonsAndBoundsCapTheSize() throws {
        let f = try Fixture(width: 640, height: 480)
        #expect(f.window.toplevel.capabilities == Toplevel.allCapabilities)  // until told
        // window_menu (1) and minimize (4), an unknown 9 ignored; bounds 500×400.
        f.configure(bounds: (500, 400), capabilities: [1, 4, 9], serial: 7)
        try f.run { f.window.height == 368 }
        #expect(f.window.toplevel.capabilities == [.windowMenu, .minimize])
        #expect(f.window.toplevel.bounds! == (500, 400))
        // The window asked for 640×(480 + 32 bar); the bounds cap it at 500×400, the content
        // keeps what the bar leaves.
        #expect(f.window.toplevel.width == 500 && f.window.toplevel.height == 400)
        #expect(f.window.width == 500 && f.window.height == 368)
        #expect(f.window.decorations.buttons == [.close, .minimize])
        #expect(f.window.decorations.maximize.superlayer == nil)
        #expect(f.window.decorations.minimize.superlayer === f.window.decorations.titleBar)
        // Minimize moved into the maximize button's place, 28 points left of close.
        #expect(f.window.decorations.minimize.position == ClientDecorations.buttonCenter(index: 1, width: 500))
        #expect(f.window.decorations.title.frame == ClientDecorations.titleFrame(width: 500, buttonCount: 2))
        // Where maximize was is bar now: a tap there moves the window (no maximize offered),
        // and a double tap does not maximize.
        try f.touch(down: 1, serial: 50, x: 500 - 8 - 10 - 56, y: 16)
        try f.touch(up: 1, serial: 51)
        try f.touch(down: 2, serial: 52, x: 500 - 8 - 10 - 56, y: 16)
        try f.touch(up: 2, serial: 53)
        #expect(try f.requests(Self.setMaximized).isEmpty)
        #expect(try f.requests(Self.move).map { $0.last } == [50, 52])
        // A tap on the minimize button minimizes.
        try f.touch(down: 3, serial: 54, x: 500 - 8 - 10 - 28, y: 16)
        try f.touch(up: 3, serial: 55)
        #expect(try f.requests(Self.setMinimized).count == 1)
        #expect(f.input.isEmpty)
    }

    /// Touches that begin on the bar are the window's: a touch down on it asks for a move with
    /// the down's serial, a tap on close closes, and the content sees none of their points (nor
    /// their ids among the active ones), while a touch in the content arrives shifted by the bar.
    @Test func touchesOnTheTitleBarActOnTheWindowAndNeverReachTheContent() throws {
        let f = try Fixture(width: 400, height: 300)
        f.configure(capabilities: nil, serial: 3)
        try f.run { f.window.toplevel.isConfigured && f.window.decorations.titleBar.superlayer != nil }
        #expect(f.window.decorations.buttons == ClientDecorations.allButtons)
        let seatID = try #require(f.app.seat?.wlSeat.id)

        try f.touch(down: 1, serial: 77, x: 100, y: 16)            // on the bar
        #expect(try f.requests(Self.move) == [[seatID, 77]])
        try f.touch(down: 2, serial: 78, x: 100, y: 132)           // in the content
        try f.touch(motion: 1, x: 140, y: 20)                      // the bar's: not seen
        try f.touch(motion: 2, x: 110, y: 142)
        try f.touch(up: 1, serial: 79)
        try f.touch(up: 2, serial: 80)
        #expect(f.input == ["2 began 100.0,100.0 active [2]", "2 moved 110.0,110.0 active [2]",
                            "2 ended 110.0,110.0 active []"])

        // A tap on close closes; a touch that leaves the button before lifting does not.
        try f.touch(down: 3, serial: 81, x: 382, y: 16)
        try f.touch(motion: 3, x: 300, y: 16)
        try f.touch(up: 3, serial: 82)
        #expect(f.closed == 0)
        try f.touch(down: 4, serial: 83, x: 382, y: 16)
        try f.touch(up: 4, serial: 84)
        #expect(f.closed == 1)
        // Buttons are pressed, not dragged: no move for either.
        #expect(try f.requests(Self.move).count == 1)
        #expect(f.input.count == 3)
    }
}
