import Glibc

/// Everything that can go wrong talking to a compositor, with what was tried.
public enum WaylandError: Error, CustomStringConvertible, Equatable {
    /// No socket could be opened. `tried` names the display and folder looked at.
    case noCompositor(tried: String, errno: Int32)
    /// A global the caller needs is not advertised by this compositor.
    case missingGlobal(interface: String, minimumVersion: UInt32)
    /// The compositor sent `wl_display.error` for one of our objects.
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// The connection failed (compositor gone, socket closed).
    case connectionLost(errno: Int32)
    /// Shared memory for buffers could not be made.
    case sharedMemory(errno: Int32)
    /// A layer-shell configuration the protocol forbids (sending it would be a protocol error
    /// that ends the connection); `reason` says which rule.
    case invalidLayerSurface(reason: String)

    public var description: String {
        switch self {
        case let .noCompositor(tried, e):
            return "cannot connect to a Wayland compositor: tried \(tried) (\(String(cString: strerror(e))))"
        case let .missingGlobal(interface, v):
            return "the compositor does not offer the global \(interface) (version \(v) or newer needed)"
        case let .protocolError(interface, id, code):
            return "protocol error: interface \(interface), object id \(id), code \(code)"
        case let .connectionLost(e):
            return "lost the connection to the compositor (\(String(cString: strerror(e))))"
        case let .sharedMemory(e):
            return "cannot create shared memory for buffers (\(String(cString: strerror(e))))"
        case let .invalidLayerSurface(reason):
            return "invalid layer surface configuration: \(reason)"
        }
    }
}
