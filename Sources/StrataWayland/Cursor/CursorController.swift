import CWaylandClient
import Glibc

/// Shows a themed cursor image while the pointer is over this process's surfaces.
///
/// The image is set on every enter with the enter serial (the compositor ignores `set_cursor`
/// with any other serial), at the integer scale of the surface under the pointer: the theme is
/// loaded at `size × scale` pixels and the cursor surface gets that buffer scale. When the
/// theme's image is not a whole multiple of the scale (a theme lacking that size) the scale-1
/// image is used instead, since a buffer not divisible by its scale is a protocol error.
final class CursorController {
    private let compositor: WlCompositor
    private let shm: WlShm
    private let surface: WlSurface
    private var themes: [Int: CursorTheme] = [:]
    /// The name last applied, scale and enter serial, to skip redundant updates.
    private var applied: (name: String, scale: Int, serial: UInt32)?

    init(compositor: WlCompositor, shm: WlShm) {
        self.compositor = compositor
        self.shm = shm
        surface = compositor.createSurface()
    }

    private func theme(scale: Int) -> CursorTheme? {
        if let t = themes[scale] { return t }
        let t = CursorTheme(shm: shm, scale: scale)
        themes[scale] = t
        return t
    }

    /// Sets `name` as the pointer's image for the enter `serial`. Returns false when no image
    /// could be found (the compositor's previous image stays).
    @discardableResult
    func apply(name: String, to pointer: WlPointer, serial: UInt32, scale: Int) -> Bool {
        let scale = max(1, min(scale, 8))
        if let a = applied, a.name == name, a.scale == scale, a.serial == serial { return true }
        var chosen: (CursorImage, Int)?
        if let img = theme(scale: scale)?.image(named: name),
           img.width % Int32(scale) == 0, img.height % Int32(scale) == 0 {
            chosen = (img, scale)
        } else if let img = theme(scale: 1)?.image(named: name) {
            chosen = (img, 1)
        }
        guard let (img, s) = chosen else { return false }
        wl_surface_attach(surface.proxy, img.buffer, 0, 0)
        surface.setBufferScale(scale: Int32(s))
        surface.damageBuffer(x: 0, y: 0, width: img.width, height: img.height)
        surface.commit()
        pointer.setCursor(serial: serial, surface: surface, hotspotX: img.hotspotX / Int32(s), hotspotY: img.hotspotY / Int32(s))
        applied = (name, scale, serial)
        return true
    }

    /// Hides the cursor over our surface (`set_cursor` with no surface).
    func hide(on pointer: WlPointer, serial: UInt32) {
        pointer.setCursor(serial: serial, surface: nil, hotspotX: 0, hotspotY: 0)
        applied = nil
    }
}
