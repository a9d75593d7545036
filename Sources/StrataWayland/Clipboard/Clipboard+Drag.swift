import Foundation
import Glibc
import Strata

/// Drag and drop through the seat's data device (see `Clipboard`'s contract).
extension Clipboard {
    // MARK: Drops on the app's surfaces

    func dragEntered(serial: UInt32, surface wl: WlSurface?, position: SurfacePoint, offer: WlDataOffer?) {
        if drag != nil { dragLeft() }  // a drag entering anew replaces one that never left
        // A drag of no data (offer nil) or of an offer never introduced: nothing to take.
        guard let offer, let entry = claimIntroduced(offer) else { return }
        let key = ObjectIdentifier(offer)
        offer.onEvent = { [unowned self] event in
            guard let d = self.drag, ObjectIdentifier(d.offer) == key else { return }
            switch event {
            case let .action(action): self.drag?.action = action
            case let .offer(type): self.drag?.types.append(type)
            case let .sourceActions(actions): self.drag?.sourceActions = actions
            }
        }
        drag = ActiveDrag(offer: offer, serial: serial, types: entry.types, sourceActions: entry.sourceActions,
                          surface: SurfaceDirectory.shared.surface(for: wl), position: position)
        decideAcceptance()
        report(.entered)
    }

    func dragMoved(to position: SurfacePoint) {
        guard drag != nil else { return }
        drag?.position = position
        decideAcceptance()
        report(.moved)
    }

    func dragLeft() {
        guard drag != nil else { return }
        report(.left)
        drag = nil  // the offer goes with it (destroyed as it is dropped)
    }

    /// The drag as the app sees it, with `acceptedType` the current decision's.
    private func event(_ phase: DragEvent.Phase, _ d: ActiveDrag, surface: WaylandSurface, type: String?) -> DragEvent {
        var e = DragEvent(phase: phase, surface: surface, position: d.position, types: d.types, acceptedType: type)
        // Version 3 sources say what they allow (source_actions); older ones copy.
        if d.offer.version >= 3 {
            e.sourceOperations = [DragOperation.copy, .move].filter { d.sourceActions.contains($0.action) }
        }
        return e
    }

    private func report(_ phase: DragEvent.Phase) {
        guard let d = drag, let surface = d.surface else { return }
        let e = event(phase, d, surface: surface, type: d.type)
        _dropRouting?._dragged(e)
        onDrag?(e)
    }

    /// Works out whether a drop at the drag's position would be taken (the first of
    /// `dropTypes` it offers with `dropOperations`, or `dropAcceptance`'s say), and tells the
    /// offer when that changed: accept(type or none), and from version 3 set_actions.
    private func decideAcceptance() {
        guard let d = drag else { return }
        let type = dropTypes.first(where: d.types.contains)
        var decision = DropAcceptance(type: type, operations: type == nil ? [] : dropOperations)
        if let surface = d.surface, _dropRouting != nil || dropAcceptance != nil {
            let e = event(.moved, d, surface: surface, type: type)
            if let routed = _dropRouting?._acceptance(e) {
                decision = routed
            } else if let decide = dropAcceptance {
                decision = decide(e)
            }
            // Only a type the drag offers can be read; no operation is a refusal.
            if let t = decision.type, !d.types.contains(t) || decision.operations.isEmpty { decision = .refused }
        }
        if decision.type == nil { decision.operations = [] }
        guard d.operations == nil || decision.type != d.type || decision.operations != d.operations else { return }
        drag?.type = decision.type
        drag?.operations = decision.operations
        d.offer.accept(serial: d.serial, mimeType: decision.type)
        if d.offer.version >= 3 {
            // Copy unless the app allows more (move asks the source to delete its data).
            d.offer.setActions(dndActions: DragOperation.actions(decision.operations),
                               preferredAction: decision.operations.first?.action ?? [])
        }
        // Sent now, not when the loop next polls: a fast drag's events come in batches, and a
        // release the compositor handles before the batch's answers are out cancels the drop.
        _ = try? d.offer.connection.flush()
    }

    /// The drag was dropped on our surface: read it in the accepted type, then finish the offer.
    func dropped() {
        guard let d = drag else { return }
        guard let type = d.type, let surface = d.surface else {
            report(.left)  // refused here: the drag is over without a drop
            drag = nil
            return
        }
        report(.dropped)
        drag = nil
        let offer = d.offer
        read(offer, as: type) { [weak self] bytes in
            // Finished only when the data was taken; `finish` is a protocol error unless an
            // action was chosen (version 3). A failed read just destroys the offer: the source
            // learns that the drop was not taken (cancelled).
            if bytes != nil, offer.version >= 3, !d.action.isEmpty, !d.action.contains(.ask) {
                offer.finish()
            }
            offer.destroy()
            guard let self else { return }
            guard let bytes else {
                self._dropRouting?._dropFailed(on: surface)
                self.onDropFailed?(surface)
                return
            }
            var drop = Drop(surface: surface, position: d.position, type: type, data: bytes)
            drop.operation = d.action.contains(.move) ? .move : .copy
            self._dropRouting?._dropped(drop)
            self.onDrop?(drop)
        }
    }

    // MARK: Drags out of the app

    /// Starts dragging `text` out of `surface`: `startDrag(_:operations:from:icon:hotspot:)`
    /// offering it as `textMimeTypes` (UTF-8 in each), to be copied.
    public func startDrag(text: String, from surface: WaylandSurface, icon: CALayer? = nil, hotspot: CGPoint? = nil) throws {
        let bytes = Array(text.utf8)
        try startDrag(Self.textMimeTypes.map { ($0, bytes) }, from: surface, icon: icon, hotspot: hotspot)
    }

    /// Starts dragging `urls` (files: `URL(fileURLWithPath:)`) out of `surface`, offered as
    /// `text/uri-list` (RFC 2483: one absolute URL a line, CR LF ends) and as text (one a line),
    /// to be copied or, when `operations` allows, moved (`onDragEnded` then says `.moved`: the
    /// app deletes the originals). Throws `.nothingToDrag` for no URLs.
    public func startDrag(urls: [URL], operations: [DragOperation] = [.copy], from surface: WaylandSurface,
                          icon: CALayer? = nil, hotspot: CGPoint? = nil) throws {
        guard !urls.isEmpty else { throw ClipboardError.nothingToDrag }
        try startDrag(Self.representations(urls: urls), operations: operations, from: surface, icon: icon, hotspot: hotspot)
    }

    /// What a drag of `urls` offers: `text/uri-list` (RFC 2483: one absolute URL a line, CR LF
    /// ends), then the URLs as text, one a line, in each of `textMimeTypes`.
    public static func representations(urls: [URL]) -> [(mimeType: String, data: [UInt8])] {
        let list = Array(urls.map { $0.absoluteString + "\r\n" }.joined().utf8)
        let text = Array(urls.map(\.absoluteString).joined(separator: "\n").utf8)
        return [("text/uri-list", list)] + textMimeTypes.map { ($0, text) }
    }

    /// Starts dragging data out of `surface`, answering the latest press: a pointer button or a
    /// finger (compositors start a drag only while it is held: call this while it is). The
    /// compositor then owns the pointer, or that touch point, until it is released, and keeps
    /// the release: the button is forgotten here and the touch delivered as `cancelled` (on the
    /// loop's next turn).
    ///
    /// `representations`: the data in each MIME type offered, the preferred first (a type
    /// listed twice keeps its first data); a target reads one of them. `operations`: what the
    /// target may do with it, copy and/or move (the target picks; `onDragEnded` reports the
    /// outcome). Throws `.nothingToDrag` for no representations or no operations,
    /// `.noUserAction` before any press, `.unavailable` once the seat is gone.
    ///
    /// `icon`: a layer drawn under the pointer while the drag goes on (its bounds, at the
    /// surface's scale, drawn once when the drag starts: `CALayer.render(in:)`), with the point
    /// `hotspot` of its bounds (default: the centre) under the pointer. Without one, the
    /// compositor shows just its pointer.
    public func startDrag(_ representations: [(mimeType: String, data: [UInt8])], operations: [DragOperation] = [.copy],
                          from surface: WaylandSurface, icon: CALayer? = nil, hotspot: CGPoint? = nil) throws {
        var data: [(type: String, data: [UInt8])] = []
        for r in representations where !data.contains(where: { $0.type == r.mimeType }) { data.append((r.mimeType, r.data)) }
        guard !data.isEmpty, !operations.isEmpty else { throw ClipboardError.nothingToDrag }
        guard !seat.isRemoved else { throw ClipboardError.unavailable }
        guard let serial = seat.lastPressSerial else { throw ClipboardError.noUserAction }
        let s = manager.createDataSource()
        for item in data { s.offer(mimeType: item.type) }
        if s.version >= 3 { s.setActions(dndActions: DragOperation.actions(operations)) }
        let key = ObjectIdentifier(s)
        s.onEvent = { [unowned self] event in
            let current = self.dragSource.map { ObjectIdentifier($0) == key } ?? false
            switch event {
            case let .send(type, fd):
                if current, let item = self.dragData.first(where: { $0.type == type }) {
                    PipeTransfer.write(item.data, to: fd, loop: self.loop, timeout: self.timeout)
                } else {
                    close(fd)
                }
            case let .action(action):
                // The compositor's latest choice; the one before dnd_finished is the drop's.
                if current { self.dragAction = action }
            case .dndFinished:
                guard current else { return }
                self.dragEnded(self.dragAction.contains(.move) ? .moved : .copied)
            case .cancelled:
                guard current else { return }
                self.dragEnded(.cancelled)
            case .dndDropPerformed, .target:
                break
            }
        }
        if dragSource != nil { dragEnded(.cancelled) }  // a new drag replaces an unfinished one
        dragSource = s
        dragData = data
        dragAction = []
        dragIcon = icon.flatMap { layer in
            let b = layer.bounds
            return DragIcon(layer: layer, hotspot: hotspot ?? CGPoint(x: b.width / 2, y: b.height / 2),
                            scale: surface.scale, display: surface.display)
        }
        device.startDrag(source: s, origin: surface.surface, icon: dragIcon?.surface.surface, serial: serial)
        dragIcon?.show()
        // The compositor's drag grab keeps the button's release (as a move's does), or the
        // finger's up: the touch is cancelled here, on the loop's next turn (this may run
        // inside that touch's own delivery).
        seat.forgetPressedButton(PointerButton.left)
        loop.addTimer(at: MonotonicClock.now()) { [weak seat = self.seat] in seat?.forgetTouch(downSerial: serial) }
    }

    private func dragEnded(_ outcome: DragOutcome) {
        dragSource = nil  // destroyed as it is dropped
        dragData = []
        dragAction = []
        dragIcon?.destroy()
        dragIcon = nil
        _dropRouting?._dragEnded(outcome)
        onDragEnded?(outcome)
    }
}
