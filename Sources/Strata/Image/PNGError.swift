/// Why a PNG could not be read or written (see ``ImageCodecError`` for the cases). Every
/// failure of ``PNGImage`` is one of these; the codec never traps on bad input.
public typealias PNGError = ImageCodecError<PNGFormat>

/// The PNG format, as the parameter of ``PNGError``.
public enum PNGFormat: ImageCodecFormat {
    public static let name = "PNG"
}
