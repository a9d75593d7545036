import Testing
@testable import Strata
import StrataTestSupport

/// `_FrameAgedCache`, the least-recently-used cache behind the coverage-mask and shadow caches:
/// which entries go, when, and what the budget allows.
@Suite(.runLoopTurn) struct FrameAgedCacheTests {
    final class Blob: _FrameAgedEntry {
        let bytes: Int
        var lastUse: Int
        init(_ bytes: Int, frame: Int) { self.bytes = bytes; lastUse = frame }
    }

    typealias Cache = _FrameAgedCache<Int, Blob>

    /// Keys 0…n−1 stored one per frame (key k made in frame k + 1), each `size` bytes.
    static func filled(_ cache: Cache, _ n: Int, size: Int) {
        for k in 0..<n {
            cache.nextFrame()
            cache.store(k, Blob(size, frame: cache.frame))
        }
    }

    /// The keys of `range` in the cache (looking them up marks them used).
    static func keys(_ cache: Cache, _ range: Range<Int>) -> [Int] { range.filter { cache.lookup($0) != nil } }

    /// Past the budget, the least recently used go first: a lookup counts as a use.
    @Test func evictsLeastRecentlyUsedFirst() {
        let cache = Cache(maxBytes: 1_000, maxAge: 120, evictionTarget: 1_000)
        Self.filled(cache, 4, size: 250)
        cache.nextFrame() // frame 5
        _ = cache.lookup(0)
        cache.store(4, Blob(250, frame: cache.frame))
        #expect(cache.bytes == 1_000 && cache.count == 4)
        #expect(cache.lookup(1) == nil, "key 1 (last used in frame 2) went, not key 0 (frame 5)")
        // Last uses now: 0 → 5, 2 → 3, 3 → 4, 4 → 5; then 2 is used in frame 6.
        cache.nextFrame()
        _ = cache.lookup(2)
        cache.store(5, Blob(250, frame: cache.frame))
        #expect(Self.keys(cache, 0..<6) == [0, 2, 4, 5], "3 (frame 4) went")
        #expect(cache.bytes == 1_000)
        #expect(cache.misses == 6)
    }

    /// With an eviction target below the budget, one store evicts a batch down to it.
    @Test func batchEvictionGoesDownToTheTarget() {
        let cache = Cache(maxBytes: 1_000, maxAge: 120, evictionTarget: 750)
        Self.filled(cache, 4, size: 250)
        cache.nextFrame()
        cache.store(4, Blob(250, frame: cache.frame))
        // 750 − 250 = 500 left for the old entries: the two oldest went.
        #expect(Self.keys(cache, 0..<5) == [2, 3, 4])
        #expect(cache.bytes == 750)
        // Room now: the next store evicts nothing.
        cache.store(5, Blob(250, frame: cache.frame))
        #expect(Self.keys(cache, 0..<6) == [2, 3, 4, 5])
        #expect(cache.bytes == 1_000)
    }

    /// An entry over a quarter of the budget is never kept (it still counts as a miss); the
    /// total never passes the budget; replacing a key counts its bytes once.
    @Test func budgetAndAdmission() {
        let cache = Cache(maxBytes: 1_000, maxAge: 120, evictionTarget: 1_000)
        #expect(cache.admits(bytes: 250) && !cache.admits(bytes: 251))
        cache.store(0, Blob(251, frame: 0))
        #expect(cache.count == 0 && cache.bytes == 0 && cache.misses == 1)
        for k in 0..<50 {
            cache.nextFrame()
            cache.store(k % 7, Blob(100 + k, frame: cache.frame))
            #expect(cache.bytes <= 1_000)
        }
        let total = Self.keys(cache, 0..<7).map { cache.lookup($0)!.bytes }.reduce(0, +)
        #expect(cache.bytes == total)
    }

    /// Every 30 frames, entries unused for more than `maxAge` frames go; used ones stay.
    @Test func entriesAgeByFrames() {
        let cache = Cache(maxBytes: 1_000, maxAge: 120, evictionTarget: 1_000)
        cache.nextFrame() // frame 1
        cache.store(0, Blob(10, frame: cache.frame))
        cache.store(1, Blob(10, frame: cache.frame))
        var counts: [Int: Int] = [:]
        while cache.frame < 150 {
            cache.nextFrame()
            _ = cache.lookup(1)
            if [120, 121, 149, 150].contains(cache.frame) { counts[cache.frame] = cache.count }
        }
        // Frame 120's sweep: key 0 unused for 119 frames, kept; past 120 it waits for the next
        // sweep (frame 150).
        #expect(counts == [120: 2, 121: 2, 149: 2, 150: 1])
        #expect(cache.lookup(0) == nil && cache.lookup(1) != nil)
        #expect(cache.bytes == 10)
    }

    /// The two caches built on it keep their own budgets.
    @Test func coverageMaskAndShadowBudgets() {
        let masks = _CoverageMaskCache(), shadows = _ShadowCache()
        #expect(masks.maxBytes == 16 << 20 && masks.evictionTarget == 12 << 20 && masks.maxAge == 120)
        #expect(shadows.maxBytes == 32 << 20 && shadows.evictionTarget == 32 << 20 && shadows.maxAge == 120)
    }
}
