import Foundation
import Glibc

/// The seat's primary selection (`zwp_primary_selection_device_manager_v1`): the text last
/// selected in any app, pasted with the middle button, as X11 and every Linux desktop have it.
/// It lives beside the clipboard (`Clipboard`) and never touches it.
///
/// ```swift
/// let primary = try PrimarySelection(application: app)
/// try primary.select("the selected words")    // when the user selects text
/// primary.paste { text in … }                 // on a middle click
/// ```
///
/// Contract (as `Clipboard`'s, with the primary selection's requests):
/// - `select` offers the text in `Clipboard.textMimeTypes` (UTF-8 in each) and takes the
///   primary selection with the seat's latest press serial (a selection made by dragging ends
///   with a release; its press is the input it answers); without a press yet it throws
///   `.noUserAction`. The text is served to every reader until another client takes the
///   selection (`ownsSelection` becomes false); `clear()` gives it up.
/// - `paste` reads the current primary selection in the first text type it offers, through a
///   pipe on the main loop without blocking it, and calls `completion` once on the main loop:
///   the text (invalid UTF-8 replaced by U+FFFD), or nil when there is none, it is larger than
///   `maximumPasteBytes`, or its owner does not finish within `timeout` seconds. Compositors
///   announce the selection to the focused client only.
/// - When the compositor withdraws the seat, the device is released and the selection
///   forgotten (`onSelectionChanged` is called if there was one); `select` then throws
///   `.unavailable` and `paste` completes with nil.
public final class PrimarySelection {
    public let device: ZwpPrimarySelectionDeviceV1
    let manager: ZwpPrimarySelectionDeviceManagerV1
    let seat: Seat
    let loop: EventLoop
    /// Offers introduced by `data_offer`, with their MIME types, until `selection` claims one.
    private var introduced: [ObjectIdentifier: (offer: ZwpPrimarySelectionOfferV1, types: [String])] = [:]
    private var selection: (offer: ZwpPrimarySelectionOfferV1, types: [String])?
    private var source: ZwpPrimarySelectionSourceV1?
    private var selected: [UInt8] = []

    /// Largest paste accepted, in bytes.
    public var maximumPasteBytes = 16 << 20
    /// Seconds a paste (or serving one) may take before it is abandoned.
    public var timeout = 5.0
    /// Called when the primary selection changes (another client selected, or it was cleared;
    /// also when our own selection is announced back).
    public var onSelectionChanged: (() -> Void)?

    /// Whether the primary selection is this object's last `select`.
    public var ownsSelection: Bool { source != nil }
    /// The text of the last `select` while it is still the primary selection, else nil.
    public var selectedText: String? { source == nil ? nil : String(decoding: selected, as: UTF8.self) }
    /// The MIME types the current primary selection offers (empty when there is none).
    public var selectionTypes: [String] { selection?.types ?? [] }
    /// Whether `paste` can find text: the selection is ours or offers a text type.
    public var hasText: Bool { ownsSelection || Clipboard.textMimeTypes.contains(where: selectionTypes.contains) }

    /// Throws `.unavailable` when the compositor has no primary selection (weston has none) or
    /// there is no seat.
    public convenience init(application: Application) throws {
        guard let seat = application.seat else { throw Clipboard.ClipboardError.unavailable }
        try self.init(display: application.display, seat: seat, loop: application.loop)
    }

    public init(display: WaylandDisplay, seat: Seat, loop: EventLoop) throws {
        guard let manager = display.primarySelectionManager, !seat.isRemoved else {
            throw Clipboard.ClipboardError.unavailable
        }
        signal(SIGPIPE, SIG_IGN)  // a reader that goes away must not kill the process
        self.manager = manager
        self.seat = seat
        self.loop = loop
        device = manager.getDevice(seat: seat.wlSeat)
        device.onEvent = { [unowned self] in self.handle($0) }
        seat.addRemovalObserver { [weak self] in self?.seatRemoved() }
    }

    private func seatRemoved() {
        device.onEvent = nil
        device.destroy()
        introduced = [:]
        let had = selection != nil || source != nil
        selection = nil
        source = nil
        selected = []
        if had { onSelectionChanged?() }
    }

    /// Makes `text` the primary selection. Throws `.noUserAction` before any press,
    /// `.unavailable` once the seat is gone.
    public func select(_ text: String) throws {
        guard !seat.isRemoved else { throw Clipboard.ClipboardError.unavailable }
        guard let serial = seat.lastPressSerial else { throw Clipboard.ClipboardError.noUserAction }
        let s = manager.createSource()
        for type in Clipboard.textMimeTypes { s.offer(mimeType: type) }
        s.onEvent = { [unowned self, unowned s] event in
            switch event {
            case let .send(type, fd):
                Clipboard.serveText(self.selected, as: type, to: fd, if: s === self.source, loop: self.loop, timeout: self.timeout)
            case .cancelled:
                if s === self.source { self.source = nil; self.selected = [] }
            }
        }
        selected = Array(text.utf8)
        source = s
        device.setSelection(source: s, serial: serial)
    }

    /// Gives up the primary selection if it is ours (the user deselected the text).
    public func clear() {
        guard source != nil, !seat.isRemoved, let serial = seat.lastPressSerial else { return }
        source = nil
        selected = []
        device.setSelection(source: nil, serial: serial)
    }

    /// Reads the primary selection's text; `completion` runs once, later, on the main loop.
    public func paste(_ completion: @escaping (String?) -> Void) {
        guard !seat.isRemoved, let sel = selection,
              let type = Clipboard.textMimeTypes.first(where: sel.types.contains) else {
            loop.addTimer(at: 0) { completion(nil) }
            return
        }
        PipeTransfer.receive(loop: loop, limit: maximumPasteBytes, timeout: timeout,
                             request: { sel.offer.receive(mimeType: type, fd: $0) },
                             completion: { bytes in completion(bytes.map { String(decoding: $0, as: UTF8.self) }) })
    }

    private func handle(_ event: ZwpPrimarySelectionDeviceV1.Event) {
        switch event {
        case let .dataOffer(offer):
            let key = ObjectIdentifier(offer)
            introduced[key] = (offer, [])
            offer.onEvent = { [unowned self] event in
                if case let .offer(type) = event { self.introduced[key]?.types.append(type) }
            }
        case let .selection(offer):
            let claimed = offer.flatMap { introduced.removeValue(forKey: ObjectIdentifier($0)) }
            claimed?.offer.onEvent = nil
            selection = claimed  // the previous offer is destroyed as it is dropped
            onSelectionChanged?()
        }
    }
}
