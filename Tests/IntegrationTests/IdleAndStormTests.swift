import Foundation
import XCTest

/// Power and resource behaviour of a live window under sway: no wakeups at rest, and nothing
/// left behind by a storm of resizes.
final class IdleAndStormTests: XCTestCase {
    /// Once the animation has ended, the app sleeps: no thread of it wakes up for a second.
    func testNoWakeupsAtRest() throws {
        let sway = try HeadlessCompositor("sway")
        let hello = try ChildProcess(executable: TestEnvironment.example("hello").path, arguments: ["--exit-after", "60"],
                                     environment: sway.clientEnvironment)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        Thread.sleep(forTimeInterval: 0.3)  // let the last frame's release and feedback arrive
        let before = try contextSwitches(hello.pid)
        Thread.sleep(forTimeInterval: 1.0)
        let after = try contextSwitches(hello.pid)
        XCTAssertEqual(after - before, 0, "threads woke up \(after - before) times while nothing moved")
    }

    /// 1000 compositor-driven resizes: the fd count returns to exactly what it was and resident
    /// memory to within 10 % (allocator slack), so buffers of old sizes are really released.
    func testConfigureStormLeavesNoResidue() throws {
        let sway = try HeadlessCompositor("sway")
        let hello = try ChildProcess(executable: TestEnvironment.example("hello").path, arguments: ["--exit-after", "120", "--report"],
                                     environment: sway.clientEnvironment)
        defer { hello.kill() }
        XCTAssertTrue(hello.waitForLine("strata: resting", timeout: 30), hello.transcript)
        let fds0 = try fdTargets(hello.pid), rss0 = try rssKiB(hello.pid)
        for batch in 0..<10 {
            let commands = (0..<100).map { i in
                "[app_id=strata.hello] resize set \(200 + (batch * 100 + i) % 400) \(150 + (i * 7) % 300)"
            }.joined(separator: "; ")
            let msg = try ChildProcess(executable: "/usr/bin/swaymsg", arguments: [commands], environment: sway.clientEnvironment)
            XCTAssertEqual(msg.waitForExit(timeout: 30), .exited(0), msg.transcript)
        }
        // Back to the original size.
        let back = try ChildProcess(executable: "/usr/bin/swaymsg", arguments: ["[app_id=strata.hello] resize set 400 300"],
                                    environment: sway.clientEnvironment)
        XCTAssertEqual(back.waitForExit(timeout: 30), .exited(0))
        // The storm reached the client (sway coalesces it into a few configures).
        XCTAssertTrue(hello.waitForLines(timeout: 30) { $0.filter { $0.hasPrefix("strata: configure") }.count > 1 },
                      hello.transcript)
        // Wait (deadline, no fixed sleep) for the descriptor count to come back: under load sway
        // may still be configuring a second later, and a new buffer's memfd stays open until its
        // create_pool request is sent. A leak never comes back (one per resize would be
        // hundreds). Not waited for: the configure back to 400×300. Sway 1.7 resizes a floating
        // window about its centre and the rounding of odd sizes moves it; now and then the storm
        // walks it off the output (seen: at (747, 621) on the 800×600 output), and from then on
        // it gets wl_surface.leave, no frame callbacks and none of the remaining resizes.
        XCTAssertNil(hello.waitForExit(timeout: 0), "hello died in the storm:\n\(hello.transcript)")
        var fds1 = try fdTargets(hello.pid)
        let deadline = Date().addingTimeInterval(20)
        while fds1.count != fds0.count, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            fds1 = try fdTargets(hello.pid)
        }
        XCTAssertEqual(fds1.count, fds0.count, "open files before the storm:\n\(fds0.joined(separator: "\n"))\nafter:\n\(fds1.joined(separator: "\n"))")
        let rss1 = try rssKiB(hello.pid)
        XCTAssertLessThanOrEqual(Double(rss1), Double(rss0) * 1.10, "RSS \(rss0) → \(rss1) KiB")
    }

    private func contextSwitches(_ pid: Int32) throws -> Int {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return try tasks.reduce(0) { sum, tid in
            let status = try String(contentsOfFile: "/proc/\(pid)/task/\(tid)/status", encoding: .utf8)
            return sum + field(status, "voluntary_ctxt_switches") + field(status, "nonvoluntary_ctxt_switches")
        }
    }

    /// What each open descriptor of `pid` refers to ("3 -> socket:[1234]"), sorted by number.
    private func fdTargets(_ pid: Int32) throws -> [String] {
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap(Int.init).sorted()
        return fds.map { fd in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "?"
            return "\(fd) -> \(target)"
        }
    }

    private func rssKiB(_ pid: Int32) throws -> Int {
        field(try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8), "VmRSS")
    }

    private func field(_ status: String, _ name: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
