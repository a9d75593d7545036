// dragdrop: drag and drop through the Wayland data device. A 400×200 window: pressing the
// orange square on the left starts a drag of a line of text; dropping it on the grey zone on the
// right reads the text and turns the zone green. Drags from other apps (files, text) are
// reported too. Lines printed:
//   dragdrop: drag started              the press started a drag
//   drag entered|moved|left X Y accepted=TYPE types=T1,T2…    a drag over the window
//   dropped TYPE "TEXT" at X Y          a drop's data (text/uri-list also lists `url URL` lines)
//   dragdrop: drag ended taken|refused  the drag started here ended
import ExampleSupport
import Foundation
import Strata
import StrataWayland

final class DragDropScene: ExampleScene {
    let title = "dragdrop", width = 400, height = 200
    let handle = CALayer()
    let zone = CALayer()
    static let zoneColor = CGColor(gray: 0.35, alpha: 1)
    static let droppedColor = CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)

    func build(root: CALayer) {
        root.backgroundColor = CGColor(gray: 0.12, alpha: 1)
        handle.frame = CGRect(x: 60, y: 60, width: 80, height: 80)
        handle.backgroundColor = CGColor(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
        handle.cornerRadius = 10
        zone.frame = CGRect(x: 220, y: 20, width: 160, height: 160)
        zone.backgroundColor = Self.zoneColor
        zone.cornerRadius = 16
        root.addSublayer(handle)
        root.addSublayer(zone)
    }
}

let scene = DragDropScene()
let dragText = "Strata ✓ drag"
// What follows the pointer during the drag: a 40-point square, its centre under the pointer.
let dragIcon: CALayer = {
    let l = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    l.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    l.backgroundColor = CGColor(red: 0.8, green: 0.2, blue: 0.6, alpha: 1)
    CATransaction.commit()
    return l
}()
var clipboard: Clipboard?
runExample(scene, live: { app, window in
    guard let window, let c = try? Clipboard(application: app) else { return emit("dragdrop: no data device") }
    clipboard = c
    let surface = window.toplevel.surface
    window.onInput = { event in
        guard case let .pointer(p) = event,
              p.buttons.contains(where: { $0.button == PointerButton.left && $0.isPressed }),
              scene.handle.frame.contains(CGPoint(x: p.position.x, y: p.position.y)) else { return }
        do {
            try c.startDrag(text: dragText, from: surface, icon: dragIcon)
            emit("dragdrop: drag started")
        } catch {
            emit("dragdrop: drag failed \(error)")
        }
    }
    c.onDrag = { e in
        guard e.surface === surface else { return }
        emit("drag \(e.phase) \(e.position.x) \(e.position.y) accepted=\(e.acceptedType ?? "none") types=\(e.types.joined(separator: ","))")
    }
    c.onDrop = { drop in
        guard drop.surface === surface else { return }
        emit("dropped \(drop.type) \"\(drop.text)\" at \(drop.position.x) \(drop.position.y)")
        if drop.type == "text/uri-list" { for url in drop.urls { emit("url \(url.absoluteString)") } }
        if scene.zone.frame.contains(CGPoint(x: drop.position.x, y: drop.position.y)) {
            scene.zone.backgroundColor = DragDropScene.droppedColor
        }
    }
    c.onDragEnded = { taken in emit("dragdrop: drag ended \(taken ? "taken" : "refused")") }
})
