import Foundation
import Testing
@testable import Strata
import StrataTestSupport

@Suite(.runLoopTurn) struct RenderOcclusionTests {
    typealias F = RenderFixture

    func nodesHidden(_ tree: RenderLayer, _ w: Int, _ h: Int) -> (tree: [UInt64], own: [UInt64]) {
        let list = _FrameList()
        list.build(tree, scale: 1)
        let painter = _Painter()
        let b = Bitmap(width: w, height: h)!
        painter.paint(list, into: b, region: Region(x: 0, y: 0, width: w, height: h))
        return (list.nodes.indices.filter { painter.hiddenTreeForTesting[$0] }.map { list.nodes[$0].id },
                list.nodes.indices.filter { painter.hiddenOwnForTesting[$0] }.map { list.nodes[$0].id })
    }

    @Test func opaqueLayerHidesWhatIsBelow() {
        var below = F.layer(2, 10, 10, 10, 10, F.red)
        below.sublayers = [F.layer(3, 1, 1, 5, 5, F.green)]
        let cover = F.layer(4, 5, 5, 20, 20, F.blue)
        let hidden = nodesHidden(F.root(40, 40, .white, [below, cover]), 40, 40)
        #expect(hidden.tree == [2, 3], "the covered layer and its sublayer")
        #expect(hidden.own.isEmpty, "the root's background is only partly covered")
    }

    @Test func translucentLayersDoNotOccludeAndRoundedOnesOnlyBetweenTheirCorners() {
        let below = F.layer(2, 10, 10, 10, 10, F.red)
        var glass = F.layer(3, 5, 5, 20, 20, CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        var rounded = F.layer(4, 5, 5, 20, 20, F.blue)
        rounded.cornerRadius = 2
        #expect(nodesHidden(F.root(40, 40, .white, [below, glass]), 40, 40).tree.isEmpty)
        // The band y 7…23 (full width) is opaque; a layer reaching into the corner rows shows.
        #expect(nodesHidden(F.root(40, 40, .white, [below, rounded]), 40, 40).tree == [2])
        let corner = F.layer(5, 5, 5, 20, 3, F.red)
        #expect(nodesHidden(F.root(40, 40, .white, [corner, rounded]), 40, 40).tree.isEmpty)
        // Same pixels as without occlusion (the band's layer really is painted over).
        var unoccluded = F.root(40, 40, .white, [below, corner, rounded])
        unoccluded.sublayers[2].opacity = 0.999_999_9
        #expect(F.render(F.root(40, 40, .white, [below, corner, rounded]), 40, 40)
            .hasSamePixels(as: F.render(unoccluded, 40, 40)))
        glass.backgroundColor = F.blue
        glass.opacity = 0.9
        #expect(nodesHidden(F.root(40, 40, .white, [below, glass]), 40, 40).tree.isEmpty)
    }

    @Test func sublayersHideTheirParentsBackgroundButNotTheBorder() {
        var parent = F.layer(2, 0, 0, 10, 10, F.red)
        parent.borderWidth = 1
        parent.borderColor = .black
        parent.sublayers = [F.layer(3, 0, 0, 10, 10, F.blue)]
        let tree = F.root(10, 10, nil, [parent])
        #expect(nodesHidden(tree, 10, 10).own.contains(2))
        let b = F.render(tree, 10, 10)
        #expect(b.pixel(x: 0, y: 0) == 0xFF00_0000)
        #expect(b.pixel(x: 5, y: 5) == 0xFF00_00FF)
    }

    @Test func occludedRenderingMatchesTheUnoccludedResult() {
        // Same picture whether or not the lower layers are skipped.
        var top = F.layer(5, 0, 0, 30, 30, F.blue)
        top.sublayers = [F.layer(6, 5, 5, 5, 5, CGColor(red: 1, green: 1, blue: 0, alpha: 0.5))]
        let tree = F.root(40, 40, .white, [F.layer(2, 3, 3, 20, 20, F.red), top])
        var reference = tree
        reference.sublayers[1].backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.999_999)
        let b = F.render(tree, 40, 40), r = F.render(reference, 40, 40)
        #expect(b.hasSamePixels(as: r))
        #expect(b.pixel(x: 35, y: 35) == 0xFFFF_FFFF)
    }
}
