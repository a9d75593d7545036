import Foundation
import Strata

/// The stack of current drawing contexts (UIKit's UIGraphicsGetCurrentContext family): a
/// view's `draw(_:)` and `GraphicsImageRenderer` push theirs while they run. Main thread only.
enum _GraphicsContextStack {
    nonisolated(unsafe) static var contexts: [CGContext] = []
}

/// The context drawing goes to now (the innermost pushed), nil outside drawing.
public func GraphicsGetCurrentContext() -> CGContext? { _GraphicsContextStack.contexts.last }

/// Makes `context` current until the matching `GraphicsPopContext()`.
public func GraphicsPushContext(_ context: CGContext) { _GraphicsContextStack.contexts.append(context) }

/// Restores the context current before the last push; ignored when none was pushed.
public func GraphicsPopContext() { _ = _GraphicsContextStack.contexts.popLast() }
