import Foundation
import StrataWayland

/// The main `EventLoop`'s timers as an `InputScheduler` (monotonic clock seconds).
public final class EventLoopScheduler: InputScheduler {
    public let loop: EventLoop

    public init(loop: EventLoop) { self.loop = loop }

    public var now: TimeInterval { MonotonicClock.now() }

    @discardableResult
    public func schedule(at deadline: TimeInterval, _ action: @escaping () -> Void) -> Int {
        loop.addTimer(at: deadline, action)
    }

    public func cancel(_ id: Int) { loop.cancelTimer(id) }
}
