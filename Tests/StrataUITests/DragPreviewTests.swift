import Foundation
import Testing
@testable import StrataUI
@testable import Strata

/// Drag previews' pictures (`DragPreview.pictureLayer`): the view's layer tree over the
/// background, inside the visible path, at the output's scale. Pixels are premultiplied ARGB.
@Suite struct DragPreviewTests {
    static let white: UInt32 = 0xFFFF_FFFF, red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF

    /// A 40×30 view that draws nothing itself, with a red 10×10 subview at (10, 10).
    static func marked() -> View {
        let v = View(frame: CGRect(x: 200, y: 100, width: 40, height: 30))
        let mark = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        mark.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1).cgColor
        v.addSubview(mark)
        CATransaction.flush()
        return v
    }

    static func image(_ p: DragPreview, scale: CGFloat = 1) throws -> CGImage {
        let layer = try #require(p.pictureLayer(scale: scale))
        return try #require(layer.contents as? CGImage)
    }

    @Test func byDefaultTheWholeViewOverWhite() throws {
        let p = DragPreview(view: Self.marked())
        let image = try Self.image(p, scale: 2)
        #expect(image.width == 80 && image.height == 60)
        #expect(try #require(p.pictureLayer(scale: 2)).bounds == CGRect(x: 0, y: 0, width: 40, height: 30))
        #expect(image.pixel(x: 0, y: 0) == Self.white && image.pixel(x: 79, y: 59) == Self.white)
        #expect(image.pixel(x: 19, y: 19) == Self.white && image.pixel(x: 20, y: 20) == Self.red
                && image.pixel(x: 39, y: 39) == Self.red && image.pixel(x: 40, y: 40) == Self.white)
    }

    @Test func aVisiblePathCropsAndClipsAndNoBackgroundIsTransparent() throws {
        let params = DragPreviewParameters()
        params.visiblePath = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 30, height: 30))
        let image = try Self.image(TargetedDragPreview(view: Self.marked(), parameters: params))
        #expect(image.width == 30 && image.height == 30)
        #expect(image.pixel(x: 0, y: 0) == 0 && image.pixel(x: 29, y: 29) == 0, "outside the oval")
        #expect(image.pixel(x: 15, y: 2) == Self.white && image.pixel(x: 15, y: 15) == Self.red)
        params.backgroundColor = nil
        params.visiblePath = BezierPath(rect: CGRect(x: 5, y: 5, width: 20, height: 10))
        let cropped = try Self.image(DragPreview(view: Self.marked(), parameters: params))
        #expect(cropped.width == 20 && cropped.height == 10)
        #expect(cropped.pixel(x: 0, y: 0) == 0 && cropped.pixel(x: 4, y: 4) == 0, "no background: what the view leaves")
        #expect(cropped.pixel(x: 5, y: 5) == Self.red && cropped.pixel(x: 14, y: 9) == Self.red
                && cropped.pixel(x: 15, y: 9) == 0)
    }

    @Test func textLineRectsShowOnlyThoseRectangles() throws {
        let params = DragPreviewParameters(textLineRects: [CGRect(x: 0, y: 0, width: 10, height: 5),
                                                           CGRect(x: 0, y: 10, width: 20, height: 5)])
        let image = try Self.image(DragPreview(view: Self.marked(), parameters: params))
        #expect(image.width == 20 && image.height == 15)
        #expect(image.pixel(x: 2, y: 2) == Self.white && image.pixel(x: 15, y: 2) == 0 && image.pixel(x: 2, y: 7) == 0)
        #expect(image.pixel(x: 5, y: 12) == Self.white && image.pixel(x: 15, y: 12) == Self.red)
    }

    /// A view made for the preview (in no window, never committed) is laid out and drawn first.
    @Test func aViewInNoWindowIsLaidOutAndDrawn() throws {
        final class Drawn: View {
            override func draw(_ rect: CGRect) {
                let ctx = GraphicsGetCurrentContext()!
                ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 3))
            }
        }
        final class Laid: View {
            let child = View()
            override func layoutSubviews() {
                child.frame = CGRect(x: 6, y: 0, width: 2, height: 3)
                child.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1).cgColor
                if child.superview == nil { addSubview(child) }
            }
        }
        let v = Laid(frame: CGRect(x: 0, y: 0, width: 8, height: 3))
        v.addSubview(Drawn(frame: CGRect(x: 0, y: 0, width: 4, height: 3)))
        v.setNeedsLayout()
        let image = try Self.image(DragPreview(view: v))
        #expect(image.pixel(x: 0, y: 0) == Self.blue && image.pixel(x: 3, y: 2) == Self.blue)
        #expect(image.pixel(x: 4, y: 0) == Self.white && image.pixel(x: 6, y: 1) == Self.red)
    }

    /// Nothing to draw: an empty view, a visible path outside the bounds, non-finite paths.
    @Test func emptyAreasGiveNoPicture() {
        #expect(DragPreview(view: View(frame: .zero)).pictureLayer(scale: 1) == nil)
        let params = DragPreviewParameters()
        params.visiblePath = BezierPath(rect: CGRect(x: 100, y: 100, width: 5, height: 5))
        #expect(DragPreview(view: Self.marked(), parameters: params).pictureLayer(scale: 1) == nil)
        params.visiblePath = BezierPath(rect: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 5))
        #expect(DragPreview(view: Self.marked(), parameters: params).pictureLayer(scale: 1) == nil)
    }
}
