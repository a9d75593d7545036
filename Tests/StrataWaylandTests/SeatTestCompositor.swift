import Foundation
import Glibc

/// A scripted Wayland peer for seat unit tests: it speaks just enough of the wire protocol to let
/// a real `WaylandDisplay` connect (registry globals, `wl_display.sync`), ignores every other
/// request, and lets a test write recorded events, in wire format, to the client's objects.
/// The client decodes them with the generated bindings exactly as it would a compositor's.
///
/// It is a test double for the *compositor*, used because unit tests must run without one; the
/// seat code under test is the real one.
final class SeatTestCompositor: @unchecked Sendable {
    enum Arg {
        case u(UInt32), i(Int32), f(Double), o(UInt32), s(String), a([UInt8])
    }

    let path: String
    private let seatVersion: UInt32
    private let listenFD: Int32
    private let lock = NSLock()
    private var clientFD: Int32 = -1
    private var serial: UInt32 = 1000
    private struct Outgoing {
        var bytes: [UInt8]
        var fd: Int32?
    }
    private var outgoing: [Outgoing] = []
    /// A pipe that wakes the serving thread when events are queued.
    private var wake: [Int32] = [-1, -1]

    /// Capabilities sent as soon as the client binds wl_seat (as compositors do), 0 for none.
    private let initialCapabilities: UInt32

    /// Globals advertised after the standard five (names 6, 7, …).
    private let extraGlobals: [(interface: String, version: UInt32)]

    init(seatVersion: UInt32 = 8, initialCapabilities: UInt32 = 0,
         extraGlobals: [(interface: String, version: UInt32)] = []) {
        self.initialCapabilities = initialCapabilities
        self.extraGlobals = extraGlobals
        path = "/tmp/strata-seat-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).sock"
        self.seatVersion = seatVersion
        unlink(path)
        listenFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
        }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listenFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(ok == 0 && listen(listenFD, 1) == 0, "cannot listen on \(path)")
        precondition(pipe(&wake) == 0)
        let thread = Thread { [self] in self.serve() }
        thread.start()
    }

    /// Accepts the one client, answers its requests and writes queued events until it
    /// disconnects. Writing happens here, never on the test's thread, so a test can queue more
    /// than a socket buffer holds while its own thread is the one that reads.
    private func serve() {
        var p = pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)
        let ready = poll(&p, 1, 10_000)
        let fd = ready > 0 ? accept(listenFD, nil, nil) : -1
        close(listenFD)
        unlink(path)
        guard fd >= 0 else { return }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        lock.lock(); clientFD = fd; lock.unlock()
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var control = [UInt8](repeating: 0, count: 512)
        loop: while true {
            lock.lock(); let wantWrite = !outgoing.isEmpty; lock.unlock()
            var fds = [pollfd(fd: fd, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0),
                       pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { break }
            if fds[1].revents != 0 {
                var junk = [UInt8](repeating: 0, count: 64)
                _ = read(wake[0], &junk, 64)
            }
            if fds[0].revents & Int16(POLLOUT) != 0 { writeQueued(fd) }
            guard fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { data in
                control.withUnsafeMutableBytes { ctl in
                    var iov = iovec(iov_base: data.baseAddress, iov_len: data.count)
                    return withUnsafeMutablePointer(to: &iov) { iovp in
                        var msg = msghdr(msg_name: nil, msg_namelen: 0, msg_iov: iovp, msg_iovlen: 1,
                                         msg_control: ctl.baseAddress, msg_controllen: ctl.count, msg_flags: 0)
                        let r = recvmsg(fd, &msg, Int32(MSG_CMSG_CLOEXEC))
                        if r > 0 { Self.closeReceivedFDs(msg, writing: self.receivedFDPayload) }
                        return r
                    }
                }
            }
            if n < 0 && errno == EAGAIN { continue }
            if n <= 0 { break loop }
            buffer += chunk[0..<n]
            while buffer.count >= 8 {
                let size = Int(Self.word(buffer, 4) >> 16)
                guard size >= 8, buffer.count >= size else { break }
                handleRequest(Array(buffer[0..<size]))
                buffer.removeFirst(size)
            }
        }
        lock.lock()
        clientFD = -1
        for m in outgoing { if let f = m.fd { close(f) } }
        outgoing = []
        lock.unlock()
        close(fd)
        close(wake[0])
        close(wake[1])
    }

    /// Writes as much of the queue as the socket takes.
    private func writeQueued(_ fd: Int32) {
        lock.lock(); defer { lock.unlock() }
        while var m = outgoing.first {
            let r = m.bytes.withUnsafeMutableBytes { data -> Int in
                var iov = iovec(iov_base: data.baseAddress, iov_len: data.count)
                var control = [UInt8](repeating: 0, count: 24)
                return control.withUnsafeMutableBytes { ctl in
                    withUnsafeMutablePointer(to: &iov) { iovp in
                        var msg = msghdr(msg_name: nil, msg_namelen: 0, msg_iov: iovp, msg_iovlen: 1,
                                         msg_control: nil, msg_controllen: 0, msg_flags: 0)
                        if let f = m.fd {
                            ctl.storeBytes(of: 20, toByteOffset: 0, as: Int.self)  // CMSG_LEN(4)
                            ctl.storeBytes(of: SOL_SOCKET, toByteOffset: 8, as: Int32.self)
                            ctl.storeBytes(of: Int32(SCM_RIGHTS), toByteOffset: 12, as: Int32.self)
                            ctl.storeBytes(of: f, toByteOffset: 16, as: Int32.self)
                            msg.msg_control = ctl.baseAddress
                            msg.msg_controllen = 24  // CMSG_SPACE(4)
                        }
                        return sendmsg(fd, &msg, Int32(MSG_NOSIGNAL))
                    }
                }
            }
            guard r > 0 else { return }
            // The fd went with the first bytes; the rest of the message follows without it.
            if let f = m.fd { close(f); m.fd = nil }
            m.bytes.removeFirst(r)
            if m.bytes.isEmpty { outgoing.removeFirst() } else { outgoing[0] = m }
        }
    }

    /// Bytes written into every file descriptor a request carries (a data offer's `receive`
    /// pipe, say) before it is closed; nil: closed unwritten. Set it before the request.
    var receivedFDPayload: [UInt8]? {
        get { lock.lock(); defer { lock.unlock() }; return payload }
        set { lock.lock(); payload = newValue; lock.unlock() }
    }
    private var payload: [UInt8]?

    private static func closeReceivedFDs(_ msg: msghdr, writing payload: [UInt8]?) {
        guard msg.msg_controllen >= 16, let base = msg.msg_control else { return }
        var offset = 0
        while offset + 16 <= msg.msg_controllen {
            let len = base.load(fromByteOffset: offset, as: Int.self)
            let type = base.load(fromByteOffset: offset + 12, as: Int32.self)
            if type == SCM_RIGHTS {
                for k in 0..<((len - 16) / 4) {
                    let fd = base.load(fromByteOffset: offset + 16 + 4 * k, as: Int32.self)
                    if let payload { _ = payload.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
                    close(fd)
                }
            }
            guard len > 0 else { break }
            offset += (len + 7) & ~7
        }
    }

    private static func word(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    /// A request the client sent: object id, opcode and the argument words (strings and arrays
    /// undecoded).
    struct Request: Equatable {
        var object: UInt32
        var opcode: UInt32
        var words: [UInt32]
    }

    private var recorded: [Request] = []
    private var registryID: UInt32 = 0
    /// Client object ids of bound globals, by global name (1 compositor, 2 shm, 3 seat, 4 output,
    /// 5 pointer gestures).
    private var boundIDs: [UInt32: UInt32] = [:]

    /// The client's object id for the global `name`, once bound.
    func boundID(ofGlobal name: UInt32) -> UInt32? {
        lock.lock(); defer { lock.unlock() }
        return boundIDs[name]
    }

    /// Every request received so far (the client must have flushed them: pump first).
    var requests: [Request] {
        lock.lock(); defer { lock.unlock() }
        return recorded
    }

    private func handleRequest(_ m: [UInt8]) {
        let id = Self.word(m, 0), opcode = Self.word(m, 4) & 0xffff
        let words = stride(from: 8, to: m.count, by: 4).map { Self.word(m, $0) }
        lock.lock(); recorded.append(Request(object: id, opcode: opcode, words: words)); lock.unlock()
        if id == registryID, opcode == 0, words.count >= 3 {
            lock.lock(); boundIDs[words[0]] = words[words.count - 1]; lock.unlock()
        }
        if id == registryID, opcode == 0, initialCapabilities != 0, m.count >= 28,
           String(decoding: m[16..<min(m.count, 16 + 7)], as: UTF8.self) == "wl_seat" {
            send(to: words[words.count - 1], opcode: 0, [.u(initialCapabilities)])  // bind's new id is last
        }
        guard id == 1 else { return }
        let newID = Self.word(m, 8)
        if opcode == 0 {  // wl_display.sync → wl_callback.done, then wl_display.delete_id
            serial += 1
            send(to: newID, opcode: 0, [.u(serial)])
            send(to: 1, opcode: 1, [.u(newID)])
        } else if opcode == 1 {  // get_registry → the globals a seat test needs
            lock.lock(); registryID = newID; lock.unlock()
            send(to: newID, opcode: 0, [.u(1), .s("wl_compositor"), .u(4)])
            send(to: newID, opcode: 0, [.u(2), .s("wl_shm"), .u(1)])
            send(to: newID, opcode: 0, [.u(3), .s("wl_seat"), .u(seatVersion)])
            send(to: newID, opcode: 0, [.u(4), .s("wl_output"), .u(4)])
            send(to: newID, opcode: 0, [.u(5), .s("zwp_pointer_gestures_v1"), .u(3)])
            for (i, g) in extraGlobals.enumerated() {
                send(to: newID, opcode: 0, [.u(UInt32(6 + i)), .s(g.interface), .u(g.version)])
            }
        }
    }

    /// Advertises a global after start-up (`wl_registry.global`), as a compositor does when an
    /// output is plugged in.
    func announceGlobal(name: UInt32, interface: String, version: UInt32) {
        lock.lock(); let registry = registryID; lock.unlock()
        send(to: registry, opcode: 0, [.u(name), .s(interface), .u(version)])
    }

    /// Withdraws a global (`wl_registry.global_remove`), as when an output is unplugged.
    func removeGlobal(name: UInt32) {
        lock.lock(); let registry = registryID; lock.unlock()
        send(to: registry, opcode: 1, [.u(name)])
    }

    /// Queues one event (wire format) for the client; a duplicate of `fd` travels alongside
    /// (SCM_RIGHTS). The caller keeps `fd`.
    func send(to object: UInt32, opcode: UInt16, _ args: [Arg], fd: Int32? = nil) {
        var body: [UInt8] = []
        func put(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { body += $0 } }
        func pad() { while body.count % 4 != 0 { body.append(0) } }
        for a in args {
            switch a {
            case let .u(v), let .o(v): put(v)
            case let .i(v): put(UInt32(bitPattern: v))
            case let .f(v): put(UInt32(bitPattern: Int32((v * 256).rounded())))
            case let .s(v):
                let bytes = Array(v.utf8) + [0]
                put(UInt32(bytes.count)); body += bytes; pad()
            case let .a(v):
                put(UInt32(v.count)); body += v; pad()
            }
        }
        var message: [UInt8] = []
        withUnsafeBytes(of: object.littleEndian) { message += $0 }
        withUnsafeBytes(of: (UInt32(8 + body.count) << 16 | UInt32(opcode)).littleEndian) { message += $0 }
        message += body
        lock.lock()
        outgoing.append(Outgoing(bytes: message, fd: fd.map { dup($0) }))
        lock.unlock()
        var one: UInt8 = 1
        _ = write(wake[1], &one, 1)
    }
}
