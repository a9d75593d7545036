import Foundation
import Testing
@testable import Strata
import StrataTestSupport

/// Whole-scene goldens: each exercises several properties at once, at scale 2, so that a change
/// anywhere in the pipeline shows. Pixel-exact properties are asserted in CompositorTests.
@Suite(.runLoopTurn) struct CompositorGoldenTests {
    typealias F = RenderFixture

    static func slice1Scene() -> RenderLayer {
        var card = F.centered(2, 60, 40, at: 40, 30, CATransform3DMakeRotation(0.3, 0, 0, 1), F.blue)
        card.cornerRadius = 8
        card.borderWidth = 3
        card.borderColor = .black
        card.masksToBounds = true
        card.sublayers = [F.layer(3, -10, 20, 50, 40, F.red)]
        var faded = F.layer(4, 70, 40, 40, 30, F.green)
        faded.opacity = 0.6
        faded.maskedCorners = 0b1001
        faded.cornerRadius = 12
        faded.sublayers = [F.layer(5, 20, 10, 30, 30, CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))]
        var skewed = F.centered(6, 30, 20, at: 30, 70, CATransform3DMakeScale(1.5, 0.7, 1), CGColor(gray: 0.3, alpha: 0.8))
        skewed.zPosition = 2
        return F.root(120, 90, CGColor(gray: 0.95, alpha: 1), [card, faded, skewed])
    }

    @Test func slice1PropertiesAtScale2() {
        RenderGolden.check(Snapshot.render(Self.slice1Scene(), scale: 2)!, "slice1-scale2", tolerance: 2)
    }

    @Test func pngRoundTripKeepsPremultipliedPixels() throws {
        let b = Snapshot.render(Self.slice1Scene(), scale: 1)!
        let decoded = try PNGImage.decode(data: try b.pngData())
        #expect(decoded == b.pngImage)
        #expect(Bitmap(decoded)!.hasSamePixels(as: b))
        #expect(throws: PNGError.self) { try Bitmap(width: 0, height: 0)!.pngData() }
    }
}
