import CWaylandClient
import Glibc

/// A generated interface binding: its C interface table and name.
public protocol WaylandInterface: WaylandObject {
    static var interface: UnsafePointer<wl_interface> { get }
    static var interfaceName: String { get }
    /// The highest version the generated binding knows.
    static var generatedVersion: UInt32 { get }
    init(adopting proxy: OpaquePointer?, connection: WaylandConnection)
}

/// The Swift side of one `wl_proxy`.
///
/// Contract:
/// - The object keeps its `WaylandConnection` alive, so the display is disconnected only after
///   every proxy is gone (no proxy is ever destroyed after `wl_display_disconnect`).
/// - Events reach `dispatch` through one C dispatcher (`wl_proxy_add_dispatcher`); the proxy's user
///   data is this object, unretained: the object must be referenced elsewhere while events can
///   arrive. An object dropped inside its own event handler is destroyed after the handler
///   returns, which libwayland allows.
/// - Dropping the last reference sends the interface's destructor request (when the object's
///   version has it) or calls `wl_proxy_destroy`.
/// - After a destructor request, further requests are ignored (and a new-object request is a
///   programming error).
open class WaylandObject {
    /// The `wl_proxy *`. Invalid once `isDestroyed`.
    public let proxy: OpaquePointer
    public let connection: WaylandConnection
    public private(set) var isDestroyed = false
    /// True for a proxy wrapper (`wl_proxy_create_wrapper`): it only routes the objects its
    /// requests create to another event queue; it never receives events.
    public let isWrapper: Bool

    /// (opcode, since) of the interface's destructor request, if it has one.
    var destructorRequest: (opcode: UInt32, since: UInt32)? { nil }

    public required init(adopting proxy: OpaquePointer?, connection: WaylandConnection) {
        guard let proxy else {
            // libwayland returns NULL only when it cannot allocate.
            fatalError("libwayland could not allocate a proxy")
        }
        self.proxy = proxy
        self.connection = connection
        isWrapper = false
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_proxy_add_dispatcher(proxy, strataWaylandDispatch, nil, me)
    }

    /// Makes a wrapper of `object` whose requests create objects on `queue`.
    public required init(wrapping object: WaylandObject, queue: WaylandEventQueue) {
        guard let w = wl_proxy_create_wrapper(UnsafeMutableRawPointer(object.proxy)) else {
            fatalError("libwayland could not allocate a proxy wrapper")
        }
        proxy = OpaquePointer(w)
        connection = object.connection
        isWrapper = true
        wl_proxy_set_queue(proxy, queue.queue)
        self.queue = queue
    }

    /// The event queue this object's events go to, when not the default one. Objects created
    /// through it inherit it, and keep it alive: a queue is destroyed after all its objects.
    public private(set) var queue: WaylandEventQueue?

    /// Marks an object created by a request on `parent` as living on `parent`'s queue.
    public func inheritingQueue(from parent: WaylandObject) -> Self {
        queue = parent.queue
        return self
    }

    /// A wrapper of this object whose requests create objects on `queue` (their events are then
    /// dispatched by whoever dispatches that queue).
    public func wrapper(on queue: WaylandEventQueue) -> Self {
        Self(wrapping: self, queue: queue)
    }

    deinit {
        if isWrapper {
            wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(proxy))
            return
        }
        guard !isDestroyed else { return }
        if let d = destructorRequest, version >= d.since {
            _ = wl_proxy_marshal_array_flags(proxy, d.opcode, nil, 0, UInt32(WL_MARSHAL_FLAG_DESTROY), nil)
        } else {
            wl_proxy_destroy(proxy)
        }
    }

    /// The version this object was bound or created with.
    public var version: UInt32 { wl_proxy_get_version(proxy) }
    /// The protocol object id (useful in logs and error reports).
    public var id: UInt32 { wl_proxy_get_id(proxy) }

    /// Decodes an event; generated subclasses override it.
    func dispatch(opcode: UInt32, args: UnsafeMutablePointer<wl_argument>) {}

    /// The Swift object behind a proxy received in an event, if this process made it.
    static func object(for raw: OpaquePointer?) -> WaylandObject? {
        guard let raw, let data = wl_proxy_get_user_data(raw) else { return nil }
        return Unmanaged<WaylandObject>.fromOpaque(data).takeUnretainedValue()
    }

    /// Sends a request that creates an object. `fill` writes the arguments.
    func marshal(
        opcode: UInt32, count: Int, interface: UnsafePointer<wl_interface>, version: UInt32,
        _ fill: (UnsafeMutablePointer<wl_argument>) -> Void
    ) -> OpaquePointer? {
        precondition(!isDestroyed, "request on a destroyed Wayland object")
        return withUnsafeTemporaryAllocation(of: wl_argument.self, capacity: max(count, 1)) { buf in
            let args = buf.baseAddress!
            args.initialize(repeating: wl_argument(), count: max(count, 1))
            fill(args)
            return wl_proxy_marshal_array_flags(proxy, opcode, interface, version, 0, args)
        }
    }

    /// Sends a request that creates nothing. Ignored once destroyed, or when the object's version
    /// is below the request's `since` (which would be a protocol error).
    func marshal(
        opcode: UInt32, count: Int, since: UInt32, destroying: Bool = false,
        _ fill: (UnsafeMutablePointer<wl_argument>) -> Void
    ) {
        guard !isDestroyed, version >= since else { return }
        withUnsafeTemporaryAllocation(of: wl_argument.self, capacity: max(count, 1)) { buf in
            let args = buf.baseAddress!
            args.initialize(repeating: wl_argument(), count: max(count, 1))
            fill(args)
            let flags = destroying ? UInt32(WL_MARSHAL_FLAG_DESTROY) : 0
            _ = wl_proxy_marshal_array_flags(proxy, opcode, nil, 0, flags, args)
        }
        if destroying { isDestroyed = true }
    }
}

/// The one C dispatcher for every proxy Strata creates.
private func strataWaylandDispatch(
    _ implementation: UnsafeRawPointer?, _ target: UnsafeMutableRawPointer?, _ opcode: UInt32,
    _ message: UnsafePointer<wl_message>?, _ args: UnsafeMutablePointer<wl_argument>?
) -> Int32 {
    guard let target, let args, let object = WaylandObject.object(for: OpaquePointer(target)) else {
        return 0
    }
    object.dispatch(opcode: opcode, args: args)
    return 0
}

/// Copies a `wl_array` event argument.
func waylandArrayBytes(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt8] {
    guard let array, let data = array.pointee.data, array.pointee.size > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: data, count: array.pointee.size))
}

/// A `wl_array` request argument that owns its bytes until it is released.
final class WaylandArrayArgument {
    let pointer: UnsafeMutablePointer<wl_array>
    private let bytes: UnsafeMutableRawPointer?

    init(_ value: [UInt8]) {
        pointer = .allocate(capacity: 1)
        if value.isEmpty {
            bytes = nil
        } else {
            let b = UnsafeMutableRawPointer.allocate(byteCount: value.count, alignment: 8)
            value.withUnsafeBytes { b.copyMemory(from: $0.baseAddress!, byteCount: value.count) }
            bytes = b
        }
        pointer.initialize(to: wl_array(size: value.count, alloc: value.count, data: bytes))
    }

    deinit {
        bytes?.deallocate()
        pointer.deallocate()
    }
}

extension Array where Element == UInt8 {
    /// The array's contents read as native-endian 32-bit values (e.g. xdg_toplevel states).
    public var uint32Values: [UInt32] {
        withUnsafeBytes { raw in
            (0..<count / 4).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
    }
}
