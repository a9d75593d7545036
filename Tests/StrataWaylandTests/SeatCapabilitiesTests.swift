import Testing
@testable import StrataWayland
import StrataTestSupport

@Suite(.runLoopTurn) struct SeatCapabilitiesTests {
    @Test func capabilitiesAnnouncedBeforeTheSeatExistedCreateDevices() throws {
        let f = try SeatFixture(capabilities: [], initialCapabilities: [.pointer, .touch])
        #expect(f.seat.capabilities == [.pointer, .touch])
        #expect(f.seat.wlPointer != nil && f.seat.wlTouch != nil && f.seat.wlKeyboard == nil)
    }

    @Test func devicesFollowCapabilities() throws {
        let f = try SeatFixture(capabilities: [.keyboard])
        #expect(f.seat.wlPointer == nil && f.seat.wlKeyboard != nil && f.seat.wlTouch == nil)
        let keyboardID = f.seat.wlKeyboard!.id
        try f.setCapabilities([.pointer, .touch])
        #expect(f.seat.wlPointer != nil && f.seat.wlKeyboard == nil && f.seat.wlTouch != nil)
        let pointerID = f.seat.wlPointer!.id, touchID = f.seat.wlTouch!.id
        try f.setCapabilities([])
        try f.pump()
        #expect(f.seat.wlPointer == nil && f.seat.wlTouch == nil)
        // Each device was released with its release request (opcode 1 for pointer, 0 otherwise).
        let released = f.compositor.requests.filter {
            ($0.object == pointerID && $0.opcode == 1) || ($0.object == keyboardID && $0.opcode == 0)
                || ($0.object == touchID && $0.opcode == 0)
        }
        #expect(released.count == 3)
    }
}

/// A compositor withdrawing the seat's global (wl_registry.global_remove).
@Suite(.runLoopTurn) struct SeatRemovalTests {
    @Test func aWithdrawnSeatEndsItsInputAndIsReleased() throws {
        let f = try SeatFixture(capabilities: [.pointer, .keyboard, .touch])
        let surface = f.makeSurface()
        var changes: [WlSeat.Capability] = []
        f.seat.onCapabilitiesChanged = { changes.append($0) }
        f.pointer(PointerOp.enter, .u(10), .o(surface.surface.id), .f(5), .f(6))
        f.pointer(PointerOp.frame)
        f.touch(TouchOp.down, .u(11), .u(1), .o(surface.surface.id), .i(4), .f(7), .f(8))
        f.touch(TouchOp.frame)
        _ = f.take()
        let pointerID = f.seat.wlPointer!.id, keyboardID = f.seat.wlKeyboard!.id, touchID = f.seat.wlTouch!.id
        let seatID = f.seat.wlSeat.id
        #expect(f.display.seat != nil && !f.seat.isRemoved)

        f.compositor.removeGlobal(name: 3)
        // What was going ends: the pointer leaves, the touch is cancelled.
        #expect(f.take() == ["pointer (5.0, 6.0) leave", "touch cancelled 4 (7.0, 8.0) active=[]"])
        #expect(f.seat.isRemoved && f.seat.capabilities.isEmpty && changes == [[]])
        #expect(f.seat.wlPointer == nil && f.seat.wlKeyboard == nil && f.seat.wlTouch == nil)
        #expect(f.display.seat == nil && f.display.globals[3] == nil)
        // Each device released, then the seat (wl_seat.release, opcode 3, version 5+).
        try f.pump()
        let released = f.compositor.requests.filter {
            ($0.object == pointerID && $0.opcode == 1) || ($0.object == keyboardID && $0.opcode == 0)
                || ($0.object == touchID && $0.opcode == 0) || ($0.object == seatID && $0.opcode == 3)
        }
        #expect(released.map(\.object) == [pointerID, keyboardID, touchID, seatID])
        // The seat stays quiet afterwards (its devices are gone; nothing for them is dispatched).
        f.seat.cursorName = "text"
        #expect(f.take().isEmpty)
    }

    /// The clipboard's data device goes with its seat: released (wl_data_device.release,
    /// opcode 2), and the clipboard refuses to copy and pastes nothing from then on.
    @Test func theClipboardLetsGoOfAWithdrawnSeat() throws {
        let compositor = SeatTestCompositor(initialCapabilities: WlSeat.Capability.keyboard.rawValue,
                                            extraGlobals: [("wl_data_device_manager", 3)])
        let app = try Application(displayName: compositor.path)
        let clipboard = try Clipboard(application: app)
        let deviceID = clipboard.device.id
        compositor.removeGlobal(name: 3)
        try app.display.connection.roundtrip()
        try app.display.connection.roundtrip()
        #expect(app.seat?.isRemoved == true)
        #expect(compositor.requests.contains { $0.object == deviceID && $0.opcode == 2 })
        #expect(throws: Clipboard.ClipboardError.unavailable) { try clipboard.copy("x") }
        var pasted: [String?] = []
        clipboard.paste { pasted.append($0) }
        try app.run(until: { !pasted.isEmpty })
        #expect(pasted == [nil])
        // A clipboard made for a withdrawn seat is refused outright.
        #expect(throws: Clipboard.ClipboardError.unavailable) { try Clipboard(application: app) }
    }
}
