/// What was committed for one frame (passed to `onFrameCommitted` observers).
public struct FrameInfo: Sendable, Equatable {
    /// The media time the frame was rendered for (its predicted presentation time).
    public var time: Double
    /// The buffer's size in pixels.
    public var bufferWidth: Int
    public var bufferHeight: Int
    /// Buffer pixels damaged (sent with `damage_buffer`) in this frame.
    public var damagedPixels: Int
    /// Presentation feedback received so far: frames the compositor presented or discarded.
    public var presentedFrames = 0
    public var discardedFrames = 0
    /// The compositor's frame period in seconds: the output's refresh when presentation
    /// feedback reports it, else the time between consecutive frame callbacks while frames are
    /// drawn back to back, else 1/60.
    public var frameInterval = 1.0 / 60
    /// Refreshes left out since the previous frame at a reduced frame rate (see
    /// `FramePresenter`): callbacks that drew nothing, and the refreshes a rest asked for no
    /// callback at; 0 when every callback draws.
    public var skippedFrames = 0
    /// Frame callbacks the surface was woken by since the previous frame, this frame's own
    /// included: 1 when every callback draws; at a reduced rate, 1 + the callbacks left out,
    /// or 2 when the presenter rested between the frames (no callbacks asked for).
    public var frameCallbacks = 0

    public init(time: Double, bufferWidth: Int, bufferHeight: Int, damagedPixels: Int) {
        self.time = time
        self.bufferWidth = bufferWidth
        self.bufferHeight = bufferHeight
        self.damagedPixels = damagedPixels
    }
}
