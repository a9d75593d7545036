import Foundation
import Strata
import Testing
@testable import StrataWayland
import StrataTestSupport

/// A drag started with an icon: the requests in their protocol order, against the scripted
/// compositor (the icon on screen, under sway's pointer, is `DragAndDropSwayTests`).
@Suite(.runLoopTurn) struct DragIconTests {
    /// wl_surface requests; wl_data_source's `cancelled` event.
    static let destroy: UInt32 = 0, attach: UInt32 = 1, commit: UInt32 = 6, damageBuffer: UInt32 = 9
    static let cancelled: UInt16 = 2

    @Test func theIconIsDrawnAttachedAtTheHotspotAfterStartDragAndDestroyedWithTheDrag() throws {
        let f = try DragSourceTests.pressed()   // a press with serial 41

        let icon = CALayer()
        editLayers {
            icon.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
            icon.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        try f.clipboard.startDrag(text: "hi", from: f.surface, icon: icon, hotspot: CGPoint(x: 5, y: 4))
        try f.pump()
        let drawn = try #require(f.clipboard.dragIcon)
        #expect(drawn.buffer.width == 30 && drawn.buffer.height == 20)
        let pixels = drawn.buffer.pixels.assumingMemoryBound(to: UInt32.self)
        #expect(pixels[0] == 0xFF00_00FF && pixels[29 + 19 * drawn.buffer.stride / 4] == 0xFF00_00FF)

        // start_drag(source, origin, icon, serial), then the icon's first commit: the buffer,
        // its damage, and (wl_compositor 4 here: no wl_surface.offset) attach's x and y putting
        // the hotspot under the pointer.
        let all = f.compositor.requests
        let start = try #require(all.firstIndex { $0.object == f.clipboard.device.id && $0.opcode == 0 })
        let iconID = drawn.surface.surface.id
        #expect(all[start].words.count == 4 && all[start].words[1] == f.surface.surface.id)
        #expect(all[start].words[2] == iconID && all[start].words[3] == 41)
        let iconRequests = all.enumerated().filter { $0.element.object == iconID }
        #expect(iconRequests.allSatisfy { $0.offset > start }, "nothing is committed before the role")
        #expect(iconRequests.map(\.element.opcode) == [Self.attach, Self.damageBuffer, Self.attach, Self.commit])
        let buffer = iconRequests[0].element.words[0]
        #expect(iconRequests[2].element.words == [buffer, UInt32(bitPattern: -5), UInt32(bitPattern: -4)])

        // The drag ends (cancelled): the icon's surface goes.
        let source = all[start].words[0]
        f.compositor.send(to: source, opcode: Self.cancelled, [])
        try f.pump()
        #expect(f.clipboard.dragIcon == nil)
        #expect(f.requests(to: iconID).last?.opcode == Self.destroy)
    }
}
