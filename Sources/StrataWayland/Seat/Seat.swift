import CShims

/// One `wl_seat`: its pointer, keyboard and touch, turned into `InputEvent`s.
///
/// Contract:
/// - Devices follow the seat's capabilities: each is created when its capability appears and
///   released when it disappears (`release` on pointer/keyboard/touch version 3+; the `wl_seat`
///   itself belongs to the `WaylandDisplay`, released with it on version 5+). A device that goes away ends what it had going: the
///   focused surface gets a pointer or keyboard leave, active touches are cancelled.
/// - `onEvent` receives every event, on the thread that runs the event loop, in protocol order.
///   Events name the `WaylandSurface` they belong to; events for surfaces this process does not
///   know (or has dropped) are not delivered.
/// - When the compositor withdraws the seat's global (wl_registry.global_remove: the last
///   input device went away, or the seat was removed), every device ends as if the capabilities
///   had gone to none (`onCapabilitiesChanged([])`), the `wl_seat` is released (version 5+), and
///   `isRemoved` turns true; the seat delivers nothing more. (The display's own seat is followed;
///   a seat bound by the app is the app's to follow.)
/// - Key repeat runs on `scheduler` (the `EventLoop` in apps, a manual clock in tests).
/// - The cursor image is set from the cursor theme on every pointer enter (see `cursorName`), at
///   the integer scale of the surface under the pointer, and set again when that scale changes.
public final class Seat {
    public let wlSeat: WlSeat
    /// The seat's name (`wl_seat.name`, version 2), once announced.
    public private(set) var name: String?
    public private(set) var capabilities: WlSeat.Capability = []
    /// The compositor withdrew the seat (see the contract).
    public private(set) var isRemoved = false
    /// Receives every input event (see the contract above).
    public var onEvent: ((InputEvent) -> Void)?
    /// The serial of the latest button press, key press or touch down delivered: what popup
    /// grabs, clipboard selections and interactive moves must quote (compositors reject
    /// serials that did not come from a user action).
    public private(set) var lastPressSerial: UInt32?
    /// Called after the seat's capabilities changed and its devices were created or released.
    public var onCapabilitiesChanged: ((WlSeat.Capability) -> Void)?
    /// Warnings (rejected keymaps); defaults to stderr.
    public var log: (String) -> Void = { strata_log_line($0) }

    /// The CSS cursor name shown over this process's surfaces ("default", "text", "pointer",
    /// "grab", "crosshair", "ew-resize" …; legacy X names are tried as fallbacks). Changing it
    /// while the pointer is over a surface updates the image at once. nil hides the cursor.
    public var cursorName: String? = "default" {
        didSet { if cursorName != oldValue { updateCursor() } }
    }

    /// The locale whose xkb compose table handles dead keys and Compose sequences; defaults to
    /// the user's (LC_ALL, LC_CTYPE, LANG). Read when the keyboard appears. Without a table for
    /// it, keys pass through uncomposed.
    public var composeLocale = ComposeState.userLocale()

    private let scheduler: InputTimerScheduler
    private weak var display: WaylandDisplay?
    private var removalToken: Int?
    /// Called once the seat is withdrawn, after its devices ended (objects built on the seat,
    /// such as the clipboard's data device, let go of it there).
    private var removalObservers: [() -> Void] = []

    func addRemovalObserver(_ observer: @escaping () -> Void) { removalObservers.append(observer) }
    private var missingCursors: Set<String> = []
    private let cursor: CursorController?
    private(set) var wlPointer: WlPointer?
    private(set) var wlKeyboard: WlKeyboard?
    private(set) var wlTouch: WlTouch?
    private(set) var pointer: PointerInput?
    private(set) var keyboard: KeyboardInput?
    private(set) var touch: TouchInput?
    /// `zwp_pointer_gestures_v1`, bound when offered, and the current pointer's gesture objects.
    private(set) var gestureManager: ZwpPointerGesturesV1?
    private(set) var gestureObjects: (swipe: ZwpPointerGestureSwipeV1, pinch: ZwpPointerGesturePinchV1, hold: ZwpPointerGestureHoldV1?)?
    private(set) var gestures: PointerGestureInput?

    /// Takes over `display.seat` (or `seat`, for a second seat bound by the app).
    /// Throws `.missingGlobal("wl_seat")` when the compositor offers no seat (weston headless).
    public init(display: WaylandDisplay, seat: WlSeat? = nil, scheduler: InputTimerScheduler) throws {
        guard let s = seat ?? display.seat else {
            throw WaylandError.missingGlobal(interface: "wl_seat", minimumVersion: 1)
        }
        wlSeat = s
        self.scheduler = scheduler
        cursor = CursorController(compositor: display.compositor, shm: display.shm)
        if let g = display.globals.values.filter({ $0.interface == ZwpPointerGesturesV1.interfaceName }).min(by: { $0.name < $1.name }) {
            gestureManager = display.registry.bind(name: g.name, as: ZwpPointerGesturesV1.self, version: min(g.version, 3))
        }
        s.onEvent = { [unowned self] event in self.handle(event) }
        // The display's seat announced itself during the display's first roundtrips.
        if s === display.seat {
            name = display.seatName
            if !display.seatCapabilities.isEmpty { handle(.capabilities(capabilities: display.seatCapabilities)) }
            self.display = display
            removalToken = display.addSeatRemovalObserver { [unowned self] in self.removed() }
        }
    }

    deinit {
        wlSeat.onEvent = nil
        if let removalToken { display?.removeSeatRemovalObserver(removalToken) }
    }

    /// The seat's global is gone: its devices end and are released, then the seat itself.
    private func removed() {
        guard !isRemoved else { return }
        isRemoved = true
        wlSeat.onEvent = nil
        capabilities = []
        updateDevices()
        lastPressSerial = nil
        onCapabilitiesChanged?([])
        for observer in removalObservers { observer() }
        removalObservers = []
        // `release` exists from version 5; below it the proxy just goes with the object.
        wlSeat.release()
    }

    /// The surface under the pointer, if it is one of ours.
    /// Forgets a held pointer button whose release a compositor grab (move, resize) takes.
    func forgetPressedButton(_ button: UInt32) { pointer?.forgetPressed(button) }
    /// Cancels (delivers `cancelled` for) the touch whose down had `serial`: a grab took it.
    func forgetTouch(downSerial serial: UInt32) { touch?.cancel(downSerial: serial) }
    public var pointerFocus: WaylandSurface? { pointer?.focus }
    /// The pointer position in `pointerFocus`'s coordinates.
    public var pointerPosition: SurfacePoint? { pointer?.focus == nil ? nil : pointer?.position }
    /// The surface with keyboard focus, if it is one of ours.
    public var keyboardFocus: WaylandSurface? { keyboard?.focus }
    /// The keyboard modifiers in effect.
    public var modifiers: KeyboardModifiers { keyboard?.modifiers ?? [] }

    private func deliver(_ event: InputEvent) {
        switch event {
        case let .pointer(p):
            if let b = p.buttons.last(where: \.isPressed) { lastPressSerial = b.serial }
        case let .keyboard(.key(k)) where k.isPressed && !k.isRepeat:
            lastPressSerial = k.serial
        case let .touch(t):
            if let s = t.touches.last(where: { $0.phase == .began })?.serial { lastPressSerial = s }
        default:
            break
        }
        onEvent?(event)
    }

    private func handle(_ event: WlSeat.Event) {
        switch event {
        case let .capabilities(caps):
            capabilities = caps
            updateDevices()
            onCapabilitiesChanged?(caps)
        case let .name(n):
            name = n
        }
    }

    private func updateDevices() {
        if capabilities.contains(.pointer), wlPointer == nil {
            let wl = wlSeat.getPointer()
            let p = PointerInput(version: wl.version)
            p.modifiers = { [unowned self] in self.modifiers }
            p.emit = { [unowned self] event in
                // The surface may have moved to an output of another scale since the enter.
                if !event.left, self.cursorName != nil { self.updateCursor() }
                self.deliver(.pointer(event))
            }
            p.onEnter = { [unowned self] surface, serial in self.setCursor(over: surface, serial: serial) }
            wl.onEvent = { [unowned p] in p.handle($0) }
            wlPointer = wl
            pointer = p
            makeGestures(for: wl, pointer: p)
        } else if !capabilities.contains(.pointer), let p = pointer {
            gestures?.reset()
            gestureObjects = nil  // destroyed before their pointer is released
            gestures = nil
            wlPointer?.onEvent = nil
            wlPointer = nil
            p.reset()
            pointer = nil
        }
        if capabilities.contains(.keyboard), wlKeyboard == nil {
            let wl = wlSeat.getKeyboard()
            let k = KeyboardInput(scheduler: scheduler, composeLocale: composeLocale)
            k.emit = { [unowned self] in self.deliver(.keyboard($0)) }
            k.log = { [unowned self] in self.log($0) }
            wl.onEvent = { [unowned k] in k.handle($0) }
            wlKeyboard = wl
            keyboard = k
        } else if !capabilities.contains(.keyboard), let k = keyboard {
            wlKeyboard?.onEvent = nil
            wlKeyboard = nil
            k.reset()
            keyboard = nil
        }
        if capabilities.contains(.touch), wlTouch == nil {
            let wl = wlSeat.getTouch()
            let t = TouchInput()
            t.emit = { [unowned self] in self.deliver(.touch($0)) }
            wl.onEvent = { [unowned t] in t.handle($0) }
            wlTouch = wl
            touch = t
        } else if !capabilities.contains(.touch), let t = touch {
            wlTouch?.onEvent = nil
            wlTouch = nil
            t.reset()
            touch = nil
        }
    }

    private func makeGestures(for wl: WlPointer, pointer p: PointerInput) {
        guard let manager = gestureManager else { return }
        let g = PointerGestureInput()
        g.position = { [unowned p] in p.position }
        g.emit = { [unowned self] in self.deliver(.gesture($0)) }
        let swipe = manager.getSwipeGesture(pointer: wl)
        let pinch = manager.getPinchGesture(pointer: wl)
        let hold = manager.version >= 3 ? manager.getHoldGesture(pointer: wl) : nil
        swipe.onEvent = { [unowned g] in g.handle($0) }
        pinch.onEvent = { [unowned g] in g.handle($0) }
        hold?.onEvent = { [unowned g] in g.handle($0) }
        gestureObjects = (swipe, pinch, hold)
        gestures = g
    }

    private func setCursor(over surface: WaylandSurface, serial: UInt32) {
        guard let wl = wlPointer, let cursor else { return }
        if let name = cursorName {
            if !cursor.apply(name: name, to: wl, serial: serial, scale: surface.preferredScale),
               missingCursors.insert(name).inserted {
                log("strata: no cursor image named \(name) in the cursor theme")
            }
        } else {
            cursor.hide(on: wl, serial: serial)
        }
    }

    private func updateCursor() {
        guard let p = pointer, let surface = p.focus, let serial = p.enterSerial else { return }
        setCursor(over: surface, serial: serial)
    }
}
