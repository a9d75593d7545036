/// Where alpha sits in a pixel and whether colours are premultiplied (Core Graphics'
/// `CGImageAlphaInfo`). Strata's bitmaps hold one layout: `premultipliedFirst` with
/// `CGBitmapInfo.byteOrder32Little` (pixman's native a8r8g8b8 on little-endian machines).
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// Byte order and alpha layout of a bitmap (Core Graphics' `CGBitmapInfo`).
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    public static let byteOrderDefault = CGBitmapInfo([])
}
