import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// TextLayout's geometry as exact values: alignment, wrapping, truncation, per-run styles,
/// subpixel positioning, the shared glyph cache and font lookup (weight, slant, symbol
/// fallback). Fonts of the CI image (scripts/deps: fonts-dejavu-core, fonts-noto-core).
@Suite(.runLoopTurn) struct TextLayoutTests {
    static let long = TextRenderTests.long

    static func layout(_ s: String, font: String = "DejaVu Sans", size: CGFloat = 16, w: CGFloat = 160, h: CGFloat = 400,
                       wrapped: Bool = true, truncation: CATextLayerTruncationMode = .none,
                       align: CATextLayerAlignmentMode = .natural, scale: CGFloat = 1) -> TextLayout {
        TextLayout(StyledText(s, style: TextStyle(fontName: font, fontSize: size, color: .black)),
                   options: .init(size: CGSize(width: w, height: h), isWrapped: wrapped, truncationMode: truncation,
                                  alignmentMode: align, scale: scale))
    }

    static func layout(_ s: NSAttributedString, w: CGFloat = 1000) -> TextLayout {
        TextLayout(StyledText(s, base: TextStyle(fontName: "DejaVu Sans", fontSize: 16, color: .black)),
                   options: .init(size: CGSize(width: w, height: 100)))
    }

    static func face(_ name: String) -> _FontFace? {
        let e = _TextEngine.shared
        return e.withLock { _FontMatcher.face(named: name, engine: e) }
    }

    // MARK: Alignment

    @Test func alignmentModesPlaceEveryLineExactly() {
        let left = Self.layout(Self.long, align: .left)
        #expect(left.lines.count >= 3)
        #expect(left.lines.allSatisfy { $0.origin.x == 0 && $0.width <= 160 })
        let right = Self.layout(Self.long, align: .right)
        #expect(right.lines.allSatisfy { abs($0.origin.x + $0.width - 160) < 1e-9 })
        let center = Self.layout(Self.long, align: .center)
        #expect(center.lines.allSatisfy { abs($0.origin.x - (160 - $0.width) / 2) < 1e-9 })
        // The same breaks whatever the alignment.
        #expect(left.lines.map(\.range) == right.lines.map(\.range) && left.lines.map(\.range) == center.lines.map(\.range))
        // Justified: every line but the last fills the width exactly; the last is left-aligned.
        let just = Self.layout(Self.long, align: .justified)
        #expect(just.lines.map(\.range) == left.lines.map(\.range))
        for line in just.lines.dropLast() {
            #expect(line.origin.x == 0 && abs(line.width - 160) < 1e-9, "\(line)")
        }
        #expect(just.lines.last!.origin.x == 0 && just.lines.last!.width == left.lines.last!.width)
    }

    @Test func naturalAlignmentFollowsTheParagraphDirection() {
        let ltr = Self.layout("Hello", wrapped: false)
        #expect(ltr.lines.count == 1 && ltr.lines[0].origin.x == 0)
        let rtl = Self.layout("مرحبا", font: "Noto Sans Arabic", wrapped: false)
        #expect(rtl.lines.count == 1)
        #expect(rtl.lines[0].width > 20 && abs(rtl.lines[0].origin.x + rtl.lines[0].width - 160) < 1e-9)
        // Explicit left overrides the direction.
        #expect(Self.layout("مرحبا", font: "Noto Sans Arabic", wrapped: false, align: .left).lines[0].origin.x == 0)
    }

    // MARK: Wrapping

    @Test func wrappingBreaksAfterTheLastSpaceThatFits() {
        let l = Self.layout(Self.long)
        let scalars = Self.long.unicodeScalars.map(\.value)
        // Consecutive ranges covering the text, lines one line-height apart.
        #expect(l.lines.first!.range.lowerBound == 0 && l.lines.last!.range.upperBound == scalars.count)
        for (a, b) in zip(l.lines, l.lines.dropFirst()) {
            #expect(a.range.upperBound == b.range.lowerBound)
            #expect(abs((b.origin.y - a.origin.y) - (l.lines[1].origin.y - l.lines[0].origin.y)) < 1e-9)
        }
        for (k, line) in l.lines.enumerated() where k < l.lines.count - 1 {
            // Each line ends with a space and is within the width …
            #expect(scalars[line.range.upperBound - 1] == 0x20)
            #expect(line.width <= 160)
            // … and taking the next word too would overflow it.
            var end = line.range.upperBound
            while end < scalars.count, scalars[end] != 0x20 { end += 1 }
            let withNext = String(String.UnicodeScalarView(scalars[line.range.lowerBound..<end].compactMap(Unicode.Scalar.init)))
            #expect(Self.layout(withNext, w: 10_000, wrapped: false).lines[0].width > 160, "line \(k)")
        }
        // A word wider than the line breaks between clusters.
        let word = Self.layout(String(repeating: "W", count: 40), w: 100)
        #expect(word.lines.count > 2 && word.lines.allSatisfy { $0.width <= 100 })
        #expect(word.lines.dropLast().allSatisfy { $0.width > 80 && $0.range.count == word.lines[0].range.count })
    }

    // MARK: Truncation

    static func glyphs(_ l: TextLayout) -> [UInt32] { l.placed.map(\.glyph) }

    @Test func truncationPutsTheEllipsisAtTheStartMiddleOrEnd() throws {
        let face = try #require(Self.face("DejaVu Sans"))
        let ellipsis = face.glyph(for: 0x2026), T = face.glyph(for: 0x54), g = face.glyph(for: 0x67)
        let n = Self.long.unicodeScalars.count
        let start = Self.layout(Self.long, wrapped: false, truncation: .start)
        let middle = Self.layout(Self.long, wrapped: false, truncation: .middle)
        let end = Self.layout(Self.long, wrapped: false, truncation: .end)
        for l in [start, middle, end] {
            #expect(l.lines.count == 1 && l.lines[0].isTruncated && l.lines[0].range == 0..<n)
            #expect(l.lines[0].width <= 160 && l.lines[0].width > 140)
            #expect(Self.glyphs(l).filter { $0 == ellipsis }.count == 1)
        }
        // "…watches": ellipsis first, the text's end kept.
        #expect(Self.glyphs(start).first == ellipsis && Self.glyphs(start).last == face.glyph(for: 0x73))
        // "The quick…": the text's start kept, ellipsis last.
        #expect(Self.glyphs(end).first == T && Self.glyphs(end).last == ellipsis)
        // "The qu…watches": both ends kept, the ellipsis near the middle.
        let m = Self.glyphs(middle)
        let at = try #require(m.firstIndex(of: ellipsis))
        #expect(m.first == T && m.last == face.glyph(for: 0x73) && abs(at - m.count / 2) <= 1)
        // Text that fits is not truncated.
        let fits = Self.layout("The lazy dog", wrapped: false, truncation: .end)
        #expect(!fits.lines[0].isTruncated && !Self.glyphs(fits).contains(ellipsis) && Self.glyphs(fits).contains(g))
    }

    // MARK: Attributed runs

    @Test func kerningAttributeAddsItsValueAfterEveryCharacterOfItsRun() {
        let plain = Self.layout(NSAttributedString(string: "HHHHHHHH"))
        let s = NSMutableAttributedString(string: "HHHHHHHH")
        s.addAttribute(.kern, value: 3.0, range: NSRange(location: 4, length: 4))
        let kerned = Self.layout(s)
        #expect(plain.width > 0)
        #expect(abs(kerned.width - plain.width - 12) < 1e-9)
        // Negative kerning tightens the same way.
        let tight = NSMutableAttributedString(string: "HHHHHHHH")
        tight.addAttribute(.kern, value: NSNumber(value: -1.5), range: NSRange(location: 0, length: 8))
        #expect(abs(Self.layout(tight).width - (plain.width - 12)) < 1e-9)
    }

    @Test func fontAttributeSetsFaceAndSizePerRun() {
        let two16 = Self.layout(NSAttributedString(string: "HH")).width
        let s = NSMutableAttributedString(string: "HHHH")
        s.addAttribute(.font, value: CTFontCreateWithName("DejaVu Sans", 24, nil), range: NSRange(location: 2, length: 2))
        // Unhinted advances scale linearly with the size: 16 + 24 = 2.5 × 16.
        #expect(abs(Self.layout(s).width - two16 * 2.5) < 1e-9)
        let bold = NSMutableAttributedString(string: "HHHH")
        bold.addAttribute(.font, value: "DejaVu Sans-Bold", range: NSRange(location: 0, length: 2))
        let twoBold = TextLayout(StyledText("HH", style: TextStyle(fontName: "DejaVu Sans-Bold", fontSize: 16)),
                                 options: .init(size: CGSize(width: 1000, height: 100))).width
        #expect(twoBold != two16)
        #expect(abs(Self.layout(bold).width - (twoBold + two16)) < 1e-9)
    }

    @Test func mixedSizesShareALineTallEnoughForTheLargest() throws {
        let face = try #require(Self.face("DejaVu Sans"))
        let s = NSMutableAttributedString(string: "small BIG")
        s.addAttribute(.font, value: CTFontCreateWithName("DejaVu Sans", 32, nil), range: NSRange(location: 6, length: 3))
        let l = Self.layout(s)
        // The baseline sits one 32-point ascent down, the line is as tall as a 32-point line.
        #expect(abs(l.lines[0].origin.y - face.ascent * 32) < 1e-9)
        #expect(abs(l.height - (face.ascent - face.descent + face.lineGap) * 32) < 1e-9)
        // Every glyph of both runs on that one baseline.
        #expect(Set(l.placed.map(\.y)) == [face.ascent * 32])
    }

    @Test func blankLinesKeepTheirHeightWrappedOrNot() {
        for wrapped in [false, true] {
            let l = Self.layout("a\n\nb\n", wrapped: wrapped)
            #expect(l.lines.map(\.range) == [0..<1, 2..<2, 3..<4, 5..<5], "wrapped \(wrapped)")
            let step = l.lines[1].origin.y - l.lines[0].origin.y
            #expect(step > 18 && abs(l.lines[2].origin.y - l.lines[0].origin.y - 2 * step) < 1e-9, "wrapped \(wrapped)")
        }
    }

    @Test func colourAttributeColoursItsRunOnly() {
        let s = NSMutableAttributedString(string: "HH HH")
        // The size as an attribute: an attributed string does not use the layer's fontSize.
        s.addAttribute(.font, value: CTFontCreateWithName("DejaVu Sans", 30, nil), range: NSRange(location: 0, length: 5))
        s.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 3, length: 2))
        let b = TextRenderTests.render(120, 40) { $0.string = s }
        var leftBlack = false, leftRed = false, rightBlack = false, rightRed = false
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.pixel(x: x, y: y)
                if x < 45 { leftBlack = leftBlack || p == 0xFF000000; leftRed = leftRed || p == 0xFFFF0000 }
                if x >= 55 { rightBlack = rightBlack || p == 0xFF000000; rightRed = rightRed || p == 0xFFFF0000 }
            }
        }
        #expect(leftBlack && !leftRed && rightRed && !rightBlack)
    }

    // MARK: Subpixel positioning and the glyph cache

    @Test func glyphsArePositionedToAQuarterPixel() throws {
        let l = Self.layout("Hil", wrapped: false)
        func draw(_ x: CGFloat) -> Bitmap {
            let b = Bitmap(width: 60, height: 24)!
            l.draw(into: b, origin: CGPoint(x: x, y: 2))
            return b
        }
        let at10 = draw(10), at11 = draw(11)
        // A whole-pixel move is an exact shift …
        var shifted = true
        for y in 0..<24 { for x in 0..<59 where at11.pixel(x: x + 1, y: y) != at10.pixel(x: x, y: y) { shifted = false } }
        #expect(shifted)
        // … a quarter-pixel move renders different coverage, and so does each phase.
        let quarters = [10, 10.25, 10.5, 10.75].map { draw($0) }
        for a in 0..<4 { for b in (a + 1)..<4 { #expect(!quarters[a].hasSamePixels(as: quarters[b])) } }
        // A pen an eighth past a quarter snaps down to it (four phases).
        let h = Self.layout("H", wrapped: false)
        func drawH(_ x: CGFloat) -> Bitmap {
            let b = Bitmap(width: 40, height: 24)!
            h.draw(into: b, origin: CGPoint(x: x, y: 2))
            return b
        }
        #expect(drawH(10.125).hasSamePixels(as: drawH(10)) && drawH(10.375).hasSamePixels(as: drawH(10.25)))
        #expect(!drawH(10.25).hasSamePixels(as: drawH(10)))
        let face = try #require(Self.face("DejaVu Sans"))
        let e = _TextEngine.shared
        let covs = e.withLock { (0..<4).map { e.glyphs.glyph(face.glyph(for: 0x48), face: face, pixelsPerEm: 16, phase: $0)!.coverage } }
        #expect(Set(covs).count == 4)
    }

    @Test func glyphCacheIsSharedByEveryLayoutAndLayer() {
        // A size no other test uses, so the cache entries counted are this test's own.
        let size: CGFloat = 13.71875
        let size26 = Int((Double(size) * 64).rounded())
        let e = _TextEngine.shared
        #expect(e.withLock { e.glyphs.count(size26: size26) } == 0)
        let first = Self.layout("cabbage", size: size, wrapped: false)
        let b = Bitmap(width: 120, height: 30)!
        first.draw(into: b)
        let cached = e.withLock { e.glyphs.count(size26: size26) }
        #expect(cached >= 4 && cached <= 5 * 4)   // c, a, b, g, e at their phases
        // Another layout of the text drawn elsewhere (whole pixels: the same pen phases), and a
        // text layer drawn by the compositor, rasterise nothing new.
        Self.layout("cabbage", size: size, wrapped: false).draw(into: Bitmap(width: 120, height: 30)!, origin: CGPoint(x: 7, y: 3))
        let layer = TextRenderTests.render(130, 40) { $0.string = "cabbage"; $0.fontSize = size; $0.frame.origin = .zero }
        #expect(TextRenderTests.ink(layer) > 20)
        #expect(e.withLock { e.glyphs.count(size26: size26) } == cached)
    }

    // MARK: Font lookup

    @Test func fontconfigResolvesWeightAndSlant() {
        let files = ["Noto Sans": "NotoSans-Regular.ttf", "Noto Sans-Bold": "NotoSans-Bold.ttf",
                     "Noto Sans-Italic": "NotoSans-Italic.ttf", "Noto Sans-BoldItalic": "NotoSans-BoldItalic.ttf",
                     "Noto Sans:weight=bold:slant=italic": "NotoSans-BoldItalic.ttf", "Noto Sans:slant=italic": "NotoSans-Italic.ttf",
                     "DejaVu Sans:bold": "DejaVuSans-Bold.ttf"]
        for (name, file) in files {
            let face = Self.face(name)
            #expect(face?.path.hasSuffix("/" + file) == true, "\(name) → \(face?.path ?? "nil")")
        }
    }

    @Test func symbolsMissingFromTheFontComeFromSymbolFonts() {
        // ALCHEMICAL SYMBOL FOR QUINTESSENCE and a Symbols-2 arrow: not in DejaVu Sans.
        let p = TextShapingTests.shape("a\u{1F700}\u{2BD2}", font: "DejaVu Sans")
        let gs = TextShapingTests.glyphs(p)
        #expect(gs.map(\.face.familyName) == ["DejaVu Sans", "Noto Sans Symbols", "Noto Sans Symbols2"])
        #expect(gs.allSatisfy { $0.glyph != 0 })
    }

    @Test func pairKerningFromTheFontTightensAV() {
        // HarfBuzz applies the font's kerning: A's advance before V is less than alone.
        let pair = TextShapingTests.glyphs(TextShapingTests.shape("AV", font: "DejaVu Sans"))
        let a = TextShapingTests.glyphs(TextShapingTests.shape("A", font: "DejaVu Sans"))
        let v = TextShapingTests.glyphs(TextShapingTests.shape("V", font: "DejaVu Sans"))
        #expect(pair.count == 2 && pair[0].glyph == a[0].glyph && pair[1].glyph == v[0].glyph)
        #expect(pair[0].advance < a[0].advance)
        #expect(pair[1].advance == v[0].advance)
    }

    // MARK: contentsScale

    @Test func contentsScaleRasterisesAtDevicePixelsWithTheSameLayoutInPoints() {
        let one = Self.layout(Self.long, scale: 1), two = Self.layout(Self.long, scale: 2)
        #expect(one.lines.map(\.range) == two.lines.map(\.range))
        for (a, b) in zip(one.lines, two.lines) {
            #expect(abs(a.width - b.width) < 1e-9 && abs(a.origin.y - b.origin.y) < 1e-9)
        }
        #expect(two.placed.allSatisfy { $0.pixelsPerEm == 32 } && one.placed.allSatisfy { $0.pixelsPerEm == 16 })
    }
}
