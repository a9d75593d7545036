import Foundation

/// Reusable raw memory for offscreen groups and coverage masks, handed out last-in first-out
/// (groups nest, masks live for one composite). Buffers keep their largest size, so steady-state
/// frames allocate nothing here; sizes are bounded by the repainted area, never by layer sizes.
final class _Scratch {
    private var buffers: [(pointer: UnsafeMutableRawPointer, size: Int)] = []
    private var used = 0

    /// A zero-filled buffer of at least `bytes` bytes, valid until the matching `pop`.
    func push(bytes: Int) -> UnsafeMutableRawPointer {
        let need = max(bytes, 16)
        if used == buffers.count {
            buffers.append((malloc(need)!, need))
        } else if buffers[used].size < need {
            free(buffers[used].pointer)
            buffers[used] = (malloc(need)!, need)
        }
        let p = buffers[used].pointer
        memset(p, 0, need)
        used += 1
        return p
    }

    func pop() { used -= 1 }

    /// Frees buffers above `keepBytes` in total (call after an unusually large frame).
    func trim(keepBytes: Int) {
        var total = 0
        var kept: [(pointer: UnsafeMutableRawPointer, size: Int)] = []
        for (i, b) in buffers.enumerated() {
            if i < used || total + b.size <= keepBytes { kept.append(b); total += b.size } else { free(b.pointer) }
        }
        buffers = kept
    }

    deinit { for b in buffers { free(b.pointer) } }
}
