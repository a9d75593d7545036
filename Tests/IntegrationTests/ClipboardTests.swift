import Foundation
import StrataWayland
import XCTest

/// Copy and paste of text through the Wayland selection under headless sway, against another
/// client (`wl-copy`/`wl-paste` from wl-clipboard) and against the app itself: exact UTF-8
/// round trips, non-ASCII included, and a text larger than a pipe's buffer.
/// `examples/clipboard` copies on Ctrl+C and pastes on Ctrl+V, typed with `wtype`. Before
/// anything reads the selection, the test waits for the app's `selection:` line saying whose
/// it is: the compositor announces a selection only once it holds it (a copy's own line is
/// printed before the request even leaves the app, and wl-copy starts in parallel).
final class ClipboardTests: XCTestCase {
    static let copied = "Grüße, 世界 ✓"
    static let other = "Ünïcødé ✓ 𝄞 — ﬁn"

    func testTextRoundTripsThroughTheSelectionUnderSway() throws {
        try requireWlClipboard()
        let sway = try HeadlessCompositor("sway")
        let app = try launch(in: sway)
        defer { app.kill() }
        let lines = PrefixedLines(app, prefix: "clipboard:")

        // Our copy, read by another client: the exact bytes.
        try type(["-M", "ctrl", "c", "-m", "ctrl"], in: sway)
        XCTAssertEqual(lines.next("copy"), "clipboard: copied \(Self.copied.utf8.count)")
        waitForSelection("ours", of: app)
        XCTAssertEqual(try run("/usr/bin/wl-paste", ["--no-newline"], in: sway), Array(Self.copied.utf8))

        // Another client's copy, pasted by us.
        let wlCopy = try ChildProcess(executable: "/usr/bin/wl-copy", arguments: ["--foreground", Self.other],
                                      environment: sway.clientEnvironment)
        defer { wlCopy.kill() }
        waitForSelection("another client's text", of: app)
        XCTAssertEqual(try run("/usr/bin/wl-paste", ["--no-newline"], in: sway), Array(Self.other.utf8),
                       "wl-copy holds the selection")
        try type(["-M", "ctrl", "v", "-m", "ctrl"], in: sway)
        XCTAssertEqual(lines.next("paste of wl-copy's text"), "clipboard: pasted \(Self.other)")

        // Our own copy pasted by us: through the compositor and a pipe we both write and read.
        try type(["-M", "ctrl", "c", "-m", "ctrl"], in: sway)
        XCTAssertEqual(lines.next("copy again"), "clipboard: copied \(Self.copied.utf8.count)")
        waitForSelection("ours", of: app)
        try type(["-M", "ctrl", "v", "-m", "ctrl"], in: sway)
        XCTAssertEqual(lines.next("own paste"), "clipboard: pasted \(Self.copied)")
    }

    /// 10 000 copies of the text (190 000 bytes, three times a pipe's 64 KiB buffer): pasting it
    /// into the app that copied it must not deadlock the one thread that writes and reads.
    func testALargeOwnCopyPastesWithoutBlockingUnderSway() throws {
        try requireWlClipboard()
        let sway = try HeadlessCompositor("sway")
        let app = try launch(["--repeat", "10000"], in: sway)
        defer { app.kill() }
        let lines = PrefixedLines(app, prefix: "clipboard:")
        try type(["-M", "ctrl", "c", "-m", "ctrl"], in: sway)
        XCTAssertEqual(lines.next("copy"), "clipboard: copied 190000")
        waitForSelection("ours", of: app)
        try type(["-M", "ctrl", "v", "-m", "ctrl"], in: sway)
        XCTAssertEqual(lines.next("paste"), "clipboard: pasted 190000 bytes, equal to the copy")
        let read = try run("/usr/bin/wl-paste", ["--no-newline"], in: sway)
        XCTAssertEqual(read, Array(String(repeating: Self.copied, count: 10000).utf8))
    }

    /// The primary selection (`Pasteboard.primary`), beside the clipboard: the app's selection
    /// read by wl-paste --primary, exactly; another client's (wl-copy --primary) pasted by a
    /// middle click; and the clipboard untouched by either.
    func testThePrimarySelectionRoundTripsUnderSway() throws {
        try requireWlClipboard()
        let sway = try HeadlessCompositor("sway")
        let vp = try SeatVirtualPointer(compositor: sway)
        let app = try launch(in: sway)
        defer { app.kill() }
        let lines = PrefixedLines(app, prefix: "clipboard:")

        try type(["-M", "ctrl", "p", "-m", "ctrl"], in: sway)
        XCTAssertEqual(lines.next("select"), "clipboard: selected \(Self.copied.utf8.count)")
        waitFor("primary: ours", of: app)
        XCTAssertEqual(try run("/usr/bin/wl-paste", ["--primary", "--no-newline"], in: sway), Array(Self.copied.utf8))

        let wlCopy = try ChildProcess(executable: "/usr/bin/wl-copy", arguments: ["--primary", "--foreground", Self.other],
                                      environment: sway.clientEnvironment)
        defer { wlCopy.kill() }
        waitFor("primary: another client's text", of: app)
        try vp.move(to: 200, 150)
        try vp.frame { p, t in p.button(time: t, button: PointerButton.middle, state: .pressed) }
        try vp.frame { p, t in p.button(time: t, button: PointerButton.middle, state: .released) }
        XCTAssertEqual(lines.next("middle click"), "clipboard: pasted primary \(Self.other)")
        // Neither touched the clipboard: a paste finds nothing there.
        try type(["-M", "ctrl", "v", "-m", "ctrl"], in: sway)
        XCTAssertEqual(lines.next("clipboard paste"), "clipboard: pasted nothing")
        XCTAssertFalse(app.lines.contains { $0.hasPrefix("selection: ours") || $0.hasPrefix("selection: another") }, app.transcript)
    }

    /// Starts `examples/clipboard` with `arguments` and waits until its window is shown.
    private func launch(_ arguments: [String] = [], in sway: HeadlessCompositor, file: StaticString = #filePath,
                        line: UInt = #line) throws -> ChildProcess {
        let app = try ChildProcess(executable: try TestEnvironment.example("clipboard").path,
                                   arguments: arguments + ["--exit-after", "90"], environment: sway.clientEnvironment)
        XCTAssertTrue(app.waitForLine("strata: shown", timeout: 30), app.transcript, file: file, line: line)
        return app
    }

    private func requireWlClipboard() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/wl-paste") else {
            if TestEnvironment.isCI { XCTFail("CI=true and wl-clipboard (wl-copy, wl-paste) is not installed") }
            throw XCTSkip("wl-clipboard (wl-copy, wl-paste) is not installed")
        }
    }

    /// Waits until the app's latest `selection:` line is `selection: <owner>`.
    private func waitForSelection(_ owner: String, of app: ChildProcess, file: StaticString = #filePath, line: UInt = #line) {
        waitFor("selection: \(owner)", of: app, file: file, line: line)
    }

    /// Waits until the app's latest line with `expected`'s prefix (up to its colon) is `expected`.
    private func waitFor(_ expected: String, of app: ChildProcess, file: StaticString = #filePath, line: UInt = #line) {
        let prefix = expected.prefix { $0 != ":" } + ":"
        let seen = app.waitForLines(timeout: 10) { $0.last(where: { $0.hasPrefix(prefix) }) == expected }
        XCTAssertTrue(seen, "no '\(expected)' line\n\(app.transcript)", file: file, line: line)
    }

    /// Types with wtype (-s 200: the first key must not land in wl_keyboard.enter's key array).
    private func type(_ arguments: [String], in sway: HeadlessCompositor) throws {
        let wtype = try ChildProcess(executable: "/usr/bin/wtype", arguments: ["-s", "200"] + arguments,
                                     environment: sway.clientEnvironment)
        XCTAssertEqual(wtype.waitForExit(timeout: 30), .exited(0), wtype.transcript)
    }

    /// Runs a tool to its end and returns its stdout bytes exactly (through a file: the
    /// harness reads output as lines of text).
    private func run(_ tool: String, _ arguments: [String], in sway: HeadlessCompositor) throws -> [UInt8] {
        let out = TestEnvironment.artifact("clipboard-\((tool as NSString).lastPathComponent).out")
        let p = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "out=$1; shift; exec \"$@\" > \"$out\"", "sh", out.path, tool] + arguments,
                                 environment: sway.clientEnvironment)
        XCTAssertEqual(p.waitForExit(timeout: 30), .exited(0), p.transcript)
        return Array(try Data(contentsOf: out))
    }
}
