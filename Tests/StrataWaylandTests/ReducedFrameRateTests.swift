import Foundation
import Strata
import Testing
@testable import StrataWayland
import StrataTestSupport

/// Reduced frame rates in the frame loop: animations' `preferredFrameRateRange` and display
/// links' rates (`tickRate`) make the presenter draw only every n-th frame callback. A real
/// presenter, layer tree and producer; the scripted compositor (a test double for the
/// compositor) answers each frame callback when the test says so, and both clocks are injected:
/// each callback comes 1/60 s after the one before.
@Suite(.runLoopTurn) struct ReducedFrameRateTests {
    static let t0 = 5000.0

    final class Rig {
        let compositor = SeatTestCompositor()
        let display: WaylandDisplay
        let loop: EventLoop
        let surface: WaylandSurface
        let tree: RenderTree
        let producer: LayerTreeProducer
        let presenter: FramePresenter
        var callbacks = 0
        var frames: [FrameInfo] = []
        private var released: Set<UInt32> = []

        /// Periods past the last callback (the wake timer fires half a period before a frame).
        var between = 0.0
        var time: Double { ReducedFrameRateTests.t0 + (Double(callbacks) + between) / 60 }

        init(root: CALayer) throws {
            display = try WaylandDisplay(name: compositor.path)
            loop = EventLoop(display: display)
            surface = WaylandSurface(display: display)
            tree = RenderTree(root: root)
            producer = LayerTreeProducer(tree: tree)
            presenter = FramePresenter(surface: surface, producer: producer, clock: { 0 }, loop: loop)
            presenter.clock = { [unowned self] in self.time }
            presenter.monotonicNow = { [unowned self] in 100 + (Double(self.callbacks) + self.between) / 60 }
            presenter.staleCallbackTimeout = 3600
            presenter.onFrameCommitted = { [unowned self] in self.frames.append($0) }
            presenter.size = (8, 8)
            presenter.canDraw = true  // the first frame, at t0
        }

        /// The surface's requests so far: "attach", "frame" and "commit" (others left out).
        func surfaceRequests() throws -> [String] {
            try display.connection.roundtrip()
            let names: [UInt32: String] = [1: "attach", 3: "frame", 6: "commit"]
            return compositor.requests.filter { $0.object == surface.surface.id }.compactMap { names[$0.opcode] }
        }

        /// Answers the outstanding frame callback one period after the last, then reports what
        /// the presenter did: "D" drew a frame, "S" skipped it (a commit asking for the next
        /// callback, no buffer), "R" rested (no callback asked for until a frame due later:
        /// the wake timer, fired here half a period before the refresh it is due at), "-"
        /// nothing (at rest: no further callback asked for). A refresh while the presenter
        /// rests and its timer has not fired yet: ".".
        func tick() throws -> String {
            if presenter.isResting, let until = presenter.waitingUntil {
                between = 0.5
                let fires = time >= until - 0.5 / 60 - 1e-9
                if fires { presenter.wake() }
                between = 0
                if !fires { callbacks += 1; return "." }
            }
            let before = try surfaceRequests()
            guard let request = compositor.requests.last(where: { $0.object == surface.surface.id && $0.opcode == 3 }),
                  let id = request.words.first, presenter.isWaitingForFrame else { return "-" }
            callbacks += 1
            let drawn = frames.count
            // As a compositor does once a newer buffer is shown: the older ones go back
            // (wl_buffer.release), so the pool never runs dry.
            let attached = compositor.requests.filter { $0.object == surface.surface.id && $0.opcode == 1 }.compactMap(\.words.first)
            for buffer in Set(attached.dropLast()).subtracting(released) where buffer != attached.last {
                compositor.send(to: buffer, opcode: 0, [])
                released.insert(buffer)
            }
            if let last = attached.last { released.remove(last) }
            compositor.send(to: id, opcode: 0, [.u(UInt32(callbacks))])
            try display.connection.roundtrip()
            let added = try surfaceRequests().dropFirst(before.count)
            if frames.count > drawn { return "D" }
            if added.isEmpty { return presenter.isResting ? "R" : "-" }
            #expect(Array(added) == ["frame", "commit"], "a skipped frame attaches nothing")
            return "S"
        }

        func ticks(_ n: Int) throws -> String { try (0..<n).map { _ in try tick() }.joined() }
    }

    static func fade(_ range: CAFrameRateRange, duration: Double = 10) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.beginTime = t0
        a.duration = duration
        a.preferredFrameRateRange = range
        return a
    }

    static func scene(_ ranges: [CAFrameRateRange], duration: Double = 10) -> CALayer {
        let root = CALayer()
        editLayers {
            root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            for (i, r) in ranges.enumerated() {
                let l = CALayer()
                l.frame = CGRect(x: i, y: 0, width: 1, height: 8)
                l.backgroundColor = .white
                root.addSublayer(l)
                l.add(fade(r, duration: duration), forKey: "fade")
            }
        }
        return root
    }

    /// Which of six refreshes at 60 Hz draw, by the rates asked for: the highest rate wins,
    /// n = 60 ÷ rate rounded, and any animation without a preference means every frame. From
    /// n = 4 on, the callback after a frame starts a rest ("R") until the next frame's: no
    /// callbacks meanwhile (".").
    @Test(arguments: [
        ([CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)], "SDSDSD"),
        ([CAFrameRateRange(minimum: 10, maximum: 20, preferred: 20)], "SSDSSD"),
        ([CAFrameRateRange(minimum: 10, maximum: 30, preferred: 15)], "R..DR."),
        ([CAFrameRateRange(minimum: 0, maximum: 24)], "SSDSSD"),             // maximum; 2.5 → 3
        ([CAFrameRateRange(minimum: 5, maximum: 10, preferred: 10)], "R....D"),
        ([CAFrameRateRange(minimum: 10, maximum: 20, preferred: 20), CAFrameRateRange(minimum: 10, maximum: 30, preferred: 30)],
         "SDSDSD"),
        ([CAFrameRateRange(minimum: 10, maximum: 30, preferred: 30), .default], "DDDDDD"),
        ([CAFrameRateRange(minimum: 0, maximum: 120, preferred: 120)], "DDDDDD"),
        ([.default], "DDDDDD"),
    ] as [([CAFrameRateRange], String)])
    func callbacksDrawAtTheHighestRateAskedFor(ranges: [CAFrameRateRange], pattern: String) throws {
        let rig = try Rig(root: Self.scene(ranges))
        #expect(rig.frames.count == 1 && rig.frames[0].time == Self.t0)
        #expect(try rig.ticks(6) == pattern)
        // Each frame says how many refreshes were left out before it, and how many callbacks
        // woke the surface (2 after a rest: the one that began it and the frame's own).
        let gaps = pattern.split(separator: "D", omittingEmptySubsequences: false).dropLast()
        #expect(rig.frames.dropFirst().map(\.skippedFrames) == gaps.map(\.count))
        #expect(rig.frames.dropFirst().map(\.frameCallbacks) == gaps.map { $0.filter { $0 != "." }.count + 1 })
        // Drawn frames are rendered for their own callback's time.
        let drawnAt = pattern.enumerated().filter { $0.element == "D" }.map { Self.t0 + Double($0.offset + 1) / 60 }
        #expect(rig.frames.dropFirst().map(\.time) == drawnAt)
    }

    /// An animation at 15 frames per second that ends between two of its frames gets its final
    /// frame (the model value) at the next callback instead of at its next 15 Hz frame, and
    /// then the surface rests. (So the surface does not rest between frames once the end comes
    /// before the next one: callback 5 asks for the next.)
    @Test func anAnimationEndingBetweenItsFramesGetsItsLastFrameAtOnce() throws {
        // 0.09 s: over between callbacks 5 (0.083 s) and 6 (0.1 s); its next 15 Hz frame would be 8.
        let rig = try Rig(root: Self.scene([CAFrameRateRange(minimum: 10, maximum: 30, preferred: 15)], duration: 0.09))
        #expect(try rig.ticks(7) == "R..DSD-")
        #expect(!rig.presenter.isWaitingForFrame)
        // The last frame carries the bar's change to its model opacity.
        #expect(rig.frames.last!.damagedPixels == 8)
        #expect(rig.tree.snapshot(at: rig.frames.last!.time).sublayers[0].opacity == 1)
    }

    /// A change made between two frames at a reduced rate waits for the next of them (as on a
    /// display running at that rate), the surface resting meanwhile; one that starts an
    /// animation asking for every frame ends the rest and is drawn at the next callback.
    @Test func changesWaitForTheReducedRateUnlessTheyAskForEveryFrame() throws {
        let root = Self.scene([CAFrameRateRange(minimum: 10, maximum: 30, preferred: 15)])
        let rig = try Rig(root: root)
        #expect(try rig.ticks(1) == "R")
        editLayers { root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        rig.presenter.setNeedsFrame()
        #expect(rig.presenter.isResting, "the change waits for the frame the rest ends at")
        #expect(try rig.ticks(4) == "..DR", "drawn at the 15 Hz frame, callback 4")
        #expect(rig.frames.last!.damagedPixels == 64)
        let full = CALayer()
        editLayers {
            root.addSublayer(full)
            let spin = CABasicAnimation(keyPath: "opacity")
            spin.fromValue = 0.5; spin.toValue = 1; spin.beginTime = Self.t0; spin.duration = 10
            full.add(spin, forKey: "every frame")
        }
        rig.presenter.setNeedsFrame()
        #expect(try rig.ticks(3) == "DDD")
    }

    /// A display link's rate (`tickRate`, what LayerHost sets from its running links) paces the
    /// frames the same way when nothing else moves; with an animation at another rate, frames
    /// are drawn at both (the link's 20 per second stay 20: callbacks 10 and 13).
    @Test func displayLinkRatesPaceTheFramesToo() throws {
        let root = CALayer()
        editLayers { root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8) }
        let rig = try Rig(root: root)
        #expect(try rig.ticks(1) == "-", "nothing moves: at rest")
        rig.presenter.tickRate = 20
        rig.presenter.keepsTicking = true   // draws at once (the surface was idle)
        #expect(rig.frames.count == 2)
        #expect(try rig.ticks(6) == "SSDSSD")
        editLayers {
            let l = CALayer()
            root.addSublayer(l)
            l.add(Self.fade(CAFrameRateRange(minimum: 10, maximum: 30, preferred: 30)), forKey: "fade")
        }
        rig.presenter.setNeedsFrame()
        // Callbacks 8–13: the animation's frames at 9, 11, 13 (from the last frame, 7), the
        // link's at 10 and 13.
        #expect(try rig.ticks(6) == "SDDDSD")
        rig.presenter.tickRate = .infinity
        #expect(try rig.ticks(2) == "DD")
    }

    /// Links at rates that do not divide one another each get their own: the frames drawn are
    /// the union of the rates' frames, and each link is called at its own (20 and 30 per second
    /// on 60 Hz: callbacks 1, 4, 7 … and 1, 3, 5 …). Before, frames followed the highest rate
    /// alone, and the 20-per-second link was called at 15.
    @Test func linksAtRatesThatDoNotDivideEachOtherEachGetTheirOwn() throws {
        let root = CALayer()
        editLayers { root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8) }
        let rig = try Rig(root: root)
        #expect(try rig.ticks(1) == "-", "nothing moves: at rest")
        final class Calls { var at: [Int: [Int]] = [:] }
        let calls = Calls()
        let links = [20, 30].map { fps in
            let link = CADisplayLink(host: nil) { [unowned rig] _ in calls.at[fps, default: []].append(rig.callbacks) }
            link.preferredFramesPerSecond = fps
            link.add(to: .main, forMode: .common)
            return link
        }
        rig.presenter.onFrameCommitted = { [unowned rig] frame in
            rig.frames.append(frame)
            for link in links { link.frameCommitted(frame) }
        }
        rig.presenter.tickRates = [20, 30]
        rig.presenter.keepsTicking = true   // draws at once: callback 1
        #expect(try rig.ticks(12) == "SDDDSDSDDDSD")
        #expect(calls.at[30] == [1, 3, 5, 7, 9, 11, 13])
        #expect(calls.at[20] == [1, 4, 7, 10, 13])
        #expect(rig.frames.dropFirst().allSatisfy { $0.damagedPixels == 0 }, "nothing changed: no damage")
        for link in links { link.invalidate() }
    }

    /// An animation yet to begin, with nothing else moving: the surface asks for no callback
    /// until shortly before its start (a timer on the loop, here fired by the test), then draws
    /// it at every frame and rests after its final frame.
    @Test func anAnimationYetToBeginLetsTheSurfaceRestUntilItsStart() throws {
        let root = CALayer()
        let start = Self.t0 + Double(12) / 60   // callback 12
        editLayers {
            root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            let l = CALayer()
            l.frame = root.bounds
            l.backgroundColor = .white
            root.addSublayer(l)
            let a = Self.fade(.default, duration: 0.045)   // over between callbacks 14 and 15
            a.beginTime = start
            l.add(a, forKey: "later")
        }
        let rig = try Rig(root: root)
        #expect(rig.frames.count == 1)
        let requests = try rig.surfaceRequests().count
        #expect(try rig.tick() == "-", "nothing changes for 0.18 s: no frame, no commit")
        #expect(rig.presenter.waitingUntil == start)
        #expect(!rig.presenter.isWaitingForFrame)
        #expect(rig.loop.pendingTimerCount == 1, "the wake-up timer alone")
        // Half a period before the start the timer asks for the callback of the first frame.
        rig.callbacks = 11
        rig.presenter.wake()
        #expect(try rig.surfaceRequests().dropFirst(requests) == ["frame", "commit"])
        #expect(rig.presenter.waitingUntil == nil && rig.presenter.isWaitingForFrame)
        #expect(try rig.ticks(5) == "DDDD-")
        #expect(rig.frames.dropFirst().map(\.time) == (12...15).map { Self.t0 + Double($0) / 60 })
        // A change while waiting draws at once and ends the wait.
        let later = CABasicAnimation(keyPath: "opacity")
        later.fromValue = 0; later.toValue = 1; later.duration = 1; later.beginTime = Self.t0 + 5
        editLayers { root.sublayers![0].add(later, forKey: "again") }
        rig.presenter.setNeedsFrame()                 // not waiting for a callback: drawn now
        #expect(rig.frames.count == 6)
        #expect(try rig.tick() == "-")
        #expect(rig.presenter.waitingUntil == Self.t0 + 5)
        editLayers { root.backgroundColor = .black }
        rig.presenter.setNeedsFrame()
        #expect(rig.frames.count == 7 && rig.presenter.waitingUntil == nil)
        #expect(rig.loop.pendingTimerCount == 1, "the new frame's stale-callback timer; the wake-up timer is gone")
    }
}
