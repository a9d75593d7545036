import Foundation
import Testing
@testable import StrataUI
@testable import Strata

/// UIKit's UIGraphicsBeginImageContextWithOptions family: a current context per begin, its
/// image, nesting, and the calls balanced also when nothing could be made.
@Suite struct ImageContextTests {
    @Test func beginDrawTakeTheImageAndEnd() throws {
        #expect(GraphicsGetImageFromCurrentImageContext() == nil)
        GraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 2), false, 2)
        let ctx = try #require(GraphicsGetCurrentContext())
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        GraphicsBeginImageContextWithOptions(CGSize(width: 1, height: 1), true, 0)
        let inner = try #require(GraphicsGetImageFromCurrentImageContext())
        #expect(inner.width == 1 && inner.pixel(x: 0, y: 0) == 0xFF00_0000)   // opaque: starts black
        GraphicsEndImageContext()
        let image = try #require(GraphicsGetImageFromCurrentImageContext())
        #expect(image.width == 8 && image.height == 4)
        #expect(image.pixel(x: 1, y: 1) == 0xFFFF_0000 && image.pixel(x: 2, y: 2) == 0)
        GraphicsEndImageContext()
        #expect(GraphicsGetCurrentContext() == nil && GraphicsGetImageFromCurrentImageContext() == nil)
        // A size no context takes: nothing current, and the end still balances.
        GraphicsBeginImageContext(CGSize(width: 0, height: 5))
        #expect(GraphicsGetCurrentContext() == nil && GraphicsGetImageFromCurrentImageContext() == nil)
        GraphicsEndImageContext()
        GraphicsEndImageContext()                              // none open: ignored
    }
}
