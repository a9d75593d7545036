import Foundation
import Strata

/// Recognizes a quick straight stroke (discrete): recognized at the move where the touches'
/// centroid has gone `minimumDistance` points in an allowed `direction` with the sideways
/// component at most half of that. Fails when the centroid goes that far in no allowed
/// direction, when the fingers lift first, or after `maximumDuration` seconds.
open class SwipeGestureRecognizer: GestureRecognizer {
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1)
        public static let left = Direction(rawValue: 2)
        public static let up = Direction(rawValue: 4)
        public static let down = Direction(rawValue: 8)
    }

    public var direction: Direction = .right
    public var numberOfTouchesRequired = 1
    public var minimumDistance: CGFloat = 50
    public var maximumDuration: TimeInterval = 0.5

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        guard numberOfTouches == numberOfTouchesRequired else { return }
        start = _rootCentroid
        schedule(after: maximumDuration) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.state = .failed
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let start, state == .possible else { return }
        let c = _rootCentroid
        let dx = c.x - start.x, dy = c.y - start.y
        let candidates: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (dir, along, across) in candidates where direction.contains(dir) {
            if along >= minimumDistance && abs(across) <= along / 2 { state = .recognized; return }
        }
        if hypot(dx, dy) >= minimumDistance { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func reset() { start = nil }
}
