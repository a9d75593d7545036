/// A synthetic image of any size computed per pixel, for viewers and benchmarks that need a huge
/// picture without a huge file: a red/green position gradient, a checkerboard of 2000-pixel
/// squares in blue, and dark grid lines 8 pixels wide every 1000 pixels.
///
/// Level `l`'s pixel (x, y) is the full image's pixel at the centre of the 2^l block it covers
/// (point sampling: exact and cheap; thin grid lines drop out at coarse levels). No memory
/// beyond the destination.
struct _GeneratedTiledBackend: _TiledBackend {
    let width: Int
    let height: Int

    /// The full-resolution pixel at (x, y), opaque.
    func pixel(x: Int, y: Int) -> UInt32 {
        if x % 1000 < 8 || y % 1000 < 8 { return 0xFF20_2020 }
        let r = UInt32(x * 255 / max(1, width - 1)), g = UInt32(y * 255 / max(1, height - 1))
        let b: UInt32 = (x / 2000 + y / 2000) % 2 == 0 ? 200 : 60
        return 0xFF00_0000 | r << 16 | g << 8 | b
    }

    func read(level: Int, x: Int, y: Int, w: Int, h: Int, into dst: UnsafeMutablePointer<UInt32>, stride: Int) throws {
        let step = 1 << level, half = step / 2
        for r in 0..<h {
            let row = dst + r * stride
            let fy = min((y + r) * step + half, height - 1)
            for c in 0..<w { row[c] = pixel(x: min((x + c) * step + half, width - 1), y: fy) }
        }
    }
}
