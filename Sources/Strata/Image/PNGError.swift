/// Why a PNG could not be read or written.
///
/// Every failure of ``PNGImage`` is one of these; the codec never traps on bad input.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened, read or written (`path` names it; `reason` is libpng's or
    /// the system's message).
    case io(path: String, reason: String)
    /// The bytes are not a PNG, or the PNG is corrupt or truncated (`reason` is libpng's message).
    case malformed(reason: String)
    /// The header declares an image larger than the ``PNGImage/Limits`` allow. Nothing was
    /// allocated for the pixels.
    case tooLarge(width: Int, height: Int, limits: ImageDecodeLimits)
    /// The caller's arguments are inconsistent (zero or negative size, pixel count mismatch, a
    /// row stride shorter than the width, a size PNG cannot store).
    case invalidArgument(String)
    /// libpng refused to write the image (`reason` is its message).
    case encodeFailed(reason: String)

    public var description: String {
        switch self {
        case let .io(path, reason): "PNG: cannot access \(path): \(reason)"
        case let .malformed(reason): "PNG: malformed or truncated data: \(reason)"
        case let .tooLarge(width, height, limits):
            "PNG: image \(width)×\(height) exceeds the limits (\(limits))"
        case let .invalidArgument(what): "PNG: invalid argument: \(what)"
        case let .encodeFailed(reason): "PNG: encoding failed: \(reason)"
        }
    }
}
