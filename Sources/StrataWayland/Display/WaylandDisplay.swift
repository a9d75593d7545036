import CWaylandClient
import Glibc

/// A connection to a compositor with its core globals bound.
///
/// `init` connects, performs a roundtrip to learn the globals, and binds the ones every Strata
/// surface needs (`wl_compositor` ≥ 4 for `damage_buffer`, `wl_shm`) plus the optional ones it can
/// use when offered (xdg_wm_base, layer shell, decorations, viewporter, fractional scale,
/// presentation time, seat, outputs, data devices). Missing required globals throw `.missingGlobal`, naming it.
///
/// Not thread-safe: use it on the thread that runs its `EventLoop`.
public final class WaylandDisplay {
    public let connection: WaylandConnection
    public let registry: WlRegistry
    /// Every global currently advertised, by registry name.
    public private(set) var globals: [UInt32: WaylandGlobal] = [:]

    public let compositor: WlCompositor
    public let shm: WlShm
    public private(set) var wmBase: XdgWmBase?
    public private(set) var layerShell: ZwlrLayerShellV1?
    public private(set) var decorationManager: ZxdgDecorationManagerV1?
    public private(set) var viewporter: WpViewporter?
    public private(set) var fractionalScaleManager: WpFractionalScaleManagerV1?
    public private(set) var presentation: WpPresentation?
    public private(set) var subcompositor: WlSubcompositor?
    /// The first seat, while its global exists (nil after the compositor withdrew it).
    public private(set) var seat: WlSeat?
    /// The registry name of `seat`'s global.
    private var seatGlobal: UInt32?
    private var seatRemovalObservers: [Int: () -> Void] = [:]
    /// `zwp_idle_inhibit_manager_v1`, when offered (sway, KDE): surfaces keep the screen awake.
    public private(set) var idleInhibitManager: ZwpIdleInhibitManagerV1?
    /// `xdg_activation_v1`, when offered (sway, GNOME, KDE): windows ask to be focused.
    public private(set) var activation: XdgActivationV1?
    /// The clipboard and drag-and-drop global (`wl_data_device_manager`), when offered.
    public private(set) var dataDeviceManager: WlDataDeviceManager?
    /// `zwp_primary_selection_device_manager_v1`, if offered (`PrimarySelection`).
    public private(set) var primarySelectionManager: ZwpPrimarySelectionDeviceManagerV1?
    /// `zwp_text_input_manager_v3`, when offered (sway, GNOME, KDE): text from input methods.
    public private(set) var textInputManager: ZwpTextInputManagerV3?
    /// What `seat` announced before anyone took over its events (its first `capabilities` and
    /// `name` arrive during `init`); `Seat` starts from these.
    public private(set) var seatCapabilities: WlSeat.Capability = []
    public private(set) var seatName: String?
    /// Outputs by registry name.
    public private(set) var outputs: [UInt32: WaylandOutput] = [:]
    /// Pixel formats `wl_shm` announced.
    public private(set) var shmFormats: Set<UInt32> = []
    /// `wp_presentation`'s clock (a `clockid_t`), once announced.
    public private(set) var presentationClock: Int32?

    /// Called when an output appears (after its first `done`), changes or disappears.
    public var onOutputsChanged: (() -> Void)?
    private var outputObservers: [Int: () -> Void] = [:]
    private var nextObserver = 0

    public init(name: String? = nil) throws {
        let connection = try WaylandConnection(name: name)
        self.connection = connection
        registry = connection.registry()
        var found: [UInt32: WaylandGlobal] = [:]
        registry.onEvent = { event in
            if case let .global(name, interface, version) = event {
                found[name] = WaylandGlobal(name: name, interface: interface, version: version)
            }
        }
        try connection.roundtrip()
        globals = found

        func first(_ interface: String) -> WaylandGlobal? {
            found.values.filter { $0.interface == interface }.min { $0.name < $1.name }
        }
        guard let c = first("wl_compositor"), c.version >= 4 else {
            throw WaylandError.missingGlobal(interface: "wl_compositor", minimumVersion: 4)
        }
        guard let s = first("wl_shm") else {
            throw WaylandError.missingGlobal(interface: "wl_shm", minimumVersion: 1)
        }
        compositor = registry.bind(name: c.name, as: WlCompositor.self, version: c.bindVersion(for: WlCompositor.self))
        shm = registry.bind(name: s.name, as: WlShm.self, version: s.bindVersion(for: WlShm.self))
        if let g = first("xdg_wm_base") {
            let base = registry.bind(name: g.name, as: XdgWmBase.self, version: g.bindVersion(for: XdgWmBase.self))
            base.onEvent = { [unowned base] event in
                if case let .ping(serial) = event { base.pong(serial: serial) }
            }
            wmBase = base
        }
        if let g = first("zwlr_layer_shell_v1") {
            layerShell = registry.bind(name: g.name, as: ZwlrLayerShellV1.self, version: g.bindVersion(for: ZwlrLayerShellV1.self))
        }
        if let g = first("zxdg_decoration_manager_v1") {
            decorationManager = registry.bind(name: g.name, as: ZxdgDecorationManagerV1.self, version: 1)
        }
        if let g = first("wp_viewporter") {
            viewporter = registry.bind(name: g.name, as: WpViewporter.self, version: 1)
        }
        if let g = first("wp_fractional_scale_manager_v1") {
            fractionalScaleManager = registry.bind(name: g.name, as: WpFractionalScaleManagerV1.self, version: 1)
        }
        if let g = first("zwp_idle_inhibit_manager_v1") {
            idleInhibitManager = registry.bind(name: g.name, as: ZwpIdleInhibitManagerV1.self, version: 1)
        }
        if let g = first("xdg_activation_v1") {
            activation = registry.bind(name: g.name, as: XdgActivationV1.self, version: 1)
        }
        if let g = first("wl_subcompositor") {
            subcompositor = registry.bind(name: g.name, as: WlSubcompositor.self, version: 1)
        }
        if let g = first("zwp_text_input_manager_v3") {
            textInputManager = registry.bind(name: g.name, as: ZwpTextInputManagerV3.self, version: 1)
        }
        if let g = first("wl_data_device_manager") {
            dataDeviceManager = registry.bind(name: g.name, as: WlDataDeviceManager.self,
                                              version: g.bindVersion(for: WlDataDeviceManager.self))
        }
        if let g = first("zwp_primary_selection_device_manager_v1") {
            primarySelectionManager = registry.bind(name: g.name, as: ZwpPrimarySelectionDeviceManagerV1.self, version: 1)
        }
        if let g = first("wp_presentation") {
            let p = registry.bind(name: g.name, as: WpPresentation.self, version: 1)
            presentation = p
        }
        if let g = first("wl_seat") {
            let bound = registry.bind(name: g.name, as: WlSeat.self, version: g.bindVersion(for: WlSeat.self))
            bound.onEvent = { [unowned self] event in
                switch event {
                case let .capabilities(caps): self.seatCapabilities = caps
                case let .name(name): self.seatName = name
                }
            }
            seat = bound
            seatGlobal = g.name
        }
        shm.onEvent = { [unowned self] event in
            if case let .format(format) = event { self.shmFormats.insert(format.rawValue) }
        }
        presentation?.onEvent = { [unowned self] event in
            if case let .clockId(clk) = event { self.presentationClock = Int32(bitPattern: clk) }
        }
        for g in found.values where g.interface == "wl_output" {
            addOutput(g)
        }
        registry.onEvent = { [unowned self] event in self.handleRegistry(event) }
        // A second roundtrip delivers the bound globals' initial events (formats, output modes).
        try connection.roundtrip()
    }

    /// Throws `.missingGlobal` unless the compositor offers `interface` at `version` or newer.
    public func require(_ interface: String, version: UInt32 = 1) throws {
        guard globals.values.contains(where: { $0.interface == interface && $0.version >= version }) else {
            throw WaylandError.missingGlobal(interface: interface, minimumVersion: version)
        }
    }

    private func addOutput(_ g: WaylandGlobal) {
        let wl = registry.bind(name: g.name, as: WlOutput.self, version: g.bindVersion(for: WlOutput.self, max: 4))
        let output = WaylandOutput(output: wl, registryName: g.name)
        output.onDone = { [unowned self] in self.outputsChanged() }
        outputs[g.name] = output
    }

    private func handleRegistry(_ event: WlRegistry.Event) {
        switch event {
        case let .global(name, interface, version):
            let g = WaylandGlobal(name: name, interface: interface, version: version)
            globals[name] = g
            if interface == "wl_output" { addOutput(g) }
        case let .globalRemove(name):
            globals[name] = nil
            if outputs.removeValue(forKey: name) != nil { outputsChanged() }
            if name == seatGlobal {
                // The seat's devices were unplugged or the seat deconfigured. Its observers (the
                // `Seat`) end its input and release it; the display lets go of it too.
                seatGlobal = nil
                seatCapabilities = []
                for key in seatRemovalObservers.keys.sorted() { seatRemovalObservers[key]?() }
                seat = nil
            }
        }
    }

    /// Adds an observer called once when the compositor withdraws `seat`'s global
    /// (wl_registry.global_remove), before `seat` becomes nil; returns the token that
    /// `removeSeatRemovalObserver` takes.
    public func addSeatRemovalObserver(_ observer: @escaping () -> Void) -> Int {
        nextObserver += 1
        seatRemovalObservers[nextObserver] = observer
        return nextObserver
    }

    public func removeSeatRemovalObserver(_ token: Int) {
        seatRemovalObservers[token] = nil
    }

    /// Adds an observer called like `onOutputsChanged` (after it); returns the token that
    /// `removeOutputsObserver` takes. For components that follow outputs without owning the
    /// display's single callback.
    public func addOutputsObserver(_ observer: @escaping () -> Void) -> Int {
        nextObserver += 1
        outputObservers[nextObserver] = observer
        return nextObserver
    }

    public func removeOutputsObserver(_ token: Int) {
        outputObservers[token] = nil
    }

    private func outputsChanged() {
        onOutputsChanged?()
        for key in outputObservers.keys.sorted() { outputObservers[key]?() }
    }

    /// The output whose `wl_output` proxy is `wl`, if known.
    public func output(for wl: WlOutput?) -> WaylandOutput? {
        guard let wl else { return nil }
        return outputs.values.first { $0.output === wl }
    }
}
