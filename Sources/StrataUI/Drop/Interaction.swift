import Foundation

/// Something a view does on its user's behalf beyond touches and clicks (UIInteraction): for
/// now, taking drops (`DropInteraction`). Added to a view with `View.addInteraction(_:)`.
public protocol Interaction: AnyObject {
    /// The view the interaction is added to (weak: the view owns its interactions).
    var view: View? { get }
    /// Called before the interaction is added to `view` (nil: before it is removed).
    func willMove(to view: View?)
    /// Called after the interaction was added to `view` (nil: after it was removed).
    func didMove(to view: View?)
}

extension View {
    /// The interactions added to this view, in the order they were added.
    public var interactions: [Interaction] {
        get { _interactions }
        set {
            for i in _interactions where !newValue.contains(where: { $0 === i }) { removeInteraction(i) }
            for i in newValue { addInteraction(i) }
        }
    }

    /// Adds `interaction` (removing it from the view it was on, as UIKit does); adding it twice
    /// does nothing.
    public func addInteraction(_ interaction: Interaction) {
        guard !_interactions.contains(where: { $0 === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        _interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` from this view (nothing when it is not one of its interactions).
    public func removeInteraction(_ interaction: Interaction) {
        guard let i = _interactions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        _interactions.remove(at: i)
        interaction.didMove(to: nil)
    }
}
