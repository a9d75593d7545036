/// Why a JPEG could not be read or written.
///
/// Every failure of the JPEG decoders and encoder is one of these; libjpeg's fatal errors and
/// its corrupt-data warnings (truncation, bad entropy codes) both end here, never in a trap.
public enum JPEGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (`reason` is the system's message).
    case io(path: String, reason: String)
    /// The bytes are not a JPEG, or it is corrupt or truncated (`reason` is libjpeg's message).
    case malformed(reason: String)
    /// The header declares an image larger than the limits allow. Nothing was allocated for the
    /// pixels.
    case tooLarge(width: Int, height: Int, limits: ImageDecodeLimits)
    /// The caller's arguments are inconsistent (a region outside the image, a scale other than
    /// 1, 1/2, 1/4, 1/8, a size JPEG cannot store, a quality outside 1…100).
    case invalidArgument(String)
    /// libjpeg refused to encode (`reason` is its message).
    case encodeFailed(reason: String)

    public var description: String {
        switch self {
        case let .io(path, reason): "JPEG: cannot access \(path): \(reason)"
        case let .malformed(reason): "JPEG: malformed or truncated data: \(reason)"
        case let .tooLarge(width, height, limits): "JPEG: image \(width)×\(height) exceeds the limits (\(limits))"
        case let .invalidArgument(what): "JPEG: invalid argument: \(what)"
        case let .encodeFailed(reason): "JPEG: encoding failed: \(reason)"
        }
    }
}
