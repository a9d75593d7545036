import Foundation
import Strata
@testable import StrataUI
import Testing
@testable import StrataWayland
import StrataTestSupport

/// The seat's text input (`zwp_text_input_v3`) against the scripted compositor: the requests a
/// field's state makes, the input method's events gathered until `done`, and StrataUI's bridge
/// from a `KeyInput` first responder to them.
@Suite(.runLoopTurn) struct TextInputTests {
    /// zwp_text_input_v3 requests and events.
    static let enable: UInt32 = 1, disable: UInt32 = 2, setSurrounding: UInt32 = 3, setCause: UInt32 = 4, setContentType: UInt32 = 5
    static let setCursorRectangle: UInt32 = 6, commit: UInt32 = 7
    static let enter: UInt16 = 0, leave: UInt16 = 1, preedit: UInt16 = 2, commitString: UInt16 = 3
    static let deleteSurrounding: UInt16 = 4, done: UInt16 = 5

    final class Fixture {
        let compositor = SeatTestCompositor(initialCapabilities: WlSeat.Capability.keyboard.rawValue,
                                            extraGlobals: [("zwp_text_input_manager_v3", 1)])
        let app: Application
        let surface: WaylandSurface
        let input: TextInput
        /// The client's id of the text input object.
        let id: UInt32
        var updates: [TextInputUpdate] = []
        var focusChanges: [Bool] = []

        init() throws {
            app = try Application(displayName: compositor.path)
            surface = WaylandSurface(display: app.display)
            input = try #require(TextInput(application: app))
            try app.display.connection.roundtrip()
            let manager = try #require(compositor.boundID(ofGlobal: 6))
            id = try #require(compositor.requests.first { $0.object == manager && $0.opcode == 1 }?.words.first)
            input.onUpdate = { [unowned self] in self.updates.append($0) }
            input.onFocusChange = { [unowned self] in self.focusChanges.append($0 != nil) }
        }

        /// Sends the text input `opcode` with `args` and waits until the client has it.
        func event(_ opcode: UInt16, _ args: [SeatTestCompositor.Arg] = []) throws {
            compositor.send(to: id, opcode: opcode, args)
            try app.display.connection.roundtrip()
            try app.display.connection.roundtrip()
        }

        /// A router for `root` and the host's bridge between it and the text input, the root's
        /// origin at `origin` in the surface.
        func bridge(_ root: View, origin: CGPoint) -> (InputRouter, TextInputBridge) {
            let router = InputRouter(rootView: root, scheduler: StrataUI.ManualScheduler(now: 0))
            return (router, TextInputBridge(textInput: input, surface: surface, router: router) { origin })
        }

        /// The text input's requests since `from`, as (opcode, words).
        func sent(from: Int = 0) -> [[UInt32]] {
            Array(compositor.requests.filter { $0.object == id }.dropFirst(from).map { [$0.opcode] + $0.words })
        }
    }

    @Test func aFieldsStateIsSentOnlyWithFocusAndOnlyWhatChanged() throws {
        let f = try Fixture()
        let email = TextInputState(contentPurpose: .email, cursorRectangle: CGRect(x: 10.4, y: 20, width: 30, height: 15.2))
        f.input.enable(email)
        #expect(f.sent().isEmpty && !f.input.isEnabled, "no focus: nothing sent")
        try f.event(Self.enter, [.o(f.surface.surface.id)])
        #expect(f.input.focus === f.surface && f.focusChanges == [true])
        f.input.enable(email)
        try f.app.display.connection.roundtrip()
        // enable, content type (no hint, purpose email 6), the rectangle rounded out, commit.
        #expect(f.sent() == [[Self.enable], [Self.setContentType, 0, 6], [Self.setCursorRectangle, 10, 20, 31, 16], [Self.commit]])
        #expect(f.input.commits == 1)
        f.input.update(email)
        var moved = email
        moved.cursorRectangle = CGRect(x: 50, y: 20, width: 30, height: 16)
        f.input.update(moved)
        var secret = moved
        secret.contentPurpose = .password
        secret.contentHint = [.hiddenText, .sensitiveData]
        secret.surroundingText = .init(text: "añb", cursor: 3, anchor: 1)
        f.input.update(secret)
        try f.app.display.connection.roundtrip()
        let words = Array("añb".utf8) + [0]
        let packed = stride(from: 0, to: 8, by: 4).map { i in (0..<4).reduce(UInt32(0)) { $0 | UInt32(i + $1 < words.count ? words[i + $1] : 0) << (8 * UInt32($1)) } }
        #expect(f.sent(from: 4) == [[Self.setCursorRectangle, 50, 20, 30, 16], [Self.commit],
                                     [Self.setSurrounding, 5] + packed + [3, 1], [Self.setCause, 0], [Self.setContentType, 0xC0, 8],
                                     [Self.commit]],
                "the same state sends nothing; a move sends the rectangle; then the text and the type")
        f.input.disable()
        f.input.disable()
        try f.app.display.connection.roundtrip()
        #expect(f.sent(from: 10) == [[Self.disable], [Self.commit]] && f.input.commits == 4)
        // A leave forgets the state: enable is ignored until the next enter.
        f.input.enable(email)
        try f.event(Self.leave, [.o(f.surface.surface.id)])
        let before = f.sent().count
        f.input.enable(email)
        try f.app.display.connection.roundtrip()
        #expect(f.sent().count == before && f.input.focus == nil && f.focusChanges == [true, false])
    }

    @Test func theInputMethodsEventsArriveTogetherAtDone() throws {
        let f = try Fixture()
        try f.event(Self.enter, [.o(f.surface.surface.id)])
        try f.event(Self.preedit, [.s("にほ"), .i(3), .i(6)])
        #expect(f.updates.isEmpty, "pending until done")
        try f.event(Self.done, [.u(0)])
        try f.event(Self.commitString, [.s("日本")])
        try f.event(Self.deleteSurrounding, [.u(3), .u(1)])
        try f.event(Self.done, [.u(0)])
        // A hidden cursor (-1), an end past the text (clamped), a null preedit and commit.
        try f.event(Self.preedit, [.s("x"), .i(-1), .i(-1)])
        try f.event(Self.done, [.u(0)])
        try f.event(Self.preedit, [.s("ab"), .i(9), .i(1)])
        try f.event(Self.done, [.u(0)])
        try f.event(Self.preedit, [.u(0), .i(0), .i(0)])
        try f.event(Self.commitString, [.u(0)])
        try f.event(Self.done, [.u(0)])
        #expect(f.updates == [
            TextInputUpdate(preedit: .init(text: "にほ", cursor: 3..<6)),
            TextInputUpdate(commit: "日本", deleteBefore: 3, deleteAfter: 1),
            TextInputUpdate(preedit: .init(text: "x", cursor: nil)),
            TextInputUpdate(preedit: .init(text: "ab", cursor: 1..<2)),
            TextInputUpdate(),
        ])
        // Without focus a done is dropped.
        try f.event(Self.leave, [.o(f.surface.surface.id)])
        try f.event(Self.commitString, [.s("late")])
        try f.event(Self.done, [.u(0)])
        #expect(f.updates.count == 5)
    }

    /// A focusable view taking text, logging the calls.
    final class Field: View, KeyInput {
        var log: [String] = []
        var secure = false
        override var canBecomeFirstResponder: Bool { true }
        var hasText: Bool { false }
        var keyboardType: KeyboardType { .emailAddress }
        var isSecureTextEntry: Bool { secure }
        func insertText(_ text: String) { log.append("insert \(text)") }
        func deleteBackward() { log.append("delete") }
        func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
            log.append("marked \(markedText ?? "none") \(selectedRange.location),\(selectedRange.length)")
        }
    }

    /// The host's bridge: the first responder's traits and bounds become the state; the
    /// input method's updates its insertText and setMarkedText; losing the first responder, or
    /// a field that does not take text, disables.
    @Test func theFirstResponderFieldGetsTheInputMethodsText() throws {
        let f = try Fixture()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let field = Field(frame: CGRect(x: 40, y: 50, width: 200, height: 30))
        let plain = FocusView(frame: CGRect(x: 40, y: 100, width: 200, height: 30))
        root.addSubview(field)
        root.addSubview(plain)
        let (router, bridge) = f.bridge(root, origin: CGPoint(x: 0, y: 30))
        #expect(field.becomeFirstResponder())
        try f.event(Self.enter, [.o(f.surface.surface.id)])
        // Enabled for the field: purpose email, UIKit's default traits as hints (capitalized
        // sentences 4, completion 1, spell checking 2), its frame below the 30-point title bar.
        #expect(f.sent() == [[Self.enable], [Self.setContentType, 7, 6], [Self.setCursorRectangle, 40, 80, 200, 30], [Self.commit]])
        try f.event(Self.preedit, [.s("にほ"), .i(3), .i(6)])
        try f.event(Self.done, [.u(1)])
        try f.event(Self.commitString, [.s("日本")])
        try f.event(Self.done, [.u(1)])
        try f.event(Self.preedit, [.s("ご"), .i(0), .i(3)])
        try f.event(Self.done, [.u(1)])
        try f.event(Self.done, [.u(1)])
        #expect(field.log == ["marked にほ 1,1", "insert 日本", "marked ご 0,1", "marked none 0,0"])
        // A secure field: a password, hidden and sensitive (sent anew on the next refresh).
        field.secure = true
        bridge.refresh()
        try f.app.display.connection.roundtrip()
        #expect(f.sent(from: 4) == [[Self.setContentType, 0xC0, 8], [Self.commit]])
        // A view that takes keys but not text: disabled; the field's marked text is ended first.
        try f.event(Self.preedit, [.s("x"), .i(0), .i(0)])
        try f.event(Self.done, [.u(2)])
        #expect(plain.becomeFirstResponder())
        try f.app.display.connection.roundtrip()
        #expect(field.log.suffix(2) == ["marked x 0,0", "marked none 0,0"])
        #expect(f.sent(from: 6) == [[Self.disable], [Self.commit]])
        try f.event(Self.commitString, [.s("lost")])
        try f.event(Self.done, [.u(3)])
        #expect(!field.log.contains("insert lost"), "not the first responder any more")
        // Back to the field: enabled again.
        #expect(field.becomeFirstResponder())
        try f.app.display.connection.roundtrip()
        #expect(f.sent(from: 8) == [[Self.enable], [Self.setContentType, 0xC0, 8], [Self.setCursorRectangle, 40, 80, 200, 30],
                                     [Self.commit]])
        // The field leaves the tree: it resigns, and the text input is disabled.
        field.removeFromSuperview()
        try f.app.display.connection.roundtrip()
        #expect(router.firstResponder == nil)
        #expect(f.sent(from: 12) == [[Self.disable], [Self.commit]])
    }

    final class FocusView: View {
        override var canBecomeFirstResponder: Bool { true }
    }

    /// A field with text, an insertion point and a selection (character offsets), logging
    /// the edits; Left and Right keys move the insertion point.
    final class Document: View, TextDocumentProxy {
        var text = "", cursor = 0, selection = 0..<0
        var secure = false
        var caret: CGRect?
        var caretRect: CGRect? { caret }
        var log: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        var hasText: Bool { !text.isEmpty }
        var isSecureTextEntry: Bool { secure }
        private func index(_ i: Int) -> String.Index { text.index(text.startIndex, offsetBy: i) }
        var documentContextBeforeInput: String? { String(text[..<index(selection.isEmpty ? cursor : selection.lowerBound)]) }
        var documentContextAfterInput: String? { String(text[index(selection.isEmpty ? cursor : selection.upperBound)...]) }
        var selectedText: String? { selection.isEmpty ? nil : String(text[index(selection.lowerBound)..<index(selection.upperBound)]) }
        func adjustTextPosition(byCharacterOffset offset: Int) {
            cursor = max(0, min(text.count, cursor + offset))
            selection = cursor..<cursor
            log.append("move \(offset)")
        }
        func insertText(_ t: String) {
            text.insert(contentsOf: t, at: index(cursor))
            cursor += t.count
            selection = cursor..<cursor
            log.append("insert \(t)")
        }
        func deleteBackward() {
            if cursor > 0 { text.remove(at: index(cursor - 1)); cursor -= 1 }
            selection = cursor..<cursor
            log.append("delete")
        }
        func setMarkedText(_ markedText: String?, selectedRange: NSRange) { log.append("marked \(markedText ?? "none")") }
        override func keyDown(_ event: KeyPress) {
            if event.keysym == 0xff51 { adjustTextPosition(byCharacterOffset: -1) }
            if event.keysym == 0xff53 { adjustTextPosition(byCharacterOffset: 1) }
        }
    }

    /// A set_surrounding_text request's words: the string (length with its NUL, packed in
    /// little-endian words), cursor, anchor.
    static func surrounding(_ text: String, _ cursor: UInt32, _ anchor: UInt32) -> [UInt32] {
        let bytes = Array(text.utf8) + [0]
        let words = stride(from: 0, to: bytes.count, by: 4).map { i in
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(i + $1 < bytes.count ? bytes[i + $1] : 0) << (8 * UInt32($1)) }
        }
        return [setSurrounding, UInt32(bytes.count)] + words + [cursor, anchor]
    }

    /// A `TextDocumentProxy`'s context as the surrounding text: sent with the state, again
    /// after a key edits it (cause other, 1) or moves the cursor, and after the input method's
    /// own edit (cause input_method, 0); the input method's deletions before and after the
    /// cursor become deleteBackward calls, the forward ones after moving the insertion point.
    @Test func aDocumentsContextIsTheSurroundingTextAndDeletionsReachIt() throws {
        let f = try Fixture()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let doc = Document(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        doc.text = "añb"
        doc.cursor = 3
        root.addSubview(doc)
        let (router, bridge) = f.bridge(root, origin: .zero)
        #expect(doc.becomeFirstResponder())
        try f.event(Self.enter, [.o(f.surface.surface.id)])
        #expect(f.sent() == [[Self.enable], Self.surrounding("añb", 4, 4), [Self.setCause, 0], [Self.setContentType, 7, 0],
                             [Self.setCursorRectangle, 10, 10, 200, 30], [Self.commit]])
        // A typed key edits the text: sent again with cause other (1).
        router.key(KeyPress(keycode: 30, keysym: 0x63, text: "c"))
        // Left moves the cursor (keyDown): the text is the same, the cursor not.
        router.key(KeyPress(keycode: 105, keysym: 0xff51, text: ""))
        try f.app.display.connection.roundtrip()
        #expect(f.sent(from: 6) == [Self.surrounding("añbc", 5, 5), [Self.setCause, 1], [Self.commit],
                                    Self.surrounding("añbc", 4, 4), [Self.setCause, 1], [Self.commit]])
        #expect(doc.text == "añbc" && doc.cursor == 3)
        // The input method deletes "ñb" (3 bytes) before and "c" after, then commits "X": one
        // deleteBackward per character, the forward one by moving first; the result is sent
        // without a cause (the input method's own edit).
        try f.event(Self.deleteSurrounding, [.u(3), .u(1)])
        try f.event(Self.commitString, [.s("X")])
        try f.event(Self.done, [.u(3)])
        #expect(doc.log == ["insert c", "move -1", "delete", "delete", "move 1", "delete", "insert X"])
        #expect(doc.text == "aX" && doc.cursor == 2)
        #expect(f.sent(from: 12) == [Self.surrounding("aX", 2, 2), [Self.setCause, 0], [Self.commit]])
        // A deletion that splits a character ("ñ" is 2 bytes) deletes it whole; one past the
        // sent text stops at its start. The marked text goes first.
        doc.text = "ñX"
        doc.cursor = 2
        try f.event(Self.preedit, [.s("k"), .i(0), .i(0)])
        try f.event(Self.done, [.u(4)])
        doc.log = []
        try f.event(Self.deleteSurrounding, [.u(2), .u(9)])
        try f.event(Self.done, [.u(4)])
        #expect(doc.log == ["marked none", "delete", "delete"] && doc.text == "")
        // With a selection, a deletion is not passed on; the selection is sent as cursor and
        // anchor.
        doc.text = "hello"
        doc.cursor = 4
        doc.selection = 1..<4
        bridge.refresh()
        try f.app.display.connection.roundtrip()
        #expect(f.sent().last(where: { $0.first == Self.setSurrounding }) == Self.surrounding("hello", 4, 1))
        doc.log = []
        try f.event(Self.deleteSurrounding, [.u(1), .u(0)])
        try f.event(Self.done, [.u(5)])
        #expect(doc.log.isEmpty && doc.text == "hello")
        // A secure field sends no context, and takes no deletion.
        doc.secure = true
        doc.selection = 4..<4
        let before = f.sent().count
        bridge.refresh()
        try f.event(Self.deleteSurrounding, [.u(1), .u(0)])
        try f.event(Self.done, [.u(6)])
        #expect(!f.sent(from: before).contains { $0.first == Self.setSurrounding } && doc.text == "hello")
    }

    /// A caret rectangle replaces the bounds as the cursor rectangle (rounded out, in surface
    /// coordinates), and moves with the caret; a null one falls back to the bounds.
    @Test func theCaretIsTheCursorRectangle() throws {
        let f = try Fixture()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let doc = Document(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        doc.caret = CGRect(x: 30.5, y: 4, width: 2, height: 22)
        root.addSubview(doc)
        let (router, bridge) = f.bridge(root, origin: CGPoint(x: 0, y: 30))
        #expect(doc.becomeFirstResponder())
        try f.event(Self.enter, [.o(f.surface.surface.id)])
        #expect(f.sent().filter { $0.first == Self.setCursorRectangle } == [[Self.setCursorRectangle, 40, 44, 3, 22]])
        // Typing moves the caret: the new rectangle goes with the new text. A hover before it
        // reads nothing (it cannot edit), so the moved caret is not sent until the key.
        doc.caret = CGRect(x: 39.5, y: 4, width: 2, height: 22)
        router.pointerMoved(to: CGPoint(x: 20, y: 20))
        try f.app.display.connection.roundtrip()
        #expect(f.sent().filter { $0.first == Self.setCursorRectangle }.count == 1)
        router.key(KeyPress(keycode: 30, keysym: 0x61, text: "a"))
        doc.caret = .null
        bridge.refresh()
        try f.app.display.connection.roundtrip()
        // A NaN caret falls back to the bounds too: nothing more is sent, however often asked.
        doc.caret = CGRect(x: CGFloat.nan, y: 4, width: 2, height: 22)
        let before = f.sent().count
        bridge.refresh()
        bridge.refresh()
        try f.app.display.connection.roundtrip()
        #expect(f.sent().count == before)
        #expect(f.sent().filter { $0.first == Self.setCursorRectangle }.dropFirst() == [[Self.setCursorRectangle, 49, 44, 3, 22],
                                                                                        [Self.setCursorRectangle, 10, 40, 200, 30]])
    }

    /// The context's cut to the protocol's 4000 bytes, at whole characters: the selection
    /// whole, then half of what is left to each side, a short side's rest to the other.
    @Test func theContextIsCutAtWholeCharactersToTheLimit() throws {
        typealias C = TextInputBridge.Context
        let s = try #require(C(before: "abcdef", selected: "XY", after: "ghij", limit: 8))
        #expect(s.before == "def" && s.selected == "XY" && s.after == "ghi")
        #expect(s.surroundingText == .init(text: "defXYghi", cursor: 5, anchor: 3))
        let short = try #require(C(before: "abcdef", selected: "", after: "g", limit: 6))
        #expect(short.before == "bcdef" && short.after == "g", "the short side's room goes to the other")
        // "ñ" is 2 bytes and "日" 3: a character that does not fit whole is left out.
        let wide = try #require(C(before: "ñññ", selected: "", after: "日日", limit: 7))
        #expect(wide.before == "ñ" && wide.after == "日", "before: 2 of its 3 bytes of room; after: 3 of the 5 left")
        #expect(C(before: "", selected: "toolong", after: "", limit: 6) == nil)
        let big = try #require(C(before: String(repeating: "日", count: 2000), selected: "", after: String(repeating: "x", count: 5000)))
        #expect(big.before.utf8.count == 1998 && big.after.utf8.count == 2002 && big.surroundingText.text.utf8.count <= 4000)
        // Deletions in bytes → characters, whole characters, never past the sent text.
        #expect(wide.characters(bytesBefore: 1, bytesAfter: 4) == (before: 1, after: 1))
        #expect(s.characters(bytesBefore: 9, bytesAfter: 1) == (before: 3, after: 1))
        #expect(s.characters(bytesBefore: 0, bytesAfter: -4) == (before: 0, after: 0))
    }

    /// A field with settable traits.
    final class Traits: KeyInput {
        var hasText: Bool { false }
        func insertText(_ text: String) {}
        func deleteBackward() {}
        var keyboardType = KeyboardType.default
        var isSecureTextEntry = false
        var autocapitalizationType = TextAutocapitalizationType.sentences
        var autocorrectionType = TextAutocorrectionType.default
        var spellCheckingType = TextSpellCheckingType.default
        var textContentType: TextContentType?
    }

    /// UITextInputTraits → (content hint, content purpose), one row per setting.
    @Test func traitsBecomeTheContentType() {
        func type(_ set: (Traits) -> Void) -> [UInt32] {
            let t = Traits()
            set(t)
            let s = TextInputBridge.state(of: t, cursorRectangle: nil)
            return [s.contentHint.rawValue, s.contentPurpose.rawValue]
        }
        #expect(type { _ in } == [0x7, 0], "UIKit's defaults: capitalized sentences, completion, spell checking")
        #expect(type { $0.autocapitalizationType = .none; $0.autocorrectionType = .no; $0.spellCheckingType = .no } == [0, 0])
        #expect(type { $0.autocapitalizationType = .words; $0.spellCheckingType = .no } == [0x21, 0])
        #expect(type { $0.autocapitalizationType = .allCharacters; $0.keyboardType = .asciiCapable } == [0x113, 0])
        #expect(type { $0.keyboardType = .numberPad } == [0x7, 2])
        #expect(type { $0.keyboardType = .decimalPad } == [0x7, 3])
        #expect(type { $0.keyboardType = .phonePad } == [0x7, 4])
        #expect(type { $0.keyboardType = .webSearch } == [0x7, 5])
        #expect(type { $0.keyboardType = .numberPad; $0.textContentType = .oneTimeCode } == [0x7, 9], "the content type wins")
        #expect(type { $0.keyboardType = .emailAddress; $0.textContentType = .username } == [0x7, 6], "no purpose of its own")
        #expect(type { $0.textContentType = .givenName } == [0x7, 7])
        #expect(type { $0.textContentType = .newPassword } == [0x7, 8])
        #expect(type { $0.textContentType = .dateTime } == [0x7, 12])
        #expect(type { $0.isSecureTextEntry = true; $0.textContentType = .name; $0.keyboardType = .numberPad } == [0xC0, 8],
                "secure: a hidden, sensitive password whatever else")
    }
}
