import Foundation
import Glibc
import Strata

/// Drag and drop through the seat's data device (see `Clipboard`'s contract).
extension Clipboard {
    // MARK: Drops on the app's surfaces

    func dragEntered(serial: UInt32, surface wl: WlSurface?, position: SurfacePoint, offer: WlDataOffer?) {
        drag = nil  // a drag entering anew replaces one that never left
        // A drag of no data (offer nil) or of an offer never introduced: nothing to take.
        guard let offer, let entry = claimIntroduced(offer) else { return }
        let type = dropTypes.first(where: entry.types.contains)
        offer.accept(serial: serial, mimeType: type)
        if offer.version >= 3 {
            // Copy is what an app taking a drop does; move would ask the source to delete.
            offer.setActions(dndActions: type == nil ? [] : .copy, preferredAction: type == nil ? [] : .copy)
        }
        let key = ObjectIdentifier(offer)
        offer.onEvent = { [unowned self] event in
            guard let d = self.drag, ObjectIdentifier(d.offer) == key else { return }
            switch event {
            case let .action(action): self.drag?.action = action
            case let .offer(type): self.drag?.types.append(type)
            case .sourceActions: break
            }
        }
        drag = ActiveDrag(offer: offer, types: entry.types, surface: SurfaceDirectory.shared.surface(for: wl),
                          position: position, type: type)
        report(.entered)
    }

    func dragMoved(to position: SurfacePoint) {
        guard drag != nil else { return }
        drag?.position = position
        report(.moved)
    }

    func dragLeft() {
        guard drag != nil else { return }
        report(.left)
        drag = nil  // the offer goes with it (destroyed as it is dropped)
    }

    private func report(_ phase: DragEvent.Phase) {
        guard let d = drag, let surface = d.surface else { return }
        onDrag?(DragEvent(phase: phase, surface: surface, position: d.position, types: d.types, acceptedType: d.type))
    }

    /// The drag was dropped on our surface: read it in the accepted type, then finish the offer.
    func dropped() {
        guard let d = drag else { return }
        drag = nil
        guard let type = d.type, let surface = d.surface else { return }
        let offer = d.offer
        read(offer, as: type) { [weak self] bytes in
            // Finished only when the data was taken; `finish` is a protocol error unless an
            // action was chosen (version 3). A failed read just destroys the offer: the source
            // learns that the drop was not taken (cancelled).
            if bytes != nil, offer.version >= 3, !d.action.isEmpty, !d.action.contains(.ask) {
                offer.finish()
            }
            offer.destroy()
            guard let self, let bytes else { return }
            self.onDrop?(Drop(surface: surface, position: d.position, type: type, data: bytes))
        }
    }

    // MARK: Drags out of the app

    /// Starts dragging `text` out of `surface`, answering the latest pointer press (compositors
    /// start a drag only while that button is held: call this from its press). The compositor
    /// then owns the pointer until the button is released, and keeps the release. Offered as
    /// `textMimeTypes`, with the copy action. `onDragEnded` reports the outcome. Throws
    /// `.noUserAction` before any press, `.unavailable` once the seat is gone.
    ///
    /// `icon`: a layer drawn under the pointer while the drag goes on (its bounds, at the
    /// surface's scale, drawn once when the drag starts: `CALayer.render(in:)`), with the point
    /// `hotspot` of its bounds (default: the centre) under the pointer. Without one, the
    /// compositor shows just its pointer.
    public func startDrag(text: String, from surface: WaylandSurface, icon: CALayer? = nil, hotspot: CGPoint? = nil) throws {
        guard !seat.isRemoved else { throw ClipboardError.unavailable }
        guard let serial = seat.lastPressSerial else { throw ClipboardError.noUserAction }
        let s = manager.createDataSource()
        for type in Self.textMimeTypes { s.offer(mimeType: type) }
        if s.version >= 3 { s.setActions(dndActions: .copy) }
        let key = ObjectIdentifier(s)
        s.onEvent = { [unowned self] event in
            let current = self.dragSource.map { ObjectIdentifier($0) == key } ?? false
            switch event {
            case let .send(type, fd):
                if current, Self.textMimeTypes.contains(type) {
                    PipeTransfer.write(self.dragBytes, to: fd, loop: self.loop, timeout: self.timeout)
                } else {
                    close(fd)
                }
            case .dndFinished:
                guard current else { return }
                self.dragEnded(taken: true)
            case .cancelled:
                guard current else { return }
                self.dragEnded(taken: false)
            case .dndDropPerformed, .target, .action:
                break
            }
        }
        if dragSource != nil { dragEnded(taken: false) }  // a new drag replaces an unfinished one
        dragSource = s
        dragBytes = Array(text.utf8)
        dragIcon = icon.flatMap { layer in
            let b = layer.bounds
            return DragIcon(layer: layer, hotspot: hotspot ?? CGPoint(x: b.width / 2, y: b.height / 2),
                            scale: surface.scale, display: surface.display)
        }
        device.startDrag(source: s, origin: surface.surface, icon: dragIcon?.surface.surface, serial: serial)
        dragIcon?.show()
        // The compositor's drag grab keeps the button's release (as a move's does).
        seat.forgetPressedButton(PointerButton.left)
    }

    private func dragEnded(taken: Bool) {
        dragSource = nil  // destroyed as it is dropped
        dragBytes = []
        dragIcon?.destroy()
        dragIcon = nil
        onDragEnded?(taken)
    }
}
