import Foundation
import Strata
import Testing
@testable import StrataWayland
import StrataTestSupport

/// What the surface sends with `damage_buffer` is the producer's answer: this frame's damage
/// region, exact rectangles, never the repaint of an older buffer; an older buffer is repainted
/// over every frame it missed (its age) and ends up equal to a full render.
@Suite(.runLoopTurn) struct LayerTreeProducerDamageTests {
    static func rects(_ d: [(Int32, Int32, Int32, Int32)]) -> [[Int32]] { d.map { [$0.0, $0.1, $0.2, $0.3] } }

    static func matchesFullRender(_ buffer: ShmBuffer, _ tree: RenderTree) -> Bool {
        let shown = Bitmap(wrapping: buffer.pixels, width: buffer.width, height: buffer.height, bytesPerRow: buffer.stride)!
        return shown.hasSamePixels(as: Snapshot.render(tree.snapshot(at: 0), width: buffer.width, height: buffer.height)!)
    }

    @Test func sentDamageIsTheFramesRegionAndOlderBuffersCatchUp() throws {
        let compositor = SeatTestCompositor()
        let display = try WaylandDisplay(name: compositor.path)
        let root = CALayer(), dot = CALayer()
        editLayers {
            root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            root.backgroundColor = .white
            dot.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
            dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(dot)
        }
        let tree = RenderTree(root: root)
        let producer = LayerTreeProducer(tree: tree)
        let a = try ShmBuffer(shm: display.shm, width: 40, height: 20)
        let b = try ShmBuffer(shm: display.shm, width: 40, height: 20)

        // First frame: everything.
        #expect(Self.rects(producer.renderFrame(at: 0, into: a, age: 0, scale: 1)) == [[0, 0, 40, 20]])
        #expect(Self.matchesFullRender(a, tree))

        // The dot moves: the old and the new place, not their bounding box. Buffer b is new
        // (age 0), so it is painted whole, but only the frame's damage is sent.
        editLayers { dot.frame.origin = CGPoint(x: 30, y: 10) }
        #expect(Self.rects(producer.renderFrame(at: 0, into: b, age: 0, scale: 1)) == [[2, 2, 4, 4], [30, 10, 4, 4]])
        #expect(Self.matchesFullRender(b, tree))

        // The dot turns blue; buffer a is two frames old: it must repaint the move as well,
        // while the damage sent is this frame's only.
        editLayers { dot.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        #expect(Self.rects(producer.renderFrame(at: 0, into: a, age: 2, scale: 1)) == [[30, 10, 4, 4]])
        #expect(Self.matchesFullRender(a, tree), "the old dot at (2, 2) was repainted from the history")

        // Nothing changed: no damage at all; buffer a (the last one shown, age 1) needs nothing.
        #expect(producer.renderFrame(at: 0, into: a, age: 1, scale: 1).isEmpty)
        #expect(Self.matchesFullRender(a, tree))

        // A new scale repaints and sends everything.
        #expect(Self.rects(producer.renderFrame(at: 0, into: b, age: 1, scale: 2)) == [[0, 0, 40, 20]])
        withExtendedLifetime(display) {}
    }
}
