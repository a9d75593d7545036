import CPixman
import Foundation

/// Draws the ``CompositorDebugOptions`` overlays into a bitmap after a frame is painted.
struct _DebugOverlay {
    /// Premultiplied tints, drawn OVER.
    static let flashTint: UInt32 = 0x6060_6000   // yellow, alpha 0.38
    static let blendedTint: UInt32 = 0x4040_0000 // red, alpha 0.25
    static let boxColor: UInt32 = 0xE010_1010
    static let digitColor: UInt32 = 0xFFFF_FFFF
    /// Digit cells: 3 × 5 cells of `cell` pixels, one cell apart, inside a margin.
    static let cell = 3, margin = 4

    /// Media time of the previous render, and a smoothed frame interval.
    private var last: Double?
    private var interval: Double?

    /// The pixels the frame-rate box covers in a bitmap of `width` × `height`.
    static func frameRateBox(width: Int, height: Int) -> PixelRect? {
        let w = 2 * margin + 3 * (3 * cell) + 2 * cell, h = 2 * margin + 5 * cell
        return _FrameList.intersect(PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// Records a render at media time `now` (seconds); returns the frame rate to show.
    mutating func tick(now: Double) -> Int {
        defer { last = now }
        guard let last, now > last else { return interval.map { Int((1 / $0).rounded()) } ?? 0 }
        let dt = now - last
        interval = interval.map { $0 * 0.8 + dt * 0.2 } ?? dt
        return min(999, Int((1 / interval!).rounded()))
    }

    /// Fills `region` OVER with the premultiplied `color`.
    static func tint(_ bitmap: Bitmap, _ region: Region, _ color: UInt32) {
        var c = _Painter.pixmanColor(color)
        var boxes: [pixman_box32_t] = []
        region.forEachBox { boxes.append($0) }
        guard !boxes.isEmpty else { return }
        pixman_image_set_clip_region32(bitmap.image, nil)
        pixman_image_fill_boxes(PIXMAN_OP_OVER, bitmap.image, &c, Int32(boxes.count), &boxes)
    }

    /// 3 × 5 glyphs of the digits, one row per 3 bits (top row first, high bit left).
    static let glyphs: [[UInt8]] = [
        [7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7], [5, 5, 7, 1, 1],
        [7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1], [7, 5, 7, 5, 7], [7, 5, 7, 1, 7],
    ]

    /// The dark box with `value` (0…999) right-aligned in three digits.
    static func drawFrameRate(_ bitmap: Bitmap, _ value: Int) {
        guard let box = frameRateBox(width: bitmap.width, height: bitmap.height) else { return }
        tint(bitmap, Region(box), boxColor)
        var rects: [PixelRect] = []
        let digits = String(min(max(value, 0), 999)).compactMap { $0.wholeNumberValue }
        for (k, d) in digits.enumerated() {
            let x0 = margin + (3 - digits.count + k) * 4 * cell
            for (row, bits) in glyphs[d].enumerated() {
                for col in 0..<3 where bits & (4 >> col) != 0 {
                    rects.append(PixelRect(x: x0 + col * cell, y: margin + row * cell, width: cell, height: cell))
                }
            }
        }
        tint(bitmap, Region(rects).intersection(Region(box)), digitColor)
    }
}
