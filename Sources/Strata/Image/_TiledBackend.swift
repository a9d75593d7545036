/// One kind of ``TiledImageSource``: reads any region of any level of detail.
///
/// Level `l` is the image scaled by 2^-l, `ceil(size / 2^l)` pixels a side. Implementations are
/// safe to call from several threads at once.
protocol _TiledBackend: Sendable {
    var width: Int { get }
    var height: Int { get }
    /// Writes the region `x, y, w, h` (in level-`level` pixels, inside the level) to `dst`, row r
    /// at `dst + r·stride`, premultiplied ARGB32.
    func read(level: Int, x: Int, y: Int, w: Int, h: Int, into dst: UnsafeMutablePointer<UInt32>, stride: Int) throws
}
