import Foundation
import Strata

/// A toplevel window whose content is a layer tree.
///
/// `layer` is the content: its bounds are the content size in points (origin 0,0). Decorations
/// are the compositor's where it offers xdg-decoration (sway, KDE); elsewhere (GNOME, weston)
/// the window draws its own title bar (`ClientDecorations`) above the content, and the surface is
/// taller than the content by the bar's height. Fullscreen windows have no title bar.
public final class Window {
    public let toplevel: Toplevel
    private let host: LayerHost
    var layerHost: LayerHost { host }
    /// The content layer (below the title bar when the window draws one).
    public let layer = CALayer()
    /// Client-side decorations, when the window draws its own (see `usesClientDecorations`).
    public let decorations = ClientDecorations()
    /// Whether decoration is up to the client (decided by the compositor at configure).
    public var usesClientDecorations: Bool { decorationsEnabled && toplevel.decorationMode == .clientSide }
    /// Content size in points.
    public private(set) var width: Int
    public private(set) var height: Int
    /// Called after each configure, once the content has its new size (before the frame at that
    /// size is drawn).
    public var onConfigure: (() -> Void)?
    /// Called when the compositor (or the close button) asks to close; the default stops the
    /// application.
    public var onClose: (() -> Void)?
    /// Called on the render thread after each frame is committed.
    public func onFrameCommitted(_ f: @escaping @Sendable (FrameInfo) -> Void) { host.setOnFrameCommitted(f) }
    /// Called on the render thread when the picture comes to rest (last frame of an animation).
    public func onIdle(_ f: @escaping @Sendable () -> Void) { host.setOnIdle(f) }

    /// Input for the content: pointer and touch positions in content coordinates (the title
    /// bar, when drawn, is above y = 0 and handled by the window itself). Keyboard events as sent.
    public var onInput: ((InputEvent) -> Void)?

    /// Device pixels per point the content is drawn at: the surface's scale (an output's integer
    /// scale, or the compositor's preferred fractional one), 1 until the compositor says otherwise.
    /// Give layers with bitmap content (text, `draw(in:)`, images) this `contentsScale` to keep
    /// them crisp: as in Core Animation, a plain layer's `contentsScale` stays 1 unless set
    /// (views under a `ViewHost` follow it by themselves).
    public var contentsScale: CGFloat { CGFloat(toplevel.surface.scale.factor) }
    /// Called on the main thread when `contentsScale` changed (the surface moved to an output of
    /// another scale, or the preferred scale changed), before the frame at the new scale is drawn.
    public var onScaleChange: ((CGFloat) -> Void)?
    private var scaleReporter = _ScaleReporter()

    private func reportScale() { scaleReporter.report(contentsScale, to: onScaleChange) }

    private weak var application: Application?
    /// The app id sent with the toplevel.
    public let appID: String
    private let decorationsEnabled: Bool
    private var barShown = false
    var decorationGrab = false
    var pressedRegion: ClientDecorations.Region?
    /// The window set a decoration cursor (a resize arrow) that the content does not know of.
    var cursorOnDecoration = false
    /// `close()` ran.
    public private(set) var isClosed = false
    var lastTitleClick = 0.0
    /// Touches that began on the title bar, by id, with the region they began on.
    var barTouches: [Int32: ClientDecorations.Region] = [:]

    /// `width`×`height` is the content size in points. `clientDecorations: false` never draws a
    /// title bar (for windows that draw their own chrome) and asks xdg-decoration for client-side
    /// mode, so that the compositor does not draw one either.
    public init(application: Application, title: String, appID: String = "strata.app", width: Int, height: Int,
                clientDecorations: Bool = true) throws {
        self.width = max(1, width)
        self.height = max(1, height)
        decorationsEnabled = clientDecorations
        self.appID = appID
        toplevel = try Toplevel(display: application.display, title: title, appID: appID, width: width, height: height,
                                serverSideDecorations: clientDecorations)
        decorations.titleText = title
        host = LayerHost(application: application, surface: toplevel.surface)
        layer.name = "strata.content"
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.layer.addSublayer(layer)
        layer.bounds = CGRect(x: 0, y: 0, width: self.width, height: self.height)
        layer.anchorPoint = .zero
        CATransaction.commit()
        onClose = { application.stop() }
        // Acked from the render thread, right before the frame at the configured size.
        toplevel.acksOnArrival = false
        toplevel.onConfigure = { [unowned self] in self.configured() }
        toplevel.onClose = { [unowned self] in self.onClose?() }
        toplevel.surface.onScaleChange = { [unowned self] _ in
            guard self.toplevel.isConfigured else { return }
            self.host.configure(width: self.toplevel.width, height: self.toplevel.height, scale: self.toplevel.surface.scale) {
                [unowned self] in
                if self.barShown {
                    // The title's text is drawn at the new scale.
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    self.decorations.layout(width: CGFloat(self.toplevel.width), scale: self.contentsScale)
                    CATransaction.commit()
                }
                self.reportScale()
            }
        }
        toplevel.surface.enableFractionalScale()
        self.application = application
        let seat = application.seat
        application.setInputHandler(for: toplevel.surface) { [unowned self] event in
            self.handleInput(event, seat: seat)
        }
        // Once the first frame is committed (the window is mapped: compositors ignore
        // activation of an unmapped surface), the token the app was launched with, if any,
        // asks for the window to be focused — the first window's only.
        host.onFirstFrameCommitted = { [weak self] in
            guard let self, !self.isClosed, let token = LaunchActivationToken.take() else { return }
            self.toplevel.surface.activate(token: token)
        }
    }

    /// Keeps the screen from blanking or locking while the window is visible (see
    /// `WaylandSurface.inhibitsIdle`; nothing where the compositor lacks idle inhibition).
    public var inhibitsIdle: Bool {
        get { toplevel.surface.inhibitsIdle }
        set { toplevel.surface.inhibitsIdle = newValue }
    }

    /// Asks the compositor to focus this window (xdg-activation), quoting the latest user press
    /// in the app: compositors focus it, or mark it as wanting attention, as their policy says.
    /// Returns false where the compositor lacks xdg-activation.
    @discardableResult
    public func requestActivation() -> Bool {
        toplevel.surface.requestActivation(seat: application?.seat, appID: appID)
    }

    deinit { close() }

    /// Closes the window now: frames stop, input for it stops, and the decoration,
    /// xdg_toplevel and xdg_surface are destroyed in the order xdg-shell requires (role object
    /// before its xdg_surface). Synchronous; idempotent; `onClose` is not called (it reports a
    /// request to close). Dropping the window closes it too.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        host.retire()
        application?.setInputHandler(for: toplevel.surface, nil)
        toplevel.destroy()
    }

    /// The window's title: sent to the compositor (its task switcher and server-side title bar)
    /// and shown in the client-side title bar.
    public var title: String {
        get { decorations.titleText }
        set {
            decorations.titleText = newValue
            toplevel.setTitle(newValue)
        }
    }

    /// The title-bar height in effect (0 without client decorations or when fullscreen).
    public var titleBarHeight: Int {
        usesClientDecorations && !toplevel.states.contains(.fullscreen) ? Int(ClientDecorations.titleBarHeight) : 0
    }

    private func configured() {
        let bar = titleBarHeight
        // Where the compositor leaves the size to us, the window is the content plus the bar.
        toplevel.chooseSize(width: width, height: height + bar)
        let w = toplevel.width, h = toplevel.height
        width = w
        height = max(1, h - bar)
        host.configure(width: w, height: h, scale: toplevel.surface.scale, ack: .latest(of: toplevel)) {
            [unowned self] in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            self.layer.bounds = CGRect(x: 0, y: 0, width: self.width, height: self.height)
            self.layer.position = CGPoint(x: 0, y: bar)
            if bar > 0 {
                if !self.barShown { self.host.layer.addSublayer(self.decorations.titleBar) }
                self.decorations.setCapabilities(self.toplevel.capabilities)
                self.decorations.layout(width: CGFloat(w), scale: self.contentsScale)
                self.decorations.setActive(self.toplevel.states.contains(.activated))
            } else if self.barShown {
                self.decorations.titleBar.removeFromSuperlayer()
            }
            self.barShown = bar > 0
            CATransaction.commit()
            self.reportScale()
            self.onConfigure?()
        }
    }
}
