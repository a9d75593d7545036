import Foundation
import Testing
@testable import StrataUI
@testable import Strata

/// `GraphicsImageRenderer.pngData(actions:)` and `jpegData(withCompressionQuality:actions:)`
/// (UIKit's): the drawn pixels, encoded.
@Suite struct ImageRendererEncodingTests {
    /// A 4 × 2 drawing: the left half opaque red, the right half half-transparent blue.
    static func draw(_ c: GraphicsImageRendererContext) {
        c.cgContext.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.cgContext.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        c.cgContext.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        c.cgContext.fill(CGRect(x: 2, y: 0, width: 2, height: 2))
    }

    @Test func pngDataHoldsTheDrawnPixels() throws {
        let r = GraphicsImageRenderer(size: CGSize(width: 4, height: 2))
        let data = r.pngData(actions: Self.draw)
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNGImage.decode(data: Array(data))
        let image = try #require(r.image(actions: Self.draw))
        #expect(decoded.width == 4 && decoded.height == 2)
        // The decoded pixels (premultiplied again) are the renderer's image's.
        for y in 0..<2 { for x in 0..<4 { #expect(decoded.pixel(x: x, y: y) == image.pixel(x: x, y: y), "(\(x), \(y))") } }
        #expect(image.pixel(x: 0, y: 0) == 0xFFFF_0000)
    }

    @Test func jpegDataIsOpaqueWithTransparencyOverBlack() throws {
        let r = GraphicsImageRenderer(size: CGSize(width: 16, height: 16))
        let data = r.jpegData(withCompressionQuality: 1) { c in
            c.cgContext.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            c.cgContext.fill(CGRect(x: 0, y: 0, width: 16, height: 8))
        }
        #expect(Array(data.prefix(2)) == [0xFF, 0xD8])
        let image = try CGImage.decodeJPEG(data: Array(data))
        let top = image.pixel(x: 8, y: 2), bottom = image.pixel(x: 8, y: 13)
        #expect(top >> 24 == 0xFF && (top >> 16) & 0xFF > 0xF0 && (top >> 8) & 0xFF < 0x10)
        #expect(bottom >> 24 == 0xFF && (bottom >> 16) & 0xFF < 0x10)      // transparent → black
        // A renderer the context refuses gives empty data.
        #expect(GraphicsImageRenderer(size: .zero).pngData(actions: { _ in }).isEmpty)
        #expect(GraphicsImageRenderer(size: .zero).jpegData(withCompressionQuality: 0.8, actions: { _ in }).isEmpty)
    }
}
