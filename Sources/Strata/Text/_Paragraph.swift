import Foundation

/// A paragraph (or a window of one) resolved for layout: bidi levels, shaped runs, and per
/// scalar advances and break opportunities. Built under the engine lock.
struct _Paragraph {
    let scalars: [UInt32]
    let styleOf: [Int32]
    let levels: [UInt8]
    let rtl: Bool
    let runs: [_ShapedRun]
    /// Advance of each scalar's cluster, on its first scalar (0 on the others), pixels.
    let advances: [Double]
    /// True where a cluster starts (a line may break before such a scalar).
    let clusterStart: [Bool]

    init(_ scalars: [UInt32], styles: [Int32], shaper: _Shaper, base: Bool? = nil) {
        self.scalars = scalars
        styleOf = styles
        let (lv, rtl) = scalars.withUnsafeBufferPointer { _Bidi.levels($0, base: base) }
        levels = lv; self.rtl = rtl
        runs = scalars.withUnsafeBufferPointer { buf in
            shaper.shape(buf, 0..<buf.count, levels: lv, styleOf: { Int(styles[$0]) })
        }
        var adv = [Double](repeating: 0, count: scalars.count)
        var starts = [Bool](repeating: false, count: scalars.count)
        for r in runs {
            for g in r.glyphs where g.cluster < adv.count {
                adv[g.cluster] += g.advance
                starts[g.cluster] = true
            }
        }
        if !starts.isEmpty { starts[0] = true }
        advances = adv; clusterStart = starts
    }

    static func isSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0x3000 || c == 0xA0 }

    static func isCJK(_ c: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(c) || (0xAC00...0xD7AF).contains(c) || (0xF900...0xFAFF).contains(c)
            || (0xFF00...0xFFEF).contains(c) || (0x20000...0x3FFFF).contains(c)
    }

    /// A line may end after scalar `i` (spaces, hyphens, and around CJK ideographs).
    func canBreak(after i: Int) -> Bool {
        let c = scalars[i]
        if Self.isSpace(c) || c == 0x2D || c == 0x200B { return true }
        guard i + 1 < scalars.count else { return true }
        return Self.isCJK(c) || Self.isCJK(scalars[i + 1])
    }

    /// Width of `r` in pixels, trailing spaces excluded when `trim`.
    func width(_ r: Range<Int>, trim: Bool) -> Double {
        var e = r.upperBound
        if trim { while e > r.lowerBound, Self.isSpace(scalars[e - 1]) { e -= 1 } }
        var w = 0.0
        for i in r.lowerBound..<e { w += advances[i] }
        return w
    }

    /// Greedy line breaking of `from..<count` into lines of at most `width` pixels; a word
    /// wider than a line breaks between clusters. Returns line ranges (at most `maxLines`).
    func breakLines(width: Double, from start: Int = 0, maxLines: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var ls = start
        let n = scalars.count
        while ls < n, lines.count < maxLines {
            var w = 0.0, lastBreak = -1, i = ls, end = n
            while i < n {
                let c = scalars[i]
                if !Self.isSpace(c) && w + advances[i] > width && i > ls {
                    if lastBreak >= ls {
                        end = lastBreak + 1
                    } else {
                        var k = i
                        while k > ls + 1, !clusterStart[k] { k -= 1 }
                        end = k
                    }
                    break
                }
                w += advances[i]
                if canBreak(after: i) { lastBreak = i }
                i += 1
            }
            if i == n { end = n }
            lines.append(ls..<end)
            ls = end
        }
        return lines
    }

    /// The glyphs of `r` in visual order with pen positions (pixels from the line's left edge),
    /// trailing spaces dropped, and the line's width. `extraPerSpace` widens every space
    /// (justification).
    func placeLine(_ r: Range<Int>, extraPerSpace: Double = 0) -> (glyphs: [(g: _ShapedGlyph, x: Double)], width: Double) {
        var e = r.upperBound
        while e > r.lowerBound, Self.isSpace(scalars[e - 1]) { e -= 1 }
        var pieces: [(level: UInt8, glyphs: [_ShapedGlyph])] = []
        for run in runs where run.range.overlaps(r.lowerBound..<e) {
            let gs = run.glyphs.filter { $0.cluster >= r.lowerBound && $0.cluster < e }
            if !gs.isEmpty { pieces.append((run.level, gs)) }
        }
        var out: [(g: _ShapedGlyph, x: Double)] = []
        var pen = 0.0
        for k in _Bidi.visualOrder(pieces.map(\.level)) {
            for g in pieces[k].glyphs {
                out.append((g, pen + g.dx))
                pen += g.advance
                if extraPerSpace != 0, Self.isSpace(scalars[g.cluster]) { pen += extraPerSpace }
            }
        }
        return (out, pen)
    }
}
