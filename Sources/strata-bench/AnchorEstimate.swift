import Foundation

/// Native Blend2D (blend2d-C) runs here for the fill and stroke scenes only: scripts/bench-peers
/// links the blend2d-python wheel's static library into the anchors with our own fill and stroke
/// tasks (scripts/lib/peers_blend2d_native.c). For the other scenes the anchors' tables
/// (ANCHORS.md) give pixman-C ÷ blend2d-C, measured together on the anchors' machine, and
/// `--compare` turns that into an *estimated* peer: est. blend2d-C = this run's pixman-C time ÷
/// that ratio, so Strata ÷ est. blend2d-C = (Strata ÷ pixman-C, this run) × (pixman-C ÷
/// blend2d-C, anchors). It is an estimate: it assumes the two libraries keep their ratio on this
/// machine; a scene with a measured blend2d-C gets none.
enum AnchorEstimate {
    static let peer = "est. blend2d-C"
    static let note = "\(peer) = this run's pixman-C × (blend2d-C ÷ pixman-C) from ANCHORS.md — an estimate, for the scenes blend2d-C does not run here"

    /// Scene name → pixman-C ÷ blend2d-C, from every table of `path` that has that column.
    static func ratios(anchorsPath path: String) -> [String: Double] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var out: [String: Double] = [:]
        var column: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { column = nil; continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if let k = cells.firstIndex(of: "pixman-C / blend2d-C") { column = k; continue }
            guard let k = column, k < cells.count, cells.count > 1, cells[1].hasPrefix("`"),
                  let v = Double(cells[k]), v > 0, v.isFinite else { continue }
            out[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = v
        }
        return out
    }

    /// Adds the estimated peer to a scene's peer times when pixman-C ran, the anchors have the
    /// scene and blend2d-C itself did not run.
    static func add(to peers: inout [String: Double], scene: String, ratios: [String: Double]) {
        guard peers["blend2d-C"] == nil, let pixman = peers["pixman-C"], let r = ratios[scene] else { return }
        peers[peer] = pixman / r
    }
}
