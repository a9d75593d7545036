import Foundation
import Strata
@testable import StrataUI
import Testing
@testable import StrataWayland
import StrataTestSupport

/// Views taking drops (`DropInteraction`): the data device's drag, written by the scripted
/// compositor, routed to the interactions of the views under it, whose answers become the
/// offer's accept and set_actions; the drop's data, read through the pipe, reaches the target's
/// `loadObjects`.
@Suite(.runLoopTurn) struct DropInteractionTests {
    static let sourceActionsEvent: UInt16 = 1

    /// A delegate that logs each call and answers `proposal` (and `handles` to canHandle).
    final class Target: DropInteractionDelegate {
        let name: String
        var proposal: DropOperation
        var handles = true
        let log: Log
        var loaded: [[URL]] = []

        init(_ name: String, _ proposal: DropOperation, log: Log) {
            self.name = name
            self.proposal = proposal
            self.log = log
        }

        func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
            log.lines.append("\(name) canHandle \(session.types) move=\(session.allowsMoveOperation)")
            return handles
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
            log.lines.append("\(name) enter")
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
            let p = session.location(in: interaction.view!)
            log.lines.append("\(name) update \(p.x),\(p.y)")
            return DropProposal(operation: proposal)
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
            log.lines.append("\(name) exit")
        }
        func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
            log.lines.append("\(name) perform")
            session.loadObjects(ofClass: URL.self) { [self] urls in
                log.lines.append("\(name) loaded \(urls.map(\.absoluteString))")
            }
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
            log.lines.append("\(name) end")
        }
    }

    final class Log { var lines: [String] = [] }

    /// A 400×300 root: `left` (0…200) copies; `right` (200…400, a child `inner` at its top
    /// left, 100×100, without an interaction) moves; the root refuses nothing but has no
    /// interaction.
    final class Scene {
        let f: DropTests.Fixture
        let log = Log()
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let left = View(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        let right = View(frame: CGRect(x: 200, y: 0, width: 200, height: 300))
        let inner = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let leftTarget: Target, rightTarget: Target

        init() throws {
            f = try DropTests.Fixture()
            leftTarget = Target("left", .copy, log: log)
            rightTarget = Target("right", .move, log: log)
            root.addSubview(left)
            root.addSubview(right)
            right.addSubview(inner)
            left.addInteraction(DropInteraction(delegate: leftTarget))
            right.addInteraction(DropInteraction(delegate: rightTarget))
            // Below a 30-point title bar, as in a window drawing its own.
            _DropRouter.shared(for: f.clipboard).register(surface: f.surface, root: root) { CGPoint(x: 0, y: 30) }
        }

        /// Offer `id` with `types`, the source allowing `actions` (copy and move), entering at
        /// (x, y).
        func enter(_ id: UInt32, types: [String], actions: UInt32 = 3, x: Double, y: Double) throws {
            let device = f.clipboard.device.id
            f.compositor.send(to: device, opcode: DropTests.dataOffer, [.u(id)])
            for t in types { f.compositor.send(to: id, opcode: DropTests.offerEvent, [.s(t)]) }
            f.compositor.send(to: id, opcode: DropInteractionTests.sourceActionsEvent, [.u(actions)])
            f.compositor.send(to: device, opcode: DropTests.enter, [.u(7), .o(f.surface.surface.id), .f(x), .f(y), .o(id)])
            try f.pump()
        }

        /// The offer's accept and set_actions requests so far, as "accept TYPE" / "actions A P".
        func told(_ id: UInt32) -> [String] {
            f.requests(to: id).compactMap { r in
                switch r.opcode {
                case DropTests.accept:
                    r.words.count > 1 && r.words[1] > 0 ? "accept \(ActivationRequestTests.string(Array(r.words.dropFirst())))" : "accept none"
                case DropTests.setActions: "actions \(r.words[0]) \(r.words[1])"
                default: nil
                }
            }
        }
    }

    @Test func theViewUnderTheDragDecidesAndItsDropIsLoaded() throws {
        let s = try Scene()
        let id: UInt32 = 0xff00_0000
        try s.enter(id, types: ["text/uri-list", "text/plain"], x: 10, y: 50)
        #expect(s.log.lines == ["left canHandle [\"text/uri-list\", \"text/plain\"] move=true", "left enter", "left update 10.0,20.0"])
        #expect(s.told(id) == ["accept text/uri-list", "actions 1 1"], "copy")
        // Over `inner`, whose nearest ancestor with an interaction is `right`: it moves.
        s.log.lines = []
        try s.f.device(DropTests.motion, [.u(1), .f(250), .f(60)])
        #expect(s.log.lines == ["right canHandle [\"text/uri-list\", \"text/plain\"] move=true", "left exit", "right enter",
                                "right update 50.0,30.0"])
        #expect(s.told(id).suffix(2) == ["accept text/uri-list", "actions 2 2"], "move")
        // Moving on over `right`: asked again; the same answer tells the offer nothing new.
        s.log.lines = []
        let before = s.told(id).count
        try s.f.device(DropTests.motion, [.u(2), .f(300), .f(200)])
        #expect(s.log.lines == ["right update 100.0,170.0"])
        #expect(s.told(id).count == before)
        // Dropped (the compositor chose move): performDrop, then the data, read through the
        // pipe, completes the load, and the session ends for both interactions it entered.
        s.log.lines = []
        s.f.compositor.receivedFDPayload = Array("file:///tmp/a%20b.txt\r\nhttps://example.org/\r\n".utf8)
        s.f.compositor.send(to: id, opcode: DropTests.actionEvent, [.u(2)])
        try s.f.device(DropTests.drop)
        try s.f.app.run(until: { s.log.lines.contains("left end") })
        // finish and destroy are queued before the callbacks run; a roundtrip makes sure the
        // compositor has read them (without it, 1 run in CI saw only up to receive).
        try s.f.pump()
        #expect(s.log.lines == ["right perform", "right loaded [\"file:///tmp/a%20b.txt\", \"https://example.org/\"]",
                                "left end", "right end"])
        #expect(s.f.requests(to: id).map(\.opcode).suffix(3) == [DropTests.receive, DropTests.finish, DropTests.destroy])
    }

    /// No interaction under the drag, one that cannot handle it, one that cancels or forbids,
    /// or a move the source does not allow (then a copy): what the offer is told.
    /// A drag entering while the previous drop's data is still being read starts a session of
    /// its own; the first one's load completes with its data when it comes.
    @Test func aNewDragDuringTheReadOfADropKeepsBothSessionsApart() throws {
        let s = try Scene()
        let first: UInt32 = 0xff00_0000, second: UInt32 = 0xff00_0001
        try s.enter(first, types: ["text/uri-list"], x: 10, y: 50)
        s.f.compositor.send(to: first, opcode: DropTests.actionEvent, [.u(1)])
        s.f.compositor.receivedFDPayload = Array("https://example.org/\r\n".utf8)
        s.f.compositor.send(to: s.f.clipboard.device.id, opcode: DropTests.drop, [])
        // Before the main loop reads the pipe, the next drag enters over `right`.
        try s.enter(second, types: ["text/uri-list"], x: 250, y: 50)
        try s.f.app.run(until: { s.log.lines.contains { $0.hasPrefix("left loaded") } })
        #expect(s.log.lines.filter { $0.hasPrefix("left") }
                == ["left canHandle [\"text/uri-list\"] move=true", "left enter", "left update 10.0,20.0", "left perform",
                    "left loaded [\"https://example.org/\"]", "left end"])
        #expect(s.log.lines.filter { $0.hasPrefix("right") }
                == ["right canHandle [\"text/uri-list\"] move=true", "right enter", "right update 50.0,20.0"])
    }

    @Test func refusalsAndMovesNotAllowed() throws {
        let s = try Scene()
        s.rightTarget.handles = false
        let id: UInt32 = 0xff00_0000
        // A source that only copies, entering over `right`, which cannot handle the drag.
        try s.enter(id, types: ["text/plain"], actions: 1, x: 250, y: 50)
        #expect(s.log.lines == ["right canHandle [\"text/plain\"] move=false"])
        #expect(s.told(id) == ["accept none", "actions 0 0"])
        s.leftTarget.proposal = .forbidden
        try s.f.device(DropTests.motion, [.u(1), .f(20), .f(50)])
        #expect(s.told(id) == ["accept none", "actions 0 0"], "forbidden: still refused, nothing new said")
        s.leftTarget.proposal = .move
        try s.f.device(DropTests.motion, [.u(2), .f(30), .f(50)])
        #expect(s.told(id).suffix(2) == ["accept text/plain", "actions 1 1"], "a move the source does not allow: a copy")
        s.leftTarget.proposal = .cancel
        try s.f.device(DropTests.motion, [.u(3), .f(40), .f(50)])
        #expect(s.told(id).suffix(2) == ["accept none", "actions 0 0"])
        // Dropped where refused: the drag is over (exit and end), no perform, nothing read.
        s.log.lines = []
        try s.f.device(DropTests.drop)
        #expect(s.log.lines == ["left exit", "left end"])
        #expect(!s.f.requests(to: id).contains { $0.opcode == DropTests.receive })
        try s.f.device(DropTests.leave)
        #expect(s.log.lines == ["left exit", "left end"], "the leave after it changes nothing")
    }
}
