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

    /// The iOS way to snapshot a view, ported by swapping the UIKit names only: its layer
    /// rendered into an image context at scale 2.
    @Test func aViewsLayerRenderedIntoAnImageContext() throws {
        let view = View(frame: CGRect(x: 100, y: 50, width: 6, height: 4))
        view.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1).cgColor
        let mark = View(frame: CGRect(x: 0, y: 0, width: 2, height: 2))
        mark.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1).cgColor
        view.addSubview(mark)
        CATransaction.flush()
        GraphicsBeginImageContextWithOptions(view.bounds.size, false, 2)
        view.layer.render(in: GraphicsGetCurrentContext()!)
        let image = try #require(GraphicsGetImageFromCurrentImageContext())
        GraphicsEndImageContext()
        #expect(image.width == 12 && image.height == 8)
        #expect(image.pixel(x: 0, y: 0) == 0xFFFF_0000 && image.pixel(x: 3, y: 3) == 0xFFFF_0000)
        #expect(image.pixel(x: 4, y: 4) == 0xFF00_00FF && image.pixel(x: 11, y: 7) == 0xFF00_00FF)
    }
}
