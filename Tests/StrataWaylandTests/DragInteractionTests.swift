import Foundation
import Strata
@testable import StrataUI
import Testing
@testable import StrataWayland
import StrataTestSupport

/// Drags out of views (`DragInteraction`): wl_pointer events written by the scripted compositor
/// reach the views through an `InputRouter`; a press on the view and a move of more than 10
/// points start the drag (start_drag with the press's serial, the view as its icon), and the
/// data source's end reaches the delegate.
@Suite(.runLoopTurn) struct DragInteractionTests {
    final class Source: DragInteractionDelegate {
        var items: [DragItem]
        var allowsMove = false
        var log: [String] = []

        init(_ items: [DragItem]) { self.items = items }

        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
            let p = session.location(in: interaction.view!)
            log.append("items at \(p.x),\(p.y)")
            return items
        }
        func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
            allowsMove
        }
        func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
            log.append("will begin \(session.items.count)")
        }
        func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
            log.append("ended \(operation)")
        }
    }

    /// A 400×300 root whose view `handle` (at 50, 50, 100×80) has a drag interaction; the
    /// surface's pointer events go through an input router to the views.
    final class Scene {
        let f: DropTests.Fixture
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let handle = View(frame: CGRect(x: 50, y: 50, width: 100, height: 80))
        let source: Source
        let router: InputRouter

        init(_ items: [DragItem]) throws {
            f = try DropTests.Fixture()
            source = Source(items)
            root.addSubview(handle)
            handle.addInteraction(DragInteraction(delegate: source))
            router = InputRouter(rootView: root, scheduler: EventLoopScheduler(loop: f.app.loop))
            f.app.setInputHandler(for: f.surface) { [router] in router.handle($0) }
            _DropRouter.shared(for: f.clipboard).register(surface: f.surface, root: root) { .zero }
            try f.pump()
        }

        func pointer(_ opcode: UInt16, _ args: [SeatTestCompositor.Arg]) throws {
            let p = try #require(f.app.seat?.wlPointer)
            f.compositor.send(to: p.id, opcode: opcode, args)
            f.compositor.send(to: p.id, opcode: PointerOp.frame, [])
            try f.pump()
        }

        /// Press at (60, 70) (serial 41), then move to (60 + dx, 70).
        func pressAndMove(_ dx: Double) throws {
            try pointer(PointerOp.enter, [.u(40), .o(f.surface.surface.id), .f(60), .f(70)])
            try pointer(PointerOp.button, [.u(41), .u(5), .u(272), .u(1)])
            try pointer(PointerOp.motion, [.u(6), .f(60 + dx), .f(70)])
        }

        /// The start_drag requests so far.
        var startDrags: [SeatTestCompositor.Request] { f.requests(to: f.clipboard.device.id).filter { $0.opcode == 0 } }
    }

    @Test func aPressMovedMoreThanTenPointsStartsTheDragWithTheItemsAndTheEndReachesTheDelegate() throws {
        let s = try Scene([DragItem(text: "one"), DragItem(text: "two")])
        try s.pressAndMove(8)
        #expect(s.startDrags.isEmpty && s.source.log.isEmpty, "8 points: not yet")
        try s.pointer(PointerOp.motion, [.u(7), .f(75), .f(70)])
        #expect(s.source.log == ["items at 10.0,20.0", "will begin 2"], "the press's place in the view")
        let start = try #require(s.startDrags.first)
        #expect(start.words[1] == s.f.surface.surface.id && start.words[3] == 41, "from the surface, with the press's serial")
        #expect(start.words[2] != 0, "the view as the icon")
        let source = start.words[0]
        let (types, actions) = DragSourceTests.offered(s.f, source)
        #expect(types == Clipboard.textMimeTypes)
        #expect(actions == 1, "copy only: the delegate does not allow move")
        #expect(try DragSourceTests.read(s.f, source, as: "text/plain") == Array("one\ntwo".utf8), "texts joined by lines")
        s.f.compositor.send(to: source, opcode: DragSourceTests.action, [.u(1)])
        s.f.compositor.send(to: source, opcode: DragSourceTests.dndFinished, [])
        try s.f.pump()
        #expect(s.source.log.last == "ended copy")
    }

    @Test func urlItemsMakeOneURIListAndAMovedDragEndsMove() throws {
        let s = try Scene([DragItem(url: URL(fileURLWithPath: "/tmp/a")), DragItem(url: URL(string: "https://example.org/")!)])
        s.source.allowsMove = true
        try s.pressAndMove(20)
        let source = try #require(s.startDrags.first?.words.first)
        let (types, actions) = DragSourceTests.offered(s.f, source)
        #expect(types == ["text/uri-list"] + Clipboard.textMimeTypes)
        #expect(actions == 3)
        #expect(String(decoding: try DragSourceTests.read(s.f, source, as: "text/uri-list"), as: UTF8.self)
                == "file:///tmp/a\r\nhttps://example.org/\r\n")
        s.f.compositor.send(to: source, opcode: DragSourceTests.action, [.u(2)])
        s.f.compositor.send(to: source, opcode: DragSourceTests.dndFinished, [])
        try s.f.pump()
        #expect(s.source.log.last == "ended move")
    }

    @Test func noItemsNoDragAndACancelledDragEndsCancel() throws {
        let s = try Scene([])
        try s.pressAndMove(30)
        #expect(s.startDrags.isEmpty && s.source.log == ["items at 10.0,20.0"])
        let t = try Scene([DragItem(representations: [("application/x-strata", [7])])])
        try t.pressAndMove(30)
        let source = try #require(t.startDrags.first?.words.first)
        #expect(DragSourceTests.offered(t.f, source).types == ["application/x-strata"])
        t.f.compositor.send(to: source, opcode: DragSourceTests.cancelled, [])
        try t.f.pump()
        #expect(t.source.log.last == "ended cancel")
    }
}
