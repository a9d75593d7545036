import Testing
@testable import Strata
import StrataTestSupport

/// PNGError and JPEGError are one error shape named per format: same cases, messages that
/// start with the format's name, and no cross-format equality or catching.
@Suite(.runLoopTurn) struct ImageCodecErrorTests {
    @Test func messagesNameTheFormat() {
        let limits = ImageDecodeLimits(maxWidth: 10, maxHeight: 10, maxPixels: 100)
        #expect(PNGError.malformed(reason: "CRC error").description == "PNG: malformed or truncated data: CRC error")
        #expect(JPEGError.malformed(reason: "CRC error").description == "JPEG: malformed or truncated data: CRC error")
        #expect(JPEGError.io(path: "/x.jpg", reason: "No such file or directory").description
                == "JPEG: cannot access /x.jpg: No such file or directory")
        #expect(PNGError.tooLarge(width: 20, height: 5, limits: limits).description == "PNG: image 20×5 exceeds the limits (\(limits))")
        #expect(PNGError.invalidArgument("width 0").description == "PNG: invalid argument: width 0")
        #expect(JPEGError.encodeFailed(reason: "disk full").description == "JPEG: encoding failed: disk full")
    }

    @Test func formatsStayDistinctWhenCaught() {
        func fail() throws { throw JPEGError.malformed(reason: "x") }
        var caught = ""
        do { try fail() } catch is PNGError { caught = "png" } catch is JPEGError { caught = "jpeg" } catch { caught = "other" }
        #expect(caught == "jpeg")
    }
}
