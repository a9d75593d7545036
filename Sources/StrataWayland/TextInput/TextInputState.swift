import Foundation

/// What a field tells the input method (the state of `zwp_text_input_v3`, sent on each
/// `TextInput.enable` and `update`).
public struct TextInputState: Equatable, Sendable {
    /// The kind of text: hints (an option set) and one purpose.
    public var contentHint: ZwpTextInputV3.ContentHint = []
    public var contentPurpose: ZwpTextInputV3.ContentPurpose = .normal
    /// The text cursor's rectangle in surface coordinates (where a candidate window goes);
    /// nil: not sent. Rounded out to whole units.
    public var cursorRectangle: CGRect?
    /// The text around the cursor, with the cursor and the selection's other end as UTF-8
    /// byte offsets into it; nil: not sent (then the input method cannot ask to delete around
    /// the cursor).
    public var surroundingText: (text: String, cursor: Int, anchor: Int)?

    public init(contentHint: ZwpTextInputV3.ContentHint = [], contentPurpose: ZwpTextInputV3.ContentPurpose = .normal,
                cursorRectangle: CGRect? = nil) {
        self.contentHint = contentHint
        self.contentPurpose = contentPurpose
        self.cursorRectangle = cursorRectangle
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.contentHint == b.contentHint && a.contentPurpose == b.contentPurpose && a.cursorRectangle == b.cursorRectangle
            && a.surroundingText?.text == b.surroundingText?.text && a.surroundingText?.cursor == b.surroundingText?.cursor
            && a.surroundingText?.anchor == b.surroundingText?.anchor
    }
}

/// What the input method asked for in one `done` (applied in this order, as the protocol says):
/// remove the current preedit text, delete around the cursor, insert `commit`, then show
/// `preedit` at the cursor.
public struct TextInputUpdate: Equatable, Sendable {
    /// Text being composed, shown in place until replaced; nil: none. `cursor` is the range
    /// (UTF-8 byte offsets into the text) to show as the cursor or selection, nil to hide it.
    public var preedit: (text: String, cursor: Range<Int>?)?
    /// Text to insert at the cursor; nil: none.
    public var commit: String?
    /// UTF-8 bytes to delete before and after the cursor (relative to the surrounding text
    /// last sent).
    public var deleteBefore = 0, deleteAfter = 0

    public init(preedit: (text: String, cursor: Range<Int>?)? = nil, commit: String? = nil, deleteBefore: Int = 0,
                deleteAfter: Int = 0) {
        self.preedit = preedit
        self.commit = commit
        self.deleteBefore = deleteBefore
        self.deleteAfter = deleteAfter
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.preedit?.text == b.preedit?.text && a.preedit?.cursor == b.preedit?.cursor && (a.preedit == nil) == (b.preedit == nil)
            && a.commit == b.commit && a.deleteBefore == b.deleteBefore && a.deleteAfter == b.deleteAfter
    }
}
