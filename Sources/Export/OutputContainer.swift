import CFFmpeg

/// An FFmpeg muxer writing one video stream to a file; freed (and the file closed) on deinit.
///
/// The muxer is chosen by format name, never from the file name, because the file is
/// a temporary whose name does not end in the target's extension.
final class OutputContainer {
    let context: UnsafeMutablePointer<AVFormatContext>
    let stream: UnsafeMutablePointer<AVStream>
    private let path: String

    /// Creates the muxer `formatName` (e.g. "mp4", "gif") writing to `file`; errors name `path`.
    init(formatName: String, file: String, path: String) throws(ExportError) {
        // The "file:" prefix keeps a colon in the path from being read as a protocol name.
        let url = "file:" + file
        var optional: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&optional, nil, formatName, url), "creating the \(formatName) muxer", path: path)
        guard let context = optional else { throw .unavailable(component: "\(formatName) muxer", path: path) }
        guard let stream = avformat_new_stream(context, nil) else {
            avformat_free_context(context)
            throw .ffmpeg("adding a video stream", code: averrorENOMEM, path: path)
        }
        self.context = context
        self.stream = stream
        self.path = path
        try check(avio_open(&context.pointee.pb, url, AVIO_FLAG_WRITE), "opening the output file", path: path)
    }

    deinit {
        if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Whether encoders must put their headers in extradata (`AV_CODEC_FLAG_GLOBAL_HEADER`), as MP4 requires.
    var needsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Sets a private muxer option such as the MP4 `movflags` or the GIF `loop`.
    func setOption(_ name: String, _ value: String) throws(ExportError) {
        try Export.setOption(name, value, on: context.pointee.priv_data, path: path)
    }

    /// Sets the container tag `key` (such as `comment`) to `value`; call before `writeHeader`.
    func setTag(_ key: String, _ value: String) throws(ExportError) {
        try check(av_dict_set(&context.pointee.metadata, key, value, 0), "setting the \(key) tag", path: path)
    }

    /// Copies the encoder's parameters to the stream and writes the container header.
    func writeHeader(for encoder: VideoEncoder) throws(ExportError) {
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context), "copying encoder parameters", path: path)
        stream.pointee.time_base = encoder.timeBase
        stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
        try check(avformat_write_header(context, nil), "writing the container header", path: path)
    }

    /// Copies an existing stream's parameters and tags (for remuxing without re-encoding) and
    /// writes the container header. Tags matter: WebM's `alpha_mode` is one.
    func writeHeader(copying source: UnsafeMutablePointer<AVStream>) throws(ExportError) {
        try check(avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar), "copying stream parameters", path: path)
        try check(av_dict_copy(&stream.pointee.metadata, source.pointee.metadata, 0), "copying stream tags", path: path)
        let timeBase = source.pointee.time_base
        let frameRate = source.pointee.avg_frame_rate
        // The tag of the input container may not suit the output one; let the muxer choose.
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = timeBase
        stream.pointee.avg_frame_rate = frameRate
        try check(avformat_write_header(context, nil), "writing the container header", path: path)
    }

    /// The output stream's time base, as the muxer settled it in `writeHeader`.
    var timeBase: AVRational { stream.pointee.time_base }

    /// Writes one packet whose timestamps count in `timeBase`; the muxer takes its data.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational) throws(ExportError) {
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try check(av_interleaved_write_frame(context, packet), "writing a packet", path: path)
    }

    /// Writes the trailer and closes the file; the container is complete afterwards.
    func finish() throws(ExportError) {
        try check(av_write_trailer(context), "writing the container trailer", path: path)
        try check(avio_closep(&context.pointee.pb), "closing the output file", path: path)
    }
}
