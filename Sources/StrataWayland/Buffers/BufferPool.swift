import CShims

/// The buffers of one surface: at most `capacity` (default 3), reused by size, never more.
///
/// - `acquire` returns a free buffer of the wanted size, creating one while fewer than
///   `capacity` exist; when the compositor holds every buffer it returns nil (the caller waits
///   for a release — never allocates without bound) and logs that once.
/// - On resize, free buffers of the old size are dropped at once and busy ones when released.
/// - `age(of:)` gives the buffer age for damage tracking.
public final class BufferPool {
    public let capacity: Int
    private let shm: WlShm
    private(set) var buffers: [ShmBuffer] = []
    private var frameCounter: UInt64 = 0
    private var warnedExhausted = false
    /// Called when a buffer comes back, so a waiting frame can be drawn.
    public var onBufferReleased: (() -> Void)?
    /// Where the one-time warning goes (stderr by default); tests capture it.
    public var log: (String) -> Void = { strata_log_line($0) }

    public init(shm: WlShm, capacity: Int = 3) {
        self.shm = shm
        self.capacity = max(1, capacity)
    }

    /// Number of live buffers (busy or free).
    public var count: Int { buffers.count }

    public func acquire(width: Int, height: Int) throws -> ShmBuffer? {
        buffers.removeAll { !$0.busy && ($0.width != width || $0.height != height) }
        if let free = buffers.first(where: { !$0.busy && $0.width == width && $0.height == height }) {
            return free
        }
        guard buffers.count < capacity else {
            if !warnedExhausted {
                warnedExhausted = true
                log("strata: the compositor holds all \(capacity) buffers; waiting for a release")
            }
            return nil
        }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height)
        buffer.onRelease = { [unowned self] released in
            if self.isStale(released) {
                self.buffers.removeAll { $0 === released }
            }
            self.onBufferReleased?()
        }
        buffers.append(buffer)
        return buffer
    }

    private var currentSize: (Int, Int)?
    private func isStale(_ b: ShmBuffer) -> Bool {
        guard let s = currentSize else { return false }
        return b.width != s.0 || b.height != s.1
    }

    /// Buffer age: 0 when the buffer's contents are undefined, else how many frames ago it was
    /// painted (1 = it holds the previous frame).
    public func age(of buffer: ShmBuffer) -> Int {
        buffer.paintedFrame == 0 ? 0 : Int(frameCounter + 1 - buffer.paintedFrame)
    }

    /// Destroys every buffer, busy or not (the surface is going away: the compositor keeps what it
    /// shows). Call on the thread that dispatches the buffers' queue, so that no release event is
    /// being dispatched to a buffer while it is destroyed.
    public func removeAll() {
        buffers.removeAll()
    }

    /// Records that `buffer` now holds the newest frame, and marks it busy (about to be attached).
    public func didPaint(_ buffer: ShmBuffer) {
        frameCounter += 1
        buffer.paintedFrame = frameCounter
        buffer.busy = true
        currentSize = (buffer.width, buffer.height)
    }
}

