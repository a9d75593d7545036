// inputprobe: opens a window and prints every input event the seat delivers for it, one line
// each (the events' `description`: no timestamps or serials, so runs compare exactly).
//
//   inputprobe [--size WxH] [--exit-after SECONDS]
//   inputprobe [--size WxH] --snapshot T OUT.png | --record OUT.png [--duration D] [--fps F]
//
// Besides events it prints:
//   inputprobe: mapped                 the first frame was committed (the window can get focus)
//   seat pointer keyboard touch        the seat's capabilities, once the compositor has processed
//                                      the device requests they caused (events can follow)
//
// It runs its own live loop (not `runExample`'s, which prints status lines the input tests would
// have to tell from events), so of the other example options only the offscreen ones apply: the
// window is one flat colour and never animates, so a snapshot or recording shows just that.
import ExampleSupport
import Foundation
import Strata
import StrataWayland

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("inputprobe: \(message)\n".utf8))
    exit(1)
}

/// The window's content: a flat background.
final class ProbeScene: ExampleScene {
    let title = "inputprobe"
    let width: Int, height: Int
    init(width: Int, height: Int) { self.width = width; self.height = height }
    func build(root: CALayer) { root.backgroundColor = CGColor(red: 0.15, green: 0.2, blue: 0.3, alpha: 1) }
}

var width = 800, height = 600
var arguments = Array(CommandLine.arguments.dropFirst())
if let i = arguments.firstIndex(of: "--size") {
    let parts = (i + 1 < arguments.count ? arguments[i + 1] : "").split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 16384 }) else { fail("--size needs WxH") }
    width = parts[0]
    height = parts[1]
    arguments.removeSubrange(i...(i + 1))
}
let options: ExampleOptions
do { options = try ExampleOptions(arguments: arguments) } catch { fail("\(error)") }
let scene = ProbeScene(width: width, height: height)
do { try renderOffscreenIfAsked(scene, options: options) } catch { fail("\(error)") }

final class MappedOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func fire() {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        done = true
        emit("inputprobe: mapped")
    }
}

do {
    let app = try Application()
    let window = try Window(application: app, title: "inputprobe", appID: "strata.inputprobe", width: width, height: height)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    scene.build(root: window.layer)
    CATransaction.commit()
    let mapped = MappedOnce()
    window.onFrameCommitted { _ in mapped.fire() }
    guard let seat = app.seat else { fail("the compositor offers no wl_seat") }
    var syncs: [WlCallback] = []
    func announce(_ caps: WlSeat.Capability) {
        // Announce the devices only once the compositor has processed their creation, so a
        // test that injects input after this line cannot race the get_pointer/get_keyboard.
        let names = [(WlSeat.Capability.pointer, "pointer"), (.keyboard, "keyboard"), (.touch, "touch")]
            .filter { caps.contains($0.0) }.map(\.1)
        let cb = app.display.connection.sync()
        cb.onEvent = { [unowned cb] _ in
            emit((["seat"] + names).joined(separator: " "))
            syncs.removeAll { $0 === cb }
        }
        syncs.append(cb)
    }
    announce(seat.capabilities)
    seat.onCapabilitiesChanged = { announce($0) }
    // The window's input: the application's seat routes this surface's events here (content
    // coordinates: the same as the surface's where the compositor draws the decorations).
    window.onInput = { emit($0.description) }
    if let exitAfter = options.exitAfter { app.after(exitAfter) { app.stop() } }
    try app.run()
    withExtendedLifetime(window) {}
} catch {
    fail("\(error)")
}
