import Foundation
import Strata
import StrataWayland

/// Binds a root view to a surface: its layer goes into the surface's layer tree, it is sized
/// to the surface's content, and the seat's events for that surface reach it through an
/// `InputRouter` (on the main loop's timers).
///
/// One API for every kind of surface:
/// ```swift
/// let host = ViewHost(window: window, application: app)          // xdg toplevel
/// let host = ViewHost(layerShellWindow: panel, application: app) // wlr-layer-shell surface
/// let host = ViewHost(popup: menu, application: app)             // xdg popup (menus)
/// host.rootView.addSubview(button)
/// ```
/// and `init(application:surface:layer:size:)` for any other layer-hosted surface.
/// Keep the host alive as long as the surface: it owns the router and the input handler.
public final class ViewHost {
    public let rootView: View
    public let router: InputRouter
    private let size: () -> CGSize
    private let scale: () -> CGFloat
    private weak var application: Application?
    /// The surface whose input handler this host installed (nil for windows, whose own
    /// handler keeps the title bar working and passes content input to `onInput`).
    private var handledSurface: WaylandSurface?
    /// The input method's text for the first responder (`KeyInput`), when the compositor has
    /// a text input.
    private var textInput: TextInputBridge?

    /// The general form: `layer` is the surface's content layer (the root view fills its
    /// bounds), `size` its current content size, and the seat's events for `surface` are taken
    /// over (in `layer`'s coordinates). Call `layout()` after each configure and
    /// `updateContentScale()` when the surface's scale changed.
    public convenience init(application: Application, surface: WaylandSurface, layer: CALayer,
                size: @escaping () -> CGSize, rootView: View = View()) {
        self.init(application: application, layer: layer, size: size,
                  scale: { [unowned surface] in CGFloat(surface.scale.factor) }, rootView: rootView)
        handledSurface = surface
        application.setInputHandler(for: surface) { [weak router] event in router?.handle(event) }
        takeDrops(on: surface) { .zero }
        takeText(on: surface, application: application) { .zero }
    }

    private init(application: Application, layer: CALayer, size: @escaping () -> CGSize,
                 scale: @escaping () -> CGFloat, rootView: View) {
        self.rootView = rootView
        self.size = size
        self.scale = scale
        self.application = application
        router = InputRouter(rootView: rootView, scheduler: EventLoopScheduler(loop: application.loop))
        router.onCursorChange = { [weak application] name in application?.seat?.cursorName = name }
        Pasteboard.general.bind(to: application)
        Pasteboard.primary.bind(to: application)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.addSublayer(rootView.layer)
        CATransaction.commit()
        updateContentScale()
        layout()
    }

    /// Hosts `rootView` in a toplevel window's content (below its title bar, if it draws one);
    /// input arrives through the window, which keeps its decorations working.
    public convenience init(window: Window, application: Application, rootView: View = View()) {
        self.init(application: application, layer: window.layer,
                  size: { [unowned window] in CGSize(width: window.width, height: window.height) },
                  scale: { [unowned window] in window.contentsScale }, rootView: rootView)
        // The window handles its title bar itself and hands content input on.
        let router = self.router
        window.onInput = { [weak router] event in router?.handle(event) }
        // The content lies below the title bar, if the window draws one.
        takeDrops(on: window.toplevel.surface) { [unowned window] in CGPoint(x: 0, y: window.titleBarHeight) }
        takeText(on: window.toplevel.surface, application: application) { [unowned window] in
            CGPoint(x: 0, y: window.titleBarHeight)
        }
        let previous = window.onConfigure
        window.onConfigure = { [weak self] in
            self?.layout()
            previous?()
        }
        let previousScale = window.onScaleChange
        window.onScaleChange = { [weak self] scale in
            self?.updateContentScale()
            previousScale?(scale)
        }
    }

    /// Hosts `rootView` in a layer-shell surface.
    public convenience init(layerShellWindow surface: LayerShellWindow, application: Application, rootView: View = View()) {
        self.init(application: application, surface: surface.layerSurface.surface, layer: surface.layer,
                  size: { [unowned surface] in CGSize(width: surface.width, height: surface.height) }, rootView: rootView)
        let previous = surface.onConfigure
        surface.onConfigure = { [weak self] in
            self?.layout()
            previous?()
        }
        let previousScale = surface.onScaleChange
        surface.onScaleChange = { [weak self] scale in
            self?.updateContentScale()
            previousScale?(scale)
        }
    }

    /// Hosts `rootView` in a popup (a menu, a dropdown); it receives the popup's input, which
    /// during a grab is all of the seat's pointer and keyboard input.
    public convenience init(popup: PopupWindow, application: Application, rootView: View = View()) {
        self.init(application: application, surface: popup.popup.surface, layer: popup.layer,
                  size: { [unowned popup] in CGSize(width: popup.width, height: popup.height) }, rootView: rootView)
        let previous = popup.onConfigure
        popup.onConfigure = { [weak self] in
            self?.layout()
            previous?()
        }
        let previousScale = popup.onScaleChange
        popup.onScaleChange = { [weak self] scale in
            self?.updateContentScale()
            previousScale?(scale)
        }
    }

    deinit {
        if let s = handledSurface { application?.setInputHandler(for: s, nil) }
    }

    /// Drags over `surface` reach the root view's drop interactions (`DropInteraction`), the
    /// root's frame origin at `origin()` in surface coordinates. Needs the seat's data device
    /// (`Pasteboard.general`'s clipboard); without one, no drags come.
    private func takeDrops(on surface: WaylandSurface, origin: @escaping () -> CGPoint) {
        guard let clipboard = Pasteboard.general.clipboard else { return }
        _DropRouter.shared(for: clipboard).register(surface: surface, root: rootView, origin: origin)
    }

    /// The input method's text reaches the first responder when it is a `KeyInput` view and
    /// `surface` has the seat's text input (the root space's origin at `origin()` in surface
    /// coordinates). Needs `zwp_text_input_manager_v3`; without it, only the keymap's text comes.
    private func takeText(on surface: WaylandSurface, application: Application, origin: @escaping () -> CGPoint) {
        guard let input = TextInput(application: application) else { return }
        textInput = TextInputBridge(textInput: input, surface: surface, router: router, origin: origin)
    }

    /// Gives every view of the tree that has not fixed its `contentScaleFactor` the surface's
    /// current scale (see `View.contentScaleFactor`). Windows, layer-shell surfaces and popups
    /// call it on every scale change; call it yourself for another surface.
    public func updateContentScale() {
        let s = scale()
        guard s.isFinite, s > 0, rootView._hostContentScale != s else { return }
        rootView._hostContentScale = s
        rootView._applyHostContentScale(s)
    }

    /// Sizes the root view to the surface's content (without animation).
    public func layout() {
        let s = size()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootView.frame = CGRect(origin: .zero, size: CGSize(width: max(0, s.width), height: max(0, s.height)))
        CATransaction.commit()
    }
}
