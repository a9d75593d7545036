import Foundation
import Strata

/// How a drag preview shows its view (UIDragPreviewParameters).
public final class DragPreviewParameters {
    /// Painted behind the view, inside `visiblePath`. Default: white, as UIKit's platter; `nil`
    /// (or a clear colour) leaves what the view does not draw transparent.
    public var backgroundColor: Color? = .white
    /// The part of the view shown, in the view's bounds coordinates (its fill rule honoured);
    /// nil: the whole of its bounds.
    public var visiblePath: BezierPath?

    public init() {}

    /// Shows only the given rectangles of the view (lines of text), in its bounds coordinates
    /// (UIKit's takes them wrapped in `NSValue`s).
    public convenience init(textLineRects: [CGRect]) {
        self.init()
        let path = BezierPath()
        for r in textLineRects where !r.isNull && !r.isInfinite { path.append(BezierPath(rect: r)) }
        visiblePath = path
    }
}

/// The picture under the pointer while an item is dragged (UIDragPreview): `view` drawn once,
/// through `parameters`. The view need not be in a window (a label made for the preview, say);
/// it is laid out and displayed first if it needs to be.
public class DragPreview {
    public let view: View
    public let parameters: DragPreviewParameters

    public init(view: View, parameters: DragPreviewParameters = DragPreviewParameters()) {
        self.view = view
        self.parameters = parameters
    }

    /// The area drawn, in the view's bounds coordinates: the visible path's box (else the
    /// bounds) rounded out to whole points, so that the picture's pixels fall on the screen's.
    var area: CGRect {
        let box = parameters.visiblePath.map { $0.bounds.intersection(view.bounds) } ?? view.bounds
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return .null }
        let x = box.minX.rounded(.down), y = box.minY.rounded(.down)
        return CGRect(x: x, y: y, width: box.maxX.rounded(.up) - x, height: box.maxY.rounded(.up) - y)
    }

    /// A layer holding the picture, `area`'s size, drawn at `scale` pixels per point: the
    /// background and then the view's layer tree (its model values), both inside the visible
    /// path. Nil for an empty area or one too big to draw.
    func pictureLayer(scale: CGFloat) -> CALayer? {
        let area = area
        guard !area.isNull, area.width >= 1, area.height >= 1 else { return nil }
        view.layoutIfNeeded()
        Self.displaySubtree(view.layer)
        let parameters = parameters, layer = view.layer
        let image = GraphicsImageRenderer(size: area.size, scale: scale).image { r in
            let ctx = r.cgContext
            ctx.translateBy(x: -area.minX, y: -area.minY)
            if let path = parameters.visiblePath {
                ctx.addPath(path.cgPath)
                ctx.clip(using: path.usesEvenOddFillRule ? .evenOdd : .winding)
            }
            if let bg = parameters.backgroundColor {
                ctx.setFillColor(bg.cgColor)
                ctx.fill(area)
            }
            layer.render(in: ctx)
        }
        guard let image else { return nil }
        let picture = CALayer()
        picture.bounds = CGRect(origin: .zero, size: area.size)
        picture.contents = image
        picture.contentsScale = scale
        return picture
    }

    /// `display()` for every layer under `root` that needs it (a view drawn for the preview alone
    /// was never committed).
    private static func displaySubtree(_ root: CALayer) {
        var stack = [root]
        while let l = stack.popLast() {
            l.displayIfNeeded()
            stack.append(contentsOf: l.sublayers ?? [])
            if let m = l.mask { stack.append(m) }
        }
    }
}

/// The picture of an item as the drag lifts it from its place (UITargetedDragPreview). On
/// Wayland a drag has one icon, drawn when it starts, so the lift preview is that icon (see
/// `DragInteractionDelegate`): there is no lift animation.
public final class TargetedDragPreview: DragPreview {}
