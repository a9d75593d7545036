import CShims
import Glibc

/// One wl_shm buffer: ARGB8888 pixels in a sealed memfd, mapped here and shared with the
/// compositor.
///
/// Protocol obligations: after `wl_surface.attach` + `commit` the compositor may read the pixels
/// until it sends `wl_buffer.release`; until then the buffer is `busy` and must not be drawn into.
/// `age` follows EGL_EXT_buffer_age: 0 = contents undefined (new), n = the buffer holds the frame
/// presented n frames ago, so only the damage of the last n frames has to be repainted.
public final class ShmBuffer {
    public let width: Int
    public let height: Int
    public let stride: Int
    /// The mapped pixels (premultiplied ARGB32, native endian).
    public let pixels: UnsafeMutableRawPointer
    let wlBuffer: WlBuffer
    private let size: Int
    /// True from attach until `wl_buffer.release`.
    public internal(set) var busy = false
    /// The frame number last painted into this buffer (0 = never).
    var paintedFrame: UInt64 = 0
    /// Called when the compositor releases the buffer.
    var onRelease: ((ShmBuffer) -> Void)?

    /// Creates a buffer of `width`×`height` pixels; throws `.sharedMemory` if memory can't be had.
    init(shm: WlShm, width: Int, height: Int) throws {
        // Checked arithmetic: absurd sizes become an error, never an overflowed allocation.
        let (stride, o1) = width.multipliedReportingOverflow(by: 4)
        let (size, o2) = stride.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !o1, !o2, size <= Int(Int32.max) else {
            throw WaylandError.sharedMemory(errno: EINVAL)
        }
        let fd = strata_create_shm_file("strata-shm", size)
        guard fd >= 0 else { throw WaylandError.sharedMemory(errno: errno) }
        defer { close(fd) }  // the pool keeps its own reference (libwayland dups it)
        guard let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw WaylandError.sharedMemory(errno: errno)
        }
        let pool = shm.createPool(fd: fd, size: Int32(size))
        wlBuffer = pool.createBuffer(offset: 0, width: Int32(width), height: Int32(height),
                                     stride: Int32(stride), format: .argb8888)
        // The buffer keeps the pool's memory alive; the pool object itself can go.
        pool.destroy()
        self.width = width
        self.height = height
        self.stride = stride
        self.size = size
        pixels = map
        wlBuffer.onEvent = { [unowned self] event in
            if case .release = event {
                self.busy = false
                self.onRelease?(self)
            }
        }
    }

    deinit {
        munmap(pixels, size)
    }
}
