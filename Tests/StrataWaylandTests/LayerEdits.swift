import Strata
import StrataTestSupport

/// One edit of a layer tree, without implicit animations, as one run-loop turn (what an app's
/// main-loop turn commits).
func editLayers(_ body: () -> Void) {
    runLoopTurn {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}
