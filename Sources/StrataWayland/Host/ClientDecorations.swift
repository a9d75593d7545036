import Foundation
import Strata

/// A title bar drawn with layers, for compositors that leave decorations to the client (mutter /
/// GNOME has no xdg-decoration; others may answer `client_side`).
///
/// Geometry, in surface points: the title bar spans the top `titleBarHeight` points; the
/// buttons (minimize, maximize, close, left to right) sit at its right end, each a circle of
/// `buttonSize` points; the app's content layer fills the rest. Minimize and maximize are shown
/// only where the compositor offers them (xdg_toplevel.wm_capabilities; all of them when it does
/// not say), close always. Pointer hits map to `Region`s:
/// buttons, the title bar (drag to move, double-click to maximize), a `resizeBorder`-point band
/// along the edges (drag to resize; not while maximized or fullscreen), and the content. The
/// window's title is centred in the bar (cut with an ellipsis before the buttons), and the bar's
/// title and buttons are dimmed while the window is not the active one.
public final class ClientDecorations {
    public static let titleBarHeight: CGFloat = 32
    public static let buttonSize: CGFloat = 20
    public static let buttonSpacing: CGFloat = 8
    public static let resizeBorder: CGFloat = 6

    public enum Region: Equatable, Sendable {
        case content
        case titleBar
        case close, maximize, minimize
        case resize(XdgToplevel.ResizeEdge)
    }

    let titleBar = CALayer()
    let title = CATextLayer()
    let close = CALayer()
    let maximize = CALayer()
    let minimize = CALayer()
    /// Hovered button (drawn lighter).
    private(set) var hovered: Region?
    /// The buttons shown, right to left (close first).
    public private(set) var buttons: [Region] = ClientDecorations.allButtons
    /// Every button, right to left.
    public static let allButtons: [Region] = [.close, .maximize, .minimize]

    static let barColor = CGColor(red: 0.19, green: 0.19, blue: 0.21, alpha: 1)
    static let buttonColor = CGColor(red: 0.30, green: 0.30, blue: 0.33, alpha: 1)
    static let hoverColor = CGColor(red: 0.42, green: 0.42, blue: 0.46, alpha: 1)
    static let closeHoverColor = CGColor(red: 0.85, green: 0.25, blue: 0.22, alpha: 1)
    static let glyphColor = CGColor(red: 0.92, green: 0.92, blue: 0.93, alpha: 1)
    static let titleFontSize: CGFloat = 13
    /// Opacity of the title and buttons while the window is inactive.
    static let inactiveOpacity: Float = 0.55

    /// The text shown in the bar.
    public var titleText: String {
        get { title.string as? String ?? "" }
        set {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            title.string = newValue
            CATransaction.commit()
        }
    }

    /// Whether the window is the active one (xdg_toplevel's `activated` state).
    public private(set) var isActive = true

    init() {
        titleBar.name = "strata.titlebar"
        titleBar.backgroundColor = Self.barColor
        title.name = "strata.title"
        title.fontSize = Self.titleFontSize
        title.foregroundColor = Self.glyphColor
        title.alignmentMode = .center
        title.truncationMode = .end
        titleBar.addSublayer(title)
        for (button, name) in [(close, "close"), (maximize, "maximize"), (minimize, "minimize")] {
            button.name = "strata.\(name)"
            button.bounds = CGRect(x: 0, y: 0, width: Self.buttonSize, height: Self.buttonSize)
            button.cornerRadius = Self.buttonSize / 2
            button.backgroundColor = Self.buttonColor
            titleBar.addSublayer(button)
        }
        addGlyphs()
    }

    /// The three glyphs, made of thin bars: × for close, □ for maximize, _ for minimize.
    private func addGlyphs() {
        let c = Self.buttonSize / 2
        for angle in [CGFloat.pi / 4, -CGFloat.pi / 4] {
            let bar = CALayer()
            bar.bounds = CGRect(x: 0, y: 0, width: 10, height: 1.5)
            bar.position = CGPoint(x: c, y: c)
            bar.backgroundColor = Self.glyphColor
            bar.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            close.addSublayer(bar)
        }
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        square.position = CGPoint(x: c, y: c)
        square.borderWidth = 1.5
        square.borderColor = Self.glyphColor
        maximize.addSublayer(square)
        let line = CALayer()
        line.bounds = CGRect(x: 0, y: 0, width: 8, height: 1.5)
        line.position = CGPoint(x: c, y: c + 3)
        line.backgroundColor = Self.glyphColor
        minimize.addSublayer(line)
    }

    /// The buttons a window whose compositor offers `capabilities` shows, right to left: close,
    /// then maximize and minimize where offered.
    public static func buttons(for capabilities: Set<XdgToplevel.WmCapabilities>) -> [Region] {
        allButtons.filter { b in
            switch b {
            case .maximize: return capabilities.contains(.maximize)
            case .minimize: return capabilities.contains(.minimize)
            default: return true
            }
        }
    }

    /// Shows the buttons for `capabilities` (takes effect at the next `layout`).
    func setCapabilities(_ capabilities: Set<XdgToplevel.WmCapabilities>) {
        buttons = Self.buttons(for: capabilities)
    }

    private func layer(of button: Region) -> CALayer {
        switch button {
        case .maximize: return maximize
        case .minimize: return minimize
        default: return close
        }
    }

    /// Lays the bar out for a surface `width` points wide, its text drawn at `scale` device
    /// pixels per point.
    func layout(width: CGFloat, scale: CGFloat = 1) {
        let h = Self.titleBarHeight
        titleBar.bounds = CGRect(x: 0, y: 0, width: width, height: h)
        titleBar.position = CGPoint(x: width / 2, y: h / 2)
        for button in Self.allButtons {
            let l = layer(of: button)
            if let i = buttons.firstIndex(of: button) {
                l.position = Self.buttonCenter(index: i, width: width)
                if l.superlayer == nil { titleBar.addSublayer(l) }
            } else {
                l.removeFromSuperlayer()
            }
        }
        title.frame = Self.titleFrame(width: width, buttonCount: buttons.count)
        title.contentsScale = scale
    }

    /// Where the title goes in a bar `width` points wide: centred on the bar, kept clear of the
    /// `buttonCount` buttons (as wide on the left as the buttons take on the right), one line high.
    static func titleFrame(width: CGFloat, buttonCount: Int = 3) -> CGRect {
        let reserved = CGFloat(buttonCount) * (buttonSize + buttonSpacing) + buttonSpacing
        let w = max(0, width - 2 * reserved)
        let lineHeight = (titleFontSize * 1.3).rounded(.up)
        return CGRect(x: (width - w) / 2, y: ((titleBarHeight - lineHeight) / 2).rounded(), width: w, height: lineHeight)
    }

    /// Shows the bar as the active window's (full strength) or an inactive one's (dimmed).
    func setActive(_ active: Bool) {
        guard active != isActive else { return }
        isActive = active
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for l in [title, close, maximize, minimize] { l.opacity = active ? 1 : Self.inactiveOpacity }
        CATransaction.commit()
    }

    /// Centre of the button in place `index` counted from the right (0 the close button's).
    static func buttonCenter(index: Int, width: CGFloat) -> CGPoint {
        let step = buttonSize + buttonSpacing
        return CGPoint(x: width - buttonSpacing - buttonSize / 2 - CGFloat(index) * step, y: titleBarHeight / 2)
    }

    /// What the pointer is over at `p` (surface points) in a `width`×`height` surface showing
    /// `buttons` (right to left). `resizable` is false while maximized or fullscreen (no resize
    /// borders then).
    public static func region(at p: CGPoint, width: CGFloat, height: CGFloat, resizable: Bool,
                              buttons: [Region] = allButtons) -> Region {
        guard p.x.isFinite, p.y.isFinite else { return .content }
        if resizable {
            let b = resizeBorder
            let left = p.x < b, right = p.x >= width - b, top = p.y < b, bottom = p.y >= height - b
            var edge: XdgToplevel.ResizeEdge?
            switch (top, bottom, left, right) {
            case (true, _, true, _): edge = .topLeft
            case (true, _, _, true): edge = .topRight
            case (_, true, true, _): edge = .bottomLeft
            case (_, true, _, true): edge = .bottomRight
            case (true, _, _, _): edge = .top
            case (_, true, _, _): edge = .bottom
            case (_, _, true, _): edge = .left
            case (_, _, _, true): edge = .right
            default: edge = nil
            }
            if let edge { return .resize(edge) }
        }
        guard p.y < titleBarHeight else { return .content }
        for (i, region) in buttons.enumerated() {
            let c = buttonCenter(index: i, width: width)
            let dx = p.x - c.x, dy = p.y - c.y
            if dx * dx + dy * dy <= (buttonSize / 2) * (buttonSize / 2) { return region }
        }
        return .titleBar
    }

    /// Shows `region` as hovered (buttons only).
    func setHovered(_ region: Region?) {
        guard region != hovered else { return }
        hovered = region
        close.backgroundColor = region == .close ? Self.closeHoverColor : Self.buttonColor
        maximize.backgroundColor = region == .maximize ? Self.hoverColor : Self.buttonColor
        minimize.backgroundColor = region == .minimize ? Self.hoverColor : Self.buttonColor
    }
}
