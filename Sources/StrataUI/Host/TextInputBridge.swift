import Foundation
import Strata
import StrataWayland

/// Connects a host's surface to the seat's text input (`TextInput`): while the text input is on
/// that surface and the router's first responder is a `KeyInput` view that takes keys, the
/// text input is enabled with that view's traits and bounds (and, for a `TextDocumentProxy`,
/// the text around its insertion point); the input method's updates become the view's
/// `insertText` and `setMarkedText` calls, and its deletions `deleteBackward` calls. Main thread.
final class TextInputBridge {
    let textInput: TextInput
    private weak var surface: WaylandSurface?
    private weak var router: InputRouter?
    /// Where the root space's origin lies in surface coordinates (below a title bar).
    private let origin: () -> CGPoint
    /// The view the text input is enabled for, and whether it shows marked text.
    private weak var target: View?
    private var marked = false
    /// The context last worked out for the target, which the input method's deletions count
    /// from (nil: none was sent).
    private var context: Context?

    init(textInput: TextInput, surface: WaylandSurface, router: InputRouter, origin: @escaping () -> CGPoint) {
        self.textInput = textInput
        self.surface = surface
        self.router = router
        self.origin = origin
        textInput.onFocusChange = { [weak self] _ in self?.refresh() }
        textInput.onUpdate = { [weak self] in self?.apply($0) }
        router._onFirstResponderChange = { [weak self] in self?.refresh() }
        router._onDispatched = { [weak self] in self?.refresh(cause: .other) }
    }

    /// The view that takes the input method's text now, if any.
    private var field: View? {
        guard let surface, textInput.focus === surface, let v = router?.firstResponder as? View,
              v is KeyInput, v._takesKeys else { return nil }
        return v
    }

    /// Enables, updates or disables the text input for the current first responder. `cause`:
    /// why its context may have changed (the input method's edit, or anything else).
    func refresh(cause: ZwpTextInputV3.ChangeCause = .inputMethod) {
        let field = field
        if let old = target, old !== field {
            endMarkedText(in: old)
            target = nil
        }
        guard let field, let input = field as? KeyInput else {
            context = nil
            textInput.disable()
            return
        }
        var state = Self.state(of: input, cursorRectangle: cursorRectangle(of: field))
        context = Self.context(of: input)
        state.surroundingText = context?.surroundingText
        if target === field, textInput.isEnabled {
            textInput.update(state, cause: cause)
        } else {
            target = field
            textInput.enable(state)
        }
    }

    /// The field's caret (a `TextDocumentProxy`'s `caretRect`), else its bounds, in surface
    /// coordinates.
    private func cursorRectangle(of view: View) -> CGRect {
        // A null or non-finite caret (NaN never equals itself: it would look changed, and be
        // sent, at every refresh) falls back to the bounds.
        let caret = (view as? TextDocumentProxy)?.caretRect.flatMap {
            $0.isNull || ![$0.minX, $0.minY, $0.width, $0.height].allSatisfy(\.isFinite) ? nil : $0
        }
        let r = view.convert(caret ?? view.bounds, to: nil), o = origin()
        return r.offsetBy(dx: o.x, dy: o.y)
    }

    /// The content type UIKit's traits stand for: a secure field is a hidden, sensitive
    /// password and nothing else; otherwise the purpose comes from `textContentType` when it
    /// names one, else from `keyboardType`, and the hints from the capitalization, correction
    /// and spell-checking traits.
    static func state(of input: KeyInput, cursorRectangle: CGRect?) -> TextInputState {
        var s = TextInputState(cursorRectangle: cursorRectangle)
        if input.isSecureTextEntry {
            s.contentPurpose = .password
            s.contentHint = [.hiddenText, .sensitiveData]
            return s
        }
        switch input.keyboardType {
        case .numberPad, .asciiCapableNumberPad: s.contentPurpose = .digits
        case .decimalPad, .numbersAndPunctuation: s.contentPurpose = .number
        case .phonePad, .namePhonePad: s.contentPurpose = .phone
        case .URL, .webSearch: s.contentPurpose = .url
        case .emailAddress: s.contentPurpose = .email
        case .asciiCapable: s.contentHint.insert(.latin)
        case .default, .twitter: break
        }
        switch input.textContentType {
        case .name?, .givenName?, .familyName?, .nickname?: s.contentPurpose = .name
        case .password?, .newPassword?: s.contentPurpose = .password
        case .oneTimeCode?: s.contentPurpose = .pin
        case .emailAddress?: s.contentPurpose = .email
        case .telephoneNumber?: s.contentPurpose = .phone
        case .URL?: s.contentPurpose = .url
        case .dateTime?: s.contentPurpose = .datetime
        default: break
        }
        switch input.autocapitalizationType {
        case .none: break
        case .words: s.contentHint.insert(.titlecase)
        case .sentences: s.contentHint.insert(.autoCapitalization)
        case .allCharacters: s.contentHint.insert(.uppercase)
        }
        if input.autocorrectionType != .no { s.contentHint.insert(.completion) }
        if input.spellCheckingType != .no { s.contentHint.insert(.spellcheck) }
        return s
    }

    /// The context a field shows the input method: a `TextDocumentProxy`'s that is not secure
    /// and knows the text before its insertion point.
    static func context(of input: KeyInput) -> Context? {
        guard let doc = input as? TextDocumentProxy, !doc.isSecureTextEntry,
              let before = doc.documentContextBeforeInput else { return nil }
        return Context(before: before, selected: doc.selectedText ?? "", after: doc.documentContextAfterInput ?? "")
    }

    /// One `done`, in the protocol's order: a deletion around the cursor first ends the marked
    /// text and deletes (see `TextDocumentProxy`); the commit replaces the marked text; then the
    /// new preedit (if any) is marked, and no preedit removes what was marked. Then the field's
    /// context is sent anew.
    private func apply(_ update: TextInputUpdate) {
        guard let field, field === target, let input = field as? KeyInput else { return }
        if update.deleteBefore > 0 || update.deleteAfter > 0, let doc = input as? TextDocumentProxy,
           let context, context.selected.isEmpty {
            endMarkedText(in: field)
            let n = context.characters(bytesBefore: update.deleteBefore, bytesAfter: update.deleteAfter)
            for _ in 0..<n.before { doc.deleteBackward() }
            if n.after > 0 {
                doc.adjustTextPosition(byCharacterOffset: n.after)
                for _ in 0..<n.after { doc.deleteBackward() }
            }
        }
        if let text = update.commit {
            input.insertText(text)
            marked = false
        }
        if let p = update.preedit {
            input.setMarkedText(p.text, selectedRange: Self.utf16Range(p.cursor, in: p.text))
            marked = true
        } else if marked {
            endMarkedText(in: field)
        }
        refresh()
        router?._afterDispatch()
    }

    private func endMarkedText(in view: View) {
        guard marked else { return }
        marked = false
        (view as? KeyInput)?.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0))
    }

    /// A UTF-8 byte range of `text` as a UTF-16 range (hidden cursor: at the end); offsets
    /// inside a character round down to its start.
    static func utf16Range(_ bytes: Range<Int>?, in text: String) -> NSRange {
        let utf16 = text.utf16.count
        guard let bytes else { return NSRange(location: utf16, length: 0) }
        func offset(_ b: Int) -> Int {
            var i = text.utf8.index(text.utf8.startIndex, offsetBy: min(b, text.utf8.count))
            while i > text.startIndex, i.samePosition(in: text.unicodeScalars) == nil { i = text.utf8.index(before: i) }
            return text.utf16.distance(from: text.utf16.startIndex, to: i)
        }
        let lo = offset(bytes.lowerBound), hi = offset(bytes.upperBound)
        return NSRange(location: lo, length: max(0, hi - lo))
    }
}
