import Foundation
import Strata

/// The picture under the pointer while a drag started here goes on: a layer tree drawn once
/// into a `wl_shm` buffer on a surface of its own, the `icon` of `wl_data_device.start_drag`.
///
/// Protocol: the icon surface gets the drag-icon role from `start_drag`; its top-left corner
/// starts at the pointer's hotspot, and the first commit after the request (`show()`) moves it by
/// the surface offset (`wl_surface.offset` from version 5, `attach`'s x and y before) so that
/// `hotspot` sits under the pointer. (sway 1.7 places drag icons at the pointer whatever their
/// offset: its icon position is the cursor's alone.) The surface and its
/// buffer live until the drag ends; destroying the surface then ends its role.
final class DragIcon {
    let surface: WaylandSurface
    let buffer: ShmBuffer

    /// Draws `layer` (its bounds, model values; see `CALayer.render(in:)`) at `scale` (the
    /// origin surface's), or nil when there is nothing to show (an empty or absurd size, or no
    /// memory for the buffer).
    init?(layer: CALayer, hotspot: CGPoint, scale: SurfaceScale, display: WaylandDisplay) {
        let size = layer.bounds.size
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
              size.width <= 4096, size.height <= 4096 else { return nil }
        let logical = (width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
        let (w, h) = scale.bufferSize(width: logical.width, height: logical.height)
        guard let b = try? ShmBuffer(shm: display.shm, width: w, height: h),
              let bitmap = Bitmap(wrapping: b.pixels, width: w, height: h, bytesPerRow: b.stride) else { return nil }
        buffer = b
        // The buffer is fresh memory (zeroed): transparent where the layer draws nothing.
        let ctx = CGContext(bitmap: bitmap, baseTransform: CGAffineTransform(scaleX: CGFloat(w) / CGFloat(logical.width),
                                                                             y: CGFloat(h) / CGFloat(logical.height)))
        ctx.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
        layer.render(in: ctx)
        surface = WaylandSurface(display: display)
        self.scale = scale
        self.logical = logical
        offset = (Int32(max(-4096, min(4096, hotspot.x.isFinite ? -hotspot.x.rounded() : 0))),
                  Int32(max(-4096, min(4096, hotspot.y.isFinite ? -hotspot.y.rounded() : 0))))
    }

    private let scale: SurfaceScale
    private let logical: (width: Int, height: Int)
    private let offset: (x: Int32, y: Int32)

    /// Shows the picture: after `start_drag` has given the surface its role (a commit before
    /// that would be a role-less surface's, and its offset not the icon's).
    func show() {
        surface.attach(buffer, scale: scale, logicalSize: logical, damage: [(0, 0, Int32(buffer.width), Int32(buffer.height))])
        if surface.surface.version >= 5 {
            surface.surface.offset(x: offset.x, y: offset.y)
        } else {
            surface.surface.attach(buffer: buffer.wlBuffer, x: offset.x, y: offset.y)
        }
        surface.commit()
    }

    /// Ends the icon: its surface first (the role goes with it), then the buffer.
    func destroy() {
        surface.surface.destroy()
    }
}
