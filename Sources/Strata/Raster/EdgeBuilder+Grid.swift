import CRaster

extension _EdgeBuilder {
    /// `y` rounded to the nearest multiple of 2⁻¹⁰, ties away from zero: bit for bit
    /// `(y * 1024).rounded() / 1024` (a zero keeps `y`'s sign) for every finite `y` with
    /// |y| < 2⁴¹, far beyond any frame (±2¹⁵ or a target's height). CRaster's `craster_on_grid`,
    /// which the edge builder rounds every edge's ends with.
    static func _onGrid(_ y: Double) -> Double {
        craster_on_grid(y)
    }
}
