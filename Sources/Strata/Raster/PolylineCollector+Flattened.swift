import CRaster
import Foundation

/// CRaster's buffers for a flattened path (`craster_points`), freed with the object.
final class _NativePoints {
    var c = craster_points()
    deinit { craster_points_free(&c) }
}

extension _PolylineCollector {
    /// Replaces the contents with `path` flattened to `tolerance` (user space, chords on the
    /// curve): exactly what `reset()` then `_PathFlattener.flatten(path, transform: .identity,
    /// tolerance: tolerance, into: &self)` gives — the same points and contours — computed by
    /// CRaster in one call (`craster_points_path`, which walks the path as `craster_edges_path`
    /// does) instead of one Swift call per point: a stroke's centre line is flattened for every
    /// stroke drawn. Falls back to the Swift flattener where a path's storage cannot go to C as
    /// it is, and when C runs out of memory.
    mutating func setFlattened(_ path: CGPath, tolerance: Double, straddle: Bool = false) {
        reset()
        guard _EdgeBuilder.kindsAreBytes else {
            _PathFlattener.flatten(path, transform: .identity, tolerance: tolerance, into: &self)
            return
        }
        let n = native ?? _NativePoints()
        native = n
        var identity = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        let status = withUnsafeBytes(of: &identity) { m in
            path._types.withUnsafeBytes { kinds in
                path._points.withUnsafeBytes { points in
                    craster_points_path(&n.c, kinds.baseAddress?.assumingMemoryBound(to: UInt8.self), path._types.count,
                                        points.baseAddress?.assumingMemoryBound(to: Double.self),
                                        m.baseAddress?.assumingMemoryBound(to: Double.self), tolerance, straddle ? 1 : 0)
                }
            }
        }
        guard status == 0 else {
            _PathFlattener.flatten(path, transform: .identity, tolerance: tolerance, into: &self)
            return
        }
        let count = n.c.n
        if count > 0 {
            xs.append(contentsOf: UnsafeBufferPointer(start: n.c.x, count: count))
            ys.append(contentsOf: UnsafeBufferPointer(start: n.c.y, count: count))
        }
        contours.reserveCapacity(n.c.contours)
        for k in 0..<n.c.contours {
            let start = n.c.start[k], end = k + 1 < n.c.contours ? n.c.start[k + 1] : count
            let flags = n.c.closed[k]
            contours.append(Contour(start: start, count: end - start, closed: flags & 1 != 0, drawn: flags & 2 != 0))
        }
    }
}
