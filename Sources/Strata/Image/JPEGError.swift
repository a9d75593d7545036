/// Why a JPEG could not be read or written (see ``ImageCodecError`` for the cases). Every
/// failure of the JPEG decoders and encoder is one of these.
public typealias JPEGError = ImageCodecError<JPEGFormat>

/// The JPEG format, as the parameter of ``JPEGError``.
public enum JPEGFormat: ImageCodecFormat {
    public static let name = "JPEG"
}
