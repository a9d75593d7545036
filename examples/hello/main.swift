import CPixman
import Foundation
import StrataWayland

// Temporary platform smoke test (replaced by the CALayer version once the engine lands).
final class Solid: FrameProducer {
    var start = MonotonicClock.now()
    func renderFrame(at time: Double, into buffer: ShmBuffer, age: Int, scale: Int) -> [(Int32, Int32, Int32, Int32)] {
        let img = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(buffer.width), Int32(buffer.height),
                                           buffer.pixels.assumingMemoryBound(to: UInt32.self), Int32(buffer.stride))
        defer { pixman_image_unref(img) }
        var bg = pixman_color_t(red: 0x2020, green: 0x2828, blue: 0x3030, alpha: 0xffff)
        var box = pixman_box32_t(x1: 0, y1: 0, x2: Int32(buffer.width), y2: Int32(buffer.height))
        pixman_image_fill_boxes(PIXMAN_OP_SRC, img, &bg, 1, &box)
        let t = min(1, (time - start))
        let x = Int32(80 + 220 * t) - 50
        var red = pixman_color_t(red: 0xffff, green: 0, blue: 0, alpha: 0xffff)
        var b2 = pixman_box32_t(x1: x, y1: 100, x2: x + 100, y2: 200)
        pixman_image_fill_boxes(PIXMAN_OP_SRC, img, &red, 1, &b2)
        return [(0, 0, Int32(buffer.width), Int32(buffer.height))]
    }
    func isAnimating(after time: Double) -> Bool { time - start < 1 }
}

do {
    let display = try WaylandDisplay()
    let loop = EventLoop(display: display)
    let window = try Toplevel(display: display, title: "hello", appID: "strata.hello", width: 400, height: 300)
    let producer = Solid()
    let presenter = FramePresenter(surface: window.surface, producer: producer, clock: MonotonicClock.now)
    presenter.size = (400, 300)
    var frames = 0
    presenter.onFramePresented = { _ in frames += 1 }
    presenter.onIdle = { FileHandle.standardOutput.write(Data("strata: resting after \(frames) frames\n".utf8)) }
    window.onConfigure = {
        presenter.size = (window.width, window.height)
        presenter.canDraw = true
    }
    window.onClose = { loop.stop() }
    loop.addTimer(at: MonotonicClock.now() + 3) { loop.stop() }
    try loop.run()
} catch {
    FileHandle.standardError.write(Data("hello: \(error)\n".utf8))
    exit(1)
}
