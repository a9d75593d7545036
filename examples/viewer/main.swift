// viewer — a huge-image viewer on CATiledLayer (issue 9): pan and zoom a photo, or a generated
// image of any size, with tiles drawn on background threads at the zoom's level of detail.
//
//   viewer [OPTIONS] FILE.png|FILE.jpg
//   viewer [OPTIONS] [--generated N]      an N × N synthetic image (TiledImageSource.generated),
//                                         computed per tile, never held whole; without FILE,
//                                         N = 20 000
// Options, besides every example's (--snapshot T OUT.png, --record …, --exit-after S …):
//   --zoom Z          start at Z view points per image pixel (default: the whole image fits)
//   --center X Y      start with image point (X, Y) at the middle of the window
//   --bench-pan-zoom  pans and zooms by itself offscreen for 5 s (tiles on background threads)
//                     and prints frame times and how fast newly exposed tiles complete
//
// Input: drag (pointer or one finger) pans; the wheel zooms about the pointer (√2 a detent);
// touchpad scrolling pans; pinch zooms about the fingers; + / - zoom by 2, 0 fits the image.
// Every change the user makes prints `viewer: zoom Z center X Y` (for tests).
//
// --snapshot and --record draw tiles synchronously (`drawsTilesSynchronously`) so that their
// pictures do not depend on thread timing; live windows draw them on background threads. Tiles
// are drawn at the output's scale (the view's contentScaleFactor is --scale offscreen and follows
// the window's scale live, also when it moves to an output of another scale).
// A file that cannot be read or decoded prints `viewer: FILE: reason` and exits 1.
import ExampleSupport
import Foundation
import Strata
import StrataUI

final class Viewer: ExampleScene {
    let title = "viewer", width = 800, height = 600
    let view: TiledImageView
    let zoom: CGFloat?
    let center: CGPoint?
    var host: ViewHost?

    init(source: TiledImageSource, zoom: CGFloat?, center: CGPoint?, synchronous: Bool) {
        view = TiledImageView(source: source)
        self.zoom = zoom
        self.center = center
        view.backgroundColor = CGColor(red: 0.08, green: 0.09, blue: 0.11, alpha: 1)
        view.imageLayer.drawsTilesSynchronously = synchronous
    }

    func build(root: CALayer) {
        if view.layer.superlayer == nil {       // offscreen: no host
            root.addSublayer(view.layer)
            view.frame = root.bounds
        }
        if let zoom { view.setZoomScale(zoom) }
        if let center { view.setCenterPoint(center) }
        view.onChange = { v in
            emit("viewer: zoom \(v.zoomScale) center \(v.centerPoint.x) \(v.centerPoint.y)")
        }
    }
}

/// The viewer's own options, taken out of the arguments; the rest go to `runExample`.
struct ViewerArguments {
    var file: String?
    var generated: Int?
    var zoom: CGFloat?
    var center: CGPoint?
    var benchPanZoom = false
    var rest: [String] = []

    init(_ arguments: [String]) throws {
        var i = 0
        func value(_ option: String) throws -> Double {
            i += 1
            guard i < arguments.count, let v = Double(arguments[i]), v.isFinite else {
                throw ExampleOptions.ParseError.missingValue(option)
            }
            return v
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--generated":
                let n = try value("--generated")
                guard n >= 1, n <= Double(1 << 24), n == n.rounded() else { throw ExampleOptions.ParseError.badNumber("--generated", "\(n)") }
                generated = Int(n)
            case "--zoom":
                let z = try value("--zoom")
                guard z > 0 else { throw ExampleOptions.ParseError.badNumber("--zoom", "\(z)") }
                zoom = CGFloat(z)
            case "--bench-pan-zoom":
                benchPanZoom = true
            case "--center":
                let x = try value("--center"), y = try value("--center")
                center = CGPoint(x: x, y: y)
            default:
                rest.append(arguments[i])
            }
            i += 1
        }
        // FILE is the last argument when what precedes it is a complete set of example options
        // (`--snapshot 1 out.png` alone ends with a value, not a file).
        if generated == nil, let last = rest.last, !last.hasPrefix("--"), (try? ExampleOptions(arguments: rest.dropLast())) != nil {
            file = last
            rest.removeLast()
        }
        if generated == nil && file == nil { generated = 20000 }
    }
}

let arguments: ViewerArguments
let source: TiledImageSource
do {
    arguments = try ViewerArguments(Array(CommandLine.arguments.dropFirst()))
    if let n = arguments.generated {
        source = TiledImageSource.generated(width: n, height: n)!
    } else {
        source = try TiledImageSource(contentsOfFile: arguments.file!)
    }
} catch {
    let file = (try? ViewerArguments(Array(CommandLine.arguments.dropFirst())))?.file
    FileHandle.standardError.write(Data("viewer: \(file.map { $0 + ": " } ?? "")\(error)\n".utf8))
    exit(1)
}
if arguments.benchPanZoom {
    PanZoomBench.run(TiledImageView(source: source))
}
let options = try? ExampleOptions(arguments: arguments.rest)
let offscreen = options?.snapshot != nil || options?.record != nil
let scene = Viewer(source: source, zoom: arguments.zoom, center: arguments.center, synchronous: offscreen)
// Tiles at the display's pixel density: offscreen, the --scale given; live, the view follows
// the window's scale by itself (its ViewHost gives it every output's scale).
if offscreen { scene.view.contentScaleFactor = CGFloat(options?.scale ?? 1) }
runExample(scene, arguments: arguments.rest, live: { app, window in
    guard let window else { return }
    scene.host = ViewHost(window: window, application: app, rootView: scene.view)
    _ = scene.view.becomeFirstResponder()
})
