import Foundation
import Glibc
import Testing
@testable import StrataWayland

/// A clock and timer list the test advances by hand: key repeat is checked at exact times.
final class ManualScheduler: InputTimerScheduler {
    private(set) var time: Double
    private var timers: [(id: Int, deadline: Double, action: () -> Void)] = []
    private var nextID = 1

    init(time: Double = 100) { self.time = time }

    func now() -> Double { time }

    func schedule(at deadline: Double, _ action: @escaping () -> Void) -> Int {
        defer { nextID += 1 }
        timers.append((nextID, deadline, action))
        return nextID
    }

    func cancel(_ id: Int) { timers.removeAll { $0.id == id } }

    var pendingCount: Int { timers.count }

    /// Moves the clock to `target`, firing due timers in deadline order at their deadlines
    /// (timers they schedule fire too when due).
    func advance(to target: Double) {
        while let next = timers.filter({ $0.deadline <= target }).min(by: { $0.deadline < $1.deadline }) {
            timers.removeAll { $0.id == next.id }
            time = max(time, next.deadline)
            next.action()
        }
        time = max(time, target)
    }

    /// Jumps to `target` at once, as a loop blocked until then would, and fires what is due.
    func jump(to target: Double) {
        time = max(time, target)
        advance(to: target)
    }
}

/// A real `WaylandDisplay` and `Seat` connected to a `SeatTestCompositor`, with helpers that
/// write recorded protocol events to the seat's objects and collect what the seat delivers.
final class SeatFixture {
    let compositor: SeatTestCompositor
    let display: WaylandDisplay
    let clock = ManualScheduler()
    let seat: Seat
    var events: [InputEvent] = []
    var logs: [String] = []
    /// Surfaces kept alive for the test's duration (the seat only holds them weakly).
    var surfaces: [WaylandSurface] = []

    func makeSurface() -> WaylandSurface {
        let s = WaylandSurface(display: display)
        surfaces.append(s)
        return s
    }

    init(seatVersion: UInt32 = 8, capabilities: WlSeat.Capability = [.pointer, .keyboard, .touch],
         composeLocale: String = "C", initialCapabilities: WlSeat.Capability = []) throws {
        compositor = SeatTestCompositor(seatVersion: seatVersion, initialCapabilities: initialCapabilities.rawValue)
        display = try WaylandDisplay(name: compositor.path)
        seat = try Seat(display: display, scheduler: clock)
        seat.composeLocale = composeLocale
        seat.log = { [unowned self] in self.logs.append($0) }
        seat.onEvent = { [unowned self] in self.events.append($0) }
        if initialCapabilities.isEmpty { try setCapabilities(capabilities) }
    }

    func setCapabilities(_ caps: WlSeat.Capability) throws {
        compositor.send(to: seat.wlSeat.id, opcode: 0, [.u(caps.rawValue)])
        try pump()
    }

    /// Lets the client read and dispatch everything sent so far (and flush its requests).
    func pump() throws {
        try display.connection.roundtrip()
    }

    func pointer(_ opcode: UInt16, _ args: SeatTestCompositor.Arg...) {
        compositor.send(to: seat.wlPointer!.id, opcode: opcode, args)
    }

    func keyboard(_ opcode: UInt16, _ args: SeatTestCompositor.Arg..., fd: Int32? = nil) {
        compositor.send(to: seat.wlKeyboard!.id, opcode: opcode, args, fd: fd)
    }

    func touch(_ opcode: UInt16, _ args: SeatTestCompositor.Arg...) {
        compositor.send(to: seat.wlTouch!.id, opcode: opcode, args)
    }

    /// The delivered events as lines, clearing the list.
    func take() -> [String] {
        do { try pump() } catch { Issue.record("the connection failed: \(error)") }
        defer { events = [] }
        return events.map(\.description)
    }
}

/// Protocol opcodes of the events the tests send.
enum PointerOp {
    static let enter: UInt16 = 0, leave: UInt16 = 1, motion: UInt16 = 2, button: UInt16 = 3, axis: UInt16 = 4
    static let frame: UInt16 = 5, axisSource: UInt16 = 6, axisStop: UInt16 = 7, axisDiscrete: UInt16 = 8
    static let axisValue120: UInt16 = 9
}

enum KeyboardOp {
    static let keymap: UInt16 = 0, enter: UInt16 = 1, leave: UInt16 = 2, key: UInt16 = 3, modifiers: UInt16 = 4
    static let repeatInfo: UInt16 = 5
}

enum TouchOp {
    static let down: UInt16 = 0, up: UInt16 = 1, motion: UInt16 = 2, frame: UInt16 = 3, cancel: UInt16 = 4
    static let shape: UInt16 = 5, orientation: UInt16 = 6
}

/// An unlinked temporary file holding `bytes`, as a compositor's keymap fd would.
func keymapFile(_ bytes: [UInt8]) -> Int32 {
    var template = Array("/tmp/strata-keymap-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    precondition(fd >= 0)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    return fd
}

/// A connected socket pair: the test keeps `probe`, hands `peer` out; once every copy of `peer`
/// is closed, writing to `probe` fails with EPIPE (checked without signals).
func socketPair() -> (probe: Int32, peer: Int32) {
    var sv: [Int32] = [-1, -1]
    precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sv) == 0)
    return (sv[0], sv[1])
}

/// Whether every copy of the other end of `probe` has been closed.
func peerClosed(_ probe: Int32) -> Bool {
    var byte: UInt8 = 0
    return send(probe, &byte, 1, Int32(MSG_NOSIGNAL)) < 0 && errno == EPIPE
}

extension Application {
    /// Runs the main loop until `condition` holds, at most 5 s (for what involves a
    /// render-thread round trip). Once per application: ending the loop stops the render thread.
    func run(until condition: @escaping () -> Bool) throws {
        let deadline = MonotonicClock.now() + 5
        func check() {
            if condition() || MonotonicClock.now() > deadline { stop() } else { after(0.005, check) }
        }
        after(0, check)
        try run()
    }
}
