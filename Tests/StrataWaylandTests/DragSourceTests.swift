import Foundation
import Glibc
import Testing
@testable import StrataWayland
import StrataTestSupport

/// Drags started by the app (`Clipboard.startDrag`): what the data source offers, what it
/// serves, and how the drag's end is reported, against the scripted compositor (the whole drag
/// under sway, with a real pointer, is `DragAndDropSwayTests`).
@Suite(.runLoopTurn) struct DragSourceTests {
    /// wl_data_source requests and events.
    static let offer: UInt32 = 0, setActions: UInt32 = 2
    static let send: UInt16 = 1, cancelled: UInt16 = 2, dndFinished: UInt16 = 4, action: UInt16 = 5

    /// The drop fixture with a pointer press on its surface (serial 41): drags may start.
    static func pressed() throws -> DropTests.Fixture {
        let f = try DropTests.Fixture()
        try f.pump()
        let pointer = try #require(f.app.seat?.wlPointer)
        f.compositor.send(to: pointer.id, opcode: PointerOp.enter, [.u(40), .o(f.surface.surface.id), .f(4), .f(4)])
        f.compositor.send(to: pointer.id, opcode: PointerOp.button, [.u(41), .u(5), .u(272), .u(1)])
        f.compositor.send(to: pointer.id, opcode: PointerOp.frame, [])
        try f.pump()
        return f
    }

    /// The id of the latest data source the app created.
    static func source(_ f: DropTests.Fixture) throws -> UInt32 {
        try #require(f.requests(to: f.clipboard.manager.id).last { $0.opcode == 0 }?.words.first)
    }

    /// The source's offer requests' MIME types, and its set_actions argument (nil: none).
    static func offered(_ f: DropTests.Fixture, _ source: UInt32) -> (types: [String], actions: UInt32?) {
        let sent = f.requests(to: source)
        return (sent.filter { $0.opcode == offer }.map { ActivationRequestTests.string($0.words) },
                sent.last { $0.opcode == setActions }?.words.first)
    }

    /// What the source writes when the compositor asks it for `type` (through a pipe, on the
    /// app's loop), up to the end of the data.
    static func read(_ f: DropTests.Fixture, _ source: UInt32, as type: String) throws -> [UInt8] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        f.compositor.send(to: source, opcode: send, [.s(type)], fd: fds[1])
        close(fds[1])
        var bytes: [UInt8] = [], ended = false
        var chunk = [UInt8](repeating: 0, count: 4096)
        try f.app.run(until: {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fds[0], $0.baseAddress, $0.count) }
            if n > 0 { bytes += chunk[0..<n] } else if n == 0 { ended = true }
            return ended
        })
        return bytes
    }

    @Test func aDragOffersEachTypeOnceWithItsOperationsAndServesTheTypeAskedFor() throws {
        let f = try Self.pressed()
        try f.clipboard.startDrag([("application/x-strata-item", [1, 2, 3]), ("text/plain", Array("hi".utf8)),
                                   ("text/plain", [9])],
                                  operations: [.copy, .move], from: f.surface)
        try f.pump()
        let source = try Self.source(f)
        let (types, actions) = Self.offered(f, source)
        #expect(types == ["application/x-strata-item", "text/plain"], "a type listed twice keeps its first data")
        #expect(actions == 3, "copy | move")
        #expect(try Self.read(f, source, as: "application/x-strata-item") == [1, 2, 3])
        #expect(try Self.read(f, source, as: "text/plain") == Array("hi".utf8))
        #expect(try Self.read(f, source, as: "image/png") == [], "a type not offered: the pipe is closed")
    }

    @Test func urlsAreOfferedAsAURIListAndAsText() throws {
        let f = try Self.pressed()
        try f.clipboard.startDrag(urls: [URL(fileURLWithPath: "/tmp/a b.txt"), URL(string: "https://example.org/x")!],
                                  from: f.surface)
        try f.pump()
        let source = try Self.source(f)
        let (types, actions) = Self.offered(f, source)
        #expect(types == ["text/uri-list"] + Clipboard.textMimeTypes)
        #expect(actions == 1, "copy only, by default")
        #expect(String(decoding: try Self.read(f, source, as: "text/uri-list"), as: UTF8.self)
                == "file:///tmp/a%20b.txt\r\nhttps://example.org/x\r\n")
        #expect(String(decoding: try Self.read(f, source, as: "UTF8_STRING"), as: UTF8.self)
                == "file:///tmp/a%20b.txt\nhttps://example.org/x")
    }

    /// The outcome follows the compositor's last `action` before `dnd_finished`; a cancel, or
    /// a new drag replacing an unfinished one, ends it cancelled.
    @Test func theDragEndsCopiedMovedOrCancelled() throws {
        let f = try Self.pressed()
        var ended: [DragOutcome] = []
        f.clipboard.onDragEnded = { ended.append($0) }
        for (actions, finish) in [([UInt32(1), 2], true), ([2, 1], true), ([2], false)] {
            try f.clipboard.startDrag(text: "x", from: f.surface)
            try f.pump()
            let source = try Self.source(f)
            for a in actions { f.compositor.send(to: source, opcode: Self.action, [.u(a)]) }
            f.compositor.send(to: source, opcode: finish ? Self.dndFinished : Self.cancelled, [])
            try f.pump()
        }
        #expect(ended == [.moved, .copied, .cancelled])
        try f.clipboard.startDrag(text: "first", from: f.surface)
        try f.clipboard.startDrag(text: "second", from: f.surface)
        #expect(ended.last == .cancelled && ended.count == 4, "the first drag was replaced")
        #expect(ended.map(\.isTaken) == [true, true, false, false])
    }

    @Test func aDragOfNothingOrWithNoOperationIsAnErrorAndStartsNothing() throws {
        let f = try DropTests.Fixture()
        try f.pump()
        #expect(throws: Clipboard.ClipboardError.nothingToDrag) { try f.clipboard.startDrag([], from: f.surface) }
        #expect(throws: Clipboard.ClipboardError.nothingToDrag) {
            try f.clipboard.startDrag([("text/plain", [1])], operations: [], from: f.surface)
        }
        #expect(throws: Clipboard.ClipboardError.nothingToDrag) { try f.clipboard.startDrag(urls: [], from: f.surface) }
        #expect(throws: Clipboard.ClipboardError.noUserAction) { try f.clipboard.startDrag(text: "x", from: f.surface) }
        try f.pump()
        #expect(f.requests(to: f.clipboard.manager.id).allSatisfy { $0.opcode != 0 }, "no data source made")
    }
}
