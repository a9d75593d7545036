/// The globals a compositor advertises, as seen through `wl_registry`.
///
/// Tracks additions and removals so surfaces can follow outputs appearing and disappearing.
public struct WaylandGlobal: Hashable, Sendable {
    public var name: UInt32
    public var interface: String
    public var version: UInt32
}

extension WaylandGlobal {
    /// The version to bind: the lower of what the compositor offers and what the binding knows.
    func bindVersion<T: WaylandInterface>(for type: T.Type, max: UInt32? = nil) -> UInt32 {
        Swift.min(version, T.generatedVersion, max ?? .max)
    }
}
