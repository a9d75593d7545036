// clipboard: copy and paste text through StrataUI's Pasteboard (the Wayland selection).
//
//   clipboard [--text TEXT] [--repeat N] [--exit-after SECONDS]
//
// A 400×300 window whose root view takes keyboard focus. Ctrl+C copies TEXT repeated N times
// (default "Grüße, 世界 ✓", once); Ctrl+V pastes. Ctrl+P makes TEXT the primary selection (as
// selecting it would); a middle click pastes the primary selection. Lines printed:
//   clipboard: copied BYTES        the copy took the selection (BYTES of UTF-8)
//   clipboard: copy failed         no clipboard, or no key press to answer yet
//   clipboard: pasted TEXT         the pasted text, when it is at most 1000 bytes on one line
//   clipboard: pasted BYTES bytes, equal to the copy | unlike the copy    (longer texts)
//   clipboard: pasted nothing      the selection had no text (or the paste failed)
//   clipboard: selected BYTES | select failed       Ctrl+P
//   clipboard: pasted primary TEXT | pasted primary nothing                a middle click
// and, each time the compositor announces the selection (so the compositor has it):
//   selection: ours | another client's text | none
// and the primary selection:
//   primary: ours | another client's text | none
import ExampleSupport
import Foundation
import Strata
import StrataUI
import StrataWayland

var text = "Grüße, 世界 ✓"
var repeatCount = 1
var passOn: [String] = []
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--text":
        guard let t = args.popFirst() else { FileHandle.standardError.write(Data("clipboard: --text needs a value\n".utf8)); exit(2) }
        text = t
    case "--repeat":
        guard let n = args.popFirst().flatMap(Int.init), n >= 1, n <= 1 << 20 else {
            FileHandle.standardError.write(Data("clipboard: --repeat needs 1…1048576\n".utf8))
            exit(2)
        }
        repeatCount = n
    default:
        passOn.append(a)
    }
}
let copyText = String(repeating: text, count: repeatCount)

/// The root view: first responder for Ctrl+C / Ctrl+V.
final class ClipboardView: View {
    override var canBecomeFirstResponder: Bool { true }

    override func keyDown(_ event: KeyPress) {
        guard event.modifiers.contains(.control), !event.isRepeat else { return super.keyDown(event) }
        switch event.keysym {
        case 0x63:  // c
            emit(Pasteboard.general.setString(copyText) ? "clipboard: copied \(copyText.utf8.count)" : "clipboard: copy failed")
        case 0x70:  // p
            emit(Pasteboard.primary.setString(copyText) ? "clipboard: selected \(copyText.utf8.count)" : "clipboard: select failed")
        case 0x76:  // v
            Pasteboard.general.string { pasted in
                guard let pasted, !pasted.isEmpty else { return emit("clipboard: pasted nothing") }
                if pasted.utf8.count <= 1000 && !pasted.contains("\n") {
                    emit("clipboard: pasted \(pasted)")
                } else {
                    emit("clipboard: pasted \(pasted.utf8.count) bytes, " + (pasted == copyText ? "equal to the copy" : "unlike the copy"))
                }
            }
        default:
            super.keyDown(event)
        }
    }

    override func buttonDown(_ event: ButtonEvent) {
        guard event.button == ButtonEvent.middle else { return super.buttonDown(event) }
        Pasteboard.primary.string { pasted in
            emit("clipboard: pasted primary " + (pasted.flatMap { $0.isEmpty ? nil : $0 } ?? "nothing"))
        }
    }
}

final class Scene: ExampleScene {
    let title = "clipboard", width = 400, height = 300
    let rootView = ClipboardView()
    var host: ViewHost?

    func build(root: CALayer) {
        if rootView.layer.superlayer == nil {       // offscreen snapshot: no host
            root.addSublayer(rootView.layer)
            rootView.frame = root.bounds
        }
        rootView.backgroundColor = CGColor(red: 0.13, green: 0.16, blue: 0.19, alpha: 1)
    }
}

let scene = Scene()
runExample(scene, arguments: passOn, live: { app, window in
    guard let window else { return }
    scene.host = ViewHost(window: window, application: app, rootView: scene.rootView)
    Pasteboard.general.clipboard?.onSelectionChanged = {
        guard let clipboard = Pasteboard.general.clipboard else { return }
        emit("selection: " + (clipboard.ownsSelection ? "ours" : clipboard.hasText ? "another client's text" : "none"))
    }
    Pasteboard.primary.primarySelection?.onSelectionChanged = {
        guard let primary = Pasteboard.primary.primarySelection else { return }
        emit("primary: " + (primary.ownsSelection ? "ours" : primary.hasText ? "another client's text" : "none"))
    }
    _ = scene.rootView.becomeFirstResponder()
})
