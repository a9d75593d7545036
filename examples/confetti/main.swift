// confetti: a CAEmitterLayer throwing confetti from a line just above a 400×300 window.
//
// Five cells, one per colour: white strips and discs (drawn here; on iOS they would be
// UIImage assets) tinted by the cell's colour, 6 a second each, thrown downwards (longitude
// π/2 in the layer's y-down space) within a 60° cone at 80 ± 40 points/s, pulled down by
// 90 points/s², turning at 3 ± 4 rad/s, each living 5 s. The seed is fixed, so `--snapshot`
// shows the same confetti in every run. Emission starts when the window appears: at time 0
// the first particles are just born above the window; by 3 s the confetti fills it.
//
// Ported from the usual UIKit code by swapping the import (and the image assets).
import ExampleSupport
import Foundation
import Strata

final class Confetti: ExampleScene {
    let title = "confetti", width = 400, height = 300
    let emitter = CAEmitterLayer()

    static let colours: [CGColor] = [
        CGColor(red: 0.95, green: 0.26, blue: 0.21, alpha: 1), CGColor(red: 1.0, green: 0.76, blue: 0.03, alpha: 1),
        CGColor(red: 0.30, green: 0.69, blue: 0.31, alpha: 1), CGColor(red: 0.13, green: 0.59, blue: 0.95, alpha: 1),
        CGColor(red: 0.61, green: 0.15, blue: 0.69, alpha: 1),
    ]

    /// A white 12×5 strip.
    static let strip = CGImage(width: 12, height: 5, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 60))!
    /// A white disc 8 pixels across, its edge anti-aliased (4×4 samples per pixel).
    static let disc = CGImage(width: 8, height: 8) { p in
        for y in 0..<8 {
            for x in 0..<8 {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - 4, dy = Double(y) + (Double(sy) + 0.5) / 4 - 4
                        if dx * dx + dy * dy <= 16 { inside += 1 }
                    }
                }
                let a = UInt32(inside * 255 / 16)
                p[y * 8 + x] = a << 24 | a << 16 | a << 8 | a
            }
        }
    }!

    func build(root: CALayer) {
        root.backgroundColor = CGColor(red: 0.98, green: 0.97, blue: 0.94, alpha: 1)
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 200, y: -12)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 400, height: 1)
        emitter.seed = 2026
        emitter.emitterCells = Self.colours.enumerated().map { i, colour in
            let cell = CAEmitterCell()
            cell.name = "confetti\(i)"
            cell.birthRate = 6
            cell.lifetime = 5
            cell.velocity = 80
            cell.velocityRange = 40
            cell.emissionLongitude = .pi / 2
            cell.emissionRange = .pi / 3
            cell.yAcceleration = 90
            cell.spin = 3
            cell.spinRange = 4
            cell.scaleRange = 0.25
            cell.color = colour
            cell.contents = i.isMultiple(of: 2) ? Self.strip : Self.disc
            return cell
        }
        root.addSublayer(emitter)
    }
}

runExample(Confetti())
