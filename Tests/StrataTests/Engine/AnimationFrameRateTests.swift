import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// `CAAnimation.preferredFrameRateRange` on the render side: `RenderTree.nextFrame(after:)`
    /// answers the highest rate among what moves at a time, ∞ (every frame) as soon as anything
    /// without a reduced rate moves.
    @Suite struct AnimationFrameRateTests {
        static let thirty = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
        static let twenty = CAFrameRateRange(minimum: 10, maximum: 20, preferred: 20)

        static func fade(_ range: CAFrameRateRange, begin: Double = 0, duration: Double = 1) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = duration; a.beginTime = begin
            a.preferredFrameRateRange = range
            return a
        }

        /// A tree of one layer per animation, committed at media time 100.
        static func tree(_ animations: [CAAnimation]) -> RenderTree {
            let root = CALayer()
            for a in animations {
                let l = CALayer()
                root.addSublayer(l)
                l.add(a, forKey: "a")
            }
            let tree = RenderTree(root: root)
            CATransaction.flush()
            return tree
        }

        @Test func theHighestRateOfWhatMovesNowWins() {
            withManualClock(at: 100) { _ in
                // One animation: its preferred rate, else its maximum; none: every frame.
                #expect(Self.tree([Self.fade(Self.thirty)]).nextFrame(after: 100.5) == (100.5, 30))
                #expect(Self.tree([Self.fade(CAFrameRateRange(minimum: 0, maximum: 24))]).nextFrame(after: 100.5) == (100.5, 24))
                #expect(Self.tree([Self.fade(.default)]).nextFrame(after: 100.5) == (100.5, .infinity))
                #expect(Self.tree([Self.fade(CAFrameRateRange(minimum: 0, maximum: .infinity, preferred: nil))])
                    .nextFrame(after: 100.5) == (100.5, .infinity))
                // Several: the highest; any without a preference makes it every frame.
                #expect(Self.tree([Self.fade(Self.twenty), Self.fade(Self.thirty)]).nextFrame(after: 100.5) == (100.5, 30))
                #expect(Self.tree([Self.fade(Self.thirty), Self.fade(.default)]).nextFrame(after: 100.5) == (100.5, .infinity))
                // Only what runs at that time counts: the 30 Hz one has ended at 101.
                let later = Self.tree([Self.fade(Self.thirty), Self.fade(Self.twenty, duration: 3)])
                #expect(later.nextFrame(after: 100.5) == (100.5, 30))
                #expect(later.nextFrame(after: 102) == (102, 20))
                #expect(later.nextFrame(after: 104) == (.infinity, .infinity))
                // An animation yet to begin: its start, at no reduced rate (nothing moves now).
                let waiting = Self.tree([Self.fade(Self.twenty, begin: 100 + 2)])
                #expect(waiting.nextFrame(after: 100.5) == (102, .infinity))
                #expect(waiting.nextFrameTime(after: 100.5) == 102)
            }
        }

        /// `frameSchedule(after:)`: how long a reduced rate holds — until the first animation
        /// running at it ends, or something else begins to change; otherwise its `time`.
        @Test func aReducedRateHoldsUntilTheFirstOfItsAnimationsEndsOrSomethingElseBegins() {
            withManualClock(at: 100) { _ in
                #expect(Self.tree([Self.fade(Self.thirty)]).frameSchedule(after: 100.5) == (100.5, 30, 101))
                let two = Self.tree([Self.fade(Self.thirty), Self.fade(Self.twenty, duration: 3)])
                #expect(two.frameSchedule(after: 100.5) == (100.5, 30, 101))
                #expect(two.frameSchedule(after: 102) == (102, 20, 103))
                // An every-frame animation beginning at 100.8 ends the reduced rate there.
                let then = Self.tree([Self.fade(Self.thirty), Self.fade(.default, begin: 100.8)])
                #expect(then.frameSchedule(after: 100.5) == (100.5, 30, 100.8))
                // The animation's own speed: a 1 s animation at speed 2 ends at 100.5.
                let fast = Self.fade(Self.twenty)
                fast.speed = 2
                #expect(Self.tree([fast]).frameSchedule(after: 100.25) == (100.25, 20, 100.5))
                // Endless repeats hold for ever.
                let endless = Self.fade(Self.twenty)
                endless.repeatCount = .infinity
                #expect(Self.tree([endless]).frameSchedule(after: 150) == (150, 20, .infinity))
                // Every frame, or nothing moving now: the answer's time.
                #expect(Self.tree([Self.fade(.default)]).frameSchedule(after: 100.5) == (100.5, .infinity, 100.5))
                #expect(Self.tree([Self.fade(Self.twenty, begin: 102)]).frameSchedule(after: 100.5) == (102, .infinity, 102))
            }
        }

        /// A group's own range applies to the whole group; its children's are not consulted.
        @Test func aGroupsRangeIsTheOneThatCounts() {
            withManualClock(at: 100) { _ in
                let group = CAAnimationGroup()
                group.animations = [Self.fade(.default), Self.fade(Self.thirty)]
                group.duration = 1
                group.preferredFrameRateRange = Self.twenty
                #expect(Self.tree([group]).nextFrame(after: 100.5) == (100.5, 20))
                let plain = CAAnimationGroup()
                plain.animations = [Self.fade(Self.thirty)]
                plain.duration = 1
                #expect(Self.tree([plain]).nextFrame(after: 100.5) == (100.5, .infinity))
            }
        }

        /// The range is copied with the animation (added animations are copies) and answers
        /// key-value coding under Apple's key.
        @Test func theRangeIsCopiedAndAnswersKeyValueCoding() {
            let a = Self.fade(Self.thirty)
            #expect((a.copy() as! CABasicAnimation).preferredFrameRateRange == Self.thirty)
            #expect(a.value(forKey: "preferredFrameRateRange") as? CAFrameRateRange == Self.thirty)
            a.setValue(Self.twenty, forKey: "preferredFrameRateRange")
            #expect(a.preferredFrameRateRange == Self.twenty)
            a.setValue("fast", forKey: "preferredFrameRateRange")   // not a range: ignored
            #expect(a.preferredFrameRateRange == Self.twenty)
            #expect(CABasicAnimation().preferredFrameRateRange == .default)
            // The rate a range stands for (shared with CADisplayLink).
            #expect(Self.thirty._rate == 30)
            #expect(CAFrameRateRange(minimum: 10, maximum: 48, preferred: nil)._rate == 48)
            #expect(CAFrameRateRange(minimum: 10, maximum: 48, preferred: 0)._rate == 48)
            #expect(CAFrameRateRange.default._rate == nil)
            #expect(CAFrameRateRange(minimum: 0, maximum: .nan, preferred: -1)._rate == nil)
        }
    }
}
