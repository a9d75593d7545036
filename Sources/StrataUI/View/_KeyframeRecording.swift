import Foundation
import Strata

/// What an `animateKeyframes` block changed, property by property, until the block ends and
/// each property's changes become one `CAKeyframeAnimation` (main thread, like the block).
final class _KeyframeRecording {
    /// The keyframe whose changes are being made: start and end, as fractions of the duration.
    var window: (start: Double, end: Double) = (0, 1)

    /// One layer property's changes: its value before the first, then each keyframe's.
    struct Track {
        let layer: CALayer
        let key: String
        let initial: Any?
        var steps: [(start: Double, end: Double, value: Any?)] = []
    }
    private(set) var tracks: [Track] = []
    private var index: [TrackKey: Int] = [:]

    struct TrackKey: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    /// The action for a change of `key` on `layer` in the current keyframe, looked up before
    /// the new value is stored: the first change of a property notes its on-screen value, and
    /// the action notes the new one once it is stored.
    func action(for layer: CALayer, forKey key: String) -> CAAction {
        let k = TrackKey(layer: ObjectIdentifier(layer), key: key)
        if index[k] == nil {
            index[k] = tracks.count
            let shown = layer.presentation()?.value(forKey: key) ?? layer.value(forKey: key)
            tracks.append(Track(layer: layer, key: key, initial: shown))
        }
        return Step(recording: self, track: index[k]!, window: window)
    }

    /// Runs after the store: the layer's model value is the keyframe's value.
    final class Step: CAAction {
        unowned let recording: _KeyframeRecording
        let track: Int
        let window: (start: Double, end: Double)
        init(recording: _KeyframeRecording, track: Int, window: (start: Double, end: Double)) {
            self.recording = recording
            self.track = track
            self.window = window
        }
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            let t = recording.tracks[track]
            let value = t.layer.value(forKey: t.key)
            // A second change of the property in the same keyframe replaces the first.
            if let last = t.steps.last, last.start == window.start, last.end == window.end {
                recording.tracks[track].steps[t.steps.count - 1].value = value
            } else {
                recording.tracks[track].steps.append((window.start, window.end, value))
            }
        }
    }

    /// A track's key times and values: the initial value at 0, held to its first keyframe's
    /// start; each keyframe's value at its end (a keyframe starting before the previous one's
    /// end starts there instead); the last value held to 1.
    static func keyframes(of track: Track) -> (times: [Double], values: [Any?]) {
        var times = [0.0], values = [track.initial]
        var current = track.initial
        for step in track.steps {
            let start = max(step.start, times.last!)
            if start > times.last! {
                times.append(start)
                values.append(current)
            }
            times.append(max(step.end, start))
            values.append(step.value)
            current = step.value
        }
        if times.last! < 1 {
            times.append(1)
            values.append(current)
        }
        return (times, values)
    }
}
