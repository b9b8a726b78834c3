import CFFmpeg

/// An open libavcodec encoder and the packet it reuses, both freed on deinit.
final class VideoEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let path: String

    /// Finds the encoder `codecName`, lets `configure` set up its context
    /// (size, pixel format, time base, private options), then opens it.
    init(codecName: String, path: String, configure: (UnsafeMutablePointer<AVCodecContext>) throws(ExportError) -> Void) throws(ExportError) {
        guard let codec = avcodec_find_encoder_by_name(codecName) else {
            throw .unavailable(component: "\(codecName) encoder", path: path)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw .ffmpeg("allocating the \(codecName) encoder", code: averrorENOMEM, path: path)
        }
        guard let packet = av_packet_alloc() else {
            var optional: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&optional)
            throw .ffmpeg("allocating a packet", code: averrorENOMEM, path: path)
        }
        self.context = context
        self.packet = packet
        self.path = path
        try configure(context)
        try check(avcodec_open2(context, codec, nil), "opening the \(codecName) encoder", path: path)
    }

    deinit {
        var optionalContext: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&optionalContext)
        var optionalPacket: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&optionalPacket)
    }

    /// The encoder's time base: frame pts count in these units.
    var timeBase: AVRational { context.pointee.time_base }

    /// Encodes `frame` (nil drains the encoder) and hands every packet now ready to `write`.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?, write: (UnsafeMutablePointer<AVPacket>) throws(ExportError) -> Void) throws(ExportError) {
        try check(avcodec_send_frame(context, frame), frame == nil ? "flushing the encoder" : "encoding a frame", path: path)
        while true {
            let result = avcodec_receive_packet(context, packet)
            if result == averrorEAGAIN || result == averrorEOF { return }
            try check(result, "receiving an encoded packet", path: path)
            defer { av_packet_unref(packet) }
            try write(packet)
        }
    }
}
