// menu: popup menus (xdg_popup placed by a positioner, hosted by StrataUI's ViewHost) and the
// window the popup tests click through.
//
// A 640×480 window (#202830) with two buttons (#3a6ea5):
// - "open": 100×30 at (20, 20); its menu opens below it, left edges aligned;
// - "corner": 100×40 at (540, 440); its menu opens below it, left edges aligned, unless that
//   leaves the output: then the compositor flips it (constraint adjustment).
// With --layer the buttons live in a 60-point wlr-layer-shell bar along the top of the output
// instead (only "open" fits), and the menus are the bar's popups (layer_surface.get_popup).
// Each menu is 200×90 (#d8dce0) with three 30-point rows "alpha", "beta", "gamma".
// Lines printed:
//   menu: pointer entered     the pointer first entered the window (or bar): input arrives
//   menu: popup X Y WxH       a menu was configured (X, Y in the window's content coordinates)
//   menu: shown               the menu's first frame reached the compositor
//   menu: chose NAME          a row was clicked (the menu closes)
//   menu: closed              a press in the window outside the open menu closed it (the
//                             compositor leaves clicks on the app's own surfaces to the app)
//   menu: dismissed           the compositor dismissed the menu (a click outside the app)
import ExampleSupport
import Foundation
import Strata
import StrataUI
import StrataWayland

func rgb(_ r: Double, _ g: Double, _ b: Double) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

/// A view that runs `action` on each button press.
final class Button: View {
    var action: () -> Void
    var onEnter: (() -> Void)?

    override func pointerEntered(_ event: HoverEvent) {
        onEnter?()
        onEnter = nil
    }

    init(frame: CGRect, color: CGColor, action: @escaping () -> Void) {
        self.action = action
        super.init(frame: frame)
        backgroundColor = color
    }

    override func buttonDown(_ event: ButtonEvent) { action() }
}

/// True exactly once, from any thread.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func first() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { done = true }
        return !done
    }
}

final class Menus: ExampleScene {
    let title = "menu", width = 640, height = 480
    let rootView = Button(frame: .zero, color: rgb(0x20 / 255, 0x28 / 255, 0x30 / 255)) {}
    var host: ViewHost?
    var menu: (popup: PopupWindow, host: ViewHost)?
    weak var app: Application?
    /// What menus hang from: the window, or the layer-shell bar.
    var parent: PopupWindow.Parent?

    func build(root: CALayer) {
        if rootView.layer.superlayer == nil {       // offscreen snapshot: no host
            root.addSublayer(rootView.layer)
            rootView.frame = root.bounds
        }
        let blue = rgb(0.23, 0.43, 0.65)
        for frame in [CGRect(x: 20, y: 20, width: 100, height: 30), CGRect(x: 540, y: 440, width: 100, height: 40)] {
            rootView.addSubview(Button(frame: frame, color: blue) { [unowned self] in self.open(below: frame) })
        }
    }

    /// A press on the window itself (not a button) while a menu is open closes the menu.
    func pressedOutside() {
        guard menu != nil else { return }
        emit("menu: closed")
        closeMenu()
    }

    func open(below anchor: CGRect) {
        guard let app, let parent else { return }
        menu?.popup.close()
        menu = nil
        let placement = Popup.Placement(width: 200, height: 90, anchorRect: (Int(anchor.minX), Int(anchor.minY),
                                                                              Int(anchor.width), Int(anchor.height)))
        guard let popup = try? PopupWindow(application: app, parent: parent, placement: placement) else {
            emit("menu: popup failed")
            return
        }
        let host = ViewHost(popup: popup, application: app)
        host.rootView.backgroundColor = rgb(0xd8 / 255, 0xdc / 255, 0xe0 / 255)
        for (i, name) in ["alpha", "beta", "gamma"].enumerated() {
            let row = Button(frame: CGRect(x: 0, y: 30 * i, width: 200, height: 30), color: rgb(0xd8 / 255, 0xdc / 255, 0xe0 / 255)) {
                [unowned self, weak popup] in
                emit("menu: chose \(name)")
                // Not from inside the popup's own event delivery: on the next loop turn. Input
                // already queued runs first — a press that opens another menu may come before
                // this turn — so close this menu, not whichever menu is open by then.
                self.app?.after(0) { [weak self, weak popup] in
                    guard let self, let popup, self.menu?.popup === popup else { return }
                    self.closeMenu()
                }
            }
            host.rootView.addSubview(row)
        }
        let layout = popup.onConfigure  // the host's: keep it
        popup.onConfigure = { [unowned popup] in
            layout?()
            emit("menu: popup \(popup.x) \(popup.y) \(popup.width)x\(popup.height)")
        }
        let once = Once(), loop = app.loop, connection = app.display.connection
        popup.onFrameCommitted { _ in
            guard once.first() else { return }
            loop.post {
                try? connection.roundtrip()
                emit("menu: shown")
            }
        }
        popup.onDismissed = { [unowned self] in
            emit("menu: dismissed")
            self.closeMenu()
        }
        menu = (popup, host)
    }

    func closeMenu() {
        menu?.popup.close()
        menu = nil
    }
}

let scene = Menus()
if CommandLine.arguments.contains("--layer") {
    runInLayerShellBar(scene)
}
runExample(scene, live: { app, window in
    guard let window else { return }
    scene.app = app
    scene.parent = .window(window)
    scene.host = ViewHost(window: window, application: app, rootView: scene.rootView)
    scene.rootView.action = { [unowned scene] in scene.pressedOutside() }
    scene.rootView.onEnter = { emit("menu: pointer entered") }
})

/// `--layer [--exit-after S]`: the buttons in a 60-point bar along the top of the output.
/// Prints `strata: shown` after the bar's first frame.
func runInLayerShellBar(_ scene: Menus) -> Never {
    var exitAfter: Double?
    if let i = CommandLine.arguments.firstIndex(of: "--exit-after"), i + 1 < CommandLine.arguments.count {
        exitAfter = Double(CommandLine.arguments[i + 1])
    }
    do {
        let app = try Application()
        var config = LayerSurface.Configuration()
        config.anchor = [.top, .left, .right]
        config.height = 60
        config.namespace = "menu"
        let bar = try LayerShellWindow(application: app, configuration: config)
        scene.app = app
        scene.parent = .layerShellWindow(bar)
        scene.host = ViewHost(layerShellWindow: bar, application: app, rootView: scene.rootView)
        scene.rootView.action = { [unowned scene] in scene.pressedOutside() }
        scene.rootView.onEnter = { emit("menu: pointer entered") }
        scene.build(root: bar.layer)
        let once = Once(), loop = app.loop, connection = app.display.connection
        bar.onFrameCommitted { _ in
            guard once.first() else { return }
            loop.post {
                try? connection.roundtrip()
                emit("strata: shown")
            }
        }
        if let t = exitAfter { app.after(t) { app.stop() } }
        try withExtendedLifetime(bar) { try app.run() }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("menu: \(error)\n".utf8))
        exit(1)
    }
}
