import Foundation
import Testing
@testable import Strata

/// CATextLayer through the engine and compositor: golden renders per script and layout mode.
/// Goldens are made with the fonts of the CI image (fonts-dejavu-core, fonts-noto-core,
/// fonts-wqy-microhei).
@Suite struct TextRenderTests {
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
        s.addAttribute(.font, value: CTFontCreateWithName("DejaVu Serif-Bold", 24, nil), range: NSRange(location: 0, length: 3))
        s.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 4, length: 3))
        s.addAttribute(.kern, value: 4.0, range: NSRange(location: 8, length: 6))
        Self.golden(Self.render(240, 40) { $0.string = s }, "attributed")
    }
}
