import Foundation
import StrataWayland

/// The system clipboard for text, after UIPasteboard (`Pasteboard.general.string`), on the
/// seat's Wayland selection (`Clipboard`).
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

    public private(set) var clipboard: Clipboard?

    public init(clipboard: Clipboard? = nil) {
        self.clipboard = clipboard
    }

    /// Gives the pasteboard `application`'s clipboard unless it has one (ViewHost does this).
    public func bind(to application: Application) {
        if clipboard == nil { clipboard = try? Clipboard(application: application) }
    }

    /// This app's own copied text while it is the selection; setting copies (see `setString`).
    public var string: String? {
        get { clipboard?.copiedText }
        set { if let newValue { setString(newValue) } }
    }

    /// Copies `text`; false when there is no clipboard or no user press to answer yet.
    @discardableResult
    public func setString(_ text: String) -> Bool {
        guard let clipboard else { return false }
        do {
            try clipboard.copy(text)
            return true
        } catch {
            return false
        }
    }

    /// Whether the current selection has text (known without reading it).
    public var hasStrings: Bool { clipboard?.hasText ?? false }

    /// Reads the selection's text (anyone's) and calls `completion` once on the main loop: the
    /// text, or nil when there is none (see `Clipboard.paste` for limits). Without a clipboard
    /// (no `ViewHost` yet, or no seat) it calls `completion(nil)` at once.
    public func string(_ completion: @escaping (String?) -> Void) {
        guard let clipboard else { return completion(nil) }
        clipboard.paste(completion)
    }
}
