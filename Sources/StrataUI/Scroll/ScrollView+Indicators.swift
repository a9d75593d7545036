import Foundation
import Strata

/// Scroll indicators: 3-point bars along the right and bottom edges, shown while the content
/// moves and faded out (implicit layer animation) when it comes to rest.
extension ScrollView {
    func _updateIndicators() {
        let b = bounds, size = contentSize
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        if size.height > b.height, b.height > 0 {
            let len = max(20, b.height * b.height / size.height)
            let frac = (b.minY - minimumContentOffset.y) / max(1, maximumContentOffset.y - minimumContentOffset.y)
            let y = b.minY + min(max(frac, 0), 1) * (b.height - len)
            _indicators.y.frame = CGRect(x: b.maxX - 5, y: y, width: 3, height: len)
        } else {
            _indicators.y.frame = .zero
        }
        if size.width > b.width, b.width > 0 {
            let len = max(20, b.width * b.width / size.width)
            let frac = (b.minX - minimumContentOffset.x) / max(1, maximumContentOffset.x - minimumContentOffset.x)
            let x = b.minX + min(max(frac, 0), 1) * (b.width - len)
            _indicators.x.frame = CGRect(x: x, y: b.maxY - 5, width: len, height: 3)
        } else {
            _indicators.x.frame = .zero
        }
    }

    func _showIndicators() {
        guard showsScrollIndicators else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        _indicators.x.opacity = 1
        _indicators.y.opacity = 1
        CATransaction.commit()
    }

    func _hideIndicators() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.4)
        _indicators.x.opacity = 0
        _indicators.y.opacity = 0
        CATransaction.commit()
    }
}
