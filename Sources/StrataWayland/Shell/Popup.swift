/// An xdg_popup (menus, tooltips) placed by a positioner relative to a parent surface.
///
/// The parent is a toplevel, another popup, or a layer surface (layer-shell's `get_popup`,
/// which takes a popup created with a null parent). Protocol obligations kept here: the
/// positioner has a non-zero size and anchor rectangle (the protocol requires it; sizes are
/// clamped to ≥ 1); configure is acked before a buffer; `popup_done` means dismissed.
public final class Popup {
    /// Where the popup goes, in the parent's window-geometry coordinates.
    public struct Placement: Sendable {
        public var width: Int
        public var height: Int
        /// The rectangle of the parent the popup is anchored to (e.g. a menu button).
        public var anchorRect: (x: Int, y: Int, width: Int, height: Int)
        public var anchor: XdgPositioner.Anchor = .bottomLeft
        public var gravity: XdgPositioner.Gravity = .bottomRight
        /// `xdg_positioner.constraint_adjustment` bits: slide x/y = 1|2, flip x/y = 4|8,
        /// resize x/y = 16|32.
        public var constraintAdjustment: UInt32 = 1 | 2 | 4 | 8
        public var offset: (x: Int, y: Int) = (0, 0)

        public init(width: Int, height: Int, anchorRect: (x: Int, y: Int, width: Int, height: Int)) {
            self.width = width
            self.height = height
            self.anchorRect = anchorRect
        }
    }

    public enum Parent {
        case toplevel(Toplevel)
        case popup(Popup)
        case layerSurface(LayerSurface)
    }

    public let surface: WaylandSurface
    public let xdgSurface: XdgSurface
    public let popup: XdgPopup
    /// Position relative to the parent and size, from the latest configure.
    public private(set) var x = 0, y = 0, width: Int, height: Int
    public private(set) var isConfigured = false
    /// Whether each configure is acked as it arrives (the default); see `Toplevel.acksOnArrival`.
    public var acksOnArrival = true
    /// The serial of the latest configure.
    public private(set) var configureSerial: UInt32 = 0
    public var onConfigure: (() -> Void)?
    /// The compositor dismissed the popup (click outside, parent gone).
    public var onDismissed: (() -> Void)?

    /// `grab` (seat and the serial of the input event that opened the popup) makes it an
    /// explicit grab, as menus need; the protocol requires it before the first commit.
    public init(display: WaylandDisplay, parent: Parent, placement: Placement,
                grab: (seat: WlSeat, serial: UInt32)? = nil) throws {
        guard let wmBase = display.wmBase else {
            throw WaylandError.missingGlobal(interface: "xdg_wm_base", minimumVersion: 1)
        }
        width = max(1, placement.width)
        height = max(1, placement.height)
        surface = WaylandSurface(display: display)
        xdgSurface = wmBase.getXdgSurface(surface: surface.surface)
        let positioner = wmBase.createPositioner()
        positioner.setSize(width: Int32(clamping: width), height: Int32(clamping: height))
        let r = placement.anchorRect
        positioner.setAnchorRect(x: Int32(clamping: r.x), y: Int32(clamping: r.y),
                                 width: Int32(clamping: max(1, r.width)), height: Int32(clamping: max(1, r.height)))
        positioner.setAnchor(anchor: placement.anchor)
        positioner.setGravity(gravity: placement.gravity)
        positioner.setConstraintAdjustment(constraintAdjustment: placement.constraintAdjustment)
        positioner.setOffset(x: Int32(clamping: placement.offset.x), y: Int32(clamping: placement.offset.y))
        switch parent {
        case let .toplevel(t):
            popup = xdgSurface.getPopup(parent: t.xdgSurface, positioner: positioner)
        case let .popup(p):
            popup = xdgSurface.getPopup(parent: p.xdgSurface, positioner: positioner)
        case let .layerSurface(l):
            popup = xdgSurface.getPopup(parent: nil, positioner: positioner)
            l.layerSurface.getPopup(popup: popup)
        }
        positioner.destroy()
        popup.onEvent = { [unowned self] event in
            switch event {
            case let .configure(x, y, w, h):
                self.x = Int(x)
                self.y = Int(y)
                if w > 0 { self.width = min(Int(w), Toplevel.maximumDimension) }
                if h > 0 { self.height = min(Int(h), Toplevel.maximumDimension) }
            case .popupDone:
                self.isConfigured = false
                self.onDismissed?()
            case .repositioned:
                break
            }
        }
        xdgSurface.onEvent = { [unowned self] event in
            if case let .configure(serial) = event {
                self.configureSerial = serial
                if self.acksOnArrival { self.xdgSurface.ackConfigure(serial: serial) }
                self.isConfigured = true
                self.onConfigure?()
            }
        }
        if let grab { popup.grab(seat: grab.seat, serial: grab.serial) }
        surface.commit()
    }

    /// Sends `xdg_surface.ack_configure(serial)` unless the xdg_surface is gone. Callable from the
    /// render thread.
    public func acknowledge(serial: UInt32) {
        guard !xdgSurface.isDestroyed else { return }
        xdgSurface.ackConfigure(serial: serial)
    }

    /// Destroys the popup and then its xdg_surface (the protocol's order). A popup with open
    /// child popups must have them destroyed first. No events arrive afterwards. Idempotent.
    public func destroy() {
        isConfigured = false
        popup.destroy()
        xdgSurface.destroy()
    }
}
