import Foundation
import ExampleSupport
import Strata
import StrataUI

/// A named view that logs each button press and each finger that touches it (in its own
/// coordinates, one decimal): `gestures: click NAME X Y`, `gestures: touch NAME X Y`.
class Probe: View {
    let name: String

    init(_ name: String, frame: CGRect, color: CGColor?) {
        self.name = name
        super.init(frame: frame)
        backgroundColor = color
    }

    override func buttonDown(_ event: ButtonEvent) {
        let p = event.location(in: self)
        emit("gestures: click \(name) \(fmt(p.x)) \(fmt(p.y))" + (event.clickCount > 1 ? " x\(event.clickCount)" : ""))
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        // Fingers only (a pointer press, also a touch, logs as a click). Sorted so that fingers
        // landing in one frame log in a fixed order.
        for p in touches.filter({ $0.kind == .direct }).map({ $0.location(in: self) }).sorted(by: { ($0.x, $0.y) < ($1.x, $1.y) }) {
            emit("gestures: touch \(name) \(fmt(p.x)) \(fmt(p.y))")
        }
    }
}

func fmt(_ v: CGFloat) -> String { String(format: "%.1f", Double(v)) }

func rgb(_ r: Double, _ g: Double, _ b: Double) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

/// A view that takes keyboard focus when clicked and logs the text typed into it, through
/// UIKit's `UIKeyInput` calls (`KeyInput`): `gestures: text SOFAR`, with a `|` at the insertion
/// point unless it is at the end; Return logs `gestures: enter SOFAR`; an input method's
/// composition logs `gestures: marked TEXT LOCATION,LENGTH` (`none` when it goes). It asks for
/// an e-mail keyboard. As a `TextDocumentProxy` it shows input methods the text around the
/// insertion point, which Left and Right move, and its caret.
final class TextProbe: Probe, TextDocumentProxy {
    var text = ""
    /// The insertion point, in characters.
    var cursor = 0
    override var canBecomeFirstResponder: Bool { true }
    var hasText: Bool { !text.isEmpty }
    var keyboardType: KeyboardType { .emailAddress }
    private var insertion: String.Index { text.index(text.startIndex, offsetBy: cursor) }
    var documentContextBeforeInput: String? { String(text[..<insertion]) }
    var documentContextAfterInput: String? { String(text[insertion...]) }
    /// Where the caret would be in 9-point monospace: an input method's candidates open there.
    var caretRect: CGRect? { CGRect(x: min(bounds.width - 2, 6 + 9 * CGFloat(cursor)), y: 6, width: 2, height: bounds.height - 12) }

    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        emit("gestures: marked \(markedText ?? "none") \(selectedRange.location),\(selectedRange.length)")
    }

    override func buttonDown(_ event: ButtonEvent) {
        super.buttonDown(event)
        if becomeFirstResponder() { emit("gestures: focus \(name)") }
    }

    private func logText() {
        emit("gestures: text \(cursor == text.count ? text : String(text[..<insertion]) + "|" + text[insertion...])")
    }

    func insertText(_ typed: String) {
        if typed == "\n" { return emit("gestures: enter \(text)") }
        text.insert(contentsOf: typed, at: insertion)
        cursor += typed.count
        logText()
    }

    func deleteBackward() {
        if cursor > 0 {
            cursor -= 1
            text.remove(at: insertion)
        }
        logText()
    }

    func adjustTextPosition(byCharacterOffset offset: Int) {
        cursor = max(0, min(text.count, cursor + offset))
    }

    override func keyDown(_ event: KeyPress) {
        switch event.keysym {
        case 0xff51: adjustTextPosition(byCharacterOffset: -1)   // Left
        case 0xff53: adjustTextPosition(byCharacterOffset: 1)    // Right
        default: return super.keyDown(event)
        }
        logText()
    }
}
