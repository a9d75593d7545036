import CWaylandClient
import CWaylandProtocols
import Glibc

/// One connection to a compositor (`wl_display`).
///
/// The connection outlives every `WaylandObject` made on it (each holds a strong reference), so
/// `wl_display_disconnect` runs only after all proxies are destroyed. libwayland's display is
/// thread-safe (every call takes its lock), so the connection may be used from any thread; each
/// event queue is dispatched by one thread (the main loop or the render thread).
public final class WaylandConnection: @unchecked Sendable {
    /// The `wl_display *`.
    public let display: OpaquePointer

    /// Connects to `name`, or to `$WAYLAND_DISPLAY` (default `wayland-0`) when nil.
    /// Fails with `.noCompositor` naming what was tried when no socket answers.
    public init(name: String? = nil) throws {
        let env = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        let target = name ?? env
        guard let d = target.map({ wl_display_connect($0) }) ?? wl_display_connect(nil) else {
            let e = errno
            let shown = target ?? "wayland-0 (WAYLAND_DISPLAY is not set)"
            let place = shown.hasPrefix("/") ? shown
                : "\(runtime ?? "$XDG_RUNTIME_DIR (not set)")/\(shown)"
            throw WaylandError.noCompositor(tried: "WAYLAND_DISPLAY=\(target ?? "") → \(place)", errno: e)
        }
        display = d
    }

    deinit {
        wl_display_disconnect(display)
    }

    /// The connection's file descriptor, for polling.
    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Creates the registry (`wl_display.get_registry`).
    public func registry() -> WlRegistry {
        let p = marshalOnDisplay(opcode: 1, interface: WlRegistry.interface)
        return WlRegistry(adopting: p, connection: self)
    }

    /// `wl_display.sync`: the callback's `done` arrives after every request sent before it.
    public func sync() -> WlCallback {
        let p = marshalOnDisplay(opcode: 0, interface: WlCallback.interface)
        return WlCallback(adopting: p, connection: self)
    }

    private func marshalOnDisplay(opcode: UInt32, interface: UnsafePointer<wl_interface>) -> OpaquePointer? {
        var arg = wl_argument()
        arg.o = nil
        return wl_proxy_marshal_array_flags(display, opcode, interface, wl_proxy_get_version(display), 0, &arg)
    }

    /// A new event queue: objects made through wrappers on it get their events dispatched by
    /// whoever dispatches that queue (e.g. the render thread), not by the main loop.
    public func makeQueue() -> WaylandEventQueue {
        WaylandEventQueue(connection: self)
    }

    /// The error that broke the connection, if any: a protocol error names the interface, object
    /// id and code.
    public var error: WaylandError? {
        let e = wl_display_get_error(display)
        guard e != 0 else { return nil }
        if e == EPROTO {
            var iface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let code = wl_display_get_protocol_error(display, &iface, &id)
            let name = iface.map { String(cString: $0.pointee.name) } ?? "unknown"
            return .protocolError(interface: name, objectID: id, code: code)
        }
        return .connectionLost(errno: e)
    }

    /// Sends queued requests. Returns false when the socket is full (EAGAIN): poll for writing.
    @discardableResult
    public func flush() throws -> Bool {
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN { return false }
            throw error ?? .connectionLost(errno: errno)
        }
        return true
    }

    /// Blocks until the compositor has processed every request sent so far, dispatching events.
    public func roundtrip() throws {
        if wl_display_roundtrip(display) < 0 {
            throw error ?? .connectionLost(errno: errno)
        }
    }

    /// Dispatches events already queued, without reading the socket.
    public func dispatchPending() throws {
        if wl_display_dispatch_pending(display) < 0 {
            throw error ?? .connectionLost(errno: errno)
        }
    }

    /// Reads what the socket has (never blocks) and dispatches it. Call when the fd is readable.
    /// Uses prepare_read/read_events so another thread may also use the display safely.
    public func readAndDispatch() throws {
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw error ?? .connectionLost(errno: errno) }
        }
        if wl_display_read_events(display) < 0 {
            throw error ?? .connectionLost(errno: errno)
        }
        try dispatchPending()
    }
}

/// A `wl_event_queue`. Destroyed after every object using it (objects and wrappers keep it).
public final class WaylandEventQueue: @unchecked Sendable {
    public let queue: OpaquePointer
    let connection: WaylandConnection

    init(connection: WaylandConnection) {
        self.connection = connection
        queue = wl_display_create_queue(connection.display)
    }

    deinit {
        wl_event_queue_destroy(queue)
    }
}
