import CPixman
import Foundation

/// An A8 coverage mask (a rounded rectangle or its border band, in device pixels) together with
/// a cut of its rectangle into pieces by what compositing through them needs: fully covered
/// pieces go without a mask (a plain blit or fill, SRC when the source is opaque), empty ones
/// are skipped, and only the rest (the corners and fractional edges) is composited through the
/// mask. For a rounded rectangle on whole pixels that is four corner boxes and three plain
/// rectangles, cheaper than one full-size masked composite.
final class _CoverageMask {
    enum Coverage: UInt8 { case empty, partial, full }

    /// A rectangle of mask pixels and what all its pixels hold (`partial`: anything).
    struct Piece: Equatable {
        var rect: PixelRect
        var coverage: Coverage
    }

    let image: OpaquePointer
    private let memory: UnsafeMutableRawPointer
    let width: Int, height: Int, stride: Int
    /// Mask pixel (0, 0) relative to the integer part of the device translation.
    let dx: Int, dy: Int
    /// Disjoint pieces tiling the mask's rectangle.
    private(set) var pieces: [Piece] = []
    var lastUse: Int
    var bytes: Int { stride * height }

    /// A zeroed `width`×`height` mask that `draw` fills (rows `stride` bytes apart); nil when
    /// the memory cannot be had.
    init?(width: Int, height: Int, dx: Int, dy: Int, frame: Int,
          draw: (_ rows: UnsafeMutablePointer<UInt8>, _ stride: Int, _ image: OpaquePointer) -> Void) {
        let stride = (width + 3) & ~3 // pixman rows are 4-byte aligned
        guard width > 0, height > 0, let mem = calloc(stride * height, 1) else { return nil }
        guard let img = pixman_image_create_bits_no_clear(PIXMAN_a8, Int32(width), Int32(height),
                                                          mem.assumingMemoryBound(to: UInt32.self), Int32(stride)) else {
            free(mem); return nil
        }
        image = img; memory = mem
        self.width = width; self.height = height; self.stride = stride
        self.dx = dx; self.dy = dy; lastUse = frame
        let rows = mem.assumingMemoryBound(to: UInt8.self)
        draw(rows, stride, img)
        pieces = Self.pieces(rows, width: width, height: height, stride: stride)
    }

    deinit { pixman_image_unref(image); free(memory) }

    /// Coverage of mask pixel (x, y), for tests.
    func value(x: Int, y: Int) -> UInt8 { memory.load(fromByteOffset: y * stride + x, as: UInt8.self) }

    // MARK: Cutting into pieces

    /// More pieces than this and the whole mask is one partial piece (each piece is a pixman
    /// call).
    static let maxPieces = 24
    /// Bands of identical rows shorter than this are merged with their neighbours into mixed
    /// bands (a rounded corner's rows all differ).
    static let minBand = 8
    /// Full or empty column runs narrower than this inside a band go through the mask.
    static let minRun = 4

    @inline(__always)
    private static func coverage(_ v: UInt8) -> Coverage { v == 0 ? .empty : v == 255 ? .full : .partial }

    /// Cuts the mask into horizontal bands of rows with the same run structure (short bands
    /// merged into mixed ones, whose columns count as full or empty only when they are in every
    /// row), then each band into runs of columns of one coverage.
    static func pieces(_ rows: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> [Piece] {
        let whole = [Piece(rect: PixelRect(x: 0, y: 0, width: width, height: height), coverage: .partial)]
        // Bands of identical row structure: row y's class runs compared with row y − 1's.
        var bands: [(y0: Int, y1: Int)] = []
        for y in 0..<height {
            if y > 0, sameStructure(rows + (y - 1) * stride, rows + y * stride, width) {
                bands[bands.count - 1].y1 = y + 1
            } else {
                bands.append((y, y + 1))
            }
        }
        // Consecutive short bands (a corner's rows) become one mixed band.
        var merged: [(y0: Int, y1: Int)] = []
        var lastShort = false
        for b in bands {
            let short = b.y1 - b.y0 < minBand
            if short, lastShort { merged[merged.count - 1].y1 = b.y1 } else { merged.append(b) }
            lastShort = short
        }
        var out: [Piece] = []
        var classes = [Coverage](repeating: .empty, count: width)
        for b in merged {
            // Column classes over the band's rows.
            for x in 0..<width { classes[x] = coverage(rows[b.y0 * stride + x]) }
            for y in (b.y0 + 1)..<b.y1 {
                let row = rows + y * stride
                for x in 0..<width where classes[x] != .partial && coverage(row[x]) != classes[x] { classes[x] = .partial }
            }
            // Runs, narrow full/empty runs folded into partial.
            var runs: [(x0: Int, x1: Int, c: Coverage)] = []
            var x = 0
            while x < width {
                var e = x + 1
                while e < width, classes[e] == classes[x] { e += 1 }
                var c = classes[x]
                if c != .partial, e - x < minRun, !(x == 0 && e == width) { c = .partial }
                if let last = runs.last, last.c == c { runs[runs.count - 1].x1 = e } else { runs.append((x, e, c)) }
                x = e
            }
            for r in runs {
                out.append(Piece(rect: PixelRect(x: r.x0, y: b.y0, width: r.x1 - r.x0, height: b.y1 - b.y0), coverage: r.c))
            }
            if out.count > maxPieces { return whole }
        }
        return out
    }

    /// Whether two rows have the same runs of empty, partial and full pixels.
    private static func sameStructure(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ width: Int) -> Bool {
        for x in 0..<width where coverage(a[x]) != coverage(b[x]) { return false }
        return true
    }
}
