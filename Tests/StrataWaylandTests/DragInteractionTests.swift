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
        /// What `previewForLifting` answers: nil asks for the default (the view over white).
        var preview: ((DragInteraction) -> TargetedDragPreview?)?

        init(_ items: [DragItem]) { self.items = items }

        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
            let p = session.location(in: interaction.view!)
            log.append("items at \(p.x),\(p.y)")
            return items
        }
        func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
            allowsMove
        }
        func dragInteraction(_ interaction: DragInteraction, previewForLifting item: DragItem,
                             session: DragSession) -> TargetedDragPreview? {
            log.append("preview")
            return preview.map { $0(interaction) } ?? TargetedDragPreview(view: interaction.view!)
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
        let handle = LogView(frame: CGRect(x: 50, y: 50, width: 100, height: 80))
        let source: Source
        let router: InputRouter
        let scheduler = StrataUI.ManualScheduler(now: 100)

        /// `capabilities`: the seat's (a pointer, or a pointer and touch). The router's timers
        /// (the lift's) run on `scheduler`.
        init(_ items: [DragItem], capabilities: WlSeat.Capability = .pointer) throws {
            f = try DropTests.Fixture(capabilities: capabilities)
            source = Source(items)
            root.addSubview(handle)
            handle.addInteraction(DragInteraction(delegate: source))
            router = InputRouter(rootView: root, scheduler: scheduler)
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

        func touch(_ opcode: UInt16, _ args: [SeatTestCompositor.Arg]) throws {
            let t = try #require(f.app.seat?.wlTouch)
            f.compositor.send(to: t.id, opcode: opcode, args)
            f.compositor.send(to: t.id, opcode: TouchOp.frame, [])
            try f.pump()
        }

        /// The drag icon of the first start_drag: its offset (minus the hotspot; wl_surface 4
        /// has no `offset`, so the last attach's x and y) and its buffer's size in pixels (from
        /// the pool's create_buffer).
        func icon() throws -> (x: Int32, y: Int32, width: UInt32, height: UInt32)? {
            let id = try #require(startDrags.first).words[2]
            guard id != 0 else { return nil }
            let attach = try #require(f.requests(to: id).last { $0.opcode == 1 })
            let buffer = try #require(f.compositor.requests.first { $0.opcode == 0 && $0.words.first == attach.words[0] && $0.words.count == 6 })
            return (Int32(bitPattern: attach.words[1]), Int32(bitPattern: attach.words[2]), buffer.words[2], buffer.words[3])
        }

        /// The start_drag requests so far.
        var startDrags: [SeatTestCompositor.Request] { f.requests(to: f.clipboard.device.id).filter { $0.opcode == 0 } }
    }

    @Test func aPressMovedMoreThanTenPointsStartsTheDragWithTheItemsAndTheEndReachesTheDelegate() throws {
        let s = try Scene([DragItem(text: "one"), DragItem(text: "two")])
        try s.pressAndMove(8)
        #expect(s.startDrags.isEmpty && s.source.log.isEmpty, "8 points: not yet")
        try s.pointer(PointerOp.motion, [.u(7), .f(75), .f(70)])
        #expect(s.source.log == ["items at 10.0,20.0", "preview", "will begin 2"], "the press's place in the view")
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

    /// The icon is the lift preview: by default the whole view, the press under the pointer;
    /// a visible path crops it (the hotspot moving with the crop); no preview, no icon.
    @Test func theIconIsTheLiftPreviewWithThePressUnderThePointer() throws {
        let s = try Scene([DragItem(text: "one")])
        try s.pressAndMove(20)
        #expect(s.source.log == ["items at 10.0,20.0", "preview", "will begin 1"])
        #expect(try s.icon()! == (-10, -20, 100, 80))
        let t = try Scene([DragItem(text: "one")])
        t.source.preview = { i in
            let p = DragPreviewParameters()
            p.visiblePath = BezierPath(ovalIn: CGRect(x: 5.5, y: 5, width: 49, height: 40))
            return TargetedDragPreview(view: i.view!, parameters: p)
        }
        try t.pressAndMove(20)
        #expect(try t.icon()! == (-5, -15, 50, 40), "the oval's box, rounded out to whole points")
        let u = try Scene([DragItem(text: "one")])
        u.source.preview = { _ in nil }
        try u.pressAndMove(20)
        #expect(try u.icon() == nil && u.startDrags.count == 1, "no preview: a drag without an icon")
    }

    /// An item's previewProvider wins over the lift preview; a view of its own (in no window) is
    /// centred under the pointer.
    @Test func anItemsPreviewProviderGivesTheIcon() throws {
        let item = DragItem(text: "one")
        let label = View(frame: CGRect(x: 0, y: 0, width: 30, height: 12))
        item.previewProvider = { DragPreview(view: label) }
        let s = try Scene([item])
        try s.pressAndMove(20)
        #expect(s.source.log == ["items at 10.0,20.0", "will begin 1"], "the delegate's lift preview is not asked for")
        #expect(try s.icon()! == (-15, -6, 30, 12))
    }

    /// Fingers lift the item after being held still for `liftDelay` (0.5 s): the drag starts
    /// with the touch's serial, the view's touches are cancelled, and so is the touch itself
    /// (the compositor's grab keeps its up). A finger that moves first, or lifts, drags
    /// nothing, and pointer presses still start on a move.
    @Test func aFingerHeldStillLiftsTheItem() throws {
        let s = try Scene([DragItem(text: "one")], capabilities: [.pointer, .touch])
        let surface = s.f.surface.surface.id
        try s.touch(TouchOp.down, [.u(51), .u(1000), .o(surface), .i(0), .f(60), .f(70)])
        try s.touch(TouchOp.motion, [.u(1100), .i(0), .f(65), .f(70)])
        s.scheduler.advance(to: 100.49)
        #expect(s.startDrags.isEmpty && s.source.log.isEmpty, "held, not yet long enough")
        s.scheduler.advance(to: 100.5)
        try s.f.pump()
        #expect(s.source.log == ["items at 15.0,20.0", "preview", "will begin 1"], "where the finger is at the lift")
        let start = try #require(s.startDrags.first)
        #expect(start.words[3] == 51, "the touch's down serial")
        #expect(s.handle.log == ["began", "moved", "cancelled"], "the lift cancels the view's touches")
        try s.f.app.run(until: { s.f.app.seat?.touch?.activeIDs.isEmpty == true })
        #expect(s.f.app.seat?.touch?.activeIDs == [], "the grabbed touch is cancelled on the loop's next turn")
        // A new touch is a sequence of its own: it does not end or cancel the old one again.
        try s.touch(TouchOp.down, [.u(52), .u(2000), .o(surface), .i(0), .f(60), .f(70)])
        try s.touch(TouchOp.up, [.u(53), .u(2050), .i(0)])
        #expect(s.handle.log == ["began", "moved", "cancelled", "began", "ended"])

        // Moved 12 points within the delay: the long press failed, nothing lifts later, and the
        // pan (pointer presses only) does not take the finger either.
        let t = try Scene([DragItem(text: "one")], capabilities: [.pointer, .touch])
        try t.touch(TouchOp.down, [.u(51), .u(1000), .o(t.f.surface.surface.id), .i(0), .f(60), .f(70)])
        try t.touch(TouchOp.motion, [.u(1100), .i(0), .f(72), .f(70)])
        t.scheduler.advance(to: 101)
        try t.touch(TouchOp.motion, [.u(1200), .i(0), .f(100), .f(70)])
        #expect(t.startDrags.isEmpty && t.source.log.isEmpty)
        #expect(t.handle.log == ["began", "moved", "moved"])
        // A pointer press in the same scene still drags on a move.
        try t.touch(TouchOp.up, [.u(52), .u(1300), .i(0)])
        try t.pressAndMove(20)
        #expect(t.startDrags.count == 1)
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

/// A view that logs the touch calls it gets.
final class LogView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { log.append("began") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { log.append("moved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { log.append("cancelled") }
}
