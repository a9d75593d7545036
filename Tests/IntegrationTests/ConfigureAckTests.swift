import Foundation
import XCTest

/// xdg-shell: "the commit after an ack_configure is the client's answer to that configure".
/// A window whose render thread is busy drawing must not let a frame of the old size follow the
/// ack — weston ends the connection when a maximized or fullscreen window answers with another
/// size, and every compositor shows the old frame as the new state. The ack is sent from the
/// render thread right before the frame at the new size (`Toplevel.acksOnArrival`).
final class ConfigureAckTests: XCTestCase {
    /// `stress` (300 moving layers, so frames keep the render thread busy) under sway, resized 30
    /// times; its WAYLAND_DEBUG trace then shows, for every acked configure, the buffer attached
    /// when the surface is next committed: it must have the configured size (scale 1). Before the
    /// ack moved to the render thread, nearly every one carried the size before (sway then sent
    /// the old size back, and the window went to and fro between the two).
    func testEveryAckedConfigureIsAnsweredAtItsSize() throws {
        let sway = try HeadlessCompositor("sway")
        var env = sway.clientEnvironment
        env["WAYLAND_DEBUG"] = "client"
        env["STRATA_DEBUG"] = ""
        let app = try ChildProcess(executable: TestEnvironment.example("stress").path,
                                   arguments: ["--layers", "300", "--exit-after", "60", "--report"], environment: env)
        defer { app.kill() }
        // Mapped: the first frame is committed (sway finds the window by app id from then on).
        XCTAssertTrue(app.waitForStandardError(timeout: 30) { lines in
            lines.contains { $0.contains(" -> wl_surface@") && $0.contains(".attach(wl_buffer@") }
        }, app.transcript)
        func configures(_ lines: [String]) -> Int {
            lines.filter { !$0.contains(" -> ") && $0.contains("xdg_toplevel@") && $0.contains(".configure(") }.count
        }
        for i in 0..<30 {
            let w = 500 + (i * 37) % 300, h = 300 + (i * 53) % 250
            var seen = 0
            _ = app.waitForStandardError(timeout: 0) { seen = configures($0); return true }
            // sway knows the window by its app id once it is mapped (a deadline, not a sleep).
            var msg = try ChildProcess(executable: "/usr/bin/swaymsg", arguments: ["[app_id=strata.stress] resize set \(w) \(h)"],
                                       environment: sway.clientEnvironment)
            let deadline = Date(timeIntervalSinceNow: 10)
            while msg.waitForExit(timeout: 30) != .exited(0), Date() < deadline {
                msg = try ChildProcess(executable: "/usr/bin/swaymsg", arguments: ["[app_id=strata.stress] resize set \(w) \(h)"],
                                       environment: sway.clientEnvironment)
            }
            XCTAssertEqual(msg.waitForExit(timeout: 30), .exited(0), msg.transcript)
            // The next resize once this one's configure has been acked and a frame committed after
            // it (a deadline, not a sleep): sway sends no configure for a resize made while it
            // waits for the client's answer to the one before. Now and then sway sends none for a
            // resize at all (seen for one of the 30, the same one in every run): not waited for
            // longer than 3 s, and counted below.
            _ = app.waitForStandardError(timeout: 3) { lines in
                guard configures(lines) > seen,
                      let c = lines.lastIndex(where: { !$0.contains(" -> ") && $0.contains("xdg_toplevel@") && $0.contains(".configure(") }),
                      let a = lines[c...].firstIndex(where: { $0.contains(".ack_configure(") }) else { return false }
                return lines[a...].contains { $0.contains(" -> wl_surface@") && $0.contains(".commit()") }
            }
        }
        // Let the last configure's frame reach the trace.
        let lastCommitted = app.waitForStandardError(timeout: 10) { lines in
            guard let ack = lines.lastIndex(where: { $0.contains(".ack_configure(") }) else { return false }
            return lines[ack...].contains { $0.contains("wl_surface@") && $0.contains(".commit()") }
        }
        XCTAssertTrue(lastCommitted, "no commit after the last ack")
        app.kill()
        _ = app.waitForExit(timeout: 10)
        let answers = Self.answers(app.standardError)
        XCTAssertGreaterThanOrEqual(answers.count, 25, "acked configures answered: \(answers.count)")
        let wrong = answers.filter { $0.configured != $0.committed }
        XCTAssertTrue(wrong.isEmpty, "commits after an ack with a buffer of another size: \(wrong)")
    }

    struct Answer: CustomStringConvertible {
        var serial: String
        var configured: [Int]
        var committed: [Int]
        var description: String { "serial \(serial): configured \(configured), committed \(committed)" }
    }

    /// From a client's WAYLAND_DEBUG trace: for every `xdg_surface.ack_configure` of a configure
    /// with a size, the configured size and that of the buffer on the toplevel's surface when it
    /// is next committed.
    static func answers(_ trace: String) -> [Answer] {
        func object(_ line: Substring, _ interface: String) -> String? {
            guard let r = line.range(of: interface + "@") else { return nil }
            return String(line[r.upperBound...].prefix { $0.isNumber })
        }
        func arguments(_ line: Substring) -> [Substring] {
            guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { return [] }
            return line[line.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces)[...] }
        }
        var xdgSurface: String?, wlSurface: String?
        var bufferSizes: [String: [Int]] = [:]   // wl_buffer id → [width, height]
        var toplevelSize: [Int] = [0, 0]
        var configured: [String: [Int]] = [:]    // serial → size
        var current: [Int] = []                  // the size of the buffer attached last
        var waiting: (serial: String, size: [Int])?
        var out: [Answer] = []
        for line in trace.split(separator: "\n") {
            if line.contains(".get_xdg_surface(new id xdg_surface@") {
                xdgSurface = object(line[line.range(of: "new id")!.upperBound...], "xdg_surface")
                wlSurface = object(line[line.range(of: "new id")!.upperBound...], "wl_surface")
            } else if line.contains(".create_buffer(new id wl_buffer@") {
                let a = arguments(line)
                if a.count >= 4, let id = object(a[0], "wl_buffer"), let w = Int(a[2]), let h = Int(a[3]) { bufferSizes[id] = [w, h] }
            } else if !line.contains(" -> "), line.contains("xdg_toplevel@"), line.contains(".configure(") {
                let a = arguments(line)
                if a.count >= 2, let w = Int(a[0]), let h = Int(a[1]) { toplevelSize = [w, h] }
            } else if let s = xdgSurface, !line.contains(" -> "), line.contains("xdg_surface@\(s).configure(") {
                if let serial = arguments(line).first { configured[String(serial)] = toplevelSize }
            } else if let s = xdgSurface, line.contains(" -> xdg_surface@\(s).ack_configure(") {
                if let serial = arguments(line).first.map(String.init), let size = configured[serial], size[0] > 0, size[1] > 0 {
                    waiting = (serial, size)
                } else {
                    waiting = nil
                }
            } else if let s = wlSurface, line.contains(" -> wl_surface@\(s).attach(") {
                if let b = arguments(line).first.flatMap({ object($0, "wl_buffer") }), let size = bufferSizes[b] { current = size }
            } else if let s = wlSurface, line.contains(" -> wl_surface@\(s).commit()") {
                if let w = waiting {
                    out.append(Answer(serial: w.serial, configured: w.size, committed: current))
                    waiting = nil
                }
            }
        }
        return out
    }
}
