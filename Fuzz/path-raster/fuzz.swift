// Fuzz target: path → (dash, trim) stroke → rasterize, and path → fill, into a 64×64 A8 image.
//
// The input drives everything: element kinds, coordinates (any Float bit pattern: NaN, ±∞,
// ±1e38, denormals), the transform, the stroke style (width, caps, joins, miter limit, dash
// pattern and phase, strokeStart/End) and the fill rule. Property: nothing traps, hangs or
// grows without bound, and copy(strokingWithWidth:)/copy(dashingWithPhase:) give finite paths
// for finite input.
import CPixman
import Foundation

struct Reader {
    var bytes: [UInt8]
    var i = 0
    mutating func byte() -> UInt8 { defer { i += 1 }; return i < bytes.count ? bytes[i] : 0 }
    mutating func float() -> CGFloat {
        var v: UInt32 = 0
        for _ in 0..<4 { v = v << 8 | UInt32(byte()) }
        // Half the time a "nice" coordinate in −16…80, otherwise the raw bit pattern.
        return v & 1 == 0 ? CGFloat(Int(v >> 1) % 9600) / 100 - 16 : CGFloat(Float(bitPattern: v))
    }
    var done: Bool { i >= bytes.count }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathRaster(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: min(size, 4096))))
    let path = CGMutablePath()
    var elements = 0
    while !r.done && elements < 200 {
        elements += 1
        let p = CGPoint(x: r.float(), y: r.float())
        switch r.byte() % 8 {
        case 0: path.move(to: p)
        case 1, 2: path.addLine(to: p)
        case 3: path.addQuadCurve(to: p, control: CGPoint(x: r.float(), y: r.float()))
        case 4: path.addCurve(to: p, control1: CGPoint(x: r.float(), y: r.float()), control2: CGPoint(x: r.float(), y: r.float()))
        case 5: path.addArc(center: p, radius: r.float(), startAngle: r.float(), endAngle: r.float(), clockwise: r.byte() & 1 == 0)
        case 6: path.addArc(tangent1End: p, tangent2End: CGPoint(x: r.float(), y: r.float()), radius: r.float())
        default: path.closeSubpath()
        }
    }
    var s = Reader(bytes: Array(r.bytes.reversed()))
    let t = s.byte() & 3 == 0
        ? CGAffineTransform(a: s.float(), b: s.float(), c: s.float(), d: s.float(), tx: s.float(), ty: s.float())
        : .identity
    var dashes: [CGFloat] = []
    for _ in 0..<Int(s.byte() % 5) { dashes.append(s.float()) }
    let style = StrokeStyle(lineWidth: s.float(), lineCap: CGLineCap(rawValue: Int32(s.byte() % 3))!,
                            lineJoin: CGLineJoin(rawValue: Int32(s.byte() % 3))!, miterLimit: s.float(),
                            dashPattern: dashes, dashPhase: s.float(), strokeStart: s.float() / 64, strokeEnd: s.float() / 64)
    guard let img = pixman_image_create_bits(PIXMAN_a8, 64, 64, nil, 0) else { return 0 }
    defer { pixman_image_unref(img) }
    let raster = PathRasterizer()
    // Half the inputs stroke with the exact union at overlaps (union.c).
    raster.exactOverlaps = s.byte() & 1 == 0
    raster.fill(path: path, rule: s.byte() & 1 == 0 ? .winding : .evenOdd, transform: t, color: .black, into: img)
    raster.stroke(path: path, style: style, transform: t, color: CGColor(gray: 0, alpha: 0.5), into: img,
                  clip: CGRect(x: s.float(), y: s.float(), width: 64, height: 64))
    if _PathFlattener.isFinite(path) && style.lineWidth.isFinite && abs(style.lineWidth) < 1000 {
        let outline = path.copy(strokingWithWidth: style.lineWidth, lineCap: style.lineCap, lineJoin: style.lineJoin,
                                miterLimit: style.miterLimit)
        precondition(_PathFlattener.isFinite(outline) || !path.boundingBox.width.isFinite, "non-finite stroke outline")
        _ = path.copy(dashingWithPhase: style.dashPhase, lengths: dashes)
    }
    return 0
}
