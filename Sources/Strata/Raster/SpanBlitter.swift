import CPixman
import CShims
import Foundation

/// Receives one row's coverage as runs: constant-alpha spans and per-pixel alpha runs.
/// Coordinates are absolute device pixels, already inside the clip.
internal protocol _SpanBlitter {
    mutating func span(y: Int, x: Int, count: Int, alpha: UInt32)
    mutating func mask(y: Int, x: Int, count: Int, alpha: UnsafePointer<UInt8>)
    /// One pixel with coverage `alpha` (1…255).
    mutating func pixel(y: Int, x: Int, alpha: UInt32)
    /// A hint that pixel (x, y) will be blended soon (no effect on the result).
    func prefetch(y: Int, x: Int)
}

/// x·a/255 on four packed 8-bit channels at once, rounded to nearest (exact for 8-bit inputs).
@inline(__always)
internal func _mulChannels(_ x: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (x & 0x00FF00FF) &* a &+ 0x00800080
    rb = ((rb &+ ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF
    var ag = ((x >> 8) & 0x00FF00FF) &* a &+ 0x00800080
    ag = (ag &+ ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00
    return rb | ag
}

/// Solid colour OVER a premultiplied 32-bit ARGB/XRGB image.
internal struct _ARGB32Blitter: _SpanBlitter {
    let base: UnsafeMutablePointer<UInt32>
    let stride: Int          // in pixels
    let color: UInt32        // premultiplied
    let colorAlpha: UInt32
    /// A `_ScaledColorCache` table for `color`.
    let scaled: UnsafeMutablePointer<UInt64>

    @inline(__always)
    func prefetch(y: Int, x: Int) { strata_prefetch_write(base + (y &* stride &+ x)) }

    @inline(__always)
    private func blend(_ p: UnsafeMutablePointer<UInt32>, _ s: UInt32) {
        p.pointee = s &+ _mulChannels(p.pointee, 255 &- (s >> 24))
    }

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: UInt32) {
        let row = base + y * stride + x
        if alpha == 255 && colorAlpha == 255 {
            // glibc's wmemset (4-byte wchar_t) is the vectorized fill for 32-bit patterns.
            if count >= 16 {
                _ = UnsafeMutableRawPointer(row).withMemoryRebound(to: Int32.self, capacity: count) {
                    _strata_wmemset($0, Int32(bitPattern: color), count)
                }
            } else {
                row.update(repeating: color, count: count)
            }
            return
        }
        let s = alpha == 255 ? color : _scaledColor(scaled, color, alpha)
        let inv = 255 &- (s >> 24)
        for i in 0..<count { row[i] = s &+ _mulChannels(row[i], inv) }
    }

    @inline(__always)
    mutating func mask(y: Int, x: Int, count: Int, alpha: UnsafePointer<UInt8>) {
        let row = base + y * stride + x
        for i in 0..<count {
            let m = UInt32(alpha[i])
            if m == 0 { continue }
            if m == 255 {
                if colorAlpha == 255 { row[i] = color } else { blend(row + i, color) }
                continue
            }
            blend(row + i, _scaledColor(scaled, color, m))
        }
    }

    @inline(__always)
    mutating func pixel(y: Int, x: Int, alpha: UInt32) {
        let p = base + (y &* stride &+ x)
        if alpha == 255 {
            if colorAlpha == 255 { p.pointee = color } else { blend(p, color) }
            return
        }
        blend(p, _scaledColor(scaled, color, alpha))
    }
}

/// Solid alpha OVER an 8-bit alpha image (masks).
internal struct _A8Blitter: _SpanBlitter {
    let base: UnsafeMutablePointer<UInt8>
    let stride: Int
    let colorAlpha: UInt32

    @inline(__always)
    func prefetch(y: Int, x: Int) { strata_prefetch_write(base + (y &* stride &+ x)) }

    @inline(__always)
    private static func mul(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    mutating func span(y: Int, x: Int, count: Int, alpha: UInt32) {
        let row = base + y * stride + x
        let s = _A8Blitter.mul(alpha, colorAlpha)
        if s == 255 { row.update(repeating: 255, count: count); return }
        for i in 0..<count { row[i] = UInt8(s &+ _A8Blitter.mul(UInt32(row[i]), 255 &- s)) }
    }

    mutating func mask(y: Int, x: Int, count: Int, alpha: UnsafePointer<UInt8>) {
        let row = base + y * stride + x
        for i in 0..<count {
            let s = _A8Blitter.mul(UInt32(alpha[i]), colorAlpha)
            row[i] = UInt8(s &+ _A8Blitter.mul(UInt32(row[i]), 255 &- s))
        }
    }

    @inline(__always)
    mutating func pixel(y: Int, x: Int, alpha: UInt32) {
        let p = base + (y &* stride &+ x)
        let s = _A8Blitter.mul(alpha, colorAlpha)
        p.pointee = UInt8(s &+ _A8Blitter.mul(UInt32(p.pointee), 255 &- s))
    }
}

// glibc's `wmemset` is not exported by the Glibc module (also used by the compositor); its C signature is
// `wchar_t *wmemset(wchar_t *, wchar_t, size_t)` with a 4-byte wchar_t on Linux.
@_silgen_name("wmemset")
func _strata_wmemset(_ s: UnsafeMutablePointer<Int32>, _ c: Int32, _ n: Int) -> UnsafeMutablePointer<Int32>
