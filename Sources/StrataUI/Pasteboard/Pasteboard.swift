import Foundation
import StrataWayland

/// The system clipboard for text, after UIPasteboard (`Pasteboard.general.string`), on the
/// seat's Wayland selection (`Clipboard`); and, as Linux desktops have it, the primary
/// selection (`Pasteboard.primary`: the text last selected, pasted with the middle button).
///
/// Differences from UIPasteboard, because of how Wayland works:
/// - Reading what another app copied is asynchronous: `string(_:)` calls back on the main loop.
///   The `string` getter only answers synchronously for this app's own copy (while it is still
///   the selection); otherwise it is nil.
/// - Copying needs a preceding user press (key, button or touch): compositors reject a
///   selection that does not answer user input. `setString` reports whether it took effect;
///   the `string` setter ignores a failure.
/// - Only the focused window's app learns about the selection; `hasStrings` is false until it
///   has keyboard focus.
public final class Pasteboard {
    /// The general pasteboard. It works once a `ViewHost` exists (the first host's application
    /// provides the clipboard); before that it holds nothing and copies fail.
    nonisolated(unsafe) public static let general = Pasteboard()
    /// The primary selection (not in UIKit): set its string when the user selects text, read it
    /// on a middle click. It works once a `ViewHost` exists, under compositors that offer it
    /// (sway, GNOME, KDE; not weston); otherwise it holds nothing and setting fails.
    nonisolated(unsafe) public static let primary = Pasteboard(primarySelection: nil)

    public private(set) var clipboard: Clipboard?
    /// The primary selection behind `Pasteboard.primary` (nil for other pasteboards).
    public private(set) var primarySelection: PrimarySelection?
    private let isPrimary: Bool

    public init(clipboard: Clipboard? = nil) {
        self.clipboard = clipboard
        isPrimary = false
    }

    /// A pasteboard on `primarySelection` (nil: given by `bind(to:)`).
    public init(primarySelection: PrimarySelection?) {
        self.primarySelection = primarySelection
        isPrimary = true
    }

    /// Gives the pasteboard `application`'s clipboard (or primary selection) unless it has one
    /// (ViewHost does this for `general` and `primary`).
    public func bind(to application: Application) {
        if isPrimary {
            if primarySelection == nil { primarySelection = try? PrimarySelection(application: application) }
        } else if clipboard == nil {
            clipboard = try? Clipboard(application: application)
        }
    }

    /// This app's own copied text while it is the selection; setting copies (see `setString`).
    public var string: String? {
        get { isPrimary ? primarySelection?.selectedText : clipboard?.copiedText }
        set { if let newValue { setString(newValue) } }
    }

    /// Copies `text` (for `primary`: makes it the primary selection); false when there is no
    /// clipboard or no user press to answer yet.
    @discardableResult
    public func setString(_ text: String) -> Bool {
        do {
            if isPrimary {
                guard let primarySelection else { return false }
                try primarySelection.select(text)
            } else {
                guard let clipboard else { return false }
                try clipboard.copy(text)
            }
            return true
        } catch {
            return false
        }
    }

    /// Whether the current selection has text (known without reading it).
    public var hasStrings: Bool { (isPrimary ? primarySelection?.hasText : clipboard?.hasText) ?? false }

    /// Reads the selection's text (anyone's) and calls `completion` once on the main loop: the
    /// text, or nil when there is none (see `Clipboard.paste` for limits). Without a clipboard
    /// (no `ViewHost` yet, or no seat) it calls `completion(nil)` at once.
    public func string(_ completion: @escaping (String?) -> Void) {
        if isPrimary, let primarySelection { return primarySelection.paste(completion) }
        if !isPrimary, let clipboard { return clipboard.paste(completion) }
        completion(nil)
    }
}
