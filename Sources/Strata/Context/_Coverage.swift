import Foundation

/// Where a context operation puts paint, in device pixels.
enum _Coverage {
    /// Inside a device-space path.
    case fill(CGPath, CGPathFillRule)
    /// Under the stroke of a user-space path drawn through the transform (user → device).
    case stroke(CGPath, StrokeStyle, CGAffineTransform)
    /// Everywhere inside the clip.
    case everywhere
}

/// What a context operation paints.
enum _Paint {
    case color(CGColor)
    /// A pixman source image whose transform maps device pixels to its own pixels.
    case image(OpaquePointer)
    /// Premultiplied ARGB32 written for a device rectangle into rows of `stride` pixels.
    case pixels((_ dst: UnsafeMutablePointer<UInt32>, _ stride: Int, _ rect: PixelRect) -> Void)
}
