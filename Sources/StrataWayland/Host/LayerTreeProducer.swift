import Foundation
import Strata

/// Draws a layer tree's frames into shm buffers: the bridge from the engine's render side
/// (`RenderTree`) to the compositor (`Compositor`) for one surface.
///
/// Damage: each frame's damage is the compositor's region between the previous frame's tree and
/// this one (never a bounding box). A buffer of age n already holds the frame drawn n frames ago,
/// so it is repainted over the union of the last n frames' damage; age 0 (new buffer) or a
/// change of size or scale repaints everything. The damage sent to the compositor is this
/// frame's damage only.
///
/// Runs on the render thread only.
final class LayerTreeProducer: FrameProducer, @unchecked Sendable {
    let tree: RenderTree
    private let compositor = Compositor()
    private var previous: RenderLayer?
    private var previousSize: (Int, Int, Double) = (0, 0, 0)
    /// Damage of the most recent frames (enough for the pool's 3 buffers).
    private var history = DamageHistory(capacity: 4)

    init(tree: RenderTree) {
        self.tree = tree
    }

    func renderFrame(at time: Double, into buffer: ShmBuffer, age: Int, scale: Double) -> [(Int32, Int32, Int32, Int32)] {
        let snapshot = tree.snapshot(at: time)
        let full = Region(x: 0, y: 0, width: buffer.width, height: buffer.height)
        let bounds = CGRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        let sameGeometry = previousSize == (buffer.width, buffer.height, scale)
        let damage = sameGeometry
            ? compositor.damage(from: previous, to: snapshot, scale: CGFloat(scale), bounds: bounds)
            : full
        if !sameGeometry { history.reset() }
        history.record(damage)
        var repaint = history.region(forBufferAge: age, surface: full)
        // Every composite step intersects its clip region; past a few dozen rectangles one
        // bounding rectangle is cheaper to repaint (what is sent as damage stays exact).
        if repaint.rects.count > 64 { repaint = Region(repaint.extents) }
        previous = snapshot
        previousSize = (buffer.width, buffer.height, scale)
        if !repaint.isEmpty, let bitmap = Bitmap(wrapping: buffer.pixels, width: buffer.width,
                                                 height: buffer.height, bytesPerRow: buffer.stride) {
            compositor.render(snapshot, into: bitmap, scale: CGFloat(scale), region: repaint)
        }
        // Debug overlays (STRATA_DEBUG=fps) may draw outside this frame's damage.
        return damage.union(compositor.debugOverlayDamage).rects.map { (Int32($0.x), Int32($0.y), Int32($0.width), Int32($0.height)) }
    }

    func isAnimating(after time: Double) -> Bool {
        tree.nextFrameTime(after: time) < .infinity
    }

    func nextFrame(after time: Double) -> (time: Double, frameRate: Double) {
        tree.nextFrame(after: time)
    }

    func frameSchedule(after time: Double) -> (time: Double, frameRate: Double, steadyUntil: Double) {
        tree.frameSchedule(after: time)
    }
}
