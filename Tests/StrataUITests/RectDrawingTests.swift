import Foundation
import Testing
@testable import StrataUI
@testable import Strata

/// `RectFill`, `RectFrame`, `RectClip` and their blend-mode forms (UIKit's UIRect… functions),
/// and the renderer context's `fill(_:blendMode:)`: exact pixels of a 20 × 20 image.
@Suite struct RectDrawingTests {
    static let red: UInt32 = 0xFFFF_0000

    static func draw(_ body: (GraphicsImageRendererContext) -> Void) -> CGImage {
        GraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { body($0) }!
    }

    @Test func rectFillReplacesWhileTheBlendModeFormBlends() {
        let img = Self.draw { r in
            Color.red.setFill()
            r.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            Color.blue.withAlphaComponent(0.5).setFill()
            RectFill(CGRect(x: 0, y: 0, width: 10, height: 10))                       // copy: half-transparent blue
            RectFillUsingBlendMode(CGRect(x: 10, y: 0, width: 10, height: 10), .normal)   // blended over red
            r.fill(CGRect(x: 0, y: 10, width: 10, height: 10), blendMode: .copy)
            r.fill(CGRect(x: 10, y: 10, width: 10, height: 10))                        // normal again
        }
        let copied = img.pixel(x: 5, y: 5), blended = img.pixel(x: 15, y: 5)
        #expect((0x7F...0x80).contains(copied >> 24) && copied & 0xFF == copied >> 24 && copied & 0xFF_FF00 == 0)
        #expect(blended >> 24 == 0xFF && (blended >> 16) & 0xFF == 0xFF - (blended & 0xFF) && (blended >> 8) & 0xFF == 0)
        #expect(img.pixel(x: 5, y: 15) == copied && img.pixel(x: 15, y: 15) == blended)
    }

    @Test func rectFrameDrawsOneUnitInsideInTheFillColour() {
        let img = Self.draw { _ in
            Color.green.setStroke()                                                    // not used
            Color.red.setFill()
            RectFrame(CGRect(x: 15, y: 15, width: -10, height: -10))                   // standardized: 5…15
            RectFrameUsingBlendMode(CGRect(x: 17, y: 1, width: 2, height: 3), .normal)  // thin: filled whole
        }
        var framed: [Bool] = []
        for y in 4...15 { for x in 4...15 { framed.append(img.pixel(x: x, y: y) == Self.red) } }
        var expected: [Bool] = []
        for y in 4...15 { for x in 4...15 { expected.append((5...14).contains(x) && (5...14).contains(y) && (x == 5 || x == 14 || y == 5 || y == 14)) } }
        #expect(framed == expected)
        #expect(img.pixel(x: 9, y: 9) == 0 && img.pixel(x: 4, y: 9) == 0)
        #expect(img.pixel(x: 17, y: 1) == Self.red && img.pixel(x: 18, y: 3) == Self.red && img.pixel(x: 19, y: 2) == 0)
    }

    @Test func rectClipClipsAndNothingHappensWithoutAContext() {
        let img = Self.draw { r in
            RectClip(CGRect(x: 0, y: 0, width: 4, height: 20))
            Color.red.setFill()
            r.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        #expect(img.pixel(x: 3, y: 10) == Self.red && img.pixel(x: 4, y: 10) == 0)
        #expect(GraphicsGetCurrentContext() == nil)
        RectFill(.zero); RectFrame(CGRect(x: 0, y: 0, width: 5, height: 5)); RectClip(.zero)
        RectFillUsingBlendMode(.zero, .copy); RectFrameUsingBlendMode(.zero, .copy)
    }
}
