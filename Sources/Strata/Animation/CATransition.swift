import Foundation

public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = Self(rawValue: "fade"), moveIn = Self(rawValue: "moveIn")
    public static let push = Self(rawValue: "push"), reveal = Self(rawValue: "reveal")
}

public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = Self(rawValue: "fromRight"), fromLeft = Self(rawValue: "fromLeft")
    public static let fromTop = Self(rawValue: "fromTop"), fromBottom = Self(rawValue: "fromBottom")
}

/// An animated transition of a whole layer between its previous and its new rendering.
///
/// Strata renders a transition in the render tree as `RenderLayer.transition` (type, subtype,
/// eased progress between `startProgress` and `endProgress`) plus the layer's previous
/// appearance captured when the transition was added, for the compositor to blend or slide.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    public required init() { super.init() }

    override func _copyState(from o: CAAnimation) {
        super._copyState(from: o)
        guard let o = o as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
    }
}
