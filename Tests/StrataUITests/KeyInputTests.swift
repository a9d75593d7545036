import Foundation
import Testing
@testable import StrataUI

/// `KeyInput` (UIKeyInput): the first responder's typing as edits — text, Return, BackSpace —
/// and every other key, modified key and release still as key events.
@Suite struct KeyInputTests {
    /// A focusable view keeping its text, logging edits and the key events it still gets.
    final class Field: View, KeyInput {
        var text = ""
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        var hasText: Bool { !text.isEmpty }
        func insertText(_ t: String) { text += t; log.append("insert \(t.debugDescription)") }
        func deleteBackward() {
            if !text.isEmpty { text.removeLast() }
            log.append("delete")
        }
        override func keyDown(_ event: KeyPress) {
            log.append("down \(String(event.keysym, radix: 16))")
            super.keyDown(event)
        }
        override func keyUp(_ event: KeyPress) { log.append("up \(String(event.keysym, radix: 16))") }
    }

    static func press(_ keysym: UInt32, _ text: String = "", modifiers: KeyModifiers = [], isRepeat: Bool = false) -> KeyPress {
        KeyPress(keycode: 0, keysym: keysym, text: text, isRepeat: isRepeat, modifiers: modifiers)
    }

    @Test func typingBecomesEditsAndOtherKeysStayKeys() {
        let h = InputHarness()
        let field = Field(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        h.root.addSubview(field)
        #expect(field.becomeFirstResponder())
        h.router.key(Self.press(0x48, "H", modifiers: .shift))
        h.router.key(Self.press(0x69, "i"))
        h.router.key(Self.press(0x69, "i", isRepeat: true))                 // held: repeats type too
        h.router.key(Self.press(0xe9, "é"))                                  // a composed character
        h.router.key(Self.press(0x1f44d, "👍🏽"))                              // several scalars, one insert
        h.router.key(Self.press(KeyPress.backSpaceKeysym, "\u{8}"))
        h.router.key(Self.press(KeyPress.returnKeysym, "\r"))
        h.router.key(Self.press(KeyPress.keypadEnterKeysym, "\r"))
        #expect(field.text == "Hiié\n\n")
        #expect(field.log == ["insert \"H\"", "insert \"i\"", "insert \"i\"", "insert \"é\"", "insert \"👍🏽\"", "delete",
                              "insert \"\\n\"", "insert \"\\n\""])
        field.log = []
        h.router.key(Self.press(0xff1b, "\u{1b}"))                          // Escape: a control character
        h.router.key(Self.press(0xffff, "\u{7f}"))                          // Delete
        h.router.key(Self.press(0xff51))                                     // Left: no text
        h.router.key(Self.press(0x61, "\u{1}", modifiers: .control))        // Control-A
        h.router.key(Self.press(0x78, "x", modifiers: .alt))                 // Alt-x: a shortcut, not text
        h.router.key(Self.press(0x76, "v", modifiers: .logo))
        h.router.key(KeyPress(keycode: 0, keysym: 0x61, text: "", isPressed: false))
        #expect(field.log == ["down ff1b", "down ffff", "down ff51", "down 61", "down 78", "down 76", "up 61"])
        #expect(field.text == "Hiié\n\n")
    }

    /// Only the first responder edits: with no first responder, or a hidden one, keys go up
    /// the chain as before; Tab still moves the focus between fields.
    @Test func onlyAFocusedVisibleFieldTakesTheTextAndTabMovesOn() {
        let h = InputHarness()
        let a = Field(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        let b = Field(frame: CGRect(x: 0, y: 30, width: 100, height: 20))
        h.root.addSubview(a)
        h.root.addSubview(b)
        h.router.key(Self.press(0x61, "a"))
        #expect(a.log.isEmpty && b.log.isEmpty, "no first responder: the root and the router get the key")
        #expect(a.becomeFirstResponder())
        h.router.key(Self.press(KeyPress.tabKeysym, "\t"))
        #expect(h.router.firstResponder === b && a.log == ["down ff09"], "Tab reaches keyDown and moves the focus")
        h.router.key(Self.press(0x62, "b"))
        #expect(b.text == "b" && a.text == "")
        b.isHidden = true
        h.router.key(Self.press(0x63, "c"))
        #expect(b.text == "b", "a hidden first responder takes no input")
    }
}
