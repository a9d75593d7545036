import Foundation
import Strata
import StrataWayland

/// Routes the data device's drags over the surfaces `ViewHost`s show to their views' drop
/// interactions (see `DropInteraction`): one router per `Clipboard` (its `_dropRouting`),
/// which sees each drag before the clipboard's own closures: it decides where a drop would be
/// taken, ends sessions and delivers data. Surfaces no host registered keep the clipboard's
/// own behaviour (`dropAcceptance`, `dropTypes`). Main thread only.
final class _DropRouter: _DropRouting {
    /// Every clipboard's router. Behind a lock: apps use them from their main thread, but
    /// several apps' (tests') main loops may run on threads of one process.
    nonisolated(unsafe) private static var routers: [ObjectIdentifier: _DropRouter] = [:]
    private static let lock = NSLock()

    /// The router of `clipboard`, made (and installed) on first use.
    static func shared(for clipboard: Clipboard) -> _DropRouter {
        lock.lock()
        defer { lock.unlock() }
        routers = routers.filter { $0.value.clipboard != nil }
        let key = ObjectIdentifier(clipboard)
        if let r = routers[key], r.clipboard === clipboard { return r }
        let r = _DropRouter(clipboard: clipboard)
        routers[key] = r
        return r
    }

    private struct Host {
        weak var surface: WaylandSurface?
        weak var root: View?
        /// Where the root view's frame origin is in surface coordinates (below a title bar).
        let origin: () -> CGPoint
    }

    private weak var clipboard: Clipboard?
    private var hosts: [Host] = []
    /// The drag over a hosted surface, and that surface.
    private var session: DropSession?
    private weak var sessionSurface: WaylandSurface?
    /// The interaction the drag is over, the ones it entered (told `sessionDidEnd`), what each
    /// said to `canHandle`, and the latest proposal.
    private var target: DropInteraction?
    private var entered: [DropInteraction] = []
    private var handles: [ObjectIdentifier: Bool] = [:]
    private var proposal = DropOperation.cancel
    /// A session dropped on `surface` and waiting for its data, with the interactions it
    /// entered (told `sessionDidEnd` once the data came or could not be read).
    private var dropped: (session: DropSession, surface: WaylandSurface, entered: [DropInteraction])?

    private init(clipboard: Clipboard) {
        self.clipboard = clipboard
        clipboard._dropRouting = self
    }

    func _dropped(_ drop: Drop) { finish(drop.surface, data: (drop.type, drop.data)) }
    func _dropFailed(on surface: WaylandSurface) { finish(surface, data: nil) }

    /// The router and surface of the host showing `root` (nil: no host registered it).
    static func host(of root: View) -> (_DropRouter, WaylandSurface)? {
        lock.lock()
        let all = Array(routers.values)
        lock.unlock()
        for r in all where r.clipboard != nil {
            if let h = r.registered().first(where: { $0.root === root }), let s = h.surface { return (r, s) }
        }
        return nil
    }

    /// The drag a view's `DragInteraction` started, told how it ended.
    private var onDragEnded: ((DragOutcome) -> Void)?

    /// Starts a drag from `surface` through this router's clipboard (see
    /// `Clipboard.startDrag`); `ended` is told how it ends. False when it could not start.
    func startDrag(_ representations: [(mimeType: String, data: [UInt8])], operations: [DragOperation],
                   from surface: WaylandSurface, icon: CALayer?, hotspot: CGPoint,
                   ended: @escaping (DragOutcome) -> Void) -> Bool {
        guard let clipboard else { return false }
        do {
            try clipboard.startDrag(representations, operations: operations, from: surface, icon: icon, hotspot: hotspot)
        } catch {
            return false
        }
        onDragEnded = ended
        return true
    }

    func _dragEnded(_ outcome: DragOutcome) {
        let ended = onDragEnded
        onDragEnded = nil
        ended?(outcome)
    }

    /// Drags over `surface` go to the views under `root` (whose frame origin is at `origin()`
    /// in surface coordinates).
    func register(surface: WaylandSurface, root: View, origin: @escaping () -> CGPoint) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        hosts.removeAll { $0.surface == nil || $0.surface === surface }
        hosts.append(Host(surface: surface, root: root, origin: origin))
    }

    /// The hosts registered so far (`host(of:)` reads them from any router's thread).
    private func registered() -> [Host] {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return hosts
    }

    /// The decision for a drag over a hosted surface; nil for other surfaces.
    func _acceptance(_ e: DragEvent) -> DropAcceptance? {
        guard let host = registered().first(where: { $0.surface === e.surface }), let root = host.root else { return nil }
        let o = host.origin()
        let inRoot = CGPoint(x: e.position.x - o.x - root.frame.minX + root.bounds.minX,
                             y: e.position.y - o.y - root.frame.minY + root.bounds.minY)
        if session == nil || sessionSurface !== e.surface {
            endSession()
            session = DropSession(types: e.types, allowsMove: e.sourceOperations.contains(.move), point: inRoot, rootView: root)
            sessionSurface = e.surface
        }
        guard let session else { return nil }
        session.point = inRoot
        let now = interaction(at: inRoot, in: root, for: session)
        if now !== target {
            if let old = target { old.delegate?.dropInteraction(old, sessionDidExit: session) }
            target = now
            if let now {
                if !entered.contains(where: { $0 === now }) { entered.append(now) }
                now.delegate?.dropInteraction(now, sessionDidEnter: session)
            }
        }
        proposal = target.flatMap { t in t.delegate?.dropInteraction(t, sessionDidUpdate: session).operation } ?? .cancel
        let type = e.acceptedType ?? e.types.first
        switch proposal {
        case .copy: return DropAcceptance(type: type, operations: [.copy])
        case .move: return DropAcceptance(type: type, operations: [session.allowsMoveOperation ? .move : .copy])
        case .cancel, .forbidden: return .refused
        }
    }

    /// The nearest drop interaction, from the view hit at `point` up, whose delegate can handle
    /// the session (each asked once a session).
    private func interaction(at point: CGPoint, in root: View, for session: DropSession) -> DropInteraction? {
        var view = root.hitTest(point, with: nil)
        while let v = view {
            for case let i as DropInteraction in v._interactions.reversed() {
                guard let delegate = i.delegate else { continue }
                let key = ObjectIdentifier(i)
                let ok = handles[key] ?? delegate.dropInteraction(i, canHandle: session)
                handles[key] = ok
                if ok { return i }
            }
            view = v === root ? nil : v.superview
        }
        return nil
    }

    func _dragged(_ e: DragEvent) {
        guard let session, sessionSurface === e.surface else { return }
        switch e.phase {
        case .entered, .moved:
            break
        case .left:
            if let t = target { t.delegate?.dropInteraction(t, sessionDidExit: session) }
            endSession()
        case .dropped:
            guard let t = target, proposal == .copy || proposal == .move else { return endSession() }
            // The drag is over; its session waits for the data (a new drag may begin meanwhile).
            finishPending(data: nil)
            dropped = (session, e.surface, entered)
            reset()
            t.delegate?.dropInteraction(t, performDrop: session)
        }
    }

    /// The dropped data arrived on `surface` (nil: it could not be read): loads complete, the
    /// session ends.
    private func finish(_ surface: WaylandSurface, data: (type: String, bytes: [UInt8])?) {
        guard let d = dropped, d.surface === surface else { return }
        finishPending(data: data)
    }

    private func finishPending(data: (type: String, bytes: [UInt8])?) {
        guard let d = dropped else { return }
        dropped = nil
        d.session.deliver(data)
        for i in d.entered { i.delegate?.dropInteraction(i, sessionDidEnd: d.session) }
    }

    private func endSession() {
        guard let session else { return }
        let all = entered
        reset()
        session.deliver(nil)  // loads asked for without a drop complete empty
        for i in all { i.delegate?.dropInteraction(i, sessionDidEnd: session) }
    }

    private func reset() {
        session = nil
        sessionSurface = nil
        target = nil
        entered = []
        handles = [:]
        proposal = .cancel
    }
}
