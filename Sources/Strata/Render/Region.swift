import CPixman
import Foundation

/// A set of device pixels: a `pixman_region32_t` (y-x banded rectangles) with value semantics.
///
/// Copies share storage until one of them is mutated (copy-on-write). Coordinates are clamped to
/// ±2³⁰ so that areas and unions never overflow pixman's 32-bit boxes.
public struct Region: Equatable, Sendable, CustomStringConvertible {
    static let limit = 1 << 29
    private var box: _RegionBox

    /// The empty region.
    public init() { box = _RegionBox() }

    /// The pixels of `rect` (empty when the rectangle is).
    public init(_ rect: PixelRect) {
        box = _RegionBox()
        guard !rect.isEmpty else { return }
        let b = Self.clampedBox(x1: rect.x, y1: rect.y, x2: rect.maxX, y2: rect.maxY)
        pixman_region32_init_rect(box.r, b.x1, b.y1, UInt32(Int(b.x2) - Int(b.x1)), UInt32(Int(b.y2) - Int(b.y1)))
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(PixelRect(x: x, y: y, width: width, height: height))
    }

    /// Every pixel that `rect` touches (the rectangle rounded outwards); empty for an empty,
    /// null or non-finite rectangle.
    public init(enclosing rect: CGRect) {
        guard let p = Self.enclosingPixels(rect) else { self.init(); return }
        self.init(p)
    }

    /// The union of `rects` (empty rectangles ignored), built in one pass.
    public init(_ rects: [PixelRect]) {
        box = _RegionBox()
        var boxes: [pixman_box32_t] = []
        boxes.reserveCapacity(rects.count)
        for r in rects where !r.isEmpty {
            boxes.append(Self.clampedBox(x1: r.x, y1: r.y, x2: r.maxX, y2: r.maxY))
        }
        Self.initRegion(box.r, boxes)
    }

    init(boxes: [pixman_box32_t]) {
        box = _RegionBox()
        Self.initRegion(box.r, boxes)
    }

    private static func initRegion(_ r: UnsafeMutablePointer<pixman_region32_t>, _ boxes: [pixman_box32_t]) {
        guard !boxes.isEmpty else { return }
        pixman_region32_fini(r)
        _ = boxes.withUnsafeBufferPointer { pixman_region32_init_rects(r, $0.baseAddress, Int32($0.count)) }
    }

    static func clampedBox(x1: Int, y1: Int, x2: Int, y2: Int) -> pixman_box32_t {
        func c(_ v: Int) -> Int32 { Int32(min(max(v, -limit), limit)) }
        return pixman_box32_t(x1: c(x1), y1: c(y1), x2: c(x2), y2: c(y2))
    }

    /// The integer rectangle covering every pixel `rect` touches, nil when there is none.
    static func enclosingPixels(_ rect: CGRect) -> PixelRect? {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0,
              r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let lim = CGFloat(limit)
        let x1 = Int(max(min(r.minX.rounded(.down), lim), -lim)), y1 = Int(max(min(r.minY.rounded(.down), lim), -lim))
        let x2 = Int(max(min(r.maxX.rounded(.up), lim), -lim)), y2 = Int(max(min(r.maxY.rounded(.up), lim), -lim))
        guard x2 > x1, y2 > y1 else { return nil }
        return PixelRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&box) { box = box.copy() }
    }

    // MARK: Queries

    public var isEmpty: Bool {
        pixman_region32_not_empty(box.r) == 0
    }

    /// The smallest rectangle containing the region (empty rectangle at 0,0 when empty).
    public var extents: PixelRect {
        if isEmpty { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let e = box.r.pointee.extents
        return PixelRect(x: Int(e.x1), y: Int(e.y1), width: Int(e.x2 - e.x1), height: Int(e.y2 - e.y1))
    }

    /// True when the region is exactly one non-empty rectangle.
    var isRectangle: Bool {
        var n: Int32 = 0
        _ = pixman_region32_rectangles(box.r, &n)
        return n == 1
    }

    /// The region's rectangles: disjoint, sorted by y then x (pixman's y-x bands).
    public var rects: [PixelRect] {
        var out: [PixelRect] = []
        forEachBox { out.append(PixelRect(x: Int($0.x1), y: Int($0.y1), width: Int($0.x2 - $0.x1), height: Int($0.y2 - $0.y1))) }
        return out
    }

    /// ``rects`` as `CGRect`s.
    public var cgRects: [CGRect] {
        rects.map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    /// Number of pixels in the region.
    public var area: Int {
        var a = 0
        forEachBox { a += Int($0.x2 - $0.x1) * Int($0.y2 - $0.y1) }
        return a
    }

    public func contains(x: Int, y: Int) -> Bool {
        guard abs(x) < Self.limit, abs(y) < Self.limit else { return false }
        return pixman_region32_contains_point(box.r, Int32(x), Int32(y), nil) != 0
    }

    /// True when every pixel of `rect` is in the region (an empty rectangle is).
    func contains(_ rect: PixelRect) -> Bool {
        if rect.isEmpty { return true }
        var b = Self.clampedBox(x1: rect.x, y1: rect.y, x2: rect.maxX, y2: rect.maxY)
        return pixman_region32_contains_rectangle(box.r, &b) == PIXMAN_REGION_IN
    }

    func forEachBox(_ body: (pixman_box32_t) -> Void) {
        var n: Int32 = 0
        guard let b = pixman_region32_rectangles(box.r, &n) else { return }
        for i in 0..<Int(n) { body(b[i]) }
    }

    /// Calls `body` with the raw region (valid only during the call).
    func withPixmanRegion<T>(_ body: (UnsafeMutablePointer<pixman_region32_t>) -> T) -> T {
        body(box.r)
    }

    // MARK: Set operations

    public mutating func formUnion(_ other: Region) {
        unique()
        pixman_region32_union(box.r, box.r, other.box.r)
    }

    public mutating func formIntersection(_ other: Region) {
        unique()
        pixman_region32_intersect(box.r, box.r, other.box.r)
    }

    public mutating func subtract(_ other: Region) {
        unique()
        pixman_region32_subtract(box.r, box.r, other.box.r)
    }

    public mutating func formUnion(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        unique()
        let b = Self.clampedBox(x1: rect.x, y1: rect.y, x2: rect.maxX, y2: rect.maxY)
        pixman_region32_union_rect(box.r, box.r, b.x1, b.y1, UInt32(Int(b.x2) - Int(b.x1)), UInt32(Int(b.y2) - Int(b.y1)))
    }

    public func union(_ other: Region) -> Region { var r = self; r.formUnion(other); return r }
    public func intersection(_ other: Region) -> Region { var r = self; r.formIntersection(other); return r }
    public func subtracting(_ other: Region) -> Region { var r = self; r.subtract(other); return r }

    /// Moves every rectangle by (dx, dy) pixels.
    public mutating func translate(dx: Int, dy: Int) {
        guard dx != 0 || dy != 0 else { return }
        let d = Self.limit
        unique()
        pixman_region32_translate(box.r, Int32(min(max(dx, -d), d)), Int32(min(max(dy, -d), d)))
    }

    public func translatedBy(dx: Int, dy: Int) -> Region { var r = self; r.translate(dx: dx, dy: dy); return r }

    /// Each rectangle scaled by `factor` and rounded outwards (so a region in points scaled to
    /// pixels covers every pixel it touches). Empty for a non-finite or non-positive factor.
    public func scaled(by factor: CGFloat) -> Region {
        guard factor.isFinite, factor > 0 else { return Region() }
        if factor == 1 { return self }
        var boxes: [pixman_box32_t] = []
        forEachBox { b in
            let r = CGRect(x: CGFloat(b.x1) * factor, y: CGFloat(b.y1) * factor,
                           width: CGFloat(b.x2 - b.x1) * factor, height: CGFloat(b.y2 - b.y1) * factor)
            if let p = Self.enclosingPixels(r) {
                boxes.append(Self.clampedBox(x1: p.x, y1: p.y, x2: p.maxX, y2: p.maxY))
            }
        }
        return Region(boxes: boxes)
    }

    public static func == (l: Region, r: Region) -> Bool {
        if l.box === r.box { return true }
        return pixman_region32_equal(l.box.r, r.box.r) != 0
    }

    public var description: String { "Region(\(rects.map(\.description).joined(separator: ", ")))" }
}

/// Owns one initialised `pixman_region32_t`.
final class _RegionBox: @unchecked Sendable {
    // Mutated only through a uniquely referenced box (Region's copy-on-write), so sharing an
    // unmutated box between threads is safe.
    // Heap storage of its own: pixman gets stable pointers and Swift's exclusivity checks
    // are not involved when one region is both operand and result.
    let r = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)

    init() { pixman_region32_init(r) }

    func copy() -> _RegionBox {
        let c = _RegionBox()
        pixman_region32_copy(c.r, r)
        return c
    }

    deinit { pixman_region32_fini(r); r.deallocate() }
}
