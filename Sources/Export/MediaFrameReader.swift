import CFFmpeg
import Raster

/// The frames of a video, GIF or image file, decoded one at a time, in order, as RGBA pixmaps.
///
/// Only the frames of one packet are held at once, so a long video is read in bounded
/// memory; `MediaProbe.decodeFrames` is this reader run to the end. Not thread-safe: one reader belongs to one caller at a time.
public final class MediaFrameReader {
    /// The path read, for messages.
    public let path: String
    /// How many frames have been returned by `next()` so far.
    public private(set) var framesRead = 0
    private let reader: MediaReader
    private let decoder: VideoDecoder
    private var converter: FrameToPixmap
    // Frames decoded from the last packet and not yet returned, oldest first.
    private var pending: [Pixmap] = []
    private var pendingStart = 0
    private var drained = false

    /// Opens `path` at its first frame; YUV video is converted to RGB by `conversion`.
    public init(path: String, conversion: FrameConversion = .accurate) throws(ExportError) {
        self.path = path
        reader = try MediaReader(path: path)
        decoder = try VideoDecoder(stream: reader.stream, path: path)
        converter = FrameToPixmap(path: path, conversion: conversion)
    }

    /// The next frame, or nil past the last one.
    public func next() throws(ExportError) -> Pixmap? {
        while pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
            if drained { return nil }
            let read = try reader.nextPacket { packet throws(ExportError) in
                try decoder.decode(packet) { frame throws(ExportError) in pending.append(try converter.pixmap(from: frame)) }
            }
            if !read {
                try decoder.decode(nil) { frame throws(ExportError) in pending.append(try converter.pixmap(from: frame)) }
                drained = true
            }
        }
        let frame = pending[pendingStart]
        pendingStart += 1
        framesRead += 1
        return frame
    }
}
