import Foundation

/// Text from the seat's input method (`zwp_text_input_v3`): composed text (preedit) and
/// committed text for the app's focused field, for languages a keymap cannot type, on-screen
/// keyboards and the like.
///
/// Protocol, as this type keeps it:
/// - The compositor sends `enter` for one of the app's surfaces (the one with keyboard focus,
///   while an input method is present) and `leave` when it goes: `focus`, `onFocusChange`.
/// - A field that takes text calls `enable(_:)` while the focus is on its surface (enable,
///   the state, commit) and `disable()` when it stops (disable, commit). `update(_:)` sends
///   a changed state (the cursor moved, the field's kind changed). Every commit counts.
/// - The input method's `preedit_string`, `commit_string` and `delete_surrounding_text` are
///   pending until `done`, which hands them to `onUpdate` as one `TextInputUpdate` (each
///   `done` replaces the preedit: no preedit in it means none is shown). A `done` whose serial
///   is not the number of commits sent answers an older state: it is applied all the same, as
///   the protocol asks.
/// - A `leave` disables nothing by itself: the compositor has already stopped sending; the
///   state is forgotten and `enable` must be called again after the next `enter`.
///
/// Differences from the protocol's full use: the surrounding text is sent only when the field
/// gives it (`TextInputState.surroundingText`), and state changes are sent as they come
/// rather than held until a `done` with the current serial. The surrounding text's change
/// cause goes with each surrounding text sent (`enable`'s: input_method).
public final class TextInput {
    let textInput: ZwpTextInputV3
    /// The app's surface the text input is on (between `enter` and `leave`).
    public private(set) var focus: WaylandSurface?
    /// Whether `enable` was sent (and not `disable` since, nor a `leave`).
    public private(set) var isEnabled = false
    /// The state last sent.
    public private(set) var state: TextInputState?
    /// Commits sent so far (what `done`'s serial counts).
    public private(set) var commits: UInt32 = 0
    /// Called after `enter` and `leave`, with the new focus.
    public var onFocusChange: ((WaylandSurface?) -> Void)?
    /// Called at each `done` with what the input method asked for.
    public var onUpdate: ((TextInputUpdate) -> Void)?

    private var pending = TextInputUpdate()
    private let resolve: (WlSurface?) -> WaylandSurface?

    /// The text input of `seat`; nil when the compositor offers no `zwp_text_input_manager_v3`
    /// or the seat is gone.
    public init?(display: WaylandDisplay, seat: Seat) {
        guard let manager = display.textInputManager, !seat.isRemoved else { return nil }
        textInput = manager.getTextInput(seat: seat.wlSeat)
        resolve = { SurfaceDirectory.shared.surface(for: $0) }
        textInput.onEvent = { [unowned self] in self.handle($0) }
        seat.addRemovalObserver { [weak self] in self?.seatRemoved() }
    }

    /// The text input of the application's seat (see `init(display:seat:)`).
    public convenience init?(application: Application) {
        guard let seat = application.seat else { return nil }
        self.init(display: application.display, seat: seat)
    }

    deinit {
        textInput.onEvent = nil
    }

    /// A field takes text: sends enable and `state`, then commits. Ignored without focus.
    public func enable(_ state: TextInputState) {
        guard focus != nil else { return }
        textInput.enable()
        isEnabled = true
        send(state)
    }

    /// Sends a changed state (only what changed) and commits. Ignored unless enabled. `cause`,
    /// sent with a changed surrounding text, says why it changed: `.inputMethod` (the input
    /// method's own edit) or `.other` (the user typed, clicked or moved the cursor, or code
    /// changed the text), so that the input method can drop a composition that no longer fits.
    public func update(_ state: TextInputState, cause: ZwpTextInputV3.ChangeCause = .inputMethod) {
        guard isEnabled, state != self.state else { return }
        send(state, cause: cause)
    }

    /// No field takes text any more: sends disable and commits. Ignored unless enabled.
    public func disable() {
        guard isEnabled else { return }
        textInput.disable()
        isEnabled = false
        state = nil
        commit()
    }

    private func send(_ new: TextInputState, cause: ZwpTextInputV3.ChangeCause = .inputMethod) {
        let old = state
        if let s = new.surroundingText, s != old?.surroundingText {
            let n = s.text.utf8.count
            textInput.setSurroundingText(text: s.text, cursor: Int32(clamping: max(0, min(n, s.cursor))),
                                         anchor: Int32(clamping: max(0, min(n, s.anchor))))
            // Double-buffered and, by the protocol, reset to input_method at each commit; but
            // sway 1.7 (wlroots 0.15) keeps the last cause sent, so it is sent every time.
            textInput.setTextChangeCause(cause: cause)
        }
        if old == nil || old?.contentHint != new.contentHint || old?.contentPurpose != new.contentPurpose {
            textInput.setContentType(hint: new.contentHint, purpose: new.contentPurpose)
        }
        if let r = new.cursorRectangle, r != old?.cursorRectangle, let box = Self.box(r) {
            textInput.setCursorRectangle(x: box.x, y: box.y, width: box.width, height: box.height)
        }
        state = new
        commit()
    }

    private func commit() {
        textInput.commit()
        commits &+= 1
        // Sent now: an input method answers the state it has, and typing goes on meanwhile.
        _ = try? textInput.connection.flush()
    }

    /// `r` rounded out to whole units, as the request's integers; nil when not finite.
    static func box(_ r: CGRect) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
        let v = [r.minX, r.minY, r.maxX, r.maxY]
        guard !r.isNull, v.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
        let x = r.minX.rounded(.down), y = r.minY.rounded(.down)
        return (Int32(x), Int32(y), Int32(r.maxX.rounded(.up) - x), Int32(r.maxY.rounded(.up) - y))
    }

    func handle(_ event: ZwpTextInputV3.Event) {
        switch event {
        case let .enter(wl):
            focus = resolve(wl)
            isEnabled = false
            state = nil
            pending = TextInputUpdate()
            onFocusChange?(focus)
        case .leave:
            focus = nil
            isEnabled = false
            state = nil
            pending = TextInputUpdate()
            onFocusChange?(nil)
        case let .preeditString(text, begin, end):
            let t = text ?? ""
            let n = t.utf8.count
            // -1 (either end): the cursor is hidden; otherwise a byte range, clamped.
            let cursor: Range<Int>? = begin < 0 || end < 0 ? nil
                : min(n, Int(min(begin, end)))..<min(n, Int(max(begin, end)))
            pending.preedit = t.isEmpty ? nil : TextInputUpdate.Preedit(text: t, cursor: cursor)
        case let .commitString(text):
            pending.commit = text.flatMap { $0.isEmpty ? nil : $0 }
        case let .deleteSurroundingText(before, after):
            pending.deleteBefore = Int(before)
            pending.deleteAfter = Int(after)
        case .done:
            let update = pending
            pending = TextInputUpdate()
            guard focus != nil else { return }
            onUpdate?(update)
        }
    }

    private func seatRemoved() {
        textInput.onEvent = nil
        textInput.destroy()
        if focus != nil {
            focus = nil
            isEnabled = false
            onFocusChange?(nil)
        }
    }
}
