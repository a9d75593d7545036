// dragdrop: drag and drop through the Wayland data device. A 400×200 window: pressing the
// orange square on the left starts a drag of a line of text; dropping it on the grey zone on the
// right reads the text and turns the zone green. Drags from other apps (files, text) are
// reported too. Lines printed:
//   dragdrop: drag started              the press started a drag
//   drag entered|moved|left X Y accepted=TYPE types=T1,T2…    a drag over the window
//   dropped TYPE "TEXT" at X Y          a drop's data, CR and LF written \r and \n (text/uri-list
//                                       also lists `url URL` lines)
//   dragdrop: drag ended copied|moved|cancelled   the drag started here ended
// `--drag-file PATH` drags that file's URL instead of the text (text/uri-list and text), letting
// the target copy or move it; `--accept-move` makes the window's own drops prefer moving (the
// line of a drop then ends with `operation move`). `--views` hosts StrataUI views over the
// window: the handle is a view with a `DragInteraction` (the drag starts once the press moves
// by 10 points; its icon is the view's own, transparent, picture), and the drop zone a view with
// a `DropInteraction`, which takes text drops and turns the zone green itself, printing
//   views: zone entered|exited|ended    the drop delegate's calls
//   views: zone dropped "TEXT"          the text it loaded in performDrop
//   views: handle drag ended copy|move|cancel   the drag delegate's end
import ExampleSupport
import Foundation
import Strata
import StrataUI
import StrataWayland

final class DragDropScene: ExampleScene {
    let title = "dragdrop", width = 400, height = 200
    let handle = CALayer()
    let zone = CALayer()
    static let handleFrame = CGRect(x: 60, y: 60, width: 80, height: 80)
    static let zoneFrame = CGRect(x: 220, y: 20, width: 160, height: 160)
    static let zoneColor = CGColor(gray: 0.35, alpha: 1)
    static let droppedColor = CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)

    func build(root: CALayer) {
        root.backgroundColor = CGColor(gray: 0.12, alpha: 1)
        handle.frame = Self.handleFrame
        handle.backgroundColor = CGColor(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
        handle.cornerRadius = 10
        zone.frame = Self.zoneFrame
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
// This example's own options; the rest go to runExample.
var arguments = Array(CommandLine.arguments.dropFirst())
var dragFile: String?
if let i = arguments.firstIndex(of: "--drag-file"), i + 1 < arguments.count {
    dragFile = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
}
let acceptsMove = arguments.contains("--accept-move")
let usesViews = arguments.contains("--views")
arguments.removeAll { $0 == "--accept-move" || $0 == "--views" }

/// Starts the drag (text, or `--drag-file`'s URL) from a press on the handle.
@MainActor func startDrag(_ c: Clipboard, from surface: WaylandSurface) {
    do {
        if let path = dragFile {
            try c.startDrag(urls: [URL(fileURLWithPath: path)], operations: [.copy, .move], from: surface, icon: dragIcon)
        } else {
            try c.startDrag(text: dragText, from: surface, icon: dragIcon)
        }
        emit("dragdrop: drag started")
    } catch {
        emit("dragdrop: drag failed \(error)")
    }
}

/// `--views`: the handle's drag interaction drags the text (or `--drag-file`'s URL) once a
/// press on it moves by 10 points (or a finger is held on it). Its lift preview looks like the
/// handle: the (transparent) view over the handle's colour, in its rounded rectangle.
final class HandleDrags: DragInteractionDelegate {
    var file: String?
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        [file.map { DragItem(url: URL(fileURLWithPath: $0)) } ?? DragItem(text: dragText)]
    }
    func dragInteraction(_ interaction: DragInteraction, previewForLifting item: DragItem,
                         session: DragSession) -> TargetedDragPreview? {
        guard let view = interaction.view else { return nil }
        let parameters = DragPreviewParameters()
        parameters.backgroundColor = Color(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
        parameters.visiblePath = BezierPath(roundedRect: view.bounds, cornerRadius: 10)
        return TargetedDragPreview(view: view, parameters: parameters)
    }
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
        emit("dragdrop: drag started")
    }
    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        emit("views: handle drag ended \(operation)")
    }
}
let handleDrags = HandleDrags()

/// `--views`: the drop zone's drop interaction takes text, turning the zone green.
final class ZoneDrops: DropInteractionDelegate {
    var zone: CALayer?
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
        session.canLoadObjects(ofClass: String.self)
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) { emit("views: zone entered") }
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: .copy)
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) { emit("views: zone exited") }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
        session.loadObjects(ofClass: String.self) { texts in
            emit("views: zone dropped \"\(texts.joined(separator: "|"))\"")
            self.zone?.backgroundColor = DragDropScene.droppedColor
        }
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) { emit("views: zone ended") }
}
let zoneDrops = ZoneDrops()
var host: ViewHost?

var clipboard: Clipboard?
runExample(scene, arguments: arguments, live: { app, window in
    guard let window else { return emit("dragdrop: no data device") }
    let surface = window.toplevel.surface
    if usesViews {
        let root = View()
        zoneDrops.zone = scene.zone
        let zone = View(frame: DragDropScene.zoneFrame)
        root.addSubview(zone)
        zone.addInteraction(DropInteraction(delegate: zoneDrops))
        let handle = View(frame: DragDropScene.handleFrame)
        root.addSubview(handle)
        handleDrags.file = dragFile
        handle.addInteraction(DragInteraction(delegate: handleDrags))
        host = ViewHost(window: window, application: app, rootView: root)
        clipboard = Pasteboard.general.clipboard  // the one the views' drags go through
    } else {
        clipboard = try? Clipboard(application: app)
        window.onInput = { event in
            guard case let .pointer(p) = event,
                  p.buttons.contains(where: { $0.button == PointerButton.left && $0.isPressed }),
                  scene.handle.frame.contains(CGPoint(x: p.position.x, y: p.position.y)), let c = clipboard else { return }
            startDrag(c, from: surface)
        }
    }
    guard let c = clipboard else { return emit("dragdrop: no data device") }
    if acceptsMove { c.dropOperations = [.move, .copy] }
    c.onDrag = { e in
        guard e.surface === surface else { return }
        emit("drag \(e.phase) \(e.position.x) \(e.position.y) accepted=\(e.acceptedType ?? "none") types=\(e.types.joined(separator: ","))")
    }
    c.onDrop = { drop in
        guard drop.surface === surface else { return }
        let text = drop.text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        emit("dropped \(drop.type) \"\(text)\" at \(drop.position.x) \(drop.position.y)"
             + (drop.operation == .move ? " operation move" : ""))
        if drop.type == "text/uri-list" { for url in drop.urls { emit("url \(url.absoluteString)") } }
        if !usesViews, scene.zone.frame.contains(CGPoint(x: drop.position.x, y: drop.position.y)) {
            scene.zone.backgroundColor = DragDropScene.droppedColor
        }
    }
    c.onDragEnded = { outcome in emit("dragdrop: drag ended \(outcome)") }
})
