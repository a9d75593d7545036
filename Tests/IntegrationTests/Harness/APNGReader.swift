import Foundation
import Strata

/// A strict reader of animated PNGs, written from the APNG specification independently of the
/// library's writer: checks every CRC, the chunk order, the shared fcTL/fdAT sequence numbers
/// and acTL's frame count, and composites the frames (dispose none, blend source — the only
/// operations the writer uses; others are reported as errors).
struct APNGReader {
    struct Frame {
        var canvas: PNGImage
        var region: PixelRect
        var delayNumerator: Int, delayDenominator: Int
        var delay: Double { Double(delayNumerator) / Double(delayDenominator == 0 ? 100 : delayDenominator) }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    private(set) var width = 0, height = 0
    private(set) var plays = -1
    private(set) var frames: [Frame] = []
    /// The chunk types in file order.
    private(set) var chunkTypes: [String] = []

    init(path: String) throws { try self.init(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))) }

    init(bytes: [UInt8]) throws {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw Failure(description: "no PNG signature") }
        func be32(_ b: ArraySlice<UInt8>) -> Int { b.reduce(0) { $0 << 8 | Int($1) } }
        var ihdr: [UInt8] = [], declaredFrames = -1, nextSequence = 0
        var pending: (region: PixelRect, num: Int, den: Int, data: [UInt8])?
        var canvas: PNGImage?
        var sawIDAT = false
        var offset = 8
        func finishFrame() throws {
            guard let p = pending else { return }
            pending = nil
            var header = ihdr
            header.replaceSubrange(0..<8, with: Self.be32(UInt32(p.region.width)) + Self.be32(UInt32(p.region.height)))
            let png = signature + Self.chunk("IHDR", header) + Self.chunk("IDAT", p.data) + Self.chunk("IEND", [])
            let image = try PNGImage.decode(data: png)
            var next = canvas ?? PNGImage(width: width, height: height, pixels: Array(repeating: 0, count: width * height))
            for y in 0..<p.region.height {
                for x in 0..<p.region.width {
                    next.pixels[(p.region.y + y) * width + p.region.x + x] = image.pixels[y * p.region.width + x]
                }
            }
            canvas = next
            frames.append(Frame(canvas: next, region: p.region, delayNumerator: p.num, delayDenominator: p.den))
        }
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Failure(description: "truncated chunk at \(offset)") }
            let length = be32(bytes[offset..<(offset + 4)])
            guard offset + 12 + length <= bytes.count else { throw Failure(description: "chunk at \(offset) runs past the end") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let crc = be32(bytes[(offset + 8 + length)..<(offset + 12 + length)])
            guard crc == Int(Self.crc(Array(bytes[(offset + 4)..<(offset + 8 + length)]))) else {
                throw Failure(description: "bad CRC in \(type) at \(offset)")
            }
            chunkTypes.append(type)
            offset += 12 + length
            switch type {
            case "IHDR":
                ihdr = data
                width = be32(data[0..<4]); height = be32(data[4..<8])
            case "acTL":
                guard !sawIDAT else { throw Failure(description: "acTL after IDAT") }
                declaredFrames = be32(data[0..<4]); plays = be32(data[4..<8])
            case "fcTL":
                guard data.count == 26, be32(data[0..<4]) == nextSequence else { throw Failure(description: "fcTL sequence \(be32(data[0..<4])), expected \(nextSequence)") }
                nextSequence += 1
                try finishFrame()
                let region = PixelRect(x: be32(data[12..<16]), y: be32(data[16..<20]), width: be32(data[4..<8]), height: be32(data[8..<12]))
                guard region.width > 0, region.height > 0, region.x + region.width <= width, region.y + region.height <= height else {
                    throw Failure(description: "frame region \(region) outside \(width)×\(height)")
                }
                guard data[24] == 0, data[25] == 0 else { throw Failure(description: "dispose \(data[24]) / blend \(data[25]) not supported") }
                if frames.isEmpty, !sawIDAT, region != PixelRect(x: 0, y: 0, width: width, height: height) {
                    throw Failure(description: "the first frame must cover the canvas")
                }
                pending = (region, be32(data[20..<22]), be32(data[22..<24]), [])
            case "IDAT":
                sawIDAT = true
                // The default image is the first frame only when an fcTL precedes the IDATs.
                guard pending != nil, frames.isEmpty else { throw Failure(description: "IDAT outside the first frame") }
                pending?.data += data
            case "fdAT":
                guard be32(data[0..<4]) == nextSequence else { throw Failure(description: "fdAT sequence \(be32(data[0..<4])), expected \(nextSequence)") }
                nextSequence += 1
                guard pending != nil, sawIDAT else { throw Failure(description: "fdAT without a frame") }
                pending?.data += data[4...]
            case "IEND":
                try finishFrame()
                guard offset == bytes.count else { throw Failure(description: "bytes after IEND") }
            default:
                break
            }
        }
        guard chunkTypes.last == "IEND" else { throw Failure(description: "no IEND") }
        guard declaredFrames == frames.count else { throw Failure(description: "acTL says \(declaredFrames) frames, found \(frames.count)") }
    }

    private static func be32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(UInt32(data.count)) + Array(type.utf8) + data + be32(crc(Array(type.utf8) + data))
    }

    /// CRC-32 bit by bit (polynomial 0xEDB88320, reflected).
    private static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c = ~UInt32(0)
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c >> 1) ^ (0xEDB8_8320 & (0 &- (c & 1))) }
        }
        return ~c
    }
}
