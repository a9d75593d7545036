/// The damage of the last few frames, to repaint a buffer that holds an older frame.
///
/// With several buffers in rotation, the buffer about to be drawn holds the frame presented
/// `age` frames ago (EGL_EXT_buffer_age convention: 0 = contents undefined, 1 = the previous
/// frame). It needs every pixel that changed in any of the last `age` frames. Record each
/// frame's damage with ``record(_:)`` before asking ``region(forBufferAge:surface:)``.
public struct DamageHistory: Sendable {
    /// Frames remembered; a buffer older than this is repainted whole.
    public let capacity: Int
    private var frames: [Region] = []

    public init(capacity: Int = 4) { self.capacity = max(1, capacity) }

    /// Adds the damage of the frame being drawn now (newest last).
    public mutating func record(_ damage: Region) {
        frames.append(damage)
        if frames.count > capacity { frames.removeFirst(frames.count - capacity) }
    }

    /// Forgets everything (after a resize or scale change: every buffer is then repainted whole
    /// until new history accumulates).
    public mutating func reset() { frames.removeAll() }

    /// What to repaint in a buffer of `age`: the union of the last `age` recorded damages, or all
    /// of `surface` when the age is 0, negative, or older than the history.
    public func region(forBufferAge age: Int, surface: Region) -> Region {
        guard age >= 1, age <= frames.count else { return surface }
        var r = Region()
        for f in frames.suffix(age) { r.formUnion(f) }
        return r.intersection(surface)
    }
}
