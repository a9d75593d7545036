import Foundation
import StrataWayland
import XCTest

/// Faults on the Wayland side, provoked against real compositors in this process.
final class WaylandFaultTests: XCTestCase {
    /// A second xdg_surface for a surface that already has one is a protocol error: it comes
    /// back as a Swift error naming the interface, the object id and the code.
    func testProtocolErrorNamesInterfaceObjectAndCode() throws {
        let weston = try HeadlessCompositor("weston")
        let display = try connect(to: weston)
        let window = try Toplevel(display: display, title: "bad", appID: "strata.test", width: 100, height: 100)
        try display.connection.roundtrip()
        let wmBase = try XCTUnwrap(display.wmBase)
        _ = wmBase.getXdgSurface(surface: window.surface.surface)
        XCTAssertThrowsError(try display.connection.roundtrip()) { error in
            guard case let WaylandError.protocolError(interface, objectID, code) = error else {
                return XCTFail("expected a protocol error, got \(error)")
            }
            XCTAssertEqual(interface, "xdg_wm_base")
            XCTAssertEqual(objectID, wmBase.id)
            // xdg_wm_base.error: role (0) — weston reports the surface as already having a role.
            XCTAssertEqual(code, 0)
            XCTAssertEqual("\(error)", "protocol error: interface xdg_wm_base, object id \(wmBase.id), code 0")
        }
    }

    /// Buffers the compositor holds are never reused and never multiplied: with all three held,
    /// `acquire` answers nil (the frame waits) and warns once; the pool stays at three.
    func testPoolNeverGrowsWhileTheCompositorHoldsEveryBuffer() throws {
        let sway = try HeadlessCompositor("sway")
        let display = try connect(to: sway)
        let pool = BufferPool(shm: display.shm)
        var warnings: [String] = []
        pool.log = { warnings.append($0) }
        var held: [ShmBuffer] = []
        for _ in 0..<3 {
            let b = try XCTUnwrap(try pool.acquire(width: 64, height: 48))
            XCTAssertFalse(held.contains { $0 === b }, "a busy buffer was handed out again")
            pool.didPaint(b)  // now busy: as if attached; this compositor never releases it
            held.append(b)
        }
        for _ in 0..<100 {
            XCTAssertNil(try pool.acquire(width: 64, height: 48))
        }
        try display.connection.roundtrip()
        XCTAssertEqual(pool.count, 3)
        XCTAssertEqual(warnings, ["strata: the compositor holds all 3 buffers; waiting for a release"])
        // Ages: the newest frame is in the last buffer.
        XCTAssertEqual(held.map { pool.age(of: $0) }, [3, 2, 1])
    }

    /// Absurd sizes are refused before any memory is made.
    func testAbsurdBufferSizeIsAnError() throws {
        let weston = try HeadlessCompositor("weston")
        let display = try connect(to: weston)
        let pool = BufferPool(shm: display.shm)
        XCTAssertThrowsError(try pool.acquire(width: 1 << 20, height: 1 << 20)) { error in
            guard case WaylandError.sharedMemory = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try pool.acquire(width: 0, height: 10))
        XCTAssertEqual(pool.count, 0)
    }

    private func connect(to compositor: HeadlessCompositor) throws -> WaylandDisplay {
        // An absolute socket path: no change to this process's environment.
        let env = compositor.environment
        let name = try XCTUnwrap(env["WAYLAND_DISPLAY"])
        return try WaylandDisplay(name: name.hasPrefix("/") ? name : "\(env["XDG_RUNTIME_DIR"] ?? "")/\(name)")
    }
}
