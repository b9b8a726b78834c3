import CFFmpeg

/// A libavcodec encoder and the muxer it writes to, filling one file through an `AtomicFile`:
/// the part every FFmpeg-based sink shares.
///
/// Frames get pts = their index in the encoder's 1/fps time base. Any failure, in `send` or
/// `finish`, discards the temporary file; `finish` renames it into place. Closed after
/// `finish` or `cancel` (and cancelled if dropped while open).
final class EncodedFile {
    let path: String
    private let file: AtomicFile
    private var container: OutputContainer?
    private var encoder: VideoEncoder?
    /// Whether packets the encoder leaves without a duration get one frame's (APNG and WebP do).
    private let givesDurations: Bool
    private(set) var frameCount = 0
    private(set) var isOpen = true

    init(path: String, file: AtomicFile, container: OutputContainer, encoder: VideoEncoder, givesDurations: Bool = false) {
        self.path = path
        self.file = file
        self.container = container
        self.encoder = encoder
        self.givesDurations = givesDurations
    }

    deinit {
        if isOpen { cancel() }
    }

    /// Encodes `frame` as the next one and writes the packets that come out.
    func send(_ frame: VideoFrame) throws(ExportError) {
        guard isOpen, let encoder else { throw .sinkClosed(path: path) }
        frame.pointer.pointee.pts = Int64(frameCount)
        frameCount += 1
        do throws(ExportError) {
            try encoder.encode(frame.pointer) { packet throws(ExportError) in try write(packet) }
        } catch {
            cancel()
            throw error
        }
    }

    /// Drains the encoder, finishes the container and moves the file into place.
    func finish() throws(ExportError) {
        guard isOpen, let container, let encoder else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            guard frameCount > 0 else { throw ExportError.noFrames(path: path) }
            try encoder.encode(nil) { packet throws(ExportError) in try write(packet) }
            try container.finish()
            try file.commit()
        } catch {
            cancel()
            throw error
        }
        close()
    }

    /// Closes everything and removes the temporary file.
    func cancel() {
        guard isOpen else { return }
        close()
        file.discard()
    }

    private func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(ExportError) {
        guard let container, let encoder else { throw .sinkClosed(path: path) }
        if givesDurations && packet.pointee.duration == 0 { packet.pointee.duration = 1 }
        try container.write(packet, timeBase: encoder.timeBase)
    }

    /// Frees the encoder and muxer (closing the file) and marks it closed.
    private func close() {
        isOpen = false
        encoder = nil
        container = nil
    }
}
