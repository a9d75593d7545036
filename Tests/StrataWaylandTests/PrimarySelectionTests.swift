import Foundation
import Testing
@testable import StrataWayland
import StrataTestSupport

/// The primary selection's edges against the scripted compositor (its round trip with another
/// client runs under sway in ClipboardTests): no global, no press yet, a withdrawn seat.
@Suite(.runLoopTurn) struct PrimarySelectionTests {
    @Test func itNeedsTheGlobalAndAPressAndLetsGoOfAWithdrawnSeat() throws {
        let bare = SeatTestCompositor(initialCapabilities: WlSeat.Capability.keyboard.rawValue)
        let plain = try Application(displayName: bare.path)
        #expect(throws: Clipboard.ClipboardError.unavailable) { try PrimarySelection(application: plain) }

        let compositor = SeatTestCompositor(initialCapabilities: WlSeat.Capability.keyboard.rawValue,
                                            extraGlobals: [("zwp_primary_selection_device_manager_v1", 1)])
        let app = try Application(displayName: compositor.path)
        let primary = try PrimarySelection(application: app)
        #expect(throws: Clipboard.ClipboardError.noUserAction) { try primary.select("x") }
        #expect(!primary.ownsSelection && !primary.hasText && primary.selectedText == nil)
        let deviceID = primary.device.id
        var changes = 0
        primary.onSelectionChanged = { changes += 1 }
        func pump() throws {
            try app.display.connection.roundtrip()
            try app.display.connection.roundtrip()
        }
        /// Another client's selection: data_offer (0), its types (the offer's event 0), then
        /// selection (1).
        func offer(_ id: UInt32, _ types: [String]) throws {
            compositor.send(to: deviceID, opcode: 0, [.u(id)])
            for t in types { compositor.send(to: id, opcode: 0, [.s(t)]) }
            compositor.send(to: deviceID, opcode: 1, [.o(id)])
            try pump()
        }
        try offer(0xff00_0000, ["image/png"])
        #expect(changes == 1 && primary.selectionTypes == ["image/png"] && !primary.hasText)
        var pasted: [String?] = []
        primary.paste { pasted.append($0) }
        try app.run(until: { !pasted.isEmpty })
        #expect(pasted == [nil], "no text type: nothing asked for")
        try offer(0xff00_0001, ["image/png", "text/plain", "UTF8_STRING"])
        #expect(changes == 2 && primary.hasText)
        // The paste asks for the first of Clipboard.textMimeTypes offered (receive, opcode 0);
        // the scripted compositor closes the pipe unwritten: an empty text.
        primary.paste { pasted.append($0) }
        try app.run(until: { pasted.count == 2 })
        #expect(pasted.last == "")
        let receive = try #require(compositor.requests.first { $0.object == 0xff00_0001 && $0.opcode == 0 })
        #expect(receive.words.first == UInt32("UTF8_STRING".utf8.count + 1))
        compositor.removeGlobal(name: 3)
        try pump()
        #expect(app.seat?.isRemoved == true)
        // zwp_primary_selection_device_v1.destroy is opcode 1; the selection is forgotten.
        #expect(compositor.requests.contains { $0.object == deviceID && $0.opcode == 1 })
        #expect(changes == 3 && !primary.hasText)
        #expect(throws: Clipboard.ClipboardError.unavailable) { try primary.select("x") }
        primary.paste { pasted.append($0) }
        try app.run(until: { pasted.count == 3 })
        #expect(pasted == [nil, "", nil])
        #expect(throws: Clipboard.ClipboardError.unavailable) { try PrimarySelection(application: app) }
    }
}
