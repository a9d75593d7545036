import Foundation

/// The backing store: what `display()` does when no delegate supplies contents.
///
/// The layer's `contents` becomes an image of bounds × `contentsScale` pixels (rounded up)
/// drawn by `draw(in:)` through a ``CGContext`` whose user space is the layer's bounds
/// coordinates, top-left origin, y down (as iOS layer contexts). After `setNeedsDisplay(_:)`
/// with rectangles only, and when the current contents is this layer's previous backing image
/// of the same size, scale and bounds origin, only the dirty pixels are cleared and redrawn
/// (the context is clipped to them) and the rest of the old image is kept; the compositor then
/// damages only those pixels. Otherwise everything is redrawn.
///
/// Contents set here do not animate (no implicit fade). A full redraw that draws nothing sets
/// `contents` to nil (visually the same as a transparent image, without the memory). A layer
/// with an empty, non-finite or oversized backing store (above ``CGContext``'s limits) gets no
/// drawing and nil contents.
extension CALayer {
    /// Records a redraw request (`nil`: everything) for the next `display()`.
    final func _requestDisplay(_ r: CGRect?) {
        let x = extras
        if x.display == nil { x.display = _DisplayRequest(dirty: .null) }
        x.display?.add(r)
    }

    final func _displayBackingStore() {
        let request = _extras?.display ?? _DisplayRequest(dirty: nil)
        _extras?.display = nil
        let b = bounds
        let s = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        guard let (w, h) = CGContext.pixelSize(b.width * s, b.height * s) else { _setDisplayedContents(nil); return }
        let whole = PixelRect(x: 0, y: 0, width: w, height: h)
        let old = contents as? CGImage
        var redraw = whole
        var base: CGImage?
        if let d = request.dirty, let o = old, let info = o._backing, info.layerID == _layerID, info.scale == s,
           info.origin == b.origin, o.width == w, o.height == h {
            let px = CGRect(x: (d.minX - b.minX) * s, y: (d.minY - b.minY) * s, width: d.width * s, height: d.height * s)
            guard !d.isNull, let r = CGContext.enclosing(px, grow: 0).flatMap({ Self.intersect($0, whole) }) else { return }
            redraw = r
            base = o
        }
        var drew = false
        let image = CGImage(width: w, height: h) { px in
            guard let bitmap = Bitmap(wrapping: px, width: w, height: h, bytesPerRow: w * 4) else { return }
            if let base {
                px.update(from: base.pixels, count: w * h)
                for y in redraw.y..<redraw.maxY { (px + y * w + redraw.x).update(repeating: 0, count: redraw.width) }
            }
            let ctx = CGContext(bitmap: bitmap, baseTransform: CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: -b.minX * s, ty: -b.minY * s))
            if base != nil {
                ctx.clip(to: CGRect(x: b.minX + CGFloat(redraw.x) / s, y: b.minY + CGFloat(redraw.y) / s,
                                    width: CGFloat(redraw.width) / s, height: CGFloat(redraw.height) / s))
            }
            _extras?.delegate?.layerWillDraw(self)
            draw(in: ctx)
            drew = ctx.didPaint
        }
        guard let image, base != nil || drew else { _setDisplayedContents(nil); return }
        if let base, let info = base._backing {
            image._backing = info.next(changing: redraw)
        } else {
            let serial = (old?._backing?.layerID == _layerID ? old?._backing?.serial ?? 0 : 0) + 1
            image._backing = _BackingInfo(layerID: _layerID, serial: serial, scale: s, origin: b.origin, changes: [(serial, whole)])
        }
        _setDisplayedContents(image)
    }

    /// Sets `contents` without running actions (backing-store updates do not animate).
    private final func _setDisplayedContents(_ image: CGImage?) {
        if image == nil && _storage["contents"] == nil { return }
        _TransactionState.current.touch()
        _storage["contents"] = image.map { _AnimValue(any: $0) }
        _markDirty()
    }

    private static func intersect(_ a: PixelRect, _ b: PixelRect) -> PixelRect? {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
