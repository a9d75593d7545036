import Foundation
import Strata

/// One scene of scenes.json, with what Strata needs to run it.
struct BenchScene {
    let name: String
    let kind: String
    let workload: String
    let width: Int, height: Int
    let raw: [String: Any]
    /// Fill scenes: one path per fill call. Stroke scenes: the one path.
    var paths: [CGPath] = []
    /// The paths as the file gives them (`verbs`, `pts`), `paths_from` resolved: what `paths`
    /// were built from, for handing the same geometry to the peers (Pair.swift).
    var pathSpecs: [[String: Any]] = []
    var evenOdd = false
    var color = CGColor.black
    var background = CGColor.white
    var style = StrokeStyle()
}

enum SceneLoadError: Error, CustomStringConvertible {
    case unreadable(String), malformed(String)
    var description: String {
        switch self {
        case .unreadable(let s): "cannot read scenes: \(s)"
        case .malformed(let s): "malformed scenes file: \(s)"
        }
    }
}

/// Reads the benchmark spec (format: shared/bench/README.md, `doc` field of the file).
enum SceneLoader {
    static func load(path: String) throws -> [BenchScene] {
        guard let data = FileManager.default.contents(atPath: path) else { throw SceneLoadError.unreadable(path) }
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["scenes"] as? [[String: Any]] else { throw SceneLoadError.malformed("no scenes list") }
        var byName: [String: [String: Any]] = [:]
        for s in list { if let n = s["name"] as? String { byName[n] = s } }
        return try list.map { try scene($0, byName) }
    }

    private static func scene(_ s: [String: Any], _ byName: [String: [String: Any]]) throws -> BenchScene {
        guard let name = s["name"] as? String, let kind = s["kind"] as? String else {
            throw SceneLoadError.malformed("scene without name/kind")
        }
        var sc = BenchScene(name: name, kind: kind, workload: s["workload"] as? String ?? kind,
                            width: s["width"] as? Int ?? 0, height: s["height"] as? Int ?? 0, raw: s)
        if let c = s["color"] as? [Double], c.count == 4 { sc.color = CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
        if let c = s["background"] as? [Double], c.count == 4 {
            sc.background = CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        switch kind {
        case "fill":
            sc.evenOdd = (s["fill_rule"] as? String) == "evenodd"
            var specs = s["paths"] as? [[String: Any]]
            if specs == nil, let from = s["paths_from"] as? String { specs = byName[from]?["paths"] as? [[String: Any]] }
            guard let ps = specs else { throw SceneLoadError.malformed("\(name): no paths") }
            sc.pathSpecs = ps
            let built = try ps.map { try path($0, name) }
            if s["combine"] as? Bool == true {
                let one = CGMutablePath()
                for p in built { one.addPath(p) }
                sc.paths = [one.copy()!]
            } else {
                sc.paths = built
            }
        case "stroke":
            guard let p = s["path"] as? [String: Any] else { throw SceneLoadError.malformed("\(name): no path") }
            sc.paths = [try path(p, name)]
            sc.pathSpecs = [p]
            sc.style.lineWidth = CGFloat(s["line_width"] as? Double ?? 1)
            sc.style.lineCap = ["butt": .butt, "round": .round, "square": .square][s["cap"] as? String ?? ""] ?? .butt
            sc.style.lineJoin = ["miter": .miter, "round": .round, "bevel": .bevel][s["join"] as? String ?? ""] ?? .miter
            sc.style.miterLimit = CGFloat(s["miter_limit"] as? Double ?? 10)
            sc.style.dashPattern = (s["dash"] as? [Double] ?? []).map { CGFloat($0) }
            sc.style.dashPhase = CGFloat(s["dash_offset"] as? Double ?? 0)
        default:
            break
        }
        return sc
    }

    /// `{"verbs": "MLCZ…", "pts": [x0, y0, …]}` → path.
    private static func path(_ spec: [String: Any], _ scene: String) throws -> CGPath {
        guard let verbs = spec["verbs"] as? String, let pts = spec["pts"] as? [Double],
              let p = _ScenePath.make(verbs: verbs, points: pts) else {
            throw SceneLoadError.malformed("\(scene): bad path")
        }
        return p
    }
}
