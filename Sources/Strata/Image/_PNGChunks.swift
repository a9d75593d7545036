/// PNG's chunk layer: the signature, splitting a file into chunks and writing chunks with their
/// CRC (ISO 3309 / ITU-T V.42 CRC-32 over the type and data, as the PNG specification defines).
enum _PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    /// The chunks of a PNG file (CRCs are not checked: the bytes come from our own encoder).
    /// - Throws: `PNGError.malformed(reason:)` when the bytes are not a chunk sequence.
    static func split(_ bytes: [UInt8]) throws(PNGError) -> [Chunk] {
        guard bytes.starts(with: signature) else { throw .malformed(reason: "no PNG signature") }
        var chunks: [Chunk] = []
        var i = signature.count
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length <= bytes.count - i - 12 else { throw .malformed(reason: "chunk length \(length) past the end") }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        guard i == bytes.count else { throw .malformed(reason: "trailing bytes after the last chunk") }
        return chunks
    }

    /// length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
