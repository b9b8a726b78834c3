import CFFmpeg

/// An open libavcodec decoder for one stream and the frame it reuses; freed on deinit.
final class VideoDecoder {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let frame: VideoFrame
    private let path: String

    init(stream: UnsafeMutablePointer<AVStream>, path: String) throws(ExportError) {
        let parameters = stream.pointee.codecpar!
        // FFmpeg's own VP9 decoder ignores the alpha channel Matroska carries beside the
        // picture (`alpha_mode=1`); libvpx's decodes it.
        let hasAlpha = parameters.pointee.codec_id == AV_CODEC_ID_VP9
            && av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0).map { String(cString: $0.pointee.value) == "1" } == true
        let preferred = hasAlpha ? avcodec_find_decoder_by_name("libvpx-vp9") : nil
        guard let codec = preferred ?? avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw .unavailable(component: "\(String(cString: avcodec_get_name(parameters.pointee.codec_id))) decoder", path: path)
        }
        let frame = try VideoFrame(path: path)
        guard let context = avcodec_alloc_context3(codec) else {
            throw .ffmpeg("allocating a decoder", code: averrorENOMEM, path: path)
        }
        self.context = context
        self.frame = frame
        self.path = path
        try check(avcodec_parameters_to_context(context, parameters), "copying stream parameters", path: path)
        try check(avcodec_open2(context, codec, nil), "opening the decoder", path: path)
    }

    deinit {
        var optional: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&optional)
    }

    /// Decodes `packet` (nil drains the decoder) and hands every frame now ready to `body`.
    func decode(_ packet: UnsafeMutablePointer<AVPacket>?, _ body: (VideoFrame) throws(ExportError) -> Void) throws(ExportError) {
        try check(avcodec_send_packet(context, packet), packet == nil ? "flushing the decoder" : "decoding a packet", path: path)
        while true {
            let result = avcodec_receive_frame(context, frame.pointer)
            if result == averrorEAGAIN || result == averrorEOF { return }
            try check(result, "receiving a decoded frame", path: path)
            defer { av_frame_unref(frame.pointer) }
            try body(frame)
        }
    }
}
