import Foundation
import Testing
@testable import StrataWayland
import StrataTestSupport

/// Drops on the app's surfaces, the data device's events written by the scripted compositor
/// (the whole drag with a real pointer is `DragAndDropSwayTests`; refusals and the
/// finish rules are easier to reach here).
@Suite(.runLoopTurn) struct DropTests {
    /// wl_data_device events; wl_data_offer events and requests.
    static let dataOffer: UInt16 = 0, enter: UInt16 = 1, leave: UInt16 = 2, motion: UInt16 = 3, drop: UInt16 = 4
    static let offerEvent: UInt16 = 0, actionEvent: UInt16 = 2
    static let accept: UInt32 = 0, receive: UInt32 = 1, destroy: UInt32 = 2, finish: UInt32 = 3, setActions: UInt32 = 4

    final class Fixture {
        let compositor: SeatTestCompositor
        let app: Application
        let clipboard: Clipboard
        let surface: WaylandSurface
        var log: [String] = []

        /// A seat with `capabilities` (default: a pointer).
        init(capabilities: WlSeat.Capability = .pointer) throws {
            compositor = SeatTestCompositor(initialCapabilities: capabilities.rawValue,
                                            extraGlobals: [("wl_data_device_manager", 3)])
            app = try Application(displayName: compositor.path)
            clipboard = try Clipboard(application: app)
            surface = WaylandSurface(display: app.display)
            clipboard.onDrag = { [unowned self] e in
                self.log.append("\(e.phase) \(e.position.x),\(e.position.y) \(e.acceptedType ?? "refused") \(e.types)")
            }
            clipboard.onDrop = { [unowned self] d in self.log.append("dropped \(d.type) \(d.data.count) bytes") }
        }

        /// Introduces offer `id` with `types`, then a drag entering the surface with it.
        func enter(offer id: UInt32, types: [String], serial: UInt32) throws {
            let device = clipboard.device.id
            compositor.send(to: device, opcode: DropTests.dataOffer, [.u(id)])
            for t in types { compositor.send(to: id, opcode: DropTests.offerEvent, [.s(t)]) }
            compositor.send(to: device, opcode: DropTests.enter, [.u(serial), .o(surface.surface.id), .f(10), .f(20), .o(id)])
            try pump()
        }

        func device(_ opcode: UInt16, _ args: [SeatTestCompositor.Arg] = []) throws {
            compositor.send(to: clipboard.device.id, opcode: opcode, args)
            try pump()
        }

        func pump() throws {
            try app.display.connection.roundtrip()
            try app.display.connection.roundtrip()
        }

        func requests(to object: UInt32) -> [SeatTestCompositor.Request] {
            compositor.requests.filter { $0.object == object }
        }
    }

    @Test func aDragOfNoAcceptedTypeIsRefusedAndItsDropIgnored() throws {
        let f = try Fixture()
        try f.enter(offer: 0xff00_0000, types: ["image/png", "text/x-moz-url"], serial: 9)
        try f.device(Self.motion, [.u(1), .f(30), .f(40)])
        try f.device(Self.drop)
        try f.device(Self.leave)
        let sent = f.requests(to: 0xff00_0000)
        // accept(serial 9, no type), no actions; no receive, no finish.
        #expect(sent.map(\.opcode) == [Self.accept, Self.setActions, Self.destroy])
        #expect(sent[0].words == [9, 0] && sent[1].words == [0, 0])
        // The refused drop ends the drag here: left (the compositor's leave after it finds no
        // drag any more).
        #expect(f.log == ["entered 10.0,20.0 refused [\"image/png\", \"text/x-moz-url\"]",
                          "moved 30.0,40.0 refused [\"image/png\", \"text/x-moz-url\"]",
                          "left 30.0,40.0 refused [\"image/png\", \"text/x-moz-url\"]"])
    }

    @Test func aDropIsReadInThePreferredTypeAndFinishedOnlyWithAnAction() throws {
        for chooseAction in [true, false] {
            let f = try Fixture()
            let id: UInt32 = 0xff00_0000  // the first server-made id: libwayland takes them in order
            try f.enter(offer: id, types: ["text/plain", "text/uri-list"], serial: 11)
            if chooseAction { f.compositor.send(to: id, opcode: Self.actionEvent, [.u(1)]) }   // copy
            try f.device(Self.drop)
            // The double closes the fd it gets: the read ends at once, with no bytes.
            try f.app.run(until: { f.log.count == 2 || f.requests(to: id).contains { $0.opcode == Self.destroy } })
            try f.pump()
            let sent = f.requests(to: id).map(\.opcode)
            // accept(text/uri-list: first of dropTypes), set_actions(copy, copy), receive, then
            // finish only when the compositor chose an action, and destroy.
            #expect(sent == [Self.accept, Self.setActions, Self.receive] + (chooseAction ? [Self.finish] : []) + [Self.destroy],
                    "action chosen: \(chooseAction)")
            let accepted = try #require(f.requests(to: id).first?.words)
            #expect(accepted.first == 11 && ActivationRequestTests.string(Array(accepted.dropFirst())) == "text/uri-list")
            #expect(f.log.last == "dropped text/uri-list 0 bytes")
        }
    }

    /// `dropOperations` is what the offer's set_actions says (the first preferred); the action
    /// the compositor chose is the drop's `operation`.
    @Test func aTargetThatAllowsMovingSaysSoAndItsDropSaysWhichItWas() throws {
        for (operations, chosen, expected) in [([DragOperation.copy], UInt32(1), DragOperation.copy),
                                               ([.move, .copy], 2, .move), ([.move, .copy], 1, .copy)] {
            let f = try Fixture()
            var dropped: [DragOperation] = []
            f.clipboard.onDrop = { dropped.append($0.operation) }
            f.clipboard.dropOperations = operations
            let id: UInt32 = 0xff00_0000
            try f.enter(offer: id, types: ["text/plain"], serial: 12)
            let actions = try #require(f.requests(to: id).first { $0.opcode == Self.setActions })
            #expect(actions.words == (operations.count == 2 ? [3, 2] : [1, 1]), "\(operations)")
            f.compositor.send(to: id, opcode: Self.actionEvent, [.u(chosen)])
            try f.device(Self.drop)
            try f.app.run(until: { !dropped.isEmpty || f.requests(to: id).contains { $0.opcode == Self.destroy } })
            #expect(dropped == [expected], "\(operations), chosen \(chosen)")
        }
    }

    /// `dropAcceptance` decides per position; a type the drag does not offer, or no operation,
    /// is a refusal (nothing could be read).
    @Test func anAcceptanceOfATypeNotOfferedOrOfNoOperationIsARefusal() throws {
        let f = try Fixture()
        var answer = DropAcceptance(type: "image/png", operations: [.copy])
        f.clipboard.dropAcceptance = { _ in answer }
        let id: UInt32 = 0xff00_0000
        try f.enter(offer: id, types: ["text/plain"], serial: 5)
        answer = DropAcceptance(type: "text/plain", operations: [])
        try f.device(Self.motion, [.u(1), .f(11), .f(20)])
        answer = DropAcceptance(type: "text/plain", operations: [.copy])
        try f.device(Self.motion, [.u(2), .f(12), .f(20)])
        let told = f.requests(to: id).filter { $0.opcode == Self.accept || $0.opcode == Self.setActions }
        // Refused at enter; the same refusal after the first move (nothing new said); taken
        // after the second.
        #expect(told.map(\.opcode) == [Self.accept, Self.setActions, Self.accept, Self.setActions])
        #expect(told[0].words == [5, 0] && told[1].words == [0, 0])
        #expect(ActivationRequestTests.string(Array(told[2].words.dropFirst())) == "text/plain" && told[3].words == [1, 1])
        #expect(f.log == ["entered 10.0,20.0 refused [\"text/plain\"]", "moved 11.0,20.0 refused [\"text/plain\"]",
                          "moved 12.0,20.0 text/plain [\"text/plain\"]"])
    }

    @Test func uriListsSkipCommentsAndBlankLines() {
        let d = Drop(surface: WaylandSurface(display: try! WaylandDisplay(name: SeatTestCompositor().path)),
                     position: SurfacePoint(x: 0, y: 0), type: "text/uri-list",
                     data: Array("# from a file manager\r\nfile:///home/u/a%20b.png\r\n\r\nhttps://example.org/x\n".utf8))
        #expect(d.urls.map(\.absoluteString) == ["file:///home/u/a%20b.png", "https://example.org/x"])
    }
}
