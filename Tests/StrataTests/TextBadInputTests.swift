import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Documented outcomes for bad text input: nothing crashes, work stays bounded.
@Suite(.runLoopTurn) struct TextBadInputTests {
    static func layout(_ s: String, font: String = "DejaVu Sans", size: CGFloat = 16, w: CGFloat = 300, h: CGFloat = 200,
                       wrapped: Bool = false, truncation: CATextLayerTruncationMode = .none) -> TextLayout {
        TextLayout(StyledText(s, style: TextStyle(fontName: font, fontSize: size, color: .black)),
                   options: .init(size: CGSize(width: w, height: h), isWrapped: wrapped, truncationMode: truncation))
    }

    @Test func emptyStringDrawsNothing() {
        #expect(Self.layout("").glyphCount == 0)
        #expect(Self.layout("").lines.isEmpty)
        let b = TextRenderTests.render(100, 30) { $0.string = "" }
        #expect(TextRenderTests.ink(b) == 0)
        let n = TextRenderTests.render(100, 30) { $0.string = nil }
        #expect(TextRenderTests.ink(n) == 0)
        // An empty attributed string, and one of only line feeds.
        #expect(TextRenderTests.ink(TextRenderTests.render(100, 30) { $0.string = NSAttributedString(string: "") }) == 0)
        #expect(TextRenderTests.ink(TextRenderTests.render(100, 30) { $0.string = "\n\n" }) == 0)
        #expect(Self.layout("\n\n").glyphCount == 0 && Self.layout("\n\n").lines.count == 3)
    }

    @Test func invalidUTF8FromACStringShowsReplacementCharacters() {
        // A NUL-terminated C buffer, as a C library would hand it over.
        let bytes: [CChar] = [0x48, -0x01, -0x3D, 0x28, 0x69, 0].map { CChar(truncatingIfNeeded: $0) }
        let s = bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(s.unicodeScalars.map(\.value) == [0x48, 0xFFFD, 0xFFFD, 0x28, 0x69])
        let b = TextRenderTests.render(100, 30) { $0.string = s }
        #expect(TextRenderTests.ink(b) > 20)
        #expect(Self.layout(s).lines.count == 1 && Self.layout(s).lines[0].range == 0..<5)
    }

    @Test func invalidUTF8FromCShowsReplacementCharacters() {
        let bytes: [UInt8] = [0x48, 0xFF, 0xC3, 0x28, 0x69]   // H, invalid, truncated sequence, (, i
        let s = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        #expect(Array(s.unicodeScalars.map(\.value)) == [0x48, 0xFFFD, 0xFFFD, 0x28, 0x69])
        let l = Self.layout(s)
        #expect(l.glyphCount == 5)
        #expect(TextRenderTests.ink(TextRenderTests.render(100, 30) { $0.string = s }) > 20)
    }

    @Test func missingFamilyFallsBackToTheDefaultFace() {
        let e = _TextEngine.shared
        let face = e.withLock { _FontMatcher.face(named: "No Such Family Anywhere", engine: e) }
        #expect(face?.familyName == "Noto Sans")   // fontconfig's default sans-serif with fonts-noto-core
        #expect(Self.layout("Hello", font: "No Such Family Anywhere").glyphCount == 5)
    }

    @Test func megabyteOfTextOnlyShapesVisibleLines() {
        let word = "lorem ipsum dolor sit amet "
        let big = String(repeating: word, count: 1_000_000 / word.count + 1)
        #expect(big.utf8.count >= 1_000_000)
        // Wrapped: 200 points hold 10 lines of 16-point DejaVu (18.6 px each).
        let wrapped = Self.layout(big, wrapped: true)
        #expect(wrapped.lines.count == 11)
        #expect(wrapped.glyphCount < 11 * 60)
        // One long line, truncated in the middle: both ends, bounded.
        let middle = Self.layout(big, truncation: .middle)
        #expect(middle.lines.count == 1 && middle.lines[0].isTruncated)
        #expect(middle.lines[0].range == 0..<big.unicodeScalars.count)
        #expect(middle.lines[0].width <= 300 && middle.glyphCount < 80)
        // The other truncation modes and an untruncated line are bounded the same way.
        for mode in [CATextLayerTruncationMode.start, .end] {
            let l = Self.layout(big, truncation: mode)
            #expect(l.lines.count == 1 && l.lines[0].isTruncated && l.lines[0].width <= 300 && l.glyphCount < 80)
        }
        let untruncated = Self.layout(big)
        #expect(untruncated.lines.count == 1 && untruncated.glyphCount < 2_000)
        // Drawn by a text layer (the compositor path): the visible window only.
        #expect(TextRenderTests.ink(TextRenderTests.render(300, 200) { $0.string = big; $0.isWrapped = true }) > 1_000)
        // A million short paragraphs: only the visible ones are laid out.
        let many = Self.layout(String(repeating: "a\n", count: 500_000))
        #expect(many.lines.count == 11)
    }

    @Test func zeroNegativeAndNonFiniteSizesDrawNothing() {
        for size: CGFloat in [0, -12, .nan, .infinity, 1e9] {
            let l = Self.layout("Hello", size: size)
            let drawn = Bitmap(width: 100, height: 30)!
            l.draw(into: drawn)
            #expect(drawn.hasSamePixels(as: Bitmap(width: 100, height: 30)!), "size \(size)")   // still transparent
            let b = TextRenderTests.render(100, 30) { $0.string = "Hello"; $0.fontSize = size }
            #expect(TextRenderTests.ink(b) == 0, "size \(size)")
            // In an attributed string, only the run with the bad size disappears.
            let s = NSMutableAttributedString(string: "Hello")
            s.addAttribute(.font, value: CTFontCreateWithName("DejaVu Sans", size, nil), range: NSRange(location: 0, length: 2))
            let partial = TextRenderTests.render(100, 30) { $0.string = s }
            let whole = TextRenderTests.render(100, 30) { $0.string = "Hello" }
            #expect(TextRenderTests.ink(partial) > 10 && TextRenderTests.ink(partial) < TextRenderTests.ink(whole), "size \(size)")
        }
        #expect(Self.layout("Hello", w: 0).lines.isEmpty)
        #expect(Self.layout("Hello", w: .nan).lines.isEmpty)
        #expect(Self.layout("Hello", h: -5).lines.isEmpty)
    }

    @Test func truncationKeepsLinesInsideTheWidth() {
        for mode in [CATextLayerTruncationMode.start, .middle, .end] {
            let l = Self.layout("The quick brown fox jumps over the lazy dog", w: 120, truncation: mode)
            #expect(l.lines.count == 1)
            #expect(l.lines[0].isTruncated)
            #expect(l.lines[0].width <= 120)
        }
        // Narrower than the ellipsis itself: the ellipsis alone is drawn.
        #expect(Self.layout("Hello world", w: 2, truncation: .end).glyphCount == 1)
    }
}
