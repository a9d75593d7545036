import Foundation
import Testing
@testable import Strata
@testable import StrataUI

@MainActor @Suite struct LabelTextTests {
    @Test func labelDrivesItsTextLayer() {
        let l = Label(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        l.text = "Hello"
        l.font = CTFontCreateWithName("DejaVu Sans", 20, nil)
        l.textAlignment = .center
        #expect(l.textLayer.string as? String == "Hello")
        #expect(l.textLayer.fontSize == 20)
        #expect(l.textLayer.font as? String == "DejaVu Sans")
        #expect(l.textLayer.alignmentMode == .center)
        #expect(l.textLayer.truncationMode == .end && !l.textLayer.isWrapped)
        l.numberOfLines = 0
        #expect(l.textLayer.isWrapped && l.textLayer.truncationMode == .none)
    }

    @Test func labelDrawsItsTextTruncatedAtTheEnd() throws {
        let l = Label(frame: CGRect(x: 0, y: 0, width: 80, height: 24))
        l.font = CTFontCreateWithName("DejaVu Sans", 16, nil)
        l.text = "A label far too long for its width"
        let b = try #require(Snapshot.render(RenderTree(root: l.layer).snapshot(at: 0), scale: 1))
        // Exactly the text layout of the label's style: black, one line, "…" at the end.
        let layout = TextLayout(StyledText(l.text!, style: TextStyle(fontName: "DejaVu Sans", fontSize: 16, color: .black)),
                                options: .init(size: CGSize(width: 80, height: 24), truncationMode: .end))
        #expect(layout.lines.count == 1 && layout.lines[0].isTruncated)
        let ref = try #require(Bitmap(width: 80, height: 24))
        layout.draw(into: ref)
        #expect(b.hasSamePixels(as: ref))
        var opaqueBlack = 0
        for y in 0..<24 { for x in 0..<80 where b.pixel(x: x, y: y) == 0xFF00_0000 { opaqueBlack += 1 } }
        #expect(opaqueBlack > 20)
    }

    /// Runs without a font or colour take the label's (UILabel's behaviour), not the text
    /// layer's Core Text defaults; the runs' own attributes stay.
    @Test func attributedTextTakesTheLabelsFontAndColourWhereRunsHaveNone() throws {
        let l = Label(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        l.font = CTFontCreateWithName("DejaVu Sans", 18, nil)
        l.textColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let s = NSMutableAttributedString(string: "HH HH")
        s.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 3, length: 2))
        l.attributedText = s
        let set = try #require(l.attributedText)
        #expect((set.attribute(.foregroundColor, at: 0, effectiveRange: nil) as! CGColor) == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect((set.attribute(.foregroundColor, at: 3, effectiveRange: nil) as! CGColor) == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect((set.attribute(.font, at: 4, effectiveRange: nil) as! CTFont).size == 18)
        // A later font applies to those runs too.
        l.font = CTFontCreateWithName("DejaVu Sans", 12, nil)
        #expect((l.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as! CTFont).size == 12)
        // Drawn as the same text given every attribute explicitly.
        let b = try #require(Snapshot.render(RenderTree(root: l.layer).snapshot(at: 0), scale: 1))
        let full = NSMutableAttributedString(string: "HH HH")
        full.addAttribute(.font, value: CTFontCreateWithName("DejaVu Sans", 12, nil), range: NSRange(location: 0, length: 5))
        full.addAttribute(.foregroundColor, value: CGColor(red: 0, green: 0, blue: 1, alpha: 1), range: NSRange(location: 0, length: 3))
        full.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 3, length: 2))
        let ref = try #require(Bitmap(width: 120, height: 30))
        TextLayout(StyledText(full, base: TextStyle()), options: .init(size: CGSize(width: 120, height: 30), truncationMode: .end)).draw(into: ref)
        #expect(b.hasSamePixels(as: ref))
        // Blue ink from the label's colour (premultiplied on a clear layer: blue = alpha, no red or green).
        #expect((0..<30).contains { y in (0..<120).contains { let p = b.pixel(x: $0, y: y); return p & 0xFF > 0x80 && p & 0xFFFF00 == 0 } })
    }

    @Test func sizeThatFitsMeasuresTheText() {
        let l = Label()
        l.font = CTFontCreateWithName("DejaVu Sans", 16, nil)
        l.text = "Hello world"
        let one = l.sizeThatFits(.zero)
        // DejaVu Sans 16 pt: line height 18.6 pt, "Hello world" ≈ 92 pt wide.
        #expect(one.height == 19)
        #expect(one.width > 80 && one.width < 100)
        l.numberOfLines = 0
        let wrapped = l.sizeThatFits(CGSize(width: 60, height: 0))
        #expect(wrapped.height == 38)
        #expect(wrapped.width <= 60)
        l.text = ""
        #expect(l.sizeThatFits(.zero) == .zero)
    }
}
