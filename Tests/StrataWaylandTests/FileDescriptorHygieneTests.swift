import CShims
import Foundation
import Glibc
import Testing
@testable import StrataWayland
import StrataTestSupport

/// Security and resource hygiene of the descriptors we open. Other suites run in parallel in
/// this process, so nothing here counts all open fds: each check follows the descriptors it
/// made itself (by number and inode), which other tests cannot disturb.
@Suite(.runLoopTurn) struct FileDescriptorHygieneTests {
    /// The kernel's view of `fd`: its flags (octal in /proc/self/fdinfo) and what it points to.
    static func fdInfo(_ fd: Int32) -> (flags: Int, target: String)? {
        guard let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8) else { return nil }
        var flags = -1
        for line in info.split(separator: "\n") where line.hasPrefix("flags:") {
            flags = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) ?? -1
        }
        var buffer = [CChar](repeating: 0, count: 256)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        return (flags, n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "")
    }

    static let cloexec = Int(O_CLOEXEC)
    /// <linux/fcntl.h> values Glibc's Swift overlay does not import.
    static let getSeals: Int32 = 1024 + 10, sealShrink: Int32 = 0x0002

    /// Buffers' memory files: close-on-exec (never inherited by a child process) and sealed
    /// against shrinking (a compositor that mapped the pool can never be made to fault). Growing
    /// still works.
    @Test func shmFilesAreCloexecAndSealedAgainstShrinking() throws {
        let fd = strata_create_shm_file("strata-hygiene-test", 8192)
        try #require(fd >= 0)
        defer { close(fd) }
        let info = try #require(Self.fdInfo(fd))
        #expect(info.flags & Self.cloexec != 0, "flags \(String(info.flags, radix: 8))")
        #expect(info.target.hasPrefix("/memfd:strata-hygiene-test"), "\(info.target)")
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        let seals = fcntl(fd, Self.getSeals)
        #expect(seals >= 0 && seals & Self.sealShrink != 0, "seals \(seals)")
        #expect(ftruncate(fd, 4096) == -1 && errno == EPERM, "a sealed file shrank")
        #expect(strata_grow_shm_file(fd, 16384) == 0)
        var st = stat()
        #expect(fstat(fd, &st) == 0 && st.st_size == 16384)
    }

    /// The event loop's wake-up eventfd is close-on-exec too.
    @Test func eventfdIsCloexec() throws {
        let fd = strata_eventfd()
        try #require(fd >= 0)
        defer { close(fd) }
        let info = try #require(Self.fdInfo(fd))
        #expect(info.flags & Self.cloexec != 0)
        #expect(info.flags & Int(O_NONBLOCK) != 0)
        #expect(info.target == "anon_inode:[eventfd]")
    }

    /// Twenty connections made and dropped, each with a surface and a painted buffer: every
    /// connection socket is close-on-exec while open and really closed afterwards (its number
    /// no longer names that socket).
    @Test func connectionsAreCloexecAndLeaveNoDescriptorBehind() throws {
        /// One connection's life; everything it made is released when this returns.
        func connectPaintAndDrop() throws -> (fd: Int32, socket: String) {
            let compositor = SeatTestCompositor()
            let display = try WaylandDisplay(name: compositor.path)
            let fd = display.connection.fileDescriptor
            let info = try #require(Self.fdInfo(fd))
            #expect(info.flags & Self.cloexec != 0, "connection fd flags \(String(info.flags, radix: 8))")
            #expect(info.target.hasPrefix("socket:"))
            let surface = WaylandSurface(display: display)
            let pool = BufferPool(shm: display.shm)
            pool.log = { _ in }
            let buffer = try #require(try pool.acquire(width: 64, height: 32))
            pool.didPaint(buffer)
            try display.connection.roundtrip()
            withExtendedLifetime(surface) {}
            return (fd, info.target)
        }
        for _ in 0..<20 {
            let (fd, socket) = try connectPaintAndDrop()
            #expect(Self.fdInfo(fd)?.target != socket, "connection socket \(socket) still open")
        }
    }

    /// A compositor that never releases buffers (the scripted test double ignores every request,
    /// so it never sends wl_buffer.release): at most three buffers ever exist, each further frame
    /// waits (acquire answers nil), and the wait is reported once, however long it lasts.
    @Test func neverReleasingCompositorKeepsThreeBuffersAndWarnsOnce() throws {
        let compositor = SeatTestCompositor()
        let display = try WaylandDisplay(name: compositor.path)
        let pool = BufferPool(shm: display.shm)
        var warnings: [String] = []
        pool.log = { warnings.append($0) }
        var held: [ObjectIdentifier] = []
        for _ in 0..<3 {
            let b = try #require(try pool.acquire(width: 80, height: 60))
            pool.didPaint(b)
            held.append(ObjectIdentifier(b))
        }
        #expect(Set(held).count == 3)
        for frame in 0..<1000 {
            #expect(try pool.acquire(width: 80, height: 60) == nil, "frame \(frame) got a buffer")
            if frame % 100 == 0 { try display.connection.roundtrip() }
        }
        // A resize while everything is held does not allocate either.
        #expect(try pool.acquire(width: 120, height: 90) == nil)
        #expect(pool.count == 3)
        #expect(warnings == ["strata: the compositor holds all 3 buffers; waiting for a release"])
    }
}
