import Foundation
import Testing
@testable import StrataWayland
import StrataTestSupport

/// `LayerShellWindowSet` against a scripted compositor (`SeatTestCompositor` advertising
/// zwlr_layer_shell_v1): windows appear with announced outputs and go when an output is removed
/// or the compositor closes its surface. Real compositors cover what they can do
/// (`OutputLayerShellTests`: sway creates an output); none here can remove one.
@Suite(.runLoopTurn) struct LayerShellWindowSetTests {
    /// wl_output events (v4) and zwlr_layer_shell_v1 / zwlr_layer_surface_v1 opcodes.
    static let outputDone: UInt16 = 2, outputName: UInt16 = 4
    static let getLayerSurface: UInt32 = 0, layerSurfaceClosed: UInt16 = 1, layerSurfaceDestroy: UInt32 = 7
    static let layerShellGlobal: UInt32 = 6, firstOutput: UInt32 = 4

    final class Fixture {
        let compositor = SeatTestCompositor(extraGlobals: [("zwlr_layer_shell_v1", 4)])
        let app: Application
        let set: LayerShellWindowSet
        var log: [String] = []

        init() throws {
            app = try Application(displayName: compositor.path)
            var c = LayerSurface.Configuration()
            c.anchor = [.top, .left, .right]
            c.height = 24
            set = try LayerShellWindowSet(application: app, configuration: c)
            set.onWindowAdded = { [unowned self] _, output in self.log.append("added \(output.name ?? "?")") }
            set.onWindowRemoved = { [unowned self] _, output in self.log.append("removed \(output.name ?? "?")") }
        }

        /// Sends `name` and `done` for the output bound from global `global`.
        func announceOutput(global: UInt32, name: String) throws {
            // Roundtrips until the double has read the bind (at most 5 s), not a fixed number:
            // on a loaded machine it may come later than two roundtrips assume. (Not `run`:
            // ending the app's loop stops its render thread, which the windows need.)
            let deadline = MonotonicClock.now() + 5
            repeat {
                try app.display.connection.roundtrip()
            } while compositor.boundID(ofGlobal: global) == nil && MonotonicClock.now() < deadline
            let id = try #require(compositor.boundID(ofGlobal: global))
            compositor.send(to: id, opcode: LayerShellWindowSetTests.outputName, [.s(name)])
            compositor.send(to: id, opcode: LayerShellWindowSetTests.outputDone, [])
            try app.display.connection.roundtrip()
        }

        /// The layer surfaces the client asked for: (layer surface id, output id), in order.
        func layerSurfaceRequests() throws -> [(surface: UInt32, output: UInt32)] {
            try app.display.connection.roundtrip()
            let shell = try #require(compositor.boundID(ofGlobal: LayerShellWindowSetTests.layerShellGlobal))
            return compositor.requests.filter { $0.object == shell && $0.opcode == LayerShellWindowSetTests.getLayerSurface }
                .map { ($0.words[0], $0.words[2]) }
        }

        func run(until condition: @escaping () -> Bool) throws { try app.run(until: condition) }
    }

    @Test func windowsFollowOutputsAppearingAndDisappearing() throws {
        let f = try Fixture()
        // The output global exists but has not sent `done`: no window yet.
        #expect(f.set.windows.isEmpty)
        try f.announceOutput(global: Self.firstOutput, name: "OUT-A")
        #expect(f.log == ["added OUT-A"])
        f.compositor.announceGlobal(name: 20, interface: "wl_output", version: 4)
        try f.announceOutput(global: 20, name: "OUT-B")
        #expect(f.log == ["added OUT-A", "added OUT-B"])
        #expect(f.set.windows.count == 2)

        // Each layer surface was created for its own output.
        let requests = try f.layerSurfaceRequests()
        let outputA = try #require(f.compositor.boundID(ofGlobal: Self.firstOutput))
        let outputB = try #require(f.compositor.boundID(ofGlobal: 20))
        #expect(requests.map(\.output) == [outputA, outputB])

        // Unplugging OUT-B removes its window; the layer surface is destroyed once the render
        // thread has stopped drawing it.
        f.compositor.removeGlobal(name: 20)
        try f.app.display.connection.roundtrip()
        #expect(f.log == ["added OUT-A", "added OUT-B", "removed OUT-B"])
        #expect(f.set.windows.count == 1)
        let destroyedB = { f.compositor.requests.contains { $0.object == requests[1].surface && $0.opcode == Self.layerSurfaceDestroy } }
        try f.run(until: destroyedB)
        #expect(destroyedB())

        // The compositor closes OUT-A's surface: its window goes too, and a later `done` on the
        // still-present output does not bring it back.
        f.compositor.send(to: requests[0].surface, opcode: Self.layerSurfaceClosed, [])
        try f.app.display.connection.roundtrip()
        #expect(f.log == ["added OUT-A", "added OUT-B", "removed OUT-B", "removed OUT-A"])
        f.compositor.send(to: outputA, opcode: Self.outputDone, [])
        try f.app.display.connection.roundtrip()
        #expect(f.set.windows.isEmpty)
        #expect(try f.layerSurfaceRequests().count == 2)
    }

    /// A compositor without layer shell: the set cannot be made, and the error names the global.
    @Test func missingLayerShellNamesTheGlobal() throws {
        let compositor = SeatTestCompositor()
        let app = try Application(displayName: compositor.path)
        #expect(throws: WaylandError.missingGlobal(interface: "zwlr_layer_shell_v1", minimumVersion: 1)) {
            _ = try LayerShellWindowSet(application: app, configuration: LayerSurface.Configuration())
        }
    }

    /// wlr-layer-shell: a size of 0 on an axis without both of its edges anchored is a protocol
    /// error (kwin ends the connection): such a configuration is refused with a clear error
    /// before anything is sent, at creation and when applied later.
    @Test func aForbiddenConfigurationIsRefusedBeforeItIsSent() throws {
        let f = try Fixture()
        let before = try f.layerSurfaceRequests().count
        let plain = LayerSurface.Configuration()
        #expect(plain.problem == "a width of 0 (stretch) needs anchors on both the left and the right edge")
        #expect(throws: WaylandError.invalidLayerSurface(reason: plain.problem!)) {
            _ = try LayerSurface(display: f.app.display, configuration: plain)
        }
        #expect(try f.layerSurfaceRequests().count == before)
        var bar = LayerSurface.Configuration()
        bar.anchor = [.top, .left, .right]
        bar.height = 24
        #expect(bar.problem == nil)
        let surface = try LayerSurface(display: f.app.display, configuration: bar)
        var tall = bar
        tall.height = 0
        #expect(throws: WaylandError.invalidLayerSurface(reason: "a height of 0 (stretch) needs anchors on both the top and the bottom edge")) {
            try surface.apply(tall)
        }
        #expect(surface.configuration.height == 24)
        var fixed = LayerSurface.Configuration()
        fixed.width = 300; fixed.height = 80
        #expect(fixed.problem == nil)                          // a fixed size needs no anchors
        surface.destroy()
    }

    /// `LayerShellWindow.apply` sends the new state from the render thread (between frames):
    /// the requests arrive, the configuration reads back at once, and a forbidden one throws.
    @Test func applyingAConfigurationSendsItFromTheRenderThread() throws {
        let f = try Fixture()
        var c = LayerSurface.Configuration()
        c.anchor = [.top, .left, .right]
        c.height = 24
        let window = try LayerShellWindow(application: f.app, configuration: c)
        let id = window.layerSurface.layerSurface.id
        c.height = 48
        try window.apply(c)
        #expect(window.layerSurface.configuration.height == 48)
        let setSize: UInt32 = 0
        try f.run { f.compositor.requests.contains { $0.object == id && $0.opcode == setSize && $0.words == [0, 48] } }
        #expect(f.compositor.requests.contains { $0.object == id && $0.opcode == setSize && $0.words == [0, 48] })
        c.anchor = [.top]
        #expect(throws: WaylandError.self) { try window.apply(c) }
        window.close()
    }
}
