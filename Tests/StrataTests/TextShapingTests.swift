import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Shaping results (HarfBuzz through `_Paragraph`), with the CI image's fonts.
@Suite(.runLoopTurn) struct TextShapingTests {
    static func shape(_ s: String, font: String, size: CGFloat = 16) -> _Paragraph {
        let e = _TextEngine.shared
        return e.withLock {
            let shaper = _Shaper(engine: e, styles: [TextStyle(fontName: font, fontSize: size)], scale: 1)
            let scalars = s.unicodeScalars.map(\.value)
            return _Paragraph(scalars, styles: [Int32](repeating: 0, count: scalars.count), shaper: shaper)
        }
    }

    static func glyphs(_ p: _Paragraph) -> [_ShapedGlyph] { p.runs.flatMap(\.glyphs) }

    @Test func ffiBecomesOneLigatureGlyph() {
        let p = Self.shape("ffi", font: "DejaVu Sans")
        #expect(Self.glyphs(p).count == 1)
        #expect(Self.glyphs(p).map(\.cluster) == [0])
        // Its advance sits on the cluster's first scalar.
        #expect(p.advances[0] > 0 && p.advances[1] == 0 && p.advances[2] == 0)
        #expect(p.clusterStart == [true, false, false])
    }

    @Test func clustersMapGlyphsBackToScalars() {
        let p = Self.shape("Office", font: "DejaVu Sans")
        #expect(Self.glyphs(p).map(\.cluster) == [0, 1, 4, 5])
    }

    @Test func arabicIsRightToLeftWithJoiningForms() {
        let word = Self.shape("مرحبا", font: "Noto Sans Arabic")
        #expect(word.rtl)
        #expect(word.levels == [1, 1, 1, 1, 1])
        // HarfBuzz returns right-to-left runs in visual order: the last letter comes first.
        #expect(Self.glyphs(word).map(\.cluster) == [4, 3, 2, 1, 0])
        // Meem at the start of a word takes its initial form, not the isolated one.
        let alone = Self.shape("م", font: "Noto Sans Arabic")
        #expect(Self.glyphs(word).last!.glyph != Self.glyphs(alone)[0].glyph)
    }

    @Test func devanagariConjunctIsOneCluster() {
        // क ् ष → the conjunct क्ष: every glyph of it maps to cluster 0.
        let p = Self.shape("क्ष", font: "Noto Sans Devanagari")
        #expect(!Self.glyphs(p).isEmpty)
        #expect(Set(Self.glyphs(p).map(\.cluster)) == [0])
        #expect(p.clusterStart == [true, false, false])
    }

    @Test func devanagariPreBaseVowelSignIsReordered() {
        // क ि (ka + vowel sign i): the sign is typed after the consonant but drawn before it.
        let ki = Self.glyphs(Self.shape("कि", font: "Noto Sans Devanagari"))
        let ka = Self.glyphs(Self.shape("क", font: "Noto Sans Devanagari"))
        #expect(ki.count == 2 && ka.count == 1)
        #expect(ki[1].glyph == ka[0].glyph && ki[0].glyph != ka[0].glyph)
        #expect(ki.map(\.cluster) == [0, 0])
    }

    @Test func missingGlyphsComeFromAFallbackFace() {
        let p = Self.shape("a你", font: "DejaVu Sans")
        let faces = Self.glyphs(p).map(\.face.familyName)
        #expect(faces[0] == "DejaVu Sans")
        #expect(faces[1] != "DejaVu Sans")
        #expect(Self.glyphs(p).allSatisfy { $0.glyph != 0 })
    }

    @Test func mixedDirectionReordersRuns() {
        let p = Self.shape("ab مر cd", font: "DejaVu Sans")
        #expect(!p.rtl)
        let (placed, _) = p.placeLine(0..<p.scalars.count)
        // Visual order: a b ␠ (ر م) ␠ c d — the Arabic pair reversed in place.
        #expect(placed.map(\.g.cluster) == [0, 1, 2, 4, 3, 5, 6, 7])
    }

    @Test func bidiVisualOrderFollowsRuleL2() {
        #expect(_Bidi.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
        #expect(_Bidi.visualOrder([1, 2, 2, 1]) == [3, 1, 2, 0])
        #expect(_Bidi.visualOrder([]) == [])
    }

    @Test func fontNamesWithStyleSuffixesResolve() {
        #expect(_FontMatcher.fontconfigName("DejaVu Sans-Bold") == "DejaVu Sans:bold")
        #expect(_FontMatcher.fontconfigName("Helvetica-BoldOblique") == "Helvetica:bold:oblique")
        #expect(_FontMatcher.fontconfigName("Noto Sans-Regular") == "Noto Sans")
        #expect(_FontMatcher.fontconfigName("Foo-Bar") == "Foo-Bar")
        let e = _TextEngine.shared
        let bold = e.withLock { _FontMatcher.face(named: "DejaVu Sans-Bold", engine: e) }
        #expect(bold?.path.hasSuffix("DejaVuSans-Bold.ttf") == true)
    }
}
