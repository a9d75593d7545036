import Foundation

/// Where a ``CATiledLayer``'s tile drawing runs. The default runs jobs on background threads,
/// never the main or render thread; tests inject one that runs them when told.
protocol _TileExecutor: Sendable {
    func submit(_ job: @escaping @Sendable () -> Void)
}

/// Background workers: as many concurrent tile draws as the machine has cores (at least 2),
/// the most recently requested first (the newest view is the one on screen).
final class _BackgroundTileExecutor: _TileExecutor, @unchecked Sendable {
    // @unchecked: `pending` and `running` are guarded by `lock`.
    static let shared = _BackgroundTileExecutor()
    private let lock = NSLock()
    private var pending: [@Sendable () -> Void] = []
    private var running = 0
    private let width = max(2, ProcessInfo.processInfo.activeProcessorCount)
    private let queue = DispatchQueue(label: "strata.tiles", qos: .userInitiated, attributes: .concurrent)

    func submit(_ job: @escaping @Sendable () -> Void) {
        lock.lock()
        pending.append(job)
        let start = running < width
        if start { running += 1 }
        lock.unlock()
        if start { queue.async { self.drain() } }
    }

    private func drain() {
        while true {
            lock.lock()
            guard let job = pending.popLast() else {
                running -= 1
                lock.unlock()
                return
            }
            lock.unlock()
            job()
        }
    }
}
