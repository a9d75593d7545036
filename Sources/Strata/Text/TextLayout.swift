import Foundation

/// Styled text laid out in a rectangle: fonts resolved through fontconfig (with per-character
/// fallback), paragraphs split at line feeds, bidirectional levels (FriBidi), shaping
/// (HarfBuzz), optional word wrapping, truncation with "…", alignment. It can draw itself into
/// any premultiplied ARGB32 buffer (``draw(into:origin:)``), which is what CATextLayer does and
/// what a CGContext text call can use.
///
/// Units: `size` and every reported geometry are in points; glyphs are placed and rasterised in
/// device pixels (`scale` pixels per point) with quarter-pixel horizontal positioning.
///
/// Bounded work: only lines that can be visible are shaped. A paragraph longer than what its
/// visible lines can hold (estimated with a 0.1 em minimum advance) is cut to that window, so
/// laying out a megabyte of text costs about as much as a screenful.
///
/// Lines: with wrapping, lines break at spaces, hyphens and around CJK ideographs, and between
/// clusters inside words wider than the rectangle. Without truncation, lines are laid out while
/// their top lies inside the rectangle (the last one may be cut by the layer's edge); with
/// truncation, only whole lines are kept and the last one ends in "…" when text remains
/// (wrapped text is always truncated at the end of that line — documented difference: Apple
/// applies start/middle only to single lines). Without wrapping, each paragraph is one line,
/// truncated at the start, middle or end when wider than the rectangle.
public final class TextLayout {
    public struct Options: Hashable, Sendable {
        public var size: CGSize
        public var isWrapped: Bool
        public var truncationMode: CATextLayerTruncationMode
        public var alignmentMode: CATextLayerAlignmentMode
        /// Device pixels per point.
        public var scale: CGFloat

        public init(size: CGSize, isWrapped: Bool = false, truncationMode: CATextLayerTruncationMode = .none,
                    alignmentMode: CATextLayerAlignmentMode = .natural, scale: CGFloat = 1) {
            self.size = size; self.isWrapped = isWrapped; self.truncationMode = truncationMode
            self.alignmentMode = alignmentMode; self.scale = scale
        }
    }

    /// One laid-out line, in points.
    public struct Line: Sendable {
        /// Scalars of the source text the line shows (for a truncated line: the kept ones and
        /// the ones the ellipsis replaces).
        public var range: Range<Int>
        /// x of the line's left edge and y of its baseline, from the rectangle's top-left.
        public var origin: CGPoint
        public var width: CGFloat
        public var glyphCount: Int
        public var isTruncated: Bool
    }

    struct Placed {
        var face: _FontFace
        var glyph: UInt32
        var x: Double, y: Double
        var pixelsPerEm: Double
        var color: UInt32
    }

    public private(set) var lines: [Line] = []
    /// Bottom of the last line (its baseline plus descent and line gap), points; 0 when empty.
    public private(set) var height: CGFloat = 0
    /// Width of the widest line, points.
    public var width: CGFloat { lines.map(\.width).max() ?? 0 }
    private(set) var placed: [Placed] = []
    let options: Options

    public var glyphCount: Int { placed.count }

    public init(_ text: StyledText, options: Options) {
        self.options = options
        let scale = Double(options.scale)
        let W = Double(options.size.width) * scale, H = Double(options.size.height) * scale
        guard scale.isFinite, scale > 0, W.isFinite, H.isFinite, W > 0, H > 0, !text.scalars.isEmpty else { return }
        let styles = text.runs.map { r -> TextStyle in
            var s = r.style
            // Zero, negative, NaN and absurd sizes draw nothing (documented).
            if !(s.fontSize > 0) || !s.fontSize.isFinite || Double(s.fontSize) * scale > 4096 { s.fontSize = 0 }
            if !s.kern.isFinite { s.kern = 0 }
            return s
        }
        let colors = styles.map { $0.color.premultipliedARGB32 }
        let styleOf = text.styleIndices()
        let e = _TextEngine.shared
        e.withLock {
            let shaper = _Shaper(engine: e, styles: styles, scale: scale)
            // The smallest drawable style bounds how many lines and characters can be visible.
            let sized = styles.indices.filter { styles[$0].fontSize > 0 }
            let minPPEM = sized.map { Double(styles[$0].fontSize) * scale }.min() ?? 1
            let minLineHeight = sized.map { lineMetrics(shaper, styles, $0, scale).height }.min() ?? 1
            var y = 0.0
            var start = 0
            let all = text.scalars
            let n = all.count
            paragraphs: while start <= n, y < H {
                var end = start
                while end < n, !Self.isNewline(all[end]) { end += 1 }
                let next = end < n && all[end] == 0x0D && end + 1 < n && all[end + 1] == 0x0A ? end + 2 : end + 1
                let linesLeft = max(1, Int(((H - y) / max(minLineHeight, 1)).rounded(.up)))
                let perLine = Int(min(W / (0.1 * max(minPPEM, 1)), 1e6)) + 64
                let cap = options.isWrapped ? linesLeft * perLine : perLine
                let truncating = options.truncationMode != .none
                let winEnd = min(end, start + cap)
                let para = _Paragraph(Array(all[start..<winEnd]), styles: Array(styleOf[start..<winEnd]), shaper: shaper)
                // An empty paragraph takes its line feed's style (the last scalar's after a final one).
                let first = min(start, n - 1)
                let metrics = lineMetrics(shaper, styles, styleOf[first..<max(winEnd, first + 1)], scale)
                let moreAfter = next <= n
                if options.isWrapped {
                    let maxLines = truncating ? max(0, Int(((H - y) / max(minLineHeight, 1)).rounded(.down))) : linesLeft
                    // An empty paragraph is one empty line (blank lines keep their height).
                    let ranges = para.scalars.isEmpty ? [0..<0] : para.breakLines(width: W, maxLines: max(maxLines, 1))
                    for (k, r) in ranges.enumerated() {
                        let m = r.isEmpty ? metrics : lineMetrics(shaper, styles, para.styleOf[r], scale)
                        if truncating && y + m.height > H + 1e-9 && !lines.isEmpty { break paragraphs }
                        let isLast = k == ranges.count - 1
                        let remains = r.upperBound < para.scalars.count || winEnd < end || moreAfter
                        let lastFitting = truncating && (y + 2 * m.height > H + 1e-9) && remains
                        if lastFitting {
                            let src = (start + r.lowerBound)..<min(end, start + r.lowerBound + perLine)
                            emitTruncated(all, styleOf, src, mode: .end, forced: true, cap: perLine, shaper, W, y, m, colors)
                            break paragraphs
                        }
                        let justify = options.alignmentMode == .justified && !isLast
                        emit(para, r, offset: start, justify: justify, W: W, y: y, m, colors)
                        y += m.height
                        if !truncating && y >= H { break paragraphs }
                    }
                } else {
                    let r = 0..<para.scalars.count
                    if truncating && para.width(r, trim: true) > W + 1e-9 || (truncating && winEnd < end) {
                        emitTruncated(all, styleOf, start..<end, mode: options.truncationMode, forced: false, cap: perLine, shaper, W, y,
                                      metrics, colors)
                    } else {
                        emit(para, r, offset: start, justify: false, W: W, y: y, metrics, colors)
                    }
                    y += metrics.height
                }
                start = next
            }
        }
    }

    static func isNewline(_ c: UInt32) -> Bool { c == 0x0A || c == 0x0D || c == 0x2029 || c == 0x2028 }

    /// Ascent, and line height (ascent + descent + gap), of a style's primary face, pixels.
    private func lineMetrics(_ shaper: _Shaper, _ styles: [TextStyle], _ s: Int, _ scale: Double) -> (ascent: Double, height: Double) {
        let ppem = Double(styles[s].fontSize) * scale
        guard let f = shaper.face(s) else { return (ppem * 0.8, ppem * 1.2) }
        let a = f.ascent * ppem, d = -f.descent * ppem
        return (a, a + d + f.lineGap * ppem)
    }

    /// Metrics of a line holding scalars of the styles `styleOf` (a line's slice): the largest
    /// ascent and the largest descent + gap of its styles, so mixed sizes share a baseline and
    /// nothing is cut. Styles that draw nothing (size 0) do not count; (0, 0) when none draws.
    private func lineMetrics(_ shaper: _Shaper, _ styles: [TextStyle], _ styleOf: ArraySlice<Int32>,
                             _ scale: Double) -> (ascent: Double, height: Double) {
        var seen = Set<Int32>()
        var ascent = 0.0, below = 0.0
        for s in styleOf where seen.insert(s).inserted && styles[Int(s)].fontSize > 0 {
            let m = lineMetrics(shaper, styles, Int(s), scale)
            ascent = max(ascent, m.ascent)
            below = max(below, m.height - m.ascent)
        }
        return (ascent, ascent + below)
    }

    private func emit(_ p: _Paragraph, _ r: Range<Int>, offset: Int, justify: Bool, W: Double, y: Double,
                      _ m: (ascent: Double, height: Double), _ colors: [UInt32], truncated: Bool = false,
                      source: Range<Int>? = nil) {
        var extra = 0.0
        if justify {
            let w = p.width(r, trim: true)
            var e = r.upperBound
            while e > r.lowerBound, _Paragraph.isSpace(p.scalars[e - 1]) { e -= 1 }
            let spaces = (r.lowerBound..<e).filter { _Paragraph.isSpace(p.scalars[$0]) }.count
            if spaces > 0, w < W { extra = (W - w) / Double(spaces) }
        }
        let (gs, width) = p.placeLine(r, extraPerSpace: extra)
        var x0 = 0.0
        switch options.alignmentMode {
        case .right: x0 = W - width
        case .center: x0 = (W - width) / 2
        case .left: x0 = 0
        case .justified where extra != 0: x0 = 0
        default: x0 = p.rtl ? W - width : 0
        }
        let baseline = y + m.ascent
        for (g, x) in gs {
            placed.append(Placed(face: g.face, glyph: g.glyph, x: x0 + x, y: baseline + g.dy, pixelsPerEm: g.pixelsPerEm,
                                 color: colors[g.style]))
        }
        let s = Double(options.scale)
        height = CGFloat((y + m.height) / s)
        lines.append(Line(range: source ?? (offset + r.lowerBound)..<(offset + r.upperBound),
                          origin: CGPoint(x: x0 / s, y: baseline / s), width: CGFloat(width / s), glyphCount: gs.count,
                          isTruncated: truncated))
    }

    /// Lays out `src` as one line with "…" replacing what does not fit (`mode`), or all of it
    /// when it fits and the truncation is not `forced`.
    private func emitTruncated(_ all: [UInt32], _ styleOf: [Int32], _ src: Range<Int>, mode: CATextLayerTruncationMode,
                               forced: Bool, cap: Int, _ shaper: _Shaper, _ W: Double, _ y: Double,
                               _ m: (ascent: Double, height: Double), _ colors: [UInt32]) {
        let ellipsis: UInt32 = 0x2026
        func candidate(_ k: Int) -> ([UInt32], [Int32]) {
            var s: [UInt32] = [], st: [Int32] = []
            let lo = src.lowerBound, hi = src.upperBound
            switch mode {
            case .start:
                s = [ellipsis] + all[(hi - k)..<hi]
                st = [styleOf[k > 0 ? hi - k : hi - 1]] + styleOf[(hi - k)..<hi]
            case .middle:
                let a = (k + 1) / 2, b = k / 2
                s = Array(all[lo..<(lo + a)]) + [ellipsis] + all[(hi - b)..<hi]
                st = Array(styleOf[lo..<(lo + a)]) + [styleOf[a > 0 ? lo + a - 1 : lo]] + styleOf[(hi - b)..<hi]
            default:
                s = Array(all[lo..<(lo + k)]) + [ellipsis]
                st = Array(styleOf[lo..<(lo + k)]) + [styleOf[k > 0 ? lo + k - 1 : lo]]
            }
            return (s, st)
        }
        // Largest k whose candidate fits (width is monotonic in k up to shaping effects).
        var lo = 0, hi = min(forced ? src.count : src.count - 1, cap)
        var best: _Paragraph?
        while lo <= hi {
            let mid = (lo + hi) / 2
            let (s, st) = candidate(mid)
            let p = _Paragraph(s, styles: st, shaper: shaper)
            if p.width(0..<s.count, trim: false) <= W + 1e-9 {
                best = p; lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        let p = best ?? { let (s, st) = candidate(0); return _Paragraph(s, styles: st, shaper: shaper) }()
        emit(p, 0..<p.scalars.count, offset: 0, justify: false, W: W, y: y, m, colors, truncated: true, source: src)
    }

    // MARK: Drawing

    /// Draws the glyphs OVER a premultiplied ARGB32 buffer; (`origin`) is where the layout's
    /// top-left lands, in pixels. Pixels outside the buffer are skipped.
    public func draw(into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, rowPixels: Int,
                     origin: CGPoint = .zero) {
        let ox = Double(origin.x), oy = Double(origin.y)
        guard ox.isFinite, oy.isFinite else { return }
        let e = _TextEngine.shared
        e.withLock {
            for p in placed {
                let xq = ((ox + p.x) * Double(_GlyphCache.phases)).rounded(.down)
                guard abs(xq) < 1e9, abs(oy + p.y) < 1e9 else { continue }
                let ix = Int((xq / Double(_GlyphCache.phases)).rounded(.down))
                let phase = Int(xq) - ix * _GlyphCache.phases
                let iy = Int((oy + p.y).rounded())
                guard let g = e.glyphs.glyph(p.glyph, face: p.face, pixelsPerEm: p.pixelsPerEm, phase: phase) else { continue }
                Self.blend(g, color: p.color, x: ix + g.left, y: iy + g.top, pixels, width, height, rowPixels)
            }
        }
    }

    /// Draws into `bitmap` with the layout's top-left at `origin` (pixels).
    public func draw(into bitmap: Bitmap, origin: CGPoint = .zero) {
        draw(into: bitmap.pixels, width: bitmap.width, height: bitmap.height, rowPixels: bitmap.bytesPerRow / 4, origin: origin)
    }

    /// coverage × colour OVER the destination (premultiplied, rounded).
    private static func blend(_ g: _GlyphCache.Glyph, color: UInt32, x: Int, y: Int, _ dst: UnsafeMutablePointer<UInt32>,
                              _ w: Int, _ h: Int, _ stride: Int) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(w, x + g.width), y1 = min(h, y + g.height)
        guard x1 > x0, y1 > y0 else { return }
        let ca = (color >> 24) & 0xFF, cr = (color >> 16) & 0xFF, cg = (color >> 8) & 0xFF, cb = color & 0xFF
        if let colour = g.colour {
            // A colour glyph keeps its own colours; the text colour's alpha fades it.
            colour.withUnsafeBufferPointer { px in
                for yy in y0..<y1 {
                    let row = dst + yy * stride
                    let src = (yy - y) * g.width - x
                    for xx in x0..<x1 {
                        let s = ca == 255 ? px[src + xx] : _mulChannels(px[src + xx], ca)
                        guard s != 0 else { continue }
                        row[xx] = s &+ _mulChannels(row[xx], 255 &- (s >> 24))
                    }
                }
            }
            return
        }
        g.coverage.withUnsafeBufferPointer { cov in
            for yy in y0..<y1 {
                let row = dst + yy * stride
                let src = (yy - y) * g.width - x
                for xx in x0..<x1 {
                    let c = UInt32(cov[src + xx])
                    guard c != 0 else { continue }
                    func mul(_ a: UInt32, _ b: UInt32) -> UInt32 { let t = a * b + 128; return (t + (t >> 8)) >> 8 }
                    let sa = mul(ca, c), sr = mul(cr, c), sg = mul(cg, c), sb = mul(cb, c)
                    let d = row[xx], inv = 255 - sa
                    let da = mul((d >> 24) & 0xFF, inv) + sa, dr = mul((d >> 16) & 0xFF, inv) + sr
                    let dg = mul((d >> 8) & 0xFF, inv) + sg, db = mul(d & 0xFF, inv) + sb
                    row[xx] = da << 24 | dr << 16 | dg << 8 | db
                }
            }
        }
    }
}
