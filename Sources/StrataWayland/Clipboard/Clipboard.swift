import Foundation
import Glibc

/// Copy and paste of text through the seat's `wl_data_device` (the selection clipboard).
///
/// ```swift
/// let clipboard = try Clipboard(application: app)
/// try clipboard.copy("Grüße")                 // in response to a key or button press
/// clipboard.paste { text in … }               // later, on the main loop
/// ```
///
/// Contract:
/// - `copy` offers the text as `text/plain;charset=utf-8`, `UTF8_STRING` and `text/plain`
///   (UTF-8 in each) and takes the selection with the seat's latest press serial: compositors
///   accept a selection only in response to user input, so without a press yet it throws
///   `.noUserAction`. The text is served to every reader until another client takes the
///   selection (`ownsSelection` becomes false).
/// - `paste` reads the current selection in the first text type it offers, through a pipe on
///   the main loop without blocking it (pasting one's own selection works too), and calls
///   `completion` once on the main loop: the text (invalid UTF-8 replaced by U+FFFD), or nil
///   when the selection has no text, is larger than `maximumPasteBytes`, or its owner does not
///   finish within `timeout` seconds. Only the focused client sees the selection: compositors
///   announce it on keyboard focus.
/// - Writing to a reader that went away must not kill the process: creating a clipboard sets
///   SIGPIPE to ignored (the write then fails with EPIPE and the transfer ends).
/// - Drag and drop: a drag over one of the app's surfaces is reported through `onDrag`
///   (entered, moved, left) and accepted in the first of `dropTypes` it offers (else refused);
///   a drop is read like a paste (same limit and timeout) and delivered through `onDrop`, then
///   finished (`wl_data_offer.finish`, version 3) so that the source knows it was taken; it is
///   copied, or moved when `dropOperations` allows it and the source offers it.
///   `startDrag` drags data out — text, URLs or any MIME types, to be copied or moved —
///   answering the latest pointer press, with a layer as its icon.
/// - When the compositor withdraws the seat, the data device is released and the selection
///   forgotten (`onSelectionChanged` is called if there was one); `copy` then throws
///   `.unavailable` and `paste` completes with nil.
public final class Clipboard {
    public enum ClipboardError: Error, Equatable {
        /// The compositor has no `wl_data_device_manager` or there is no seat.
        case unavailable
        /// No button, key or touch press has been delivered yet: nothing to quote as a serial.
        case noUserAction
        /// A drag offering no data, or allowing no operation.
        case nothingToDrag
    }

    /// The text types offered by `copy` and accepted by `paste`, in order of preference.
    public static let textMimeTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"]

    public let device: WlDataDevice
    let manager: WlDataDeviceManager
    let seat: Seat
    let loop: EventLoop
    /// An offer as `data_offer` introduced it: its MIME types and (drags) the source's actions.
    struct Introduced {
        var offer: WlDataOffer
        var types: [String] = []
        var sourceActions: WlDataDeviceManager.DndAction = []
    }
    /// Offers introduced by `data_offer`, with their MIME types, until the selection (or a drag)
    /// claims them.
    private var introduced: [ObjectIdentifier: Introduced] = [:]
    private var selection: Introduced?
    private var source: WlDataSource?
    private var copied: [UInt8] = []

    /// Largest paste accepted, in bytes.
    public var maximumPasteBytes = 16 << 20
    /// Seconds a paste (or serving a copy) may take before it is abandoned.
    public var timeout = 5.0
    /// Called when the selection changes (another client copied, or it was cleared).
    public var onSelectionChanged: (() -> Void)?
    /// The MIME types a drop is accepted in, in order of preference: file lists, then text.
    public var dropTypes = ["text/uri-list"] + Clipboard.textMimeTypes
    /// Called as a drag enters, moves over and leaves one of the app's surfaces.
    public var onDrag: ((DragEvent) -> Void)?
    /// The operations a drop on the app's surfaces may take, the first preferred (the source
    /// offers its own; the compositor picks from both). Default: copy only. With `.move` in it,
    /// a drop the source lets move may be moved: `Drop.operation` says which it was.
    public var dropOperations: [DragOperation] = [.copy]
    /// Decides, as a drag enters and moves over one of the app's surfaces, whether a drop at
    /// its position would be taken and how (StrataUI's views decide through their drop
    /// interactions). It gets the event with `acceptedType` the default choice. nil (the
    /// default): taken everywhere, in the first of `dropTypes` the drag offers, with
    /// `dropOperations`. The compositor learns each change of decision at once (the offer's
    /// accept and set_actions).
    public var dropAcceptance: ((DragEvent) -> DropAcceptance)?
    /// Called with the data of each drop on one of the app's surfaces (drops whose data cannot
    /// be read — too large, or its source too slow — go to `onDropFailed` instead).
    public var onDrop: ((Drop) -> Void)?
    /// Called for a drop taken on `surface` whose data could not be read (too large, its source
    /// too slow or gone): the drop is not finished, and the source learns it was not taken.
    public var onDropFailed: ((WaylandSurface) -> Void)?
    /// Not public API: StrataUI's drop routing (see `_DropRouting`).
    public weak var _dropRouting: _DropRouting?
    /// Called when a drag started by `startDrag` ends: copied or moved (then delete the data)
    /// by the target, or cancelled (dropped nowhere, refused, or replaced by another drag).
    public var onDragEnded: ((DragOutcome) -> Void)?

    /// The drag over one of our surfaces, between enter and leave or drop.
    struct ActiveDrag {
        var offer: WlDataOffer
        var serial: UInt32
        var types: [String]
        var sourceActions: WlDataDeviceManager.DndAction
        var surface: WaylandSurface?
        var position: SurfacePoint
        /// What the offer was last told: the type a drop is read in (nil: refused) and the
        /// actions allowed (nil before the first decision).
        var type: String?
        var operations: [DragOperation]?
        var action: WlDataDeviceManager.DndAction = []
    }
    var drag: ActiveDrag?
    /// The source of a drag started here, what it serves (by MIME type, in the order offered)
    /// and the action the compositor last chose for it.
    var dragSource: WlDataSource?
    var dragData: [(type: String, data: [UInt8])] = []
    var dragAction: WlDataDeviceManager.DndAction = []
    /// The picture under the pointer during the drag started here (nil: none).
    var dragIcon: DragIcon?

    /// Whether the current selection is this clipboard's last `copy`.
    public var ownsSelection: Bool { source != nil }
    /// The text of the last `copy` while it is still the selection, else nil.
    public var copiedText: String? { source == nil ? nil : String(decoding: copied, as: UTF8.self) }
    /// The MIME types the current selection offers (empty when there is none or it is ours).
    public var selectionTypes: [String] { selection?.types ?? [] }
    /// Whether `paste` can find text: the selection is ours or offers a text type.
    public var hasText: Bool { ownsSelection || Self.textMimeTypes.contains(where: selectionTypes.contains) }

    public convenience init(application: Application) throws {
        guard let seat = application.seat else { throw ClipboardError.unavailable }
        try self.init(display: application.display, seat: seat, loop: application.loop)
    }

    public init(display: WaylandDisplay, seat: Seat, loop: EventLoop) throws {
        guard let manager = display.dataDeviceManager else { throw ClipboardError.unavailable }
        signal(SIGPIPE, SIG_IGN)
        self.manager = manager
        self.seat = seat
        self.loop = loop
        guard !seat.isRemoved else { throw ClipboardError.unavailable }
        device = manager.getDataDevice(seat: seat.wlSeat)
        device.onEvent = { [unowned self] in self.handle($0) }
        seat.addRemovalObserver { [weak self] in self?.seatRemoved() }
    }

    /// The seat is gone: so is its data device, and with it the selection.
    private func seatRemoved() {
        device.onEvent = nil
        device.release()
        introduced = [:]
        drag = nil
        dragSource = nil
        dragData = []
        dragIcon?.destroy()
        dragIcon = nil
        let had = selection != nil || source != nil
        selection = nil
        source = nil
        copied = []
        if had { onSelectionChanged?() }
    }

    /// Offers `text` as the selection. Throws `.noUserAction` before any press, `.unavailable`
    /// once the seat is gone.
    public func copy(_ text: String) throws {
        guard !seat.isRemoved else { throw ClipboardError.unavailable }
        guard let serial = seat.lastPressSerial else { throw ClipboardError.noUserAction }
        let s = manager.createDataSource()
        for type in Self.textMimeTypes { s.offer(mimeType: type) }
        s.onEvent = { [unowned self, unowned s] event in
            switch event {
            case let .send(type, fd):
                Self.serveText(self.copied, as: type, to: fd, if: s === self.source, loop: self.loop, timeout: self.timeout)
            case .cancelled:
                if s === self.source { self.source = nil; self.copied = [] }
            default:
                break
            }
        }
        copied = Array(text.utf8)
        source = s
        device.setSelection(source: s, serial: serial)
    }

    /// Answers a source's `send`: writes `bytes` to `fd` when the source is still the current
    /// one and `type` is a text type, else just closes `fd` (the reader then gets nothing).
    static func serveText(_ bytes: [UInt8], as type: String, to fd: Int32, if current: Bool, loop: EventLoop, timeout: Double) {
        if current, textMimeTypes.contains(type) {
            PipeTransfer.write(bytes, to: fd, loop: loop, timeout: timeout)
        } else {
            close(fd)
        }
    }

    /// Reads the selection's text; `completion` runs once, later, on the main loop.
    public func paste(_ completion: @escaping (String?) -> Void) {
        guard !seat.isRemoved, let sel = selection, let type = Self.textMimeTypes.first(where: sel.types.contains) else {
            loop.addTimer(at: 0) { completion(nil) }
            return
        }
        read(sel.offer, as: type) { bytes in completion(bytes.map { String(decoding: $0, as: UTF8.self) }) }
    }

    /// Reads `offer` in `type` through a pipe on the main loop, at most `maximumPasteBytes` within
    /// `timeout`; `completion` runs once, later, with the bytes or nil (no pipe, too much data,
    /// too slow an owner). For pastes and drops alike.
    func read(_ offer: WlDataOffer, as type: String, completion: @escaping ([UInt8]?) -> Void) {
        PipeTransfer.receive(loop: loop, limit: maximumPasteBytes, timeout: timeout,
                             request: { offer.receive(mimeType: type, fd: $0) }, completion: completion)
    }

    /// The offer `data_offer` introduced, with the types announced so far, handed over to whoever
    /// claims it (the selection or a drag).
    func claimIntroduced(_ offer: WlDataOffer) -> Introduced? {
        introduced.removeValue(forKey: ObjectIdentifier(offer))
    }

    private func handle(_ event: WlDataDevice.Event) {
        switch event {
        case let .dataOffer(offer):
            let key = ObjectIdentifier(offer)
            introduced[key] = Introduced(offer: offer)
            offer.onEvent = { [unowned self] event in
                switch event {
                case let .offer(type): self.introduced[key]?.types.append(type)
                case let .sourceActions(actions): self.introduced[key]?.sourceActions = actions
                case .action: break
                }
            }
        case let .selection(offer):
            let claimed = offer.flatMap { introduced.removeValue(forKey: ObjectIdentifier($0)) }
            claimed?.offer.onEvent = nil
            selection = claimed  // the previous offer is destroyed as it is dropped
            // Our own source's offer comes back as the selection too; it is ours while
            // `source` lives.
            onSelectionChanged?()
        case let .enter(serial, surface, x, y, offer):
            dragEntered(serial: serial, surface: surface, position: SurfacePoint(x: x, y: y), offer: offer)
        case let .motion(_, x, y):
            dragMoved(to: SurfacePoint(x: x, y: y))
        case .leave:
            dragLeft()
        case .drop:
            dropped()
        }
    }
}
