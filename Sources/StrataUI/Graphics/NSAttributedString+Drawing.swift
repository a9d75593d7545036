import Foundation
import Strata

/// UIKit's string drawing into the current context (`GraphicsGetCurrentContext()`); nothing
/// happens without one. Runs without attributes use Helvetica 12 pt, black.
extension NSAttributedString {
    /// Draws the string unwrapped, its first line's top-left at `point`.
    public func draw(at point: CGPoint) { GraphicsGetCurrentContext()?.draw(self, at: point) }

    /// Draws the string word-wrapped inside `rect`, cut at its bottom edge.
    public func draw(in rect: CGRect) { GraphicsGetCurrentContext()?.draw(self, in: rect) }
}

extension String {
    /// Draws the string with `attributes` (`.font`, `.foregroundColor`, `.kern`) at `point`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(at: point)
    }

    /// Draws the string with `attributes`, word-wrapped inside `rect`.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(in: rect)
    }
}
