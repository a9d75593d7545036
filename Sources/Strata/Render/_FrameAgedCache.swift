/// What `_FrameAgedCache` keeps: a reference (a lookup marks it used in place) that knows its size.
protocol _FrameAgedEntry: AnyObject {
    /// Bytes the entry holds, counted against the cache's budget (constant while it is cached).
    var bytes: Int { get }
    /// The cache frame of the entry's last lookup (or of its making).
    var lastUse: Int { get set }
}

/// A least-recently-used cache aged by frames, for rendering results kept while their inputs
/// stay the same (coverage masks, blurred shadow masks).
///
/// Bounds: an entry larger than a quarter of `maxBytes` is never kept. A store that would pass
/// `maxBytes` first evicts the least recently used entries, in one batch (one sort), until the
/// total with the new entry is at most `evictionTarget` — `maxBytes` evicts just enough, less
/// leaves room for the next stores. Every `sweepInterval` frames, entries unused for more than
/// `maxAge` frames go.
final class _FrameAgedCache<K: Hashable, V: _FrameAgedEntry> {
    typealias Key = K
    typealias Entry = V

    let maxBytes: Int
    let maxAge: Int
    let evictionTarget: Int
    var sweepInterval: Int { 30 }
    private var entries: [K: V] = [:]
    private(set) var bytes = 0
    private(set) var frame = 0
    /// Entries made so far (each store is one cache miss).
    private(set) var misses = 0
    var count: Int { entries.count }

    init(maxBytes: Int, maxAge: Int, evictionTarget: Int) {
        self.maxBytes = maxBytes
        self.maxAge = maxAge
        self.evictionTarget = min(evictionTarget, maxBytes)
    }

    /// Starts the next frame (and every `sweepInterval` frames drops the entries unused for
    /// more than `maxAge` frames).
    func nextFrame() {
        frame += 1
        guard frame % sweepInterval == 0 else { return }
        for (k, e) in entries where frame - e.lastUse > maxAge { drop(k, e) }
    }

    /// The entry under `key`, marked as used in this frame.
    func lookup(_ key: K) -> V? {
        guard let e = entries[key] else { return nil }
        e.lastUse = frame
        return e
    }

    /// Whether an entry of `bytes` bytes would be kept.
    func admits(bytes: Int) -> Bool { bytes <= maxBytes / 4 }

    /// Keeps `entry` under `key` when it fits the budget, evicting the least recently used.
    func store(_ key: K, _ entry: V) {
        misses += 1
        guard admits(bytes: entry.bytes) else { return }
        if bytes + entry.bytes > maxBytes {
            // One sort per batch of evictions, not a scan per eviction.
            let target = evictionTarget - entry.bytes
            for (k, e) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard bytes > target else { break }
                drop(k, e)
            }
        }
        if let old = entries[key] { bytes -= old.bytes }
        entries[key] = entry
        bytes += entry.bytes
    }

    private func drop(_ k: K, _ e: V) {
        entries[k] = nil
        bytes -= e.bytes
    }
}
