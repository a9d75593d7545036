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
