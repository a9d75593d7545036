import Foundation
import StrataWayland

/// A virtual pointer (zwlr_virtual_pointer_manager_v1) held by the test process, for end-to-end
/// input tests under sway: while it exists the seat has a pointer, and each `frame` call waits
/// until the compositor has processed the requests. Absolute positions are in output pixels of
/// an output `extent` large (default 800×600, the harness's sway output).
final class SeatVirtualPointer {
    let display: WaylandDisplay
    let manager: ZwlrVirtualPointerManagerV1
    let pointer: ZwlrVirtualPointerV1
    let extent: (width: UInt32, height: UInt32)
    private var time: UInt32 = 1000

    init(compositor: HeadlessCompositor, extent: (width: UInt32, height: UInt32) = (800, 600)) throws {
        self.extent = extent
        guard let dir = compositor.environment["XDG_RUNTIME_DIR"], let socket = compositor.environment["WAYLAND_DISPLAY"] else {
            throw HarnessError.missing("XDG_RUNTIME_DIR/WAYLAND_DISPLAY of \(compositor.name)")
        }
        display = try WaylandDisplay(name: dir + "/" + socket)
        guard let g = display.globals.values.first(where: { $0.interface == ZwlrVirtualPointerManagerV1.interfaceName }) else {
            throw HarnessError.missing("zwlr_virtual_pointer_manager_v1 under \(compositor.name)")
        }
        manager = display.registry.bind(name: g.name, as: ZwlrVirtualPointerManagerV1.self, version: 1)
        pointer = manager.createVirtualPointer(seat: display.seat)
        try display.connection.roundtrip()
    }

    /// Sends one frame of requests and waits until the compositor has processed it.
    func frame(_ body: (ZwlrVirtualPointerV1, UInt32) -> Void) throws {
        time += 16
        body(pointer, time)
        pointer.frame()
        try display.connection.roundtrip()
    }

    /// Lets `milliseconds` pass on the events' clock before the next frame (a pointer held
    /// still: its events carry this clock's times, 16 ms apart, not the wall clock's).
    func rest(milliseconds: UInt32) {
        time += milliseconds
    }

    func move(to x: UInt32, _ y: UInt32) throws {
        try frame { p, t in p.motionAbsolute(time: t, x: x, y: y, xExtent: extent.width, yExtent: extent.height) }
    }
}
