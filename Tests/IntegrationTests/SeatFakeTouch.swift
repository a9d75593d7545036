import Foundation
import StrataWayland

/// A touchscreen for end-to-end touch tests under headless KWin, driven through KWin's
/// `org_kde_kwin_fake_input` (scripts/compositor starts KWin with its permission checks off, so
/// the global is offered to the test process). KWin gives the seat a touch capability once the
/// input is authenticated and for as long as this connection lives, so create it before the
/// client under test starts: a client that binds wl_touch later may miss the first touches.
///
/// Positions are global (output pixels at scale 1); each call is one touch frame and returns
/// once KWin has processed it.
final class SeatFakeTouch {
    let display: WaylandDisplay
    let input: OrgKdeKwinFakeInput

    init(compositor: HeadlessCompositor) throws {
        guard let dir = compositor.environment["XDG_RUNTIME_DIR"], let socket = compositor.environment["WAYLAND_DISPLAY"] else {
            throw HarnessError.missing("XDG_RUNTIME_DIR/WAYLAND_DISPLAY of \(compositor.name)")
        }
        display = try WaylandDisplay(name: dir + "/" + socket)
        guard let g = display.globals.values.first(where: { $0.interface == OrgKdeKwinFakeInput.interfaceName }),
              g.version >= 2 else {
            throw HarnessError.missing("org_kde_kwin_fake_input (version 2 or later) under \(compositor.name)")
        }
        input = display.registry.bind(name: g.name, as: OrgKdeKwinFakeInput.self, version: min(g.version, 4))
        input.authenticate(application: "strata-tests", reason: "end-to-end touch input tests")
        try display.connection.roundtrip()
    }

    /// Fingers `id` going down at the given points, in one frame.
    func down(_ points: [UInt32: (Double, Double)]) throws {
        try frame { for (id, p) in points.sorted(by: { $0.key < $1.key }) { input.touchDown(id: id, x: p.0, y: p.1) } }
    }

    /// Fingers moving to the given points, in one frame.
    func move(_ points: [UInt32: (Double, Double)]) throws {
        try frame { for (id, p) in points.sorted(by: { $0.key < $1.key }) { input.touchMotion(id: id, x: p.0, y: p.1) } }
    }

    /// Fingers lifting, in one frame.
    func up(_ ids: [UInt32]) throws {
        try frame { for id in ids { input.touchUp(id: id) } }
    }

    /// One finger down and up at a point: a tap.
    func tap(_ x: Double, _ y: Double) throws {
        try down([0: (x, y)])
        try up([0])
    }

    private func frame(_ body: () -> Void) throws {
        body()
        input.touchFrame()
        try display.connection.roundtrip()
    }
}
