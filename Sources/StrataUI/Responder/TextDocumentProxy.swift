import Foundation

/// A `KeyInput` that shows an input method the text around its insertion point and lets it
/// edit there, by the names of UIKit's `UITextDocumentProxy`. Input methods use that text to
/// predict and correct words, and they delete around the cursor to do so (a correction
/// replaces the word before the cursor; Korean and Thai methods recompose the last character).
///
/// While such a view is the first responder of a `ViewHost`'s tree and the input method has
/// its surface (see `KeyInput`):
/// - its context is sent as the text input's surrounding text: `documentContextBeforeInput`,
///   `selectedText` and `documentContextAfterInput`, cut at whole characters to at most 4000
///   UTF-8 bytes (the protocol's limit), the insertion point (the selection's end) as the
///   cursor and the selection's start as its anchor. It is sent anew after each input event the
///   host dispatches and after each of the input method's updates, only when it changed.
/// - its `caretRect`, when it gives one, is the cursor rectangle (else its bounds are);
/// - an input method's request to delete around the cursor becomes `deleteBackward()` once per
///   character before it, and `adjustTextPosition(byCharacterOffset:)` forward over the
///   characters after it followed by as many `deleteBackward()` calls (the way a UIKit keyboard
///   deletes forward), before the committed text is inserted.
///
/// Differences from UIKit: in UIKit a keyboard extension holds a proxy for the app's field;
/// here the field itself adopts the protocol, and the input method reads it. A secure field
/// (`isSecureTextEntry`) sends no context. A field whose text changes by other means (code
/// setting it) is sent anew at the next input event, not at once. Deletions are not passed on
/// while the field has a selection (the protocol counts them from outside it, which these
/// calls cannot reach).
public protocol TextDocumentProxy: KeyInput {
    /// The text before the insertion point (before the selection, when there is one), or
    /// the part of it near the insertion point, without any marked text (a composition is not
    /// the document's yet); nil: none is known (nothing is sent).
    var documentContextBeforeInput: String? { get }
    /// The text after the insertion point (after the selection), or the part of it near the
    /// insertion point, without marked text; nil: none.
    var documentContextAfterInput: String? { get }
    /// The selected text; nil or empty: no selection. Default: nil.
    var selectedText: String? { get }
    /// Moves the insertion point by `offset` characters (negative: back), clearing any
    /// selection.
    func adjustTextPosition(byCharacterOffset offset: Int)
    /// The caret's rectangle in the view's own coordinates (what UIKit's
    /// `UITextInput.caretRect(for:)` gives at the insertion point), sent as the text input's
    /// cursor rectangle so that an input method's candidate window opens beside the caret;
    /// nil: the view's bounds are sent instead. Default: nil.
    var caretRect: CGRect? { get }
}

extension TextDocumentProxy {
    public var selectedText: String? { nil }
    public var caretRect: CGRect? { nil }
}
