/// Why an image could not be read or written: one error shape for every codec, named per
/// format through ``PNGError`` and ``JPEGError`` (`ImageCodecError<PNGFormat>`, …), so that a
/// `catch PNGError.malformed(let reason)` still tells the formats apart while the cases, their
/// meaning and their messages are defined once.
///
/// Every failure of the decoders and encoders is one of these; the libraries' fatal errors and
/// corrupt-data warnings (truncation, bad entropy codes) end here, never in a trap.
public enum ImageCodecError<Format: ImageCodecFormat>: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened, read or written (`reason` is the library's or the
    /// system's message).
    case io(path: String, reason: String)
    /// The bytes are not in this format, or are corrupt or truncated (`reason` is the library's
    /// message).
    case malformed(reason: String)
    /// The header declares an image larger than the limits allow. Nothing was allocated for the
    /// pixels.
    case tooLarge(width: Int, height: Int, limits: ImageDecodeLimits)
    /// The caller's arguments are inconsistent (zero or negative size, pixel count mismatch, a
    /// row stride shorter than the width, a region outside the image, a JPEG scale other than
    /// 1, 1/2, 1/4, 1/8 or quality outside 1…100, a size the format cannot store).
    case invalidArgument(String)
    /// The library refused to encode (`reason` is its message).
    case encodeFailed(reason: String)

    public var description: String {
        let f = Format.name
        switch self {
        case let .io(path, reason): return "\(f): cannot access \(path): \(reason)"
        case let .malformed(reason): return "\(f): malformed or truncated data: \(reason)"
        case let .tooLarge(width, height, limits): return "\(f): image \(width)×\(height) exceeds the limits (\(limits))"
        case let .invalidArgument(what): return "\(f): invalid argument: \(what)"
        case let .encodeFailed(reason): return "\(f): encoding failed: \(reason)"
        }
    }
}

/// A file format with an ``ImageCodecError``: its name starts the error messages.
public protocol ImageCodecFormat: Sendable {
    static var name: String { get }
}
