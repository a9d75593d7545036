// inputprobe: opens a window and prints every input event the seat delivers for it, one line
// each (the events' `description`: no timestamps or serials, so runs compare exactly).
//
//   inputprobe [--size WxH] [--exit-after SECONDS]
//
// Besides events it prints:
//   inputprobe: mapped                 the first frame was committed (the window can get focus)
//   seat pointer keyboard touch        the seat's capabilities, once the compositor has processed
//                                      the device requests they caused (events can follow)
import Foundation
import Strata
import StrataWayland

func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("inputprobe: \(message)\n".utf8))
    exit(1)
}

var width = 800, height = 600
var exitAfter: Double?
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--size":
        let parts = (args.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 16384 }) else { fail("--size needs WxH") }
        width = parts[0]
        height = parts[1]
    case "--exit-after":
        guard let s = args.popFirst().flatMap(Double.init), s.isFinite, s >= 0 else { fail("--exit-after needs seconds") }
        exitAfter = s
    default:
        fail("unknown option \(a)")
    }
}

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
    window.layer.backgroundColor = CGColor(red: 0.15, green: 0.2, blue: 0.3, alpha: 1)
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
    if let exitAfter { app.after(exitAfter) { app.stop() } }
    try app.run()
    withExtendedLifetime(window) {}
} catch {
    fail("\(error)")
}
