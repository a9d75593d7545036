import CWaylandClient
import CWaylandCursor
import Glibc

/// One libwayland-cursor theme loaded at one pixel size.
///
/// The theme name and size come from `XCURSOR_THEME` / `XCURSOR_SIZE` (the desktop's settings;
/// default theme, 24 when unset or unparsable); `scale` multiplies the size for HiDPI outputs.
final class CursorTheme {
    private let theme: OpaquePointer
    let pixelSize: Int32

    /// The logical cursor size from the environment (clamped to 8…256).
    static var environmentSize: Int32 {
        guard let v = getenv("XCURSOR_SIZE"), let n = Int32(String(cString: v)), n > 0 else { return 24 }
        return min(max(n, 8), 256)
    }

    static var environmentName: String? {
        guard let v = getenv("XCURSOR_THEME"), v.pointee != 0 else { return nil }
        return String(cString: v)
    }

    /// nil when libwayland-cursor cannot load any theme (it falls back to built-in images, so
    /// this means shared memory failed).
    init?(shm: WlShm, scale: Int) {
        pixelSize = Self.environmentSize * Int32(max(1, min(scale, 8)))
        guard let t = wl_cursor_theme_load(Self.environmentName, pixelSize, shm.proxy) else { return nil }
        theme = t
    }

    deinit {
        wl_cursor_theme_destroy(theme)
    }

    /// The first image of the cursor named `name`, trying the usual aliases
    /// (CSS names first, then legacy X names).
    func image(named name: String) -> CursorImage? {
        for candidate in Self.aliases(name) {
            guard let cursor = wl_cursor_theme_get_cursor(theme, candidate),
                  cursor.pointee.image_count > 0, let img = cursor.pointee.images[0],
                  let buffer = wl_cursor_image_get_buffer(img) else { continue }
            let i = img.pointee
            return CursorImage(buffer: buffer, width: Int32(i.width), height: Int32(i.height),
                               hotspotX: Int32(i.hotspot_x), hotspotY: Int32(i.hotspot_y))
        }
        return nil
    }

    static func aliases(_ name: String) -> [String] {
        let legacy: [String: [String]] = [
            "default": ["left_ptr"], "pointer": ["hand2", "hand1"], "text": ["xterm", "ibeam"],
            "grab": ["hand1"], "grabbing": ["fleur"], "move": ["fleur"], "wait": ["watch"],
            "crosshair": ["cross"], "not-allowed": ["crossed_circle"],
            "ew-resize": ["sb_h_double_arrow"], "ns-resize": ["sb_v_double_arrow"],
            // The edges of a window (client-side decorations): X cursor font names, which
            // libwayland-cursor's built-in theme and older themes have.
            "n-resize": ["top_side"], "s-resize": ["bottom_side"], "w-resize": ["left_side"], "e-resize": ["right_side"],
            "nw-resize": ["top_left_corner"], "ne-resize": ["top_right_corner"],
            "sw-resize": ["bottom_left_corner"], "se-resize": ["bottom_right_corner"],
        ]
        var out = [name] + (legacy[name] ?? [])
        if name != "default" { out += ["default", "left_ptr"] }
        return out
    }
}

/// A theme image: a `wl_buffer` owned by the theme, its size and hotspot in buffer pixels.
struct CursorImage {
    let buffer: OpaquePointer
    let width: Int32
    let height: Int32
    let hotspotX: Int32
    let hotspotY: Int32
}
