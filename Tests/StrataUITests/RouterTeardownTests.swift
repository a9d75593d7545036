import Foundation
import Testing
@testable import StrataUI
import Strata
import StrataTestSupport

/// A router can go away with fingers still down (its window or popup closed mid-gesture): the
/// touches it owned are freed, and with them the views and recognizers they referenced (the
/// cycle the view-input fuzz target found). A view tree that outlives its router starts afresh
/// under the next one.
@Suite(.runLoopTurn) struct RouterTeardownTests {
    @Test func aRouterDroppedWithTouchesDownFreesItsViewsRecognizersAndTouches() {
        weak var root: View?, card: View?, list: ScrollView?, row: View?, pressed: View?
        weak var pan: GestureRecognizer?, scrollPan: GestureRecognizer?, longPress: GestureRecognizer?, tap: GestureRecognizer?
        weak var finger: Touch?, pointer: Touch?, router: InputRouter?
        var panStates: [GestureRecognizer.State] = []
        do {
            let h = InputHarness()
            // A card with a two-finger pan; a scroll view with a row; a long-press target; a
            // view with a tap (the pointer's button is held on it).
            let c = LogView("card", frame: CGRect(x: 0, y: 0, width: 200, height: 150))
            let p = PanGestureRecognizer()
            p.onStateChange = { panStates.append($0) }
            c.addGestureRecognizer(p)
            let s = ScrollView(frame: CGRect(x: 200, y: 0, width: 200, height: 300))
            s.contentSize = CGSize(width: 200, height: 1000)
            let r = LogView("row", frame: CGRect(x: 0, y: 0, width: 200, height: 50))
            s.addSubview(r)
            let l = LogView("hold", frame: CGRect(x: 0, y: 150, width: 100, height: 150))
            let lp = LongPressGestureRecognizer()
            l.addGestureRecognizer(lp)
            let b = LogView("button", frame: CGRect(x: 100, y: 150, width: 100, height: 150))
            let t = TapGestureRecognizer()
            t.numberOfTapsRequired = 2
            b.addGestureRecognizer(t)
            for v in [c, s, l, b] { h.root.addSubview(v) }

            h.down(1, 50, 50)
            h.down(2, 100, 50)
            h.move(1, 50, 90)
            h.move(2, 100, 90)
            h.down(3, 300, 200)
            h.move(3, 300, 150)
            h.move(3, 300, 100)
            h.down(4, 50, 250)
            h.router.pointerMoved(to: CGPoint(x: 150, y: 250))
            h.router.pointerButton(ButtonEvent.left, isPressed: true)
            // Every kind of link is in place: a pan under way, a scroll drag, a long press
            // waiting for its timer, a double tap waiting for its taps.
            #expect(panStates == [.began, .changed])
            #expect(s.panGestureRecognizer.state == .changed)
            #expect(s.contentOffset.y > 0)
            #expect(lp.state == .possible && lp.numberOfTouches == 1)
            #expect(h.router._touches.count == 4)
            #expect(h.router._pointerTouch?.view === b)
            #expect(h.scheduler.pendingCount > 0)

            root = h.root; card = c; list = s; row = r; pressed = b
            pan = p; scrollPan = s.panGestureRecognizer; longPress = lp; tap = t
            finger = h.router._touches[1]; pointer = h.router._pointerTouch; router = h.router
        }
        #expect(router == nil)
        #expect(finger == nil && pointer == nil, "touches outlived their router")
        #expect(root == nil && card == nil && list == nil && row == nil && pressed == nil, "views outlived their router")
        #expect(pan == nil && scrollPan == nil && longPress == nil && tap == nil, "recognizers outlived their router")
    }

    @Test func aViewTreeKeptAfterItsRouterStartsAfreshUnderTheNextRouter() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let card = LogView("card", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let pan = PanGestureRecognizer()
        card.addGestureRecognizer(pan)
        let holder = LogView("holder", frame: CGRect(x: 200, y: 0, width: 200, height: 200))
        let press = LongPressGestureRecognizer()
        holder.addGestureRecognizer(press)
        let log = StateLog(pan), pressLog = StateLog(press)
        root.addSubview(card)
        root.addSubview(holder)

        // Under the first router: a pan under way, a long press waiting for its timer.
        let oldScheduler = ManualScheduler(now: 0)
        do {
            let old = InputRouter(rootView: root, scheduler: oldScheduler)
            old.touches([TouchInput(id: 1, phase: .down, location: CGPoint(x: 20, y: 20))])
            old.touches([TouchInput(id: 1, phase: .motion, location: CGPoint(x: 20, y: 60))])
            old.touches([TouchInput(id: 2, phase: .down, location: CGPoint(x: 300, y: 100))])
            #expect(log.states == [.began])
            #expect(press.numberOfTouches == 1)
            #expect(oldScheduler.pendingCount == 1)
        }
        #expect(pan.numberOfTouches == 0 && press.numberOfTouches == 0, "a touch outlived its router")
        // The gone router's long-press timer fires into nothing.
        oldScheduler.advance(to: 5)
        #expect(pressLog.states == [])

        // The next router: the pan begins again from `possible` (not `changed` on from the old
        // gesture); the long press works on the new scheduler.
        card.log = []
        let scheduler = ManualScheduler(now: 10)
        let router = InputRouter(rootView: root, scheduler: scheduler)
        router.touches([TouchInput(id: 7, phase: .down, location: CGPoint(x: 100, y: 100))])
        router.touches([TouchInput(id: 7, phase: .motion, location: CGPoint(x: 100, y: 130))])
        router.touches([TouchInput(id: 7, phase: .up)])
        #expect(log.states == [.began, .began, .ended])
        #expect(card.log == ["began1", "cancelled1"])
        router.touches([TouchInput(id: 8, phase: .down, location: CGPoint(x: 300, y: 100))])
        scheduler.advance(by: 0.5)
        router.touches([TouchInput(id: 8, phase: .up)])
        #expect(pressLog.states == [.began, .ended])
        #expect(router._activeRecognizers.isEmpty)
        #expect(pan.state == .possible && press.state == .possible)
    }
}
