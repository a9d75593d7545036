import Foundation
import Strata

/// An xdg_popup (menu, tooltip, dropdown) whose content is a layer tree, placed by a positioner
/// next to a rectangle of its parent: a `Window`, a `LayerShellWindow` or another `PopupWindow`.
///
/// ```swift
/// var placement = Popup.Placement(width: 160, height: 90, anchorRect: (20, 20, 100, 30))
/// let menu = try PopupWindow(application: app, parent: .window(window), placement: placement)
/// menu.layer.backgroundColor = …
/// ```
///
/// Contract:
/// - `placement.anchorRect` and `x`/`y` are in the parent's content coordinates (below a
///   client-drawn title bar, whose height is added for the protocol's window geometry).
/// - With `grab` (the default) the popup takes an explicit grab with the seat's latest press
///   serial, as menus need: the compositor dismisses it on a click outside. Without a press yet
///   (or without a seat) it opens without a grab.
/// - The compositor may flip, slide or resize the popup to keep it on screen
///   (`constraintAdjustment`); `x`, `y`, `width` and `height` are what it configured.
/// - `onDismissed` runs when the compositor dismisses the popup (`popup_done`); the default
///   closes it. `close()` closes open child popups first (the protocol destroys popups
///   top-down), stops drawing, then destroys the popup before it returns, so a popup opened
///   right after it never finds it still there (a second grabbing popup that is not its child
///   is a protocol error). Idempotent.
public final class PopupWindow {
    public enum Parent {
        case window(Window)
        case layerShellWindow(LayerShellWindow)
        case popup(PopupWindow)
    }

    public let popup: Popup
    private let host: LayerHost
    var layerHost: LayerHost { host }
    /// The content offset of the parent's surface (its title bar), in points.
    private let parentOffsetY: Int
    private var children: [WeakPopupWindow] = []
    /// The root layer; its bounds follow the configured size.
    public var layer: CALayer { host.layer }
    public var width: Int { popup.width }
    public var height: Int { popup.height }
    /// The popup's top-left corner in the parent's content coordinates (latest configure).
    public var x: Int { popup.x }
    public var y: Int { popup.y - parentOffsetY }
    public private(set) var isClosed = false
    /// Called after each configure, before the frame at the new size is drawn.
    public var onConfigure: (() -> Void)?
    /// The compositor dismissed the popup (a click outside, the parent went away).
    public var onDismissed: (() -> Void)?
    /// Called on the render thread after each frame is committed.
    public func onFrameCommitted(_ f: @escaping @Sendable (FrameInfo) -> Void) { host.setOnFrameCommitted(f) }

    /// Device pixels per point the content is drawn at: the surface's scale (an output's integer
    /// scale, or the compositor's preferred fractional one), 1 until the compositor says otherwise.
    /// Give layers with bitmap content (text, `draw(in:)`, images) this `contentsScale` to keep
    /// them crisp: as in Core Animation, a plain layer's `contentsScale` stays 1 unless set
    /// (views under a `ViewHost` follow it by themselves).
    public var contentsScale: CGFloat { CGFloat(popup.surface.scale.factor) }
    /// Called on the main thread when `contentsScale` changed (the surface moved to an output of
    /// another scale, or the preferred scale changed), before the frame at the new scale is drawn.
    public var onScaleChange: ((CGFloat) -> Void)?
    private var scaleReporter = _ScaleReporter()

    private func reportScale() { scaleReporter.report(contentsScale, to: onScaleChange) }

    public init(application: Application, parent: Parent, placement: Popup.Placement, grab: Bool = true) throws {
        var placement = placement
        let shellParent: Popup.Parent
        switch parent {
        case let .window(w):
            shellParent = .toplevel(w.toplevel)
            parentOffsetY = w.titleBarHeight
        case let .layerShellWindow(l):
            shellParent = .layerSurface(l.layerSurface)
            parentOffsetY = 0
        case let .popup(p):
            shellParent = .popup(p.popup)
            parentOffsetY = 0
        }
        placement.anchorRect.y += parentOffsetY
        let seat = application.seat
        let grabbing = grab ? seat.flatMap { s in s.lastPressSerial.map { (s.wlSeat, $0) } } : nil
        popup = try Popup(display: application.display, parent: shellParent, placement: placement, grab: grabbing)
        host = LayerHost(application: application, surface: popup.surface)
        if case let .popup(p) = parent { p.children.append(WeakPopupWindow(self)) }
        onDismissed = { [unowned self] in self.close() }
        // Acked from the render thread, right before the frame at the configured size.
        popup.acksOnArrival = false
        popup.onConfigure = { [unowned self] in
            self.host.configure(width: self.width, height: self.height, scale: self.popup.surface.scale,
                                ack: .latest(of: self.popup)) { [unowned self] in
                self.reportScale()
                self.onConfigure?()
            }
        }
        popup.onDismissed = { [unowned self] in self.onDismissed?() }
        popup.surface.onScaleChange = { [unowned self] _ in
            guard self.popup.isConfigured else { return }
            self.host.configure(width: self.width, height: self.height, scale: self.popup.surface.scale,
                                update: self.reportScale)
        }
        popup.surface.enableFractionalScale()
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for child in children.reversed() { child.window?.close() }
        children = []
        host.retire()
        popup.destroy()
    }
}

private struct WeakPopupWindow {
    weak var window: PopupWindow?
    init(_ window: PopupWindow) { self.window = window }
}
