import Foundation

/// What a field tells the input method (the state of `zwp_text_input_v3`, sent on each
/// `TextInput.enable` and `update`).
public struct TextInputState: Equatable, Sendable {
    /// The text around the cursor, with the cursor and the selection's other end as UTF-8 byte
    /// offsets into it.
    public struct SurroundingText: Equatable, Sendable {
        public var text: String
        public var cursor: Int, anchor: Int
        public init(text: String, cursor: Int, anchor: Int) {
            self.text = text
            self.cursor = cursor
            self.anchor = anchor
        }
    }

    /// The kind of text: hints (an option set) and one purpose.
    public var contentHint: ZwpTextInputV3.ContentHint = []
    public var contentPurpose: ZwpTextInputV3.ContentPurpose = .normal
    /// The text cursor's rectangle in surface coordinates (where a candidate window goes);
    /// nil: not sent. Rounded out to whole units.
    public var cursorRectangle: CGRect?
    /// nil: not sent (then the input method cannot ask to delete around the cursor).
    public var surroundingText: SurroundingText?

    public init(contentHint: ZwpTextInputV3.ContentHint = [], contentPurpose: ZwpTextInputV3.ContentPurpose = .normal,
                cursorRectangle: CGRect? = nil) {
        self.contentHint = contentHint
        self.contentPurpose = contentPurpose
        self.cursorRectangle = cursorRectangle
    }
}

/// What the input method asked for in one `done` (applied in this order, as the protocol says):
/// remove the current preedit text, delete around the cursor, insert `commit`, then show
/// `preedit` at the cursor.
public struct TextInputUpdate: Equatable, Sendable {
    /// Text being composed, shown in place until replaced. `cursor` is the range (UTF-8 byte
    /// offsets into the text) to show as the cursor or selection, nil to hide it.
    public struct Preedit: Equatable, Sendable {
        public var text: String
        public var cursor: Range<Int>?
        public init(text: String, cursor: Range<Int>?) {
            self.text = text
            self.cursor = cursor
        }
    }

    /// nil: no preedit.
    public var preedit: Preedit?
    /// Text to insert at the cursor; nil: none.
    public var commit: String?
    /// UTF-8 bytes to delete before and after the cursor (relative to the surrounding text
    /// last sent).
    public var deleteBefore = 0, deleteAfter = 0

    public init(preedit: Preedit? = nil, commit: String? = nil, deleteBefore: Int = 0, deleteAfter: Int = 0) {
        self.preedit = preedit
        self.commit = commit
        self.deleteBefore = deleteBefore
        self.deleteAfter = deleteAfter
    }
}
