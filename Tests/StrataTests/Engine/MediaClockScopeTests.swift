import Foundation
import Testing
@testable import Strata

extension EngineTests {
    /// `CAMediaClock.withClock`: the scoped clock is what `CACurrentMediaTime()` reads inside the
    /// scope, scopes nest, and other threads (also ones started inside the scope) don't see it —
    /// what lets the engine tests run in parallel, each on its own clock.
    @Suite struct MediaClockScope {
        @Test func theScopedClockIsReadInsideItsScopeAndScopesNest() {
            let outer = CAManualClock(time: 5)
            CAMediaClock.withClock(outer) {
                #expect(CACurrentMediaTime() == 5)
                outer.advance(by: 0.5)
                #expect(CACurrentMediaTime() == 5.5)
                let inner = CAMediaClock.withClock(CAManualClock(time: 1)) { CACurrentMediaTime() }
                #expect(inner == 1)
                #expect(CACurrentMediaTime() == 5.5, "the outer clock again after the inner scope")
                let source = CAMediaClock.withClock({ 42 }) { CACurrentMediaTime() }
                #expect(source == 42)
            }
            #expect(CAMediaClock.scoped == nil)
        }

        @Test func aThreadStartedInsideTheScopeDoesNotInheritIt() {
            final class Box: @unchecked Sendable { var sawScope = true }
            let box = Box(), done = DispatchSemaphore(value: 0)
            CAMediaClock.withClock(CAManualClock(time: 7)) {
                Thread { box.sawScope = CAMediaClock.scoped != nil; done.signal() }.start()
                done.wait()
            }
            #expect(!box.sawScope)
        }

        /// Two threads inside their own scopes at once (each waits until both are inside):
        /// each reads only its own clock, also after the other stepped its clock.
        @Test func scopesOnTwoThreadsAtOnceAreIndependent() {
            final class Reads: @unchecked Sendable { var values: [Double] = [] }
            let reads = [Reads(), Reads()]
            let inside = DispatchGroup(), stepped = DispatchGroup(), done = DispatchGroup()
            let clocks = [CAManualClock(time: 1), CAManualClock(time: 2)]
            for _ in 0..<2 { inside.enter(); stepped.enter(); done.enter() }
            for i in 0..<2 {
                Thread {
                    CAMediaClock.withClock(clocks[i]) {
                        inside.leave()
                        inside.wait()
                        reads[i].values.append(CACurrentMediaTime())
                        clocks[i].advance(by: Double(i + 1) / 4)
                        stepped.leave()
                        stepped.wait()
                        reads[i].values.append(CACurrentMediaTime())
                    }
                    done.leave()
                }.start()
            }
            done.wait()
            #expect(reads.map(\.values) == [[1, 1.25], [2, 2.5]])
        }
    }
}
