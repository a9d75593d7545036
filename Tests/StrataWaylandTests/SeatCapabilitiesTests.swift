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
