import CRaster
import Foundation

/// The scan converter: exact-area anti-aliasing of a set of edges, blended straight into the
/// target (the kernels are CRaster's; this owns their scratch buffers).
///
/// Each edge adds, per pixel row it crosses, the signed area it leaves to its right in every
/// pixel it passes through, stored as differences between neighbouring cells (integers, in
/// 2⁻¹⁶ of a pixel) so that a running sum along the row gives the accumulated winding coverage
/// of each pixel. Cells an edge touched
/// are flagged in a bitmap; between flagged cells the running sum is constant, so interior runs
/// become constant-alpha spans (a plain fill for opaque colour) and only the pixels that edges
/// cross are visited one by one. The fill rule is applied to the accumulated value (non-zero:
/// min(|s|, 1); even-odd: distance of |s| to the nearest even number), which is exact wherever
/// a pixel contains edges of one winding change and the usual approximation where several cross;
/// pixels where a stroke's outline may overlap itself get the exact union instead (`craster_fill_exact`).
internal struct _CoverageAccumulator {
    private let scratch: OpaquePointer
    /// Forces the portable kernels (tests compare them with the AVX2 ones).
    var portable = false
    /// Whether bands whose rows are all alike (only vertical edges through all of them) have
    /// their first row's runs replayed on the others; tests compare with sweeping every row.
    var replaysRows = true

    init() {
        scratch = craster_scratch_create()
    }

    func free() { craster_scratch_destroy(scratch) }

    /// Bands the last fill drew by replaying their first row's runs (tests).
    var replayedBands: Int { Int(craster_scratch_replayed_bands(scratch)) }
    /// Of those, the bands drawn as one shape's two sides (`replay_sides` in raster.c).
    var replayedSides: Int { Int(craster_scratch_replayed_sides(scratch)) }
    /// And those drawn from a list of pixels and spans (`replay_ops`: several shapes' sides).
    var replayedLists: Int { Int(craster_scratch_replayed_lists(scratch)) }

    /// Rasterizes `count` edges into the pixels of `box` (left, top, right, bottom, inside the
    /// target; edges may reach outside it, see `craster_fill`). Draws nothing if the scratch
    /// buffers cannot be allocated. In the pixels `exactRows` lists (triples: row, first column,
    /// column after the last; see `craster_fill_exact`) a non-zero fill takes the exact area of
    /// the union of the outline's layers.
    func rasterize(edges: UnsafeMutablePointer<_Edge>, count: Int, box: (Int, Int, Int, Int),
                   evenOdd: Bool, exactPixels rows: UnsafeBufferPointer<Int32> = .init(start: nil, count: 0),
                   target: craster_target) {
        guard count > 0, box.2 > box.0, box.3 > box.1 else { return }
        var t = target
        _ = craster_fill_exact(scratch, edges, count, Int32(box.0), Int32(box.2 - box.0),
                               Int32(box.1), Int32(box.3), evenOdd ? 1 : 0, rows.baseAddress, rows.count / 3,
                               &t, (portable ? Int32(CRASTER_PORTABLE.rawValue) : 0)
                                   | (replaysRows ? 0 : Int32(CRASTER_NO_REPLAY.rawValue)))
    }
}
