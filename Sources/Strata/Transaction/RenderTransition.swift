import Foundation

/// A running `CATransition` on a layer, as the compositor sees it in one frame. A basic
/// animation of `contents` between two different values is drawn the same way: a `fade` whose
/// `from` is the layer showing the start contents.
///
/// The layer's own fields show its new state; `from` is the layer's whole rendered subtree as
/// it was when the transition was committed. `progress` (already eased, between the
/// transition's start and end progress) says how far the compositor should be from `from`
/// (0) to the new state (1): `fade` crossfades; `moveIn` slides the new state in over `from`;
/// `push` slides the new state in while pushing `from` out; `reveal` slides `from` out
/// uncovering the new state. `subtype` names the edge the motion starts from (`fromRight` …;
/// nil means `fromLeft`, Apple's default).
public struct RenderTransition: Sendable {
    public var type: String
    public var subtype: String?
    public var progress: Double
    public var from: RenderLayer? {
        get { _from.first }
        set { _from = newValue.map { [$0] } ?? [] }
    }
    private var _from: [RenderLayer] = []

    public init(type: String, subtype: String?, progress: Double, from: RenderLayer?) {
        self.type = type; self.subtype = subtype; self.progress = progress
        self.from = from
    }
}
