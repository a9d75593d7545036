import Foundation

/// Offscreen rendering of a whole render tree into a new ``Bitmap``: deterministic (same tree,
/// same pixels), for tests, documentation images and `--snapshot` in examples.
public enum Snapshot {
    /// `tree` drawn into a `width`×`height` bitmap at `scale` device pixels per point (see
    /// ``Compositor`` for coordinates), transparent where nothing is drawn. Nil when the size
    /// is negative or larger than ``Bitmap/maximumDimension``.
    public static func render(_ tree: RenderLayer, width: Int, height: Int, scale: CGFloat = 1) -> Bitmap? {
        guard let bitmap = Bitmap(width: width, height: height) else { return nil }
        Compositor().render(tree, into: bitmap, scale: scale)
        return bitmap
    }

    /// `tree` drawn into a bitmap the size of its root bounds × `scale`, rounded up to whole
    /// pixels. Nil when that size is not finite or too large.
    public static func render(_ tree: RenderLayer, scale: CGFloat = 1) -> Bitmap? {
        let w = tree.bounds.width * scale, h = tree.bounds.height * scale
        guard w.isFinite, h.isFinite, w >= 0, h >= 0, w <= CGFloat(Bitmap.maximumDimension),
              h <= CGFloat(Bitmap.maximumDimension) else { return nil }
        return render(tree, width: Int(w.rounded(.up)), height: Int(h.rounded(.up)), scale: scale)
    }
}
