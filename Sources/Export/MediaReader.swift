import CFFmpeg

/// An opened input file and its best video stream; freed on deinit.
final class MediaReader {
    let context: UnsafeMutablePointer<AVFormatContext>
    let stream: UnsafeMutablePointer<AVStream>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let path: String

    init(path: String) throws(ExportError) {
        limitFFmpegLoggingToErrors()
        var optional: UnsafeMutablePointer<AVFormatContext>?
        // The "file:" prefix keeps a colon in the path from being read as a protocol name.
        try check(avformat_open_input(&optional, "file:" + path, nil, nil), "opening the file", path: path)
        guard let context = optional else { throw .ffmpeg("opening the file", code: averrorENOMEM, path: path) }
        guard let packet = av_packet_alloc() else {
            avformat_close_input(&optional)
            throw .ffmpeg("allocating a packet", code: averrorENOMEM, path: path)
        }
        let found = avformat_find_stream_info(context, nil)
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard found >= 0, index >= 0 else {
            var optionalPacket: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&optionalPacket)
            avformat_close_input(&optional)
            if found < 0 { throw .ffmpeg("reading stream information", code: found, path: path) }
            throw .noVideoStream(path: path)
        }
        self.context = context
        self.stream = context.pointee.streams[Int(index)]!
        self.packet = packet
        self.path = path
    }

    /// The container tag `key`, if the file has it.
    func tag(_ key: String) -> String? {
        av_dict_get(context.pointee.metadata, key, nil, 0).map { String(cString: $0.pointee.value) }
    }

    deinit {
        var optionalPacket: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&optionalPacket)
        var optionalContext: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&optionalContext)
    }

    /// Hands the next packet of the video stream to `body`; false, without calling it, at the end of the file.
    func nextPacket(_ body: (UnsafeMutablePointer<AVPacket>) throws(ExportError) -> Void) throws(ExportError) -> Bool {
        while true {
            let result = av_read_frame(context, packet)
            if result == averrorEOF { return false }
            try check(result, "reading a packet", path: path)
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == stream.pointee.index {
                try body(packet)
                return true
            }
        }
    }

    /// Calls `body` with every packet of the video stream, in file order, until the end of the file.
    func forEachPacket(_ body: (UnsafeMutablePointer<AVPacket>) throws(ExportError) -> Void) throws(ExportError) {
        while true {
            let result = av_read_frame(context, packet)
            if result == averrorEOF { return }
            try check(result, "reading a packet", path: path)
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == stream.pointee.index { try body(packet) }
        }
    }
}
