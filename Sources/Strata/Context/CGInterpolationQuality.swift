/// How images are resampled when drawn scaled or rotated (Core Graphics'
/// `CGInterpolationQuality`). Strata has two filters: `none` samples the nearest pixel,
/// every other level is bilinear.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none, low, medium, high
}
