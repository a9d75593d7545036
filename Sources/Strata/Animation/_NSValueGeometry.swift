import Foundation

/// The geometry an `NSValue` boxes (`NSValue(point:)`, `(size:)`, `(rect:)`), found without
/// calling `objCType`.
///
/// Why not `objCType`: swift-corelibs-foundation's `NSSpecialValue.objCType` returns a freshly
/// allocated C string on every call that nobody frees (LeakSanitizer found 13 bytes lost per
/// animation compile — i.e. per frame for an animation whose `fromValue` is an `NSValue`).
/// Instead the value's bytes are read and compared with an `NSValue` of each candidate type:
/// corelibs' `isEqual` compares type and contents. Only `NSSpecialValue` can hold a struct on
/// Linux (`NSValue(bytes:objCType:)` traps on struct encodings), so any other `NSValue` is
/// reported as `nil`.
enum _NSValueGeometry {
    case point(CGPoint), size(CGSize), rect(CGRect)

    /// Larger than every struct `NSSpecialValue` boxes (the largest, NSRect/NSEdgeInsets, is 32).
    private static let scratchBytes = 128

    init?(_ value: NSValue) {
        guard String(describing: type(of: value)) == "NSSpecialValue" else { return nil }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.scratchBytes, alignment: 16)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: Self.scratchBytes)
        value.getValue(raw)
        let point = raw.load(as: CGPoint.self), size = raw.load(as: CGSize.self), rect = raw.load(as: CGRect.self)
        if value.isEqual(NSValue(point: point)) {
            self = .point(point)
        } else if value.isEqual(NSValue(size: size)) {
            self = .size(size)
        } else if value.isEqual(NSValue(rect: rect)) {
            self = .rect(rect)
        } else {
            return nil
        }
    }
}
