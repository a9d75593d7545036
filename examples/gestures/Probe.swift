import ExampleSupport
import Strata
import StrataUI

/// A named view that logs each button press it receives (in its own coordinates):
/// `gestures: click NAME X Y` with one decimal.
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
}

func fmt(_ v: CGFloat) -> String { String(format: "%.1f", Double(v)) }

func rgb(_ r: Double, _ g: Double, _ b: Double) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

/// A view that takes keyboard focus when clicked and logs the text typed into it:
/// `gestures: text SOFAR`; Return logs `gestures: enter SOFAR`.
final class TextProbe: Probe {
    var text = ""
    override var canBecomeFirstResponder: Bool { true }

    override func buttonDown(_ event: ButtonEvent) {
        super.buttonDown(event)
        if becomeFirstResponder() { emit("gestures: focus \(name)") }
    }

    override func keyDown(_ event: KeyPress) {
        if event.keysym == 0xff0d {                       // Return
            emit("gestures: enter \(text)")
        } else if event.keysym == 0xff08 {                // BackSpace
            if !text.isEmpty { text.removeLast() }
            emit("gestures: text \(text)")
        } else if let s = event.text.unicodeScalars.first, s.value >= 0x20, s.value != 0x7f {
            text += event.text
            emit("gestures: text \(text)")
        } else {
            super.keyDown(event)
        }
    }
}
