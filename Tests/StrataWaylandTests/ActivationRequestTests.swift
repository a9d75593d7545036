import Foundation
import Testing
@testable import StrataWayland
import StrataTestSupport

/// What xdg-activation and idle inhibition send, read off the scripted compositor (sway runs
/// both for real in `ActivationAndIdleSwayTests`; a token it hands out needs a real press there,
/// which its virtual pointer cannot give a test window on demand).
@Suite(.runLoopTurn) struct ActivationRequestTests {
    /// Globals after the scripted compositor's five: 6 xdg_activation_v1, 7 the idle inhibit manager.
    static let activationGlobal: UInt32 = 6, inhibitGlobal: UInt32 = 7

    final class Fixture {
        let compositor = SeatTestCompositor(initialCapabilities: WlSeat.Capability.pointer.rawValue,
                                            extraGlobals: [("xdg_activation_v1", 1), ("zwp_idle_inhibit_manager_v1", 1)])
        let display: WaylandDisplay
        let seat: Seat
        let surface: WaylandSurface

        init() throws {
            display = try WaylandDisplay(name: compositor.path)
            seat = try Seat(display: display, scheduler: ManualScheduler())
            surface = WaylandSurface(display: display)
        }

        func pump() throws {
            try display.connection.roundtrip()
            try display.connection.roundtrip()
        }

        func requests(to object: UInt32) -> [SeatTestCompositor.Request] {
            compositor.requests.filter { $0.object == object }
        }
    }

    /// The string argument at the start of `words` (length with the NUL, then the bytes).
    static func string(_ words: [UInt32]) -> String {
        let bytes = words.dropFirst().flatMap { w in (0..<4).map { UInt8(truncatingIfNeeded: w >> (8 * $0)) } }
        return String(decoding: bytes.prefix(Int(words[0]) - 1), as: UTF8.self)
    }

    @Test func anActivationRequestQuotesTheLatestPressAndActivatesWithTheTokenItGets() throws {
        let f = try Fixture()
        try f.pump()
        let pointer = try #require(f.seat.wlPointer)
        f.compositor.send(to: pointer.id, opcode: PointerOp.enter, [.u(320), .o(f.surface.surface.id), .f(4), .f(4)])
        f.compositor.send(to: pointer.id, opcode: PointerOp.button, [.u(321), .u(5), .u(272), .u(1)])
        f.compositor.send(to: pointer.id, opcode: PointerOp.frame, [])
        try f.pump()
        #expect(f.seat.lastPressSerial == 321)

        #expect(f.surface.requestActivation(seat: f.seat, appID: "strata.test"))
        try f.pump()
        let activation = try #require(f.compositor.boundID(ofGlobal: Self.activationGlobal))
        let asked = f.requests(to: activation)
        #expect(asked.map(\.opcode) == [1])                          // get_activation_token
        let token = try #require(asked.first?.words.first)
        let made = f.requests(to: token)
        #expect(made.map(\.opcode) == [0, 1, 2, 3])                   // serial, app id, surface, commit
        #expect(made[0].words == [321, f.seat.wlSeat.id])
        #expect(Self.string(made[1].words) == "strata.test")
        #expect(made[2].words == [f.surface.surface.id])

        f.compositor.send(to: token, opcode: 0, [.s("tok-7")])        // done
        try f.pump()
        #expect(f.requests(to: token).last?.opcode == 4)              // the token object destroyed
        let activate = try #require(f.requests(to: activation).last)
        #expect(activate.opcode == 2)
        #expect(Self.string(activate.words) == "tok-7" && activate.words.last == f.surface.surface.id)
        // A token handed over directly goes straight to activate.
        #expect(f.surface.activate(token: "launch-9"))
        try f.pump()
        #expect(Self.string(f.requests(to: activation).last!.words) == "launch-9")
    }

    @Test func idleInhibitionMakesOneInhibitorAndDestroysIt() throws {
        let f = try Fixture()
        #expect(f.surface.canInhibitIdle)
        f.surface.inhibitsIdle = true
        f.surface.inhibitsIdle = true                                  // no second inhibitor
        try f.pump()
        let manager = try #require(f.compositor.boundID(ofGlobal: Self.inhibitGlobal))
        let created = f.requests(to: manager)
        #expect(created.map(\.opcode) == [1] && created.first?.words.last == f.surface.surface.id)
        let inhibitor = try #require(created.first?.words.first)
        f.surface.inhibitsIdle = false
        try f.pump()
        #expect(f.requests(to: inhibitor).map(\.opcode) == [0])       // destroy

        // Without the globals: nothing to ask, nothing sent.
        let bare = SeatTestCompositor()
        let display = try WaylandDisplay(name: bare.path)
        let surface = WaylandSurface(display: display)
        #expect(!surface.canInhibitIdle && !surface.requestActivation(seat: nil) && !surface.activate(token: "x"))
        try display.connection.roundtrip()
        let before = bare.requests.filter { $0.object != 1 }                 // all but the syncs
        surface.inhibitsIdle = true
        try display.connection.roundtrip()
        #expect(bare.requests.filter { $0.object != 1 } == before)
    }
}
