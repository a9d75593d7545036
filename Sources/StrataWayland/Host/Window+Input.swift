import Foundation
import Strata

extension Window {
    /// Handles a seat event for this window's surface: the title bar and borders act on the
    /// window (move, resize, buttons, double-click to maximize, right-click for the compositor's
    /// window menu; touches: a touch down on the bar moves the window, a tap on a button presses
    /// it, a double tap maximizes); everything else reaches `onInput` in content coordinates
    /// (surface coordinates minus the title bar). Touches that begin on the bar are the window's
    /// until they end: the content sees none of their points.
    func handleInput(_ event: InputEvent, seat: Seat?) {
        if case let .touch(t) = event, titleBarHeight > 0 || !barTouches.isEmpty {
            guard let rest = decorationTouches(t, seat: seat) else { return }
            onInput?(shifted(.touch(rest)))
            return
        }
        guard case var .pointer(p) = event else {
            onInput?(shifted(event))
            return
        }
        let bar = Double(titleBarHeight)
        guard bar > 0 else { return onInput?(event) ?? () }
        let resizable = !toplevel.states.contains(.maximized) && !toplevel.states.contains(.fullscreen)
        let point = CGPoint(x: p.position.x, y: p.position.y)
        let region = p.left ? ClientDecorations.Region.content
            : ClientDecorations.region(at: point, width: CGFloat(toplevel.width), height: CGFloat(toplevel.height),
                                       resizable: resizable, buttons: decorations.buttons)
        decorations.setHovered(p.left ? nil : region)
        if p.left {
            // Leaving the surface ends whatever the title bar was doing.
            decorationGrab = false
            pressedRegion = nil
        }
        // The window sets the cursor over its decorations, and back to the arrow once when the
        // pointer returns to the content; there the content's own cursor (StrataUI's) stays.
        if region != .content {
            seat?.cursorName = Self.cursorName(for: region)
            cursorOnDecoration = true
        } else if cursorOnDecoration {
            seat?.cursorName = "default"
            cursorOnDecoration = false
        }
        if region == .content && !decorationGrab {
            p.position.y -= bar
            onInput?(.pointer(p))
            return
        }
        // A right press on the bar opens the compositor's window menu (where it has one).
        if region == .titleBar, let s = seat, toplevel.capabilities.contains(.windowMenu),
           let press = p.buttons.first(where: { $0.button == PointerButton.right && $0.isPressed }) {
            func coordinate(_ v: Double) -> Int32 { v.isFinite ? Int32(max(-1e6, min(1e6, v.rounded()))) : 0 }
            toplevel.toplevel.showWindowMenu(seat: s.wlSeat, serial: press.serial,
                                             x: coordinate(p.position.x), y: coordinate(p.position.y))
        }
        for change in p.buttons where change.button == PointerButton.left {
            if change.isPressed {
                decorationGrab = true
                pressedRegion = region
                switch region {
                case .titleBar:
                    if !titleBarPressed(seat: seat, serial: change.serial) { compositorGrabStarted(seat) }
                case let .resize(edge):
                    if let s = seat { toplevel.toplevel.resize(seat: s.wlSeat, serial: change.serial, edges: edge) }
                    compositorGrabStarted(seat)
                default:
                    break
                }
            } else {
                decorationGrab = false
                defer { pressedRegion = nil }
                guard region == pressedRegion else { continue }
                buttonActivated(region)
            }
        }
    }

    /// A press (or touch down) on the bar itself: the second within 0.4 s toggles maximized
    /// where the compositor can maximize (returns true); otherwise the compositor is asked to
    /// move the window, quoting the press's serial (returns false).
    private func titleBarPressed(seat: Seat?, serial: UInt32?) -> Bool {
        let now = MonotonicClock.now()
        if now - lastTitleClick < 0.4, toplevel.capabilities.contains(.maximize) {
            toplevel.requestMaximized(!toplevel.states.contains(.maximized))
            lastTitleClick = 0
            return true
        }
        lastTitleClick = now
        if let s = seat, let serial { toplevel.toplevel.move(seat: s.wlSeat, serial: serial) }
        return false
    }

    /// A button pressed and released (or tapped) over the same button.
    private func buttonActivated(_ region: ClientDecorations.Region) {
        switch region {
        case .close: onClose?()
        case .maximize: toplevel.requestMaximized(!toplevel.states.contains(.maximized))
        case .minimize: toplevel.requestMinimized()
        default: break
        }
    }

    /// Takes the points of `t` that belong to the title bar: touches that began on it (they stay
    /// the bar's until they end or are cancelled). A touch down on the bar asks for a move (the
    /// compositor then follows the finger); one on a button presses it when lifted over the same
    /// button. Returns what is left for the content (nil when nothing is), its `activeIDs`
    /// without the bar's touches.
    private func decorationTouches(_ t: TouchEvent, seat: Seat?) -> TouchEvent? {
        var rest: [TouchPoint] = []
        for point in t.touches {
            let p = CGPoint(x: point.position.x, y: point.position.y)
            if point.phase == .began { barTouches[point.id] = nil }  // an id may come back
            if point.phase == .began, titleBarHeight > 0 {
                // Resize borders are too thin for a finger: a touch on one is the bar's or the
                // content's, by where it lands.
                let region = ClientDecorations.region(at: p, width: CGFloat(toplevel.width), height: CGFloat(toplevel.height),
                                                      resizable: false, buttons: decorations.buttons)
                if region != .content {
                    barTouches[point.id] = region
                    if region == .titleBar { _ = titleBarPressed(seat: seat, serial: point.serial) }
                    continue
                }
            }
            guard let region = barTouches[point.id] else {
                rest.append(point)
                continue
            }
            switch point.phase {
            case .ended:
                barTouches[point.id] = nil
                let over = ClientDecorations.region(at: p, width: CGFloat(toplevel.width), height: CGFloat(toplevel.height),
                                                    resizable: false, buttons: decorations.buttons)
                if region != .titleBar, over == region { buttonActivated(region) }
            case .cancelled:
                barTouches[point.id] = nil
            case .began, .moved:
                break
            }
        }
        guard !rest.isEmpty else { return nil }
        return TouchEvent(touches: rest, activeIDs: t.activeIDs.filter { barTouches[$0] == nil })
    }

    /// The compositor now owns the pointer until the button is released, and keeps that release
    /// (mutter, weston and sway end a move or resize without forwarding it): the press is over
    /// for the window and the seat, so the next click in the content arrives whole.
    private func compositorGrabStarted(_ seat: Seat?) {
        decorationGrab = false
        pressedRegion = nil
        seat?.forgetPressedButton(PointerButton.left)
    }

    private func shifted(_ event: InputEvent) -> InputEvent {
        let bar = Double(titleBarHeight)
        guard bar > 0 else { return event }
        switch event {
        case var .touch(t):
            for i in t.touches.indices { t.touches[i].position.y -= bar }
            return .touch(t)
        case var .gesture(g):
            g.position.y -= bar
            return .gesture(g)
        default:
            return event
        }
    }

    static func cursorName(for region: ClientDecorations.Region) -> String {
        switch region {
        case let .resize(edge):
            switch edge {
            case .top: return "n-resize"
            case .bottom: return "s-resize"
            case .left: return "w-resize"
            case .right: return "e-resize"
            case .topLeft: return "nw-resize"
            case .topRight: return "ne-resize"
            case .bottomLeft: return "sw-resize"
            default: return "se-resize"
            }
        default:
            return "default"
        }
    }
}
