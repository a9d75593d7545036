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
