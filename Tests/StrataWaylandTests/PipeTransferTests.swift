import Foundation
import Glibc
import Testing
@testable import StrataWayland
import StrataTestSupport

/// Clipboard transfers through pipes on an `EventLoop` (connected to the scripted compositor,
/// which only provides the loop's Wayland fd): exact bytes, the size limit, a peer that never
/// finishes, a reader that goes away, and one thread writing and reading a transfer larger
/// than a pipe's buffer (what pasting one's own copy does).
@Suite(.runLoopTurn) struct PipeTransferTests {
    let compositor = SeatTestCompositor()
    let display: WaylandDisplay
    let loop: EventLoop

    init() throws {
        display = try WaylandDisplay(name: compositor.path)
        loop = EventLoop(display: display)
        signal(SIGPIPE, SIG_IGN)  // as Clipboard does
    }

    func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    /// Runs the loop until `done` is set (each completion stops it), at most 5 s.
    func run(until done: () -> Bool) throws {
        let loop = self.loop
        // Weak: the loop keeps its timers, so a strong capture of a timer that never fires
        // would keep the loop and its display alive after the test (LeakSanitizer).
        loop.addTimer(at: MonotonicClock.now() + 5) { [weak loop] in loop?.stop() }
        while !done() { try loop.run() }
    }

    @Test func oneThreadWritesAndReadsMoreThanAPipeHolds() throws {
        let p = makePipe()
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var received: [UInt8]?
        let writer = PipeTransfer.write(payload, to: p.write, loop: loop, timeout: 5)
        let reader = PipeTransfer.read(from: p.read, loop: loop, limit: 1 << 20, timeout: 5) { [loop] in received = $0; loop.stop() }
        try run { received != nil }
        #expect(received == payload)
        #expect(writer.isFinished && reader.isFinished)
    }

    @Test func readingPastTheLimitFailsAndClosesTheFD() throws {
        let p = makePipe()
        defer { close(p.write) }
        let bytes = [UInt8](repeating: 0x41, count: 100)
        _ = bytes.withUnsafeBytes { write(p.write, $0.baseAddress, 100) }
        var result: [UInt8]?? = .none
        PipeTransfer.read(from: p.read, loop: loop, limit: 99, timeout: 5) { [loop] in result = .some($0); loop.stop() }
        try run { result != nil }
        #expect(result == .some(nil))
        #expect(write(p.write, bytes, 1) == -1 && errno == EPIPE, "the read end was closed")

        let q = makePipe()
        _ = bytes.withUnsafeBytes { write(q.write, $0.baseAddress, 100) }
        close(q.write)
        result = .none
        PipeTransfer.read(from: q.read, loop: loop, limit: 100, timeout: 5) { [loop] in result = .some($0); loop.stop() }
        try run { result != nil }
        #expect(result == .some(bytes), "exactly at the limit is fine")
    }

    @Test func aWriterThatNeverClosesTimesOut() throws {
        let p = makePipe()
        defer { close(p.write) }
        _ = [UInt8](repeating: 1, count: 10).withUnsafeBytes { write(p.write, $0.baseAddress, 10) }
        var result: [UInt8]?? = .none
        PipeTransfer.read(from: p.read, loop: loop, limit: 100, timeout: 0.05) { [loop] in result = .some($0); loop.stop() }
        try run { result != nil }
        #expect(result == .some(nil))
        #expect(write(p.write, [0], 1) == -1 && errno == EPIPE, "the read end was closed")
    }

    @Test func aReaderThatGoesAwayEndsTheWriteWithoutASignal() throws {
        let p = makePipe()
        close(p.read)
        let writer = PipeTransfer.write([1, 2, 3], to: p.write, loop: loop, timeout: 5)
        let loop = self.loop
        // EPIPE ends the transfer at its first write (the process survives: SIGPIPE ignored).
        loop.addTimer(at: 0) { loop.stop() }
        try loop.run()
        #expect(writer.isFinished)
    }
}
