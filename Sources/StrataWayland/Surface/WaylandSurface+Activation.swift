import Foundation
import Glibc

/// Focus requests through `xdg_activation_v1` (sway, GNOME, KDE; weston 10 has none).
///
/// Compositors decide what an activation does: focus and raise the window when the token comes
/// from recent user input (a launcher's click, or the app's own press), otherwise mark it as
/// wanting attention. Requests on a compositor without the protocol do nothing and return false.
extension WaylandSurface {
    /// Asks the compositor to activate this surface's window with `token` (one handed over by
    /// whoever launched the app, or one from `requestActivation`). Returns false when the
    /// compositor lacks xdg-activation.
    @discardableResult
    public func activate(token: String) -> Bool {
        guard let activation = display.activation, !token.isEmpty else { return false }
        activation.activate(token: Toplevel.wireString(token), surface: surface)
        return true
    }

    /// Asks for an activation token that quotes the latest press of `seat` (button, key or
    /// touch; none: the compositor judges the request without it) and this surface, then
    /// activates the surface with it once the compositor hands it out. `appID` names the app for
    /// the compositor's bookkeeping. Returns false when the compositor lacks xdg-activation.
    @discardableResult
    public func requestActivation(seat: Seat?, appID: String? = nil) -> Bool {
        guard let activation = display.activation else { return false }
        let token = activation.getActivationToken()
        if let seat, !seat.isRemoved, let serial = seat.lastPressSerial {
            token.setSerial(serial: serial, seat: seat.wlSeat)
        }
        if let appID { token.setAppId(appId: Toplevel.wireString(appID)) }
        token.setSurface(surface: surface)
        // The token object lives until its `done` (its closure holds it); then it is destroyed
        // and the surface activated with the string.
        var pending: XdgActivationTokenV1? = token
        token.onEvent = { [weak self] event in
            guard case let .done(string) = event else { return }
            pending?.onEvent = nil
            pending = nil
            self?.activate(token: string)
        }
        token.commit()
        return true
    }
}

/// The activation token the app was launched with (`XDG_ACTIVATION_TOKEN`, or the older
/// `DESKTOP_STARTUP_ID`), read once and removed from the environment so that processes the app
/// starts do not reuse it, as xdg-activation asks. Locked: applications may start on any thread
/// (tests start several at once).
enum LaunchActivationToken {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var taken = false
    nonisolated(unsafe) private static var value: String?

    /// Reads and unsets the variables (first call only); returns the token until `take()`.
    static func read() -> String? {
        lock.lock(); defer { lock.unlock() }
        return readLocked()
    }

    private static func readLocked() -> String? {
        if !taken {
            taken = true
            for name in ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"] {
                if let v = getenv(name).map({ String(cString: $0) }), !v.isEmpty, value == nil { value = v }
                unsetenv(name)
            }
        }
        return value
    }

    /// The token, once: the first window to be shown uses it.
    static func take() -> String? {
        lock.lock(); defer { lock.unlock() }
        defer { value = nil }
        return readLocked()
    }
}
