// Fuzz target: TiledImageSource over PNG (row-by-row libpng streaming into the tile pyramid) and
// JPEG (scaled, cropped and skipped decoding) bytes.
//
// Properties checked on every input: opening and reading never trap, hang or exceed the limits;
// every level of an opened source reads (or throws) for its whole area and one pixel.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTiledDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageDecodeLimits(maxWidth: 2048, maxHeight: 2048, maxPixels: 1 << 20)
    guard let source = try? TiledImageSource(data: bytes, limits: limits) else { return 0 }
    precondition(source.width > 0 && source.height > 0 && limits.admit(width: source.width, height: source.height))
    for level in 0...source.coarsestLevel {
        let s = source.size(atLevel: level)
        let w = min(s.width, 300), h = min(s.height, 300)
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
        defer { out.deallocate() }
        try? source.read(level: level, x: s.width - w, y: s.height - h, width: w, height: h, into: out, stride: w)
        try? source.read(level: level, x: s.width / 2, y: s.height / 2, width: 1, height: 1, into: out, stride: 1)
    }
    return 0
}
