/// What a video, GIF or image file holds, as FFmpeg reads it back.
public struct MediaInfo: Equatable, Sendable {
    /// The demuxer's name: "mov,mp4,m4a,3gp,3g2,mj2", "gif", "png_pipe"….
    public var containerName: String
    /// The codec's name: "h264", "gif", "png"….
    public var codecName: String
    /// Coded frame width in pixels.
    public var width: Int
    /// Coded frame height in pixels.
    public var height: Int
    /// The decoded pixel format's name ("yuv420p", "bgra", "rgba"), nil when unknown.
    public var pixelFormat: String?
    /// Frames in the stream, counted by demuxing every packet (not from headers).
    public var frameCount: Int
    /// Each packet's duration in seconds, in file order (for GIF, the frame delays).
    public var frameDurations: [Double]
    /// The stream's average frame rate in frames per second, nil when unknown.
    public var frameRate: Double?
    /// YUV matrix name (`av_color_space_name`, e.g. "bt709"), nil when unspecified.
    public var colorSpace: String?
    /// Colour primaries name (`av_color_primaries_name`, e.g. "bt709"), nil when unspecified.
    public var colorPrimaries: String?
    /// Transfer characteristic name (`av_color_transfer_name`, e.g. "iec61966-2-1"), nil when unspecified.
    public var colorTransfer: String?
    /// Range name (`av_color_range_name`: "tv" limited, "pc" full), nil when unspecified.
    public var colorRange: String?
    /// Chroma siting name (`av_chroma_location_name`, e.g. "left"), nil when unspecified.
    public var chromaLocation: String?
    /// GIF loop count from the NETSCAPE2.0 extension: 0 forever, n repeats; nil when the
    /// file has none (it plays once) or is not a GIF.
    public var loopCount: Int?
}
