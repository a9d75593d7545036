import Foundation

extension _Painter {
    /// Draws a text layer's rendered text (an image at contentsScale covering the bounds from
    /// their top-left) like contents, with `alpha`.
    func drawText(_ t: _TextSpec, _ matrix: _Matrix3, alpha: Double) {
        let a8 = UInt16((min(max(alpha, 0), 1) * 255).rounded())
        guard a8 > 0, let image = t.image() else { return }
        let top = targets[targets.count - 1]
        let ext = PixelRect(x: top.extents.x - top.ox, y: top.extents.y - top.oy, width: top.extents.width,
                            height: top.extents.height)
        let s = t.options.scale
        let piece = _ContentsLayout.Piece(source: CGRect(x: 0, y: 0, width: image.width, height: image.height),
                                          dest: CGRect(x: t.origin.x, y: t.origin.y, width: CGFloat(image.width) / s,
                                                       height: CGFloat(image.height) / s))
        drawImage(image, piece, matrix, target: top, ext, a8: a8, confine: false, nearest: false)
    }
}
