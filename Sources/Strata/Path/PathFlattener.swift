import CRaster
import Foundation

/// Receives a path as straight segments (device or user space, as the producer decides).
internal protocol _PolylineSink {
    mutating func moveTo(_ x: Double, _ y: Double)
    mutating func lineTo(_ x: Double, _ y: Double)
    /// Ends the current contour as closed (a line back to its start is implied).
    mutating func closeContour()
}

/// Turns curves into line segments whose distance to the exact curve is at most `tolerance`.
///
/// The segment count for a curve comes from the bound on uniform subdivision: a curve whose
/// second derivative is at most M deviates from its n-piece chord polyline by ≤ M/(8n²). A cubic
/// of more than 6 such pieces whose cuts placed by its curvature need fewer takes those instead
/// (`craster_cubic_cuts`, CRasterCuts.h: the C flattener's same cuts): within 1.14× the tolerance
/// for 99 % of seeded cubics and 1.33× it at worst, the only curves not bounded exactly.
/// A curve is split into at most `maxPiecesPerCurve` pieces, so absurd coordinates (1e9) cost
/// bounded time; such curves are then coarser than the tolerance.
internal enum _PathFlattener {
    static let maxPiecesPerCurve = 4096

    /// True when every point of the path is finite.
    static func isFinite(_ path: CGPath) -> Bool {
        path._points.withUnsafeBufferPointer { pts in
            for p in pts where !(p.x.isFinite && p.y.isFinite) { return false }
            return true
        }
    }

    /// Flattens `path` transformed by `t` into `sink`.
    ///
    /// `straddle` (fills): each inner point P₁ of a curve's polyline, between P₀ and P₂, is moved
    /// by −(P₀ − 2P₁ + P₂)/16, half the sagitta of the chords beside it, outward. Chords on the
    /// curve's inner side then cross it instead: with the same pieces the polyline keeps within
    /// about half the tolerance (¾ of it in a curve's first and last piece, whose ends stay on the
    /// curve), and the area it encloses is nearly the curve's instead of short by ⅔ of a sagitta
    /// along the whole edge. A curve cut in 2 pieces is cut in 3 (both would be end pieces: a disc
    /// of 0.6 px radius would lose 6.7 % of its area instead of 2.4 %). Where the curve turns
    /// sharply within a piece or two (cusps, hairpins of cubics) a point whose move would be longer
    /// than the tolerance, at a vertex turning by more than 60°, stays on the curve: there the
    /// move is no half sagitta and pushed points up to 1.44× the tolerance off the curve (seeded
    /// cubics, `FlattenStraddleTests`). Outlines and lengths
    /// (strokes, dashes, `contains`) keep their points on the curve. `craster_edges_path` computes
    /// the same points, operation for operation.
    static func flatten<S: _PolylineSink>(_ path: CGPath, transform t: CGAffineTransform,
                                          tolerance: Double, straddle: Bool = false, into sink: inout S) {
        let tol = max(tolerance, 1e-6)
        var cx = 0.0, cy = 0.0
        let ta = t.a, tb = t.b, tc = t.c, td = t.d, ttx = t.tx, tty = t.ty
        @inline(__always) func tx(_ p: CGPoint) -> (Double, Double) {
            (ta * p.x + tc * p.y + ttx, tb * p.x + td * p.y + tty)
        }
        path._forEach { type, p in
            switch type {
            case .moveToPoint:
                (cx, cy) = tx(p[0])
                sink.moveTo(cx, cy)
            case .addLineToPoint:
                (cx, cy) = tx(p[0])
                sink.lineTo(cx, cy)
            case .addQuadCurveToPoint:
                let (x1, y1) = tx(p[0]), (x2, y2) = tx(p[1])
                let ddx = cx - 2 * x1 + x2, ddy = cy - 2 * y1 + y2
                var n = pieces((ddx * ddx + ddy * ddy).squareRoot() / (4 * tol))
                if straddle && n == 2 { n = 3 }
                if n > 1 {
                    let dt = 1.0 / Double(n)
                    @inline(__always) func at(_ i: Int) -> (Double, Double) {
                        let s = Double(i) * dt, u = 1 - s
                        let w0 = u * u, w1 = 2 * u * s, w2 = s * s
                        return (w0 * cx + w1 * x1 + w2 * x2, w0 * cy + w1 * y1 + w2 * y2)
                    }
                    if straddle {
                        straddled(n, from: (cx, cy), to: (x2, y2), tolerance: tol, at, into: &sink)
                    } else {
                        for i in 1..<n {
                            let (x, y) = at(i)
                            sink.lineTo(x, y)
                        }
                    }
                }
                sink.lineTo(x2, y2)
                (cx, cy) = (x2, y2)
            case .addCurveToPoint:
                let (x1, y1) = tx(p[0]), (x2, y2) = tx(p[1]), (x3, y3) = tx(p[2])
                let ax = cx - 2 * x1 + x2, ay = cy - 2 * y1 + y2
                let bx = x1 - 2 * x2 + x3, by = y1 - 2 * y2 + y3
                let dd = max(ax * ax + ay * ay, bx * bx + by * by).squareRoot()
                var n = pieces(0.75 * dd / tol)
                if straddle && n == 2 { n = 3 }
                if n > 1 {
                    // Power basis: B(s) = c0 + s(c1 + s(c2 + s c3)).
                    let c1x = 3 * (x1 - cx), c1y = 3 * (y1 - cy)
                    let c2x = 3 * ax, c2y = 3 * ay
                    let c3x = x3 - cx + 3 * (x1 - x2), c3y = y3 - cy + 3 * (y1 - y2)
                    @inline(__always) func at(_ s: Double) -> (Double, Double) {
                        (cx + s * (c1x + s * (c2x + s * c3x)), cy + s * (c1y + s * (c2y + s * c3y)))
                    }
                    @inline(__always) func emit(_ n: Int, _ param: (Int) -> Double) {
                        if straddle {
                            straddled(n, from: (cx, cy), to: (x3, y3), tolerance: tol, { at(param($0)) }, into: &sink)
                        } else {
                            for i in 1..<n {
                                let (x, y) = at(param(i))
                                sink.lineTo(x, y)
                            }
                        }
                    }
                    let dt = 1.0 / Double(n)
                    if n >= Int(CRASTER_CUTS_MIN) && n <= Int(CRASTER_CUTS_MAX) {
                        // Cuts placed by the curvature where they save pieces (CRasterCuts.h).
                        withUnsafeTemporaryAllocation(of: Double.self, capacity: n + 1) { cut in
                            let m = Int(craster_cubic_cuts(cx, cy, x1, y1, x2, y2, x3, y3, tol, Int32(n), cut.baseAddress!))
                            if m < n {
                                emit(m) { cut[$0] }
                            } else {
                                emit(n) { Double($0) * dt }
                            }
                        }
                    } else {
                        emit(n) { Double($0) * dt }
                    }
                }
                sink.lineTo(x3, y3)
                (cx, cy) = (x3, y3)
            case .closeSubpath:
                sink.closeContour()
            }
        }
    }

    /// The inner points 1 … n − 1 of a curve cut in n pieces (`at(i)`; point 0 is `start`, point
    /// n `end`), each moved by −(P₀ − 2P₁ + P₂)/16 (see `flatten`'s `straddle`).
    @inline(__always)
    static func straddled<S: _PolylineSink>(_ n: Int, from start: (Double, Double), to end: (Double, Double),
                                            tolerance tol: Double, _ at: (Int) -> (Double, Double), into sink: inout S) {
        var (x0, y0) = start
        var (x1, y1) = at(1)
        for i in 1..<n {
            let (x2, y2) = i + 1 == n ? end : at(i + 1)
            var mx = 0.0625 * (x0 - 2 * x1 + x2), my = 0.0625 * (y0 - 2 * y1 + y2)
            // Not where the line turns by more than 60° and the move is longer than tol: a cusp
            // or hairpin, where it can push the point out of the curve's reach (CRaster's
            // straddle_keeps, the same operations).
            let m2 = mx * mx + my * my
            if m2 > tol * tol {
                let ax = x1 - x0, ay = y1 - y0, bx = x2 - x1, by = y2 - y1
                let dot = ax * bx + ay * by
                if dot * dot < 0.25 * (ax * ax + ay * ay) * (bx * bx + by * by) || dot < 0 { mx = 0; my = 0 }
            }
            sink.lineTo(x1 - mx, y1 - my)
            (x0, y0, x1, y1) = (x1, y1, x2, y2)
        }
    }

    /// Pieces for a curve whose deviation bound is `k`/n² (k already divided by the tolerance).
    @inline(__always)
    static func pieces(_ k: Double) -> Int {
        guard k > 1 else { return 1 }
        let r = k.squareRoot()
        guard r < Double(maxPiecesPerCurve) else { return maxPiecesPerCurve }   // also inf/NaN
        return Int(r.rounded(.up))
    }

    /// The largest stretch factor of the linear part of `t` (its largest singular value).
    static func maxScale(_ t: CGAffineTransform) -> Double {
        let p = t.a * t.a + t.b * t.b, q = t.c * t.c + t.d * t.d, r = t.a * t.c + t.b * t.d
        let s = ((p + q) + ((p - q) * (p - q) + 4 * r * r).squareRoot()) / 2
        return s.squareRoot()
    }
}

/// Collects flattened contours as point arrays (used by measuring, dashing and stroking).
internal struct _PolylineCollector: _PolylineSink {
    /// `drawn`: a line element reached the contour's single point (a zero-length subpath, a dot
    /// when stroked with round or square caps); a one-point contour without it, and not
    /// closed, is a lone move-to, which strokes as nothing (as the PDF model Core Graphics
    /// follows has it).
    struct Contour {
        var start: Int; var count: Int; var closed: Bool; var drawn = false
        /// One point that a stroke draws as a dot (for caps that have one).
        var isDot: Bool { count == 1 && (drawn || closed) }
    }
    var xs: [Double] = []
    var ys: [Double] = []
    var contours: [Contour] = []
    /// CRaster's point buffers for `setFlattened` (made on first use, reused after).
    var native: _NativePoints?

    mutating func reset() {
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
    }

    mutating func moveTo(_ x: Double, _ y: Double) {
        contours.append(Contour(start: xs.count, count: 1, closed: false))
        xs.append(x); ys.append(y)
    }

    mutating func lineTo(_ x: Double, _ y: Double) {
        if contours.isEmpty || contours[contours.count - 1].closed {
            // A segment after a close continues from the closed contour's start.
            let sx = contours.last.map { xs[$0.start] } ?? x, sy = contours.last.map { ys[$0.start] } ?? y
            moveTo(sx, sy)
        }
        let i = contours.count - 1
        let last = xs.count - 1
        if xs[last] == x && ys[last] == y { contours[i].drawn = true; return }   // zero-length segment
        xs.append(x); ys.append(y)
        contours[i].count += 1
    }

    mutating func closeContour() {
        guard !contours.isEmpty else { return }
        contours[contours.count - 1].closed = true
    }
}
