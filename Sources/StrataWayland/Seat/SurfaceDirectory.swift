import Foundation

/// Finds the `WaylandSurface` behind a `wl_surface` named in an input event.
///
/// Every `WaylandSurface` registers itself at creation; entries are weak, so a surface the app
/// dropped is simply not found (its events are dropped, never delivered to a dead object). A
/// reused object address is told apart by checking that the entry still wraps the same `WlSurface`.
final class SurfaceDirectory: @unchecked Sendable {
    static let shared = SurfaceDirectory()

    private struct Entry {
        weak var surface: WaylandSurface?
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func register(_ surface: WaylandSurface) {
        lock.lock()
        defer { lock.unlock() }
        entries[ObjectIdentifier(surface.surface)] = Entry(surface: surface)
        // Prune dead entries now and then so the table stays as small as the live surfaces.
        if entries.count > 64 && entries.count.isMultiple(of: 64) {
            entries = entries.filter { $0.value.surface != nil }
        }
    }

    func surface(for wl: WlSurface?) -> WaylandSurface? {
        guard let wl else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let found = entries[ObjectIdentifier(wl)]?.surface, found.surface === wl else { return nil }
        return found
    }
}
