import Foundation
import Glibc

/// One clipboard transfer through a pipe, driven by an `EventLoop` without ever blocking it:
/// the fd is made non-blocking and read or written only when `poll` says it is ready. This
/// matters when the app pastes its own selection: it is then both the writer and the reader,
/// on the same thread.
///
/// Contract:
/// - The transfer owns `fd` and closes it exactly once: when done, on an error, or when
///   `timeout` seconds pass without completion (a peer that never reads or never closes).
/// - A reader stops at `limit` bytes: more data is an error (`nil`), never unbounded memory.
/// - `completion` (readers) runs once, on the loop's thread.
final class PipeTransfer {
    private let fd: Int32
    private unowned let loop: EventLoop
    private var watch: Int?
    private var timer: Int?
    private var bytes: [UInt8]
    private var offset = 0
    private let limit: Int
    private var completion: (([UInt8]?) -> Void)?
    /// Whether the transfer ended (its fd is closed).
    private(set) var isFinished = false

    /// Writes `bytes` to `fd`, then closes it.
    @discardableResult
    static func write(_ bytes: [UInt8], to fd: Int32, loop: EventLoop, timeout: Double) -> PipeTransfer {
        let t = PipeTransfer(fd: fd, loop: loop, bytes: bytes, limit: 0, completion: nil)
        t.start(events: Int16(POLLOUT), timeout: timeout)
        return t
    }

    /// Reads `fd` to its end (at most `limit` bytes), closes it and calls `completion` with the
    /// bytes, or nil on an error, too much data or the timeout.
    @discardableResult
    static func read(from fd: Int32, loop: EventLoop, limit: Int, timeout: Double,
                     completion: @escaping ([UInt8]?) -> Void) -> PipeTransfer {
        let t = PipeTransfer(fd: fd, loop: loop, bytes: [], limit: max(0, limit), completion: completion)
        t.start(events: Int16(POLLIN), timeout: timeout)
        return t
    }

    /// Opens a pipe, hands its write end to `request` (an offer's `receive`, which sends it to
    /// the data's owner) and reads the other end like `read(from:…)`. No pipe: `completion(nil)`
    /// later, on the loop.
    static func receive(loop: EventLoop, limit: Int, timeout: Double, request: (Int32) -> Void,
                        completion: @escaping ([UInt8]?) -> Void) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            loop.addTimer(at: 0) { completion(nil) }
            return
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // libwayland duplicates the fd when it marshals the request, so ours closes at once:
        // the reader then sees end-of-file as soon as the owner closes its copy.
        request(fds[1])
        close(fds[1])
        read(from: fds[0], loop: loop, limit: limit, timeout: timeout, completion: completion)
    }

    private init(fd: Int32, loop: EventLoop, bytes: [UInt8], limit: Int, completion: (([UInt8]?) -> Void)?) {
        self.fd = fd
        self.loop = loop
        self.bytes = bytes
        self.limit = limit
        self.completion = completion
    }

    private func start(events: Int16, timeout: Double) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        // The loop's closures keep the transfer alive until `finish` removes them.
        watch = loop.addWatch(fd: fd, events: events) { [self] revents in
            if events == Int16(POLLOUT) { writeSome(revents) } else { readSome(revents) }
        }
        let seconds = timeout.isFinite ? max(0, timeout) : 3600
        timer = loop.addTimer(at: MonotonicClock.now() + seconds) { [self] in finish(nil) }
    }

    private func writeSome(_ revents: Int16) {
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 { offset += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { return }
            return finish(nil)  // EPIPE (the reader went away) or another error
        }
        finish([])
    }

    private func readSome(_ revents: Int16) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                guard bytes.count + n <= limit else { return finish(nil) }
                bytes += chunk[0..<n]
                continue
            }
            if n == 0 { return finish(bytes) }
            if errno == EAGAIN || errno == EINTR { return }
            return finish(nil)
        }
    }

    private func finish(_ result: [UInt8]?) {
        guard watch != nil || timer != nil else { return }
        if let w = watch { loop.removeWatch(w) }
        if let t = timer { loop.cancelTimer(t) }
        watch = nil
        timer = nil
        isFinished = true
        close(fd)
        let c = completion
        completion = nil
        bytes = []
        c?(result)
    }
}
