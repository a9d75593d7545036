import Foundation
import Testing
@testable import StrataWayland
import StrataTestSupport

/// What `Toplevel` sends, read off a scripted compositor: strings that fit a Wayland message,
/// size limits xdg-shell accepts, and the destruction order it requires.
@Suite(.runLoopTurn) struct ToplevelRequestTests {
    /// xdg_toplevel opcodes (xdg-shell v5) and xdg_surface's destroy.
    static let destroy: UInt32 = 0, setTitle: UInt32 = 2, setAppID: UInt32 = 3, setMaxSize: UInt32 = 7, setMinSize: UInt32 = 8

    @Test func stringsFitAMessageAndLimitsStayLegal() throws {
        let compositor = SeatTestCompositor(extraGlobals: [("xdg_wm_base", 5)])
        let app = try Application(displayName: compositor.path)
        // 3000 two-byte characters (6000 bytes): cut to 4000 bytes, a whole character each.
        let t = try Toplevel(display: app.display, title: String(repeating: "é", count: 3000),
                             appID: String(repeating: "a", count: 5000), width: 100, height: 80)
        t.setMinimumSize(width: 300, height: -5)
        t.setMaximumSize(width: 200, height: 50)              // below the minimum's width: raised to it
        t.setMaximumSize(width: Int.max, height: 0)            // capped; 0 = no limit
        try app.display.connection.roundtrip()
        let mine = compositor.requests.filter { $0.object == t.toplevel.id }
        func last(_ opcode: UInt32) -> [UInt32]? { mine.last { $0.opcode == opcode }?.words }
        #expect(last(Self.setTitle)?.first == 4001)            // length with the NUL
        #expect(last(Self.setAppID)?.first == 4001)
        #expect(mine.filter { $0.opcode == Self.setMaxSize }.map(\.words) == [[0, 0], [300, 50], [16384, 0]])
        #expect(mine.filter { $0.opcode == Self.setMinSize }.map(\.words) == [[300, 0], [300, 0], [300, 0]])
        #expect(t.sizeLimits.minimum == (300, 0) && t.sizeLimits.maximum == (16384, 0))
        #expect(Toplevel.wireString("short") == "short")
        // xdg-shell: the role object (xdg_toplevel) goes before its xdg_surface.
        let toplevelID = t.toplevel.id, surfaceID = t.xdgSurface.id
        t.destroy()
        try app.display.connection.roundtrip()
        let destroys = compositor.requests.filter { ($0.object == toplevelID || $0.object == surfaceID) && $0.opcode == Self.destroy }
        #expect(destroys.map(\.object) == [toplevelID, surfaceID])
    }
}
