import Foundation

/// A responder that takes typed text (UIKit's UIKeyInput). While it is the first responder, key
/// presses reach it as text instead of as `keyDown`:
/// - a key that types text (the keymap's, composed sequences included; repeats too) calls
///   `insertText` with it;
/// - Return and keypad Enter call `insertText("\n")`;
/// - BackSpace calls `deleteBackward()`.
///
/// Other keys (arrows, Escape, function keys), and every key pressed with Control, Alt or Super
/// held, still go to `keyDown` (and up the responder chain), as do all releases; Tab still moves
/// the focus unless the responder handles it in `keyDown`.
///
/// **Input methods.** A `View` that is the first responder of a `ViewHost`'s tree, while its
/// surface has the seat's text input (`zwp_text_input_v3`; an input method such as fcitx or
/// IBus is running), also gets the input method's text: `insertText` for committed text and
/// `setMarkedText` for text being composed (UITextInput's marked text), with its traits
/// (UITextInputTraits' keyboard type, secure entry, capitalization, correction, spell checking
/// and content type) sent as the field's content type and its bounds as the cursor rectangle,
/// where the candidate window goes.
///
/// Differences from UIKit: `hasText` is the responder's to keep, and nothing here reads it;
/// the marked-text call is on this protocol (UIKit's is on UITextInput). A plain `KeyInput`
/// shows the input method no surrounding text, so its requests to delete around the cursor are
/// not passed on; a `TextDocumentProxy` does both.
public protocol KeyInput: AnyObject {
    /// Whether there is text to delete.
    var hasText: Bool { get }
    /// Inserts `text` where the responder's insertion point is, replacing any marked text.
    func insertText(_ text: String)
    /// Deletes the character before the insertion point (or the selection).
    func deleteBackward()
    /// Shows `markedText` (an input method's composition) at the insertion point in place of
    /// the previous marked text, with `selectedRange` (UTF-16, within it) as its cursor or
    /// selection; nil removes the marked text. Default: ignored.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// The kind of keyboard the field wants (UITextInputTraits). Default: `.default`.
    var keyboardType: KeyboardType { get }
    /// Whether the text is secret (a password): input methods neither show nor learn it.
    /// Default: false.
    var isSecureTextEntry: Bool { get }
    /// Which letters start in upper case. Default: `.sentences` (UIKit's).
    var autocapitalizationType: TextAutocapitalizationType { get }
    /// Whether the input method may complete and correct words. Default: `.default` (yes).
    var autocorrectionType: TextAutocorrectionType { get }
    /// Whether the input method may check spelling. Default: `.default` (yes).
    var spellCheckingType: TextSpellCheckingType { get }
    /// What the text is (a name, a one-time code …), which says more than `keyboardType`.
    /// Default: nil.
    var textContentType: TextContentType? { get }
}

extension KeyInput {
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {}
    public var keyboardType: KeyboardType { .default }
    public var isSecureTextEntry: Bool { false }
    public var autocapitalizationType: TextAutocapitalizationType { .sentences }
    public var autocorrectionType: TextAutocorrectionType { .default }
    public var spellCheckingType: TextSpellCheckingType { .default }
    public var textContentType: TextContentType? { nil }
}

/// UITextAutocapitalizationType.
public enum TextAutocapitalizationType: Hashable, Sendable { case none, words, sentences, allCharacters }
/// UITextAutocorrectionType.
public enum TextAutocorrectionType: Hashable, Sendable { case `default`, no, yes }
/// UITextSpellCheckingType.
public enum TextSpellCheckingType: Hashable, Sendable { case `default`, no, yes }

/// UITextContentType: what a field's text is, by UIKit's names.
public struct TextContentType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = Self(rawValue: "name"), givenName = Self(rawValue: "givenName")
    public static let familyName = Self(rawValue: "familyName"), nickname = Self(rawValue: "nickname")
    public static let username = Self(rawValue: "username"), password = Self(rawValue: "password")
    public static let newPassword = Self(rawValue: "newPassword"), oneTimeCode = Self(rawValue: "oneTimeCode")
    public static let emailAddress = Self(rawValue: "emailAddress"), telephoneNumber = Self(rawValue: "telephoneNumber")
    public static let URL = Self(rawValue: "URL"), postalCode = Self(rawValue: "postalCode")
    public static let dateTime = Self(rawValue: "dateTime")
}

/// The keyboard a field asks for (UIKeyboardType), told to input methods as the content's
/// purpose.
public enum KeyboardType: Hashable, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
}

extension KeyPress {
    /// XKB keysyms of the keys `KeyInput` turns into edits.
    static let backSpaceKeysym: UInt32 = 0xff08, returnKeysym: UInt32 = 0xff0d, keypadEnterKeysym: UInt32 = 0xff8d

    /// What this press does to a `KeyInput`: insert text, delete backward, or nothing (nil: a
    /// key for `keyDown`).
    var keyInputEdit: KeyInputEdit? {
        guard isPressed, modifiers.isDisjoint(with: [.control, .alt, .logo]) else { return nil }
        switch keysym {
        case Self.backSpaceKeysym: return .deleteBackward
        case Self.returnKeysym, Self.keypadEnterKeysym: return .insert("\n")
        default:
            // Control characters (Escape's, Delete's, Tab's) are keys, not text.
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { return nil }
            return .insert(text)
        }
    }
}

/// An edit a key press makes in a `KeyInput`.
enum KeyInputEdit: Equatable {
    case insert(String)
    case deleteBackward
}
