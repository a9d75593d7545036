import CWaylandClient
import Testing
@testable import StrataWayland
import StrataTestSupport

/// The generated tables must match the protocol definitions (names, versions, message counts and
/// signatures): a wrong table is a protocol error at run time.
@Suite(.runLoopTurn) struct ProtocolBindingTests {
    @Test func generatedTablesDescribeTheProtocol() {
        let t = XdgToplevel.interface.pointee
        #expect(String(cString: t.name) == "xdg_toplevel")
        #expect(t.version == 5)
        #expect(t.method_count == 14)
        #expect(t.event_count == 4)
        #expect(String(cString: t.methods[2].name) == "set_title")
        #expect(String(cString: t.methods[2].signature) == "s")
        let layer = ZwlrLayerShellV1.interface.pointee
        #expect(String(cString: layer.methods[0].signature) == "no?ous")
        #expect(String(cString: layer.methods[1].signature) == "3")
        let ls = ZwlrLayerSurfaceV1.interface.pointee
        #expect(ls.version == 4 && ls.method_count == 9 && ls.event_count == 2)
        #expect(String(cString: ls.methods[8].signature) == "2u")
        // new_id and object arguments point at the right interface tables.
        let getSurface = XdgWmBase.interface.pointee.methods[2]
        #expect(getSurface.types[0] == XdgSurface.interface)
        #expect(getSurface.types[1] == WlSurface.interface)
    }

    @Test func coreInterfacesComeFromLibwayland() {
        #expect(String(cString: WlCompositor.interface.pointee.name) == "wl_compositor")
        #expect(WlSurface.interface.pointee.method_count >= 10)
    }

    @Test func stateArraysDecodeAsUInt32() {
        let bytes: [UInt8] = [1, 0, 0, 0, 4, 0, 0, 0]
        #expect(bytes.uint32Values == [1, 4])
    }
}
