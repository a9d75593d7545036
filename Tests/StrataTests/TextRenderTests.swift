import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// CATextLayer through the engine and compositor: golden renders per script and layout mode.
/// Goldens are made with the fonts of the CI image (fonts-dejavu-core, fonts-noto-core,
/// fonts-wqy-microhei).
@Suite(.runLoopTurn) struct TextRenderTests {
    /// A white root of `w`×`h` points holding one text layer filling it (inset 4 points).
    static func render(_ w: CGFloat, _ h: CGFloat, scale: CGFloat = 1, _ configure: (CATextLayer) -> Void) -> Bitmap {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        root.backgroundColor = .white
        let t = CATextLayer()
        t.frame = CGRect(x: 4, y: 4, width: w - 8, height: h - 8)
        t.foregroundColor = .black
        t.font = "DejaVu Sans"
        t.fontSize = 16
        t.contentsScale = scale
        configure(t)
        root.addSublayer(t)
        return Snapshot.render(RenderTree(root: root).snapshot(at: 0), scale: scale)!
    }

    static func golden(_ b: Bitmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        RenderGolden.check(b, name, tolerance: 0, folder: "text", sourceLocation: sourceLocation)
    }

    /// Number of pixels darker than mid-grey.
    static func ink(_ b: Bitmap) -> Int {
        var n = 0
        for y in 0..<b.height { for x in 0..<b.width where (b.pixel(x: x, y: y) >> 8) & 0xFF < 128 { n += 1 } }
        return n
    }

    @Test func latinWithLigaturesAndKerning() {
        Self.golden(Self.render(220, 30) { $0.string = "Office AVATAR Wave ffi" }, "latin")
    }

    @Test func latinAtScale2() {
        Self.golden(Self.render(220, 30, scale: 2) { $0.string = "Office AVATAR Wave ffi" }, "latin-scale2")
    }

    @Test func arabicJoinedRightToLeft() {
        Self.golden(Self.render(220, 40) { $0.string = "مرحبا بالعالم"; $0.font = "Noto Sans Arabic" }, "arabic")
    }

    @Test func devanagariConjuncts() {
        Self.golden(Self.render(220, 40) { $0.string = "नमस्ते दुनिया क्षत्रिय"; $0.font = "Noto Sans Devanagari" }, "devanagari")
    }

    @Test func cjkFallsBackFromALatinFont() {
        Self.golden(Self.render(220, 30) { $0.string = "Hi 你好世界 こんにちは" }, "cjk-fallback")
    }

    /// Emoji asked of a Latin family fall back to the colour emoji font (fonts-noto-color-emoji)
    /// and are drawn in their own colours, scaled from the font's bitmap strike to the size.
    @Test func colourEmojiFallBackAndKeepTheirColours() {
        let b = Self.render(120, 48) { $0.string = "a\u{1F600}"; $0.fontSize = 32 }
        Self.golden(b, "emoji-colour")
        // The smiley's face is yellow: count strongly yellow pixels and measure their box.
        var yellow = 0, minY = Int.max, maxY = Int.min, minX = Int.max
        for y in 0..<b.height {
            for x in 0..<b.width {
                let p = b.pixel(x: x, y: y)
                let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, bl = p & 0xFF
                if r > 200 && g > 150 && bl < 90 { yellow += 1; minY = min(minY, y); maxY = max(maxY, y); minX = min(minX, x) }
            }
        }
        #expect(yellow > 300)
        // About one em tall (32 px, the face slightly smaller) and after the "a".
        #expect(maxY - minY + 1 >= 24 && maxY - minY + 1 <= 34)
        #expect(minX > 20)
        // The "a" stays in the text colour (black ink, no yellow at its place).
        #expect(Self.ink(b) > 20)
    }

    /// Emoji presentation: default-emoji characters, VS16 forcing colour, VS15 forcing text.
    @Test func emojiPresentationRules() {
        #expect(_Emoji.prefersColour(0x1F600, next: 0))            // 😀
        #expect(_Emoji.prefersColour(0x2615, next: 0x41))          // ☕ then "A"
        #expect(_Emoji.prefersColour(0x1F1EB, next: 0x1F1F7))      // a flag's regional indicator
        #expect(!_Emoji.prefersColour(0x2764, next: 0))            // ❤ defaults to text
        #expect(_Emoji.prefersColour(0x2764, next: 0xFE0F))        // ❤️
        #expect(!_Emoji.prefersColour(0x1F600, next: 0xFE0E))      // 😀︎ asks for text
        #expect(!_Emoji.prefersColour(0x41, next: 0) && !_Emoji.prefersColour(0x263A, next: 0))
        #expect(!_Emoji.prefersColour(0x1F321, next: 0))           // 🌡 defaults to text
    }

    @Test func mixedDirectionParagraph() {
        Self.golden(Self.render(260, 30) { $0.string = "abc مرحبا 123 def" }, "bidi-mixed")
    }

    static let long = "The quick brown fox jumps over the lazy dog while the cat watches"

    @Test func wrappingBreaksAtSpaces() {
        Self.golden(Self.render(160, 90) { $0.string = Self.long; $0.isWrapped = true }, "wrapped")
    }

    @Test func truncationModes() {
        for mode in [CATextLayerTruncationMode.start, .middle, .end] {
            Self.golden(Self.render(160, 28) { $0.string = Self.long; $0.truncationMode = mode }, "truncate-\(mode.rawValue)")
        }
        Self.golden(Self.render(160, 60) { $0.string = Self.long; $0.isWrapped = true; $0.truncationMode = .end },
                    "truncate-wrapped")
    }

    @Test func alignmentModes() {
        for mode in [CATextLayerAlignmentMode.left, .right, .center, .justified] {
            Self.golden(Self.render(160, 90) { $0.string = Self.long; $0.isWrapped = true; $0.alignmentMode = mode },
                        "align-\(mode.rawValue)")
        }
    }

    @Test func attributedRunsChangeFontSizeColourAndKerning() {
        let s = NSMutableAttributedString(string: "Big red spaced")
        // The whole string's font and colour first: an attributed string does not use the layer's.
        s.addAttribute(.font, value: CTFontCreateWithName("DejaVu Sans", 16, nil), range: NSRange(location: 0, length: 14))
        s.addAttribute(.foregroundColor, value: CGColor.black, range: NSRange(location: 0, length: 14))
        s.addAttribute(.font, value: CTFontCreateWithName("DejaVu Serif-Bold", 24, nil), range: NSRange(location: 0, length: 3))
        s.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 4, length: 3))
        s.addAttribute(.kern, value: 4.0, range: NSRange(location: 8, length: 6))
        Self.golden(Self.render(240, 40) { $0.string = s }, "attributed")
    }

    /// Apple: `font`, `fontSize` (and `foregroundColor`) are "only used when the `string`
    /// property is not an NSAttributedString"; runs without such attributes take Core Text's
    /// defaults, Helvetica 12 in black.
    @Test func attributedStringsIgnoreTheLayersFontSizeAndColour() {
        let bare = Self.render(120, 40) {
            $0.string = NSAttributedString(string: "HHHH")
            $0.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            $0.fontSize = 30
            $0.font = "DejaVu Serif"
        }
        let explicit = Self.render(120, 40) {
            let s = NSMutableAttributedString(string: "HHHH")
            s.addAttribute(.font, value: CTFontCreateWithName("Helvetica", 12, nil), range: NSRange(location: 0, length: 4))
            s.addAttribute(.foregroundColor, value: CGColor.black, range: NSRange(location: 0, length: 4))
            $0.string = s
        }
        func all(_ b: Bitmap) -> [UInt32] { (0..<b.height).flatMap { y in (0..<b.width).map { b.pixel(x: $0, y: y) } } }
        #expect(Self.ink(bare) > 0)
        #expect(all(bare) == all(explicit))
        // Black ink only: every pixel grey (equal channels), none of the layer's red.
        #expect(all(bare).allSatisfy { ($0 >> 16) & 0xFF == $0 & 0xFF })
        // A plain string takes the layer's colour: red, so no grey ink at all.
        let plain = Self.render(120, 40) {
            $0.string = "HHHH"
            $0.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            $0.fontSize = 30
        }
        #expect(all(plain).contains { ($0 >> 16) & 0xFF == 0xFF && $0 & 0xFF < 0x80 })
    }
}
