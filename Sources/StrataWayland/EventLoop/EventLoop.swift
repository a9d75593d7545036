import CShims
import CWaylandClient
import Foundation
import Glibc

/// The main-thread loop: the Wayland connection's fd, timers, and tasks posted from other
/// threads, with hooks that run just before the loop waits (where the implicit `CATransaction`
/// commits and requests are flushed).
///
/// Contract:
/// - `run()` returns when `stop()` is called and throws when the connection breaks (compositor
///   gone, protocol error): the error names what happened. It never spins: with no timer due and
///   nothing to read it blocks in `poll` (idle = no wakeups).
/// - Reading uses `wl_display_prepare_read`/`read_events`, so other threads may safely send
///   requests on the same display.
/// - `post` and `stop` are the only thread-safe entry points.
/// - Other file descriptors can be watched (`addWatch`): pipes for clipboard transfers.
public final class EventLoop: @unchecked Sendable {
    public let display: WaylandDisplay
    /// The queue this loop dispatches (nil: the default queue, i.e. the main loop).
    public let queue: WaylandEventQueue?
    private let wakeFD: Int32
    private let tasks = TaskQueue()
    private var timers: [Timer] = []
    private var nextTimerID = 1
    private var running = false
    private var beforeWaitHooks: [() -> Void] = []
    private var watches: [Watch] = []
    private var nextWatchID = 1

    struct Watch {
        var id: Int
        var fd: Int32
        var events: Int16
        var handler: (Int16) -> Void
    }

    struct Timer {
        var id: Int
        var deadline: Double
        var action: () -> Void
    }

    public init(display: WaylandDisplay, queue: WaylandEventQueue? = nil) {
        self.display = display
        self.queue = queue
        wakeFD = strata_eventfd()
    }

    deinit {
        if wakeFD >= 0 { close(wakeFD) }
    }

    /// Adds a hook run each time before the loop waits (in order of addition).
    public func addBeforeWaitHook(_ hook: @escaping () -> Void) {
        beforeWaitHooks.append(hook)
    }

    /// Runs `action` once at `deadline` (MonotonicClock seconds). Returns an id for `cancelTimer`.
    @discardableResult
    public func addTimer(at deadline: Double, _ action: @escaping () -> Void) -> Int {
        let id = nextTimerID
        nextTimerID += 1
        timers.append(Timer(id: id, deadline: deadline.isNaN ? 0 : deadline, action: action))
        return id
    }

    public func cancelTimer(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Timers added and not yet fired or cancelled (tests check that a retired object left none).
    var pendingTimerCount: Int { timers.count }

    /// Calls `handler` with the ready events each time `fd` polls ready for `events` (`POLLIN`,
    /// `POLLOUT`; hang-ups and errors are always reported). Returns an id for `removeWatch`,
    /// which the handler may call on itself. The loop never reads, writes or closes `fd`.
    @discardableResult
    public func addWatch(fd: Int32, events: Int16, _ handler: @escaping (Int16) -> Void) -> Int {
        let id = nextWatchID
        nextWatchID += 1
        watches.append(Watch(id: id, fd: fd, events: events, handler: handler))
        return id
    }

    public func removeWatch(_ id: Int) {
        watches.removeAll { $0.id == id }
    }

    /// Runs `task` on the loop's thread soon. Callable from any thread.
    public func post(_ task: @escaping @Sendable () -> Void) {
        tasks.push(task)
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Ends `run()` after the current iteration. Callable from any thread.
    public func stop() {
        post { [unowned self] in self.running = false }
    }

    public func run() throws {
        running = true
        let d = display.connection.display
        while running {
            for hook in beforeWaitHooks { hook() }
            if !running { break }
            while prepareRead(d) != 0 {
                if dispatchPending(d) < 0 { throw connectionError() }
            }
            var wantWrite = false
            if wl_display_flush(d) < 0 {
                if errno == EAGAIN { wantWrite = true } else {
                    wl_display_cancel_read(d)
                    throw connectionError()
                }
            }
            var fds = [
                pollfd(fd: wl_display_get_fd(d), events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
            ] + watches.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
            let watched = watches
            let r = poll(&fds, nfds_t(fds.count), pollTimeout())
            if r < 0 && errno != EINTR {
                wl_display_cancel_read(d)
                throw WaylandError.connectionLost(errno: errno)
            }
            if r > 0 && fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                if wl_display_read_events(d) < 0 { throw connectionError() }
            } else {
                wl_display_cancel_read(d)
            }
            if dispatchPending(d) < 0 { throw connectionError() }
            if fds[1].revents != 0 {
                var v: UInt64 = 0
                _ = read(wakeFD, &v, 8)
            }
            for (i, w) in watched.enumerated() where fds[2 + i].revents != 0 {
                // Skip watches an earlier handler removed in this iteration.
                if watches.contains(where: { $0.id == w.id }) { w.handler(fds[2 + i].revents) }
            }
            for task in tasks.drain() { task() }
            fireDueTimers()
        }
    }

    private func prepareRead(_ d: OpaquePointer) -> Int32 {
        if let q = queue?.queue { return wl_display_prepare_read_queue(d, q) }
        return wl_display_prepare_read(d)
    }

    private func dispatchPending(_ d: OpaquePointer) -> Int32 {
        if let q = queue?.queue { return wl_display_dispatch_queue_pending(d, q) }
        return wl_display_dispatch_pending(d)
    }

    private func connectionError() -> WaylandError {
        display.connection.error ?? .connectionLost(errno: errno)
    }

    private func pollTimeout() -> Int32 {
        guard let next = timers.map(\.deadline).min() else { return -1 }
        let ms = (next - MonotonicClock.now()) * 1000
        return ms <= 0 ? 0 : Int32(min(ms.rounded(.up), 3_600_000))
    }

    private func fireDueTimers() {
        let now = MonotonicClock.now()
        let due = timers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
        guard !due.isEmpty else { return }
        let ids = Set(due.map(\.id))
        timers.removeAll { ids.contains($0.id) }
        for t in due { t.action() }
    }
}

/// Tasks posted from other threads.
private final class TaskQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [@Sendable () -> Void] = []

    func push(_ t: @escaping @Sendable () -> Void) {
        lock.lock(); items.append(t); lock.unlock()
    }

    func drain() -> [@Sendable () -> Void] {
        lock.lock(); defer { lock.unlock() }
        let out = items
        items.removeAll()
        return out
    }
}
