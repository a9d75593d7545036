/// The fuzzer's bytes read as a stream of small decisions. Past the end every read is 0, so any
/// input is a complete program (libFuzzer may hand over an empty one).
public struct FuzzInput {
    public let bytes: [UInt8]
    public private(set) var position = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int, limit: Int = 1 << 16) {
        bytes = Array(UnsafeBufferPointer(start: data, count: min(size, limit)))
    }

    public var isAtEnd: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    public mutating func uint32() -> UInt32 {
        (0..<4).reduce(UInt32(0)) { v, _ in v << 8 | UInt32(byte()) }
    }

    /// 0..<n (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(uint32() % UInt32(n)) }

    public mutating func chance(_ oneIn: UInt8) -> Bool { byte() % oneIn == 0 }

    /// Mostly a "nice" number in `range` (two bytes of resolution); one time in eight the raw
    /// bits of a Double (NaN, ±∞, huge, denormal).
    public mutating func number(in range: ClosedRange<Double>) -> Double {
        if byte() & 7 == 0 {
            let hi = UInt64(uint32()), lo = UInt64(uint32())
            return Double(bitPattern: hi << 32 | lo)
        }
        let t = Double(UInt16(byte()) << 8 | UInt16(byte())) / 65535
        return range.lowerBound + t * (range.upperBound - range.lowerBound)
    }

    /// The rest of the input.
    public mutating func remainder() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}
