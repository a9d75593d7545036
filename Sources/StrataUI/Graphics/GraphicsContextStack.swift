import Foundation
import Strata

/// The stack of current drawing contexts (UIKit's UIGraphicsGetCurrentContext family): a
/// view's `draw(_:)` and `GraphicsImageRenderer` push theirs while they run. One stack per
/// thread, as UIKit's: views drawn on two threads at once (tests run in parallel) never see each
/// other's contexts.
enum _GraphicsContextStack {
    final class Stack {
        var contexts: [CGContext] = []
        /// The contexts `GraphicsBeginImageContextWithOptions` began (nil: one it could not make).
        var imageContexts: [CGContext?] = []
    }
    private static let key = "strata.GraphicsContextStack"

    /// The calling thread's stack.
    static var current: Stack { _perThread(key, Stack.init) }
}

/// The context drawing goes to now on this thread (the innermost pushed), nil outside drawing.
public func GraphicsGetCurrentContext() -> CGContext? { _GraphicsContextStack.current.contexts.last }

/// Makes `context` current on this thread until the matching `GraphicsPopContext()`.
public func GraphicsPushContext(_ context: CGContext) { _GraphicsContextStack.current.contexts.append(context) }

/// Restores the context current before the last push; ignored when none was pushed.
public func GraphicsPopContext() { _ = _GraphicsContextStack.current.contexts.popLast() }
