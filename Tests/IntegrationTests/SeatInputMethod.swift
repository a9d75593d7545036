import Foundation
import StrataWayland

/// The seat's input method (zwp_input_method_manager_v2), held by the test process, for
/// end-to-end text-input tests under sway: it learns when an app's text input is enabled (and
/// its content type) and sends preedit and committed text, each call waiting until the
/// compositor has processed it.
final class SeatInputMethod {
    let display: WaylandDisplay
    let manager: ZwpInputMethodManagerV2
    let method: ZwpInputMethodV2
    /// `done` events so far: the serial of the next commit.
    private(set) var dones: UInt32 = 0
    /// The state as of the last `done`.
    private(set) var isActive = false
    private(set) var contentPurpose: ZwpTextInputV3.ContentPurpose = .normal
    /// The surrounding text as of each `done` that carried one: `TEXT CURSOR,ANCHOR` (UTF-8
    /// offsets), ` other` appended when the app said the change was not the input method's.
    private(set) var contexts: [String] = []
    private var pendingActive: Bool?
    private var pendingPurpose: ZwpTextInputV3.ContentPurpose?
    private var pendingContext: String?
    private var pendingCause = ZwpTextInputV3.ChangeCause.inputMethod

    init(compositor: HeadlessCompositor) throws {
        guard let dir = compositor.environment["XDG_RUNTIME_DIR"], let socket = compositor.environment["WAYLAND_DISPLAY"] else {
            throw HarnessError.missing("XDG_RUNTIME_DIR/WAYLAND_DISPLAY of \(compositor.name)")
        }
        display = try WaylandDisplay(name: dir + "/" + socket)
        guard let g = display.globals.values.first(where: { $0.interface == ZwpInputMethodManagerV2.interfaceName }),
              let seat = display.seat else {
            throw HarnessError.missing("zwp_input_method_manager_v2 or a seat under \(compositor.name)")
        }
        manager = display.registry.bind(name: g.name, as: ZwpInputMethodManagerV2.self, version: 1)
        method = manager.getInputMethod(seat: seat)
        method.onEvent = { [unowned self] event in
            switch event {
            case .activate: self.pendingActive = true
            case .deactivate: self.pendingActive = false
            case let .contentType(_, purpose): self.pendingPurpose = purpose
            case let .surroundingText(text, cursor, anchor): self.pendingContext = "\(text) \(cursor),\(anchor)"
            case let .textChangeCause(cause): self.pendingCause = cause
            case .done:
                self.dones += 1
                if let a = self.pendingActive { self.isActive = a }
                if let p = self.pendingPurpose { self.contentPurpose = p }
                if let c = self.pendingContext { self.contexts.append(c + (self.pendingCause == .other ? " other" : "")) }
                self.pendingActive = nil
                self.pendingPurpose = nil
                self.pendingContext = nil
                self.pendingCause = .inputMethod
            case .unavailable:
                break
            }
        }
        try display.connection.roundtrip()
    }

    /// Dispatches the compositor's events until `condition` holds or `timeout` seconds pass (a
    /// deadline: each turn is a roundtrip).
    func wait(timeout: Double, until condition: () -> Bool) throws -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            try display.connection.roundtrip()
            if !condition() { usleep(10_000) }
        }
        return true
    }

    /// Shows `text` as the composition, the cursor over `cursor` (UTF-8 bytes).
    func preedit(_ text: String, cursor: Range<Int32>) throws {
        method.setPreeditString(text: text, cursorBegin: cursor.lowerBound, cursorEnd: cursor.upperBound)
        method.commit(serial: dones)
        try display.connection.roundtrip()
    }

    /// Commits `text` (which replaces the composition), after deleting `before` and `after`
    /// UTF-8 bytes around the cursor.
    func commit(_ text: String?, deletingBefore before: UInt32 = 0, after: UInt32 = 0) throws {
        if before > 0 || after > 0 { method.deleteSurroundingText(beforeLength: before, afterLength: after) }
        if let text { method.commitString(text: text) }
        method.commit(serial: dones)
        try display.connection.roundtrip()
    }
}
