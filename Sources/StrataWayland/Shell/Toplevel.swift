import Glibc

/// An xdg-shell toplevel window.
///
/// Protocol obligations kept here: the first commit carries no buffer; every
/// `xdg_surface.configure` is acked (with its serial) before the next buffer commit — on arrival,
/// or by the owner right before the frame drawn for it (`acksOnArrival`); a configured
/// size of 0 on an axis means "client's choice" and keeps the current size; negative or absurd
/// sizes are clamped to 1…`maximumDimension`.
public final class Toplevel {
    public let surface: WaylandSurface
    public let xdgSurface: XdgSurface
    public let toplevel: XdgToplevel
    private var decoration: ZxdgToplevelDecorationV1?

    /// Logical size (surface-local units).
    public private(set) var width: Int
    public private(set) var height: Int
    /// States from the latest configure (maximized, fullscreen, activated, resizing, tiled…).
    public private(set) var states: Set<XdgToplevel.State> = []
    /// True once the first configure has been acked: buffers may be attached from then on.
    public private(set) var isConfigured = false
    /// The size the latest configure asked for (0 on an axis: the client chooses).
    public private(set) var configuredSize: (width: Int, height: Int) = (0, 0)
    /// Who draws the window's decorations: `.serverSide` once the compositor agreed through
    /// xdg-decoration, `.clientSide` when it has no such protocol or asks the client to.
    public private(set) var decorationMode: ZxdgToplevelDecorationV1.Mode = .clientSide
    /// The largest dimension accepted from a configure.
    public static let maximumDimension = 16384
    /// The largest size the window should take where the size is up to the client, in surface
    /// units (xdg_toplevel.configure_bounds, version 4: typically the output's work area); nil
    /// until a compositor sends one, or when it sent 0×0 (bounds unknown).
    public private(set) var bounds: (width: Int, height: Int)?
    /// What the compositor's window management offers (xdg_toplevel.wm_capabilities, version
    /// 5). A compositor without that event (xdg_wm_base below version 5) is taken to offer all
    /// four, as the protocol says; one that sends it lists exactly what it supports, and a
    /// client hides the controls for the rest (a minimize button where nothing can restore the
    /// window loses it).
    public private(set) var capabilities: Set<XdgToplevel.WmCapabilities> = Toplevel.allCapabilities
    /// Every capability xdg-shell defines.
    public static let allCapabilities: Set<XdgToplevel.WmCapabilities> = [.windowMenu, .maximize, .fullscreen, .minimize]

    private var pendingWidth: Int32 = 0
    private var pendingHeight: Int32 = 0
    private var pendingStates: Set<XdgToplevel.State> = []
    private var pendingBounds: (width: Int, height: Int)?
    private var pendingCapabilities: Set<XdgToplevel.WmCapabilities>?

    /// Whether each configure is acked as it arrives (the default). Windows that draw on a render
    /// thread set this to false and ack `configureSerial` from there, right before the frame
    /// drawn for it (`acknowledge(serial:)`): the commit after an ack is taken as the answer to
    /// that configure, and a frame of the old size committed by the render thread after an ack
    /// sent from the main thread breaks the configured state (weston ends the connection when a
    /// maximized or fullscreen window answers with another size).
    public var acksOnArrival = true
    /// The serial of the latest configure.
    public private(set) var configureSerial: UInt32 = 0
    /// Called after each configure (acked first when `acksOnArrival`); the size may have changed.
    public var onConfigure: (() -> Void)?
    /// Called when the compositor asks the window to close.
    public var onClose: (() -> Void)?

    /// The longest title or app id sent, in UTF-8 bytes: a Wayland message holds at most 4096
    /// bytes, and a longer one would end the connection (libwayland's E2BIG). Longer strings are
    /// cut at a character boundary.
    public static let maximumStringBytes = 4000

    /// `s` cut to `maximumStringBytes` UTF-8 bytes at a character boundary.
    static func wireString(_ s: String) -> String {
        guard s.utf8.count > maximumStringBytes else { return s }
        var out = ""
        var bytes = 0
        for ch in s {
            let n = String(ch).utf8.count
            if bytes + n > maximumStringBytes { break }
            out.append(ch)
            bytes += n
        }
        return out
    }

    /// Throws `.missingGlobal("xdg_wm_base")` when the compositor has no xdg-shell.
    /// `serverSideDecorations`: ask xdg-decoration for server-side decorations (false: ask for
    /// client-side ones, as a window drawing its own chrome wants).
    public init(display: WaylandDisplay, title: String, appID: String, width: Int, height: Int,
                serverSideDecorations: Bool = true) throws {
        guard let wmBase = display.wmBase else {
            throw WaylandError.missingGlobal(interface: "xdg_wm_base", minimumVersion: 1)
        }
        self.width = max(1, width)
        self.height = max(1, height)
        surface = WaylandSurface(display: display)
        xdgSurface = wmBase.getXdgSurface(surface: surface.surface)
        toplevel = xdgSurface.getToplevel()
        toplevel.setTitle(title: Self.wireString(title))
        toplevel.setAppId(appId: Self.wireString(appID))
        if let manager = display.decorationManager {
            let d = manager.getToplevelDecoration(toplevel: toplevel)
            // Server-side unless the user asks otherwise (STRATA_DECORATIONS=client).
            let preferClient = !serverSideDecorations || getenv("STRATA_DECORATIONS").map { String(cString: $0) } == "client"
            d.setMode(mode: preferClient ? .clientSide : .serverSide)
            decoration = d
            // The compositor answers before the xdg_surface.configure of the same burst.
            d.onEvent = { [unowned self] event in
                if case let .configure(mode) = event { self.decorationMode = mode }
            }
        }
        toplevel.onEvent = { [unowned self] event in
            switch event {
            case let .configure(w, h, states):
                self.pendingWidth = w
                self.pendingHeight = h
                self.pendingStates = Set(states.uint32Values.map { XdgToplevel.State(rawValue: $0) })
            case .close:
                self.onClose?()
            case let .configureBounds(w, h):
                // 0×0: the compositor does not know the bounds. Part of the configure sequence:
                // applied with the next xdg_surface.configure, as the states are.
                self.pendingBounds = w > 0 && h > 0
                    ? (min(Int(w), Self.maximumDimension), min(Int(h), Self.maximumDimension)) : nil
            case let .wmCapabilities(list):
                // Unknown values (a newer protocol) are ignored; duplicates do not matter.
                let known = Set(list.uint32Values.map { XdgToplevel.WmCapabilities(rawValue: $0) })
                self.pendingCapabilities = known.intersection(Self.allCapabilities)
            }
        }
        xdgSurface.onEvent = { [unowned self] event in
            if case let .configure(serial) = event {
                self.configureSerial = serial
                if self.acksOnArrival { self.xdgSurface.ackConfigure(serial: serial) }
                self.apply()
            }
        }
        // The initial, buffer-less commit asks the compositor for the first configure.
        surface.commit()
    }

    private func apply() {
        func clamp(_ v: Int32, _ current: Int) -> Int {
            v <= 0 ? current : min(Int(v), Self.maximumDimension)
        }
        configuredSize = (Int(max(0, pendingWidth)), Int(max(0, pendingHeight)))
        width = clamp(pendingWidth, width)
        height = clamp(pendingHeight, height)
        states = pendingStates
        bounds = pendingBounds
        if let c = pendingCapabilities { capabilities = c }
        isConfigured = true
        onConfigure?()
    }

    /// Chooses the size where the compositor left the choice to the client (a configure of 0 on
    /// that axis); the next buffer is drawn at it. Clamped to 1…`maximumDimension`, and to
    /// `bounds` when the compositor sent them (xdg-shell asks clients not to exceed them: a window
    /// asking for 3000×2000 on a 1280×720 output opens at the output's work area, all of it
    /// reachable).
    public func chooseSize(width: Int, height: Int) {
        let limit = bounds ?? (Self.maximumDimension, Self.maximumDimension)
        if configuredSize.width == 0 { self.width = min(max(1, width), Self.maximumDimension, limit.width) }
        if configuredSize.height == 0 { self.height = min(max(1, height), Self.maximumDimension, limit.height) }
    }

    public func setTitle(_ title: String) { toplevel.setTitle(title: Self.wireString(title)) }

    /// Sends `xdg_surface.ack_configure(serial)` unless the xdg_surface is gone. Callable from the
    /// render thread.
    public func acknowledge(serial: UInt32) {
        guard !xdgSurface.isDestroyed else { return }
        xdgSurface.ackConfigure(serial: serial)
    }

    /// Destroys the protocol objects in the order the protocols require: the decoration before
    /// its toplevel (xdg-decoration's `orphaned`), the toplevel before its xdg_surface
    /// (xdg-shell's `defunct_role_object`). The wl_surface goes when its last owner drops it.
    /// Idempotent; no events arrive afterwards. Also done when the toplevel is released.
    public func destroy() {
        isConfigured = false
        decoration?.destroy()
        toplevel.destroy()
        xdgSurface.destroy()
    }

    deinit { destroy() }

    /// The minimum and maximum sizes last sent (0: no limit), kept consistent as the protocol
    /// requires (no negative values, a maximum never below the minimum).
    public private(set) var sizeLimits: (minimum: (Int, Int), maximum: (Int, Int)) = ((0, 0), (0, 0))

    /// Asks for a minimum size (0 on an axis: none). Negative values count as 0, sizes are
    /// capped at `maximumDimension`, and a maximum below the new minimum is raised to it
    /// (xdg-shell: a maximum smaller than the minimum, or a negative value, is a protocol error).
    public func setMinimumSize(width: Int, height: Int) {
        sizeLimits.minimum = (Self.limit(width), Self.limit(height))
        sendSizeLimits()
    }

    /// Asks for a maximum size (0 on an axis: none), with the rules of `setMinimumSize`; a
    /// maximum below the minimum is raised to it.
    public func setMaximumSize(width: Int, height: Int) {
        sizeLimits.maximum = (Self.limit(width), Self.limit(height))
        sendSizeLimits()
    }

    private static func limit(_ v: Int) -> Int { min(max(0, v), maximumDimension) }

    private func sendSizeLimits() {
        let (minW, minH) = sizeLimits.minimum
        var (maxW, maxH) = sizeLimits.maximum
        if maxW != 0 && maxW < minW { maxW = minW }
        if maxH != 0 && maxH < minH { maxH = minH }
        sizeLimits.maximum = (maxW, maxH)
        // Maximum first when it grows, so that no moment has max < min on the compositor's side
        // (the two requests apply together at the next commit, but keep both orders legal).
        toplevel.setMaxSize(width: Int32(maxW), height: Int32(maxH))
        toplevel.setMinSize(width: Int32(minW), height: Int32(minH))
    }
    public func requestMaximized(_ on: Bool) { on ? toplevel.setMaximized() : toplevel.unsetMaximized() }
    public func requestFullscreen(_ on: Bool) { on ? toplevel.setFullscreen(output: nil) : toplevel.unsetFullscreen() }
    public func requestMinimized() { toplevel.setMinimized() }
}
