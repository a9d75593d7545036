import Foundation

/// How the ends of open subpaths are drawn (Core Graphics' `CGLineCap`).
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square
}

/// How segments meet (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}

/// Everything that decides a stroke's outline.
///
/// Bad values have fixed outcomes: a width that is ≤ 0 or not finite strokes nothing (Core
/// Graphics would draw a device hairline for 0); a miter limit that is not finite or < 1 acts as 1
/// (every miter becomes a bevel); a dash pattern with a negative or non-finite length, or whose
/// lengths sum to 0, is ignored (solid stroke), and so is one too fine for the dash budget
/// (`PathRasterizer`, `CGPath.copy(dashingWithPhase:lengths:transform:)`); `strokeStart`/
/// `strokeEnd` are clamped to 0…1 and nothing is drawn when start ≥ end.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dashPattern: [CGFloat]
    public var dashPhase: CGFloat
    /// Fraction of the path's total length (all subpaths, in order) where the stroke starts.
    public var strokeStart: CGFloat
    /// Fraction of the path's total length where the stroke ends.
    public var strokeEnd: CGFloat

    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dashPattern: [CGFloat] = [], dashPhase: CGFloat = 0,
                strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dashPattern = dashPattern; self.dashPhase = dashPhase
        self.strokeStart = strokeStart; self.strokeEnd = strokeEnd
    }

    /// Whether the stroke is dashed: `validDashes` is not nil (without making the pattern).
    internal var isDashed: Bool {
        guard !dashPattern.isEmpty else { return false }
        var sum = 0.0
        for d in dashPattern {
            guard d.isFinite, d >= 0 else { return false }
            sum += d
        }
        return sum > 0 && sum.isFinite
    }

    /// The dash pattern to use, or nil for a solid stroke (see the type's contract).
    internal var validDashes: [Double]? {
        guard isDashed else { return nil }
        // An odd count repeats the pattern once more so on/off alternate (Core Graphics rule).
        return dashPattern.count % 2 == 1 ? (dashPattern + dashPattern).map { Double($0) } : dashPattern.map { Double($0) }
    }

    /// The trimmed range, clamped; nil when nothing remains.
    internal var trimRange: (Double, Double)? {
        let s = strokeStart.isNaN ? 0 : min(max(strokeStart, 0), 1)
        let e = strokeEnd.isNaN ? 1 : min(max(strokeEnd, 0), 1)
        return s < e ? (Double(s), Double(e)) : nil
    }
}
