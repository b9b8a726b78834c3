import CFFmpeg
import Foundation
import Raster

/// Reads encoded files back: their stream properties, and their frames as pixmaps.
///
/// An independent check on what the encoders wrote, and the input side of comparisons;
/// `decodeFrames` holds every frame in memory, so it is meant for small files; `MediaFrameReader`
/// reads long ones a frame at a time.
public enum MediaProbe {
    /// The properties of the best video stream in `path`, counting frames by demuxing every packet.
    public static func info(path: String) throws(ExportError) -> MediaInfo {
        let reader = try MediaReader(path: path)
        let parameters = reader.stream.pointee.codecpar.pointee
        let timeBase = reader.stream.pointee.time_base
        var durations: [Double] = []
        try reader.forEachPacket { packet throws(ExportError) in
            durations.append(Double(packet.pointee.duration) * av_q2d(timeBase))
        }
        let rate = reader.stream.pointee.avg_frame_rate
        return MediaInfo(
            containerName: String(cString: reader.context.pointee.iformat.pointee.name),
            codecName: String(cString: avcodec_get_name(parameters.codec_id)),
            width: Int(parameters.width),
            height: Int(parameters.height),
            pixelFormat: parameters.format < 0 ? nil : pixelFormatName(AVPixelFormat(rawValue: parameters.format)),
            frameCount: durations.count,
            frameDurations: durations,
            frameRate: rate.num > 0 && rate.den > 0 ? av_q2d(rate) : nil,
            colorSpace: parameters.color_space == AVCOL_SPC_UNSPECIFIED ? nil : name(av_color_space_name(parameters.color_space)),
            colorPrimaries: parameters.color_primaries == AVCOL_PRI_UNSPECIFIED ? nil : name(av_color_primaries_name(parameters.color_primaries)),
            colorTransfer: parameters.color_trc == AVCOL_TRC_UNSPECIFIED ? nil : name(av_color_transfer_name(parameters.color_trc)),
            colorRange: parameters.color_range == AVCOL_RANGE_UNSPECIFIED ? nil : name(av_color_range_name(parameters.color_range)),
            chromaLocation: parameters.chroma_location == AVCHROMA_LOC_UNSPECIFIED ? nil : name(av_chroma_location_name(parameters.chroma_location)),
            loopCount: parameters.codec_id == AV_CODEC_ID_GIF ? try gifLoopCount(path: path) : nil)
    }

    /// The first frame of an image (or video) file, for a timeline's `image` view; FFmpeg's
    /// complaints about a broken file become the error's message instead of log lines.
    public static func decodeImage(path: String) throws(ExportError) -> Pixmap {
        let first = try withFFmpegErrorsKept { () throws(ExportError) in try MediaFrameReader(path: path).next() }
        guard let first else { throw ExportError.noFrames(path: path) }
        return first
    }

    /// Every frame of `path` (video, GIF or still image) decoded and converted to RGBA with swscale.
    ///
    /// YUV is converted with the matrix and range the stream is tagged with (BT.601 when
    /// untagged, as swscale assumes), and, by the `accurate` conversion, at its chroma siting
    /// (centred when untagged). Frames with alpha keep it.
    public static func decodeFrames(path: String, conversion: FrameConversion = .accurate) throws(ExportError) -> [Pixmap] {
        let reader = try MediaFrameReader(path: path, conversion: conversion)
        var pixmaps: [Pixmap] = []
        while let frame = try reader.next() { pixmaps.append(frame) }
        return pixmaps
    }

    private static func name(_ cString: UnsafePointer<CChar>?) -> String? {
        cString.map { String(cString: $0) }
    }

    /// The loop count of a GIF's NETSCAPE2.0 application extension, nil if it has none.
    ///
    /// FFmpeg's demuxer reads this extension but does not expose it, so the blocks before
    /// the first image are walked here (GIF89a, section 17 onwards; the loop block is an
    /// application extension by convention placed right after the global colour table).
    static func gifLoopCount(path: String) throws(ExportError) -> Int? {
        guard let data = FileManager.default.contents(atPath: path) else { throw .fileSystem("reading", path: path) }
        let bytes = [UInt8](data)
        guard bytes.count >= 13 else { return nil }
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
        while offset + 1 < bytes.count, bytes[offset] == 0x21 {
            let label = bytes[offset + 1]
            offset += 2
            var isNetscape = false
            var first = true
            while offset < bytes.count, bytes[offset] != 0 {
                let size = Int(bytes[offset])
                let block = bytes[min(offset + 1, bytes.count)..<min(offset + 1 + size, bytes.count)]
                if label == 0xFF, first { isNetscape = block.elementsEqual(Array("NETSCAPE2.0".utf8)) }
                if isNetscape, !first, block.count == 3, block.first == 1 {
                    return Int(block[block.startIndex + 1]) | Int(block[block.startIndex + 2]) << 8
                }
                first = false
                offset += 1 + size
            }
            offset += 1
        }
        return nil
    }
}
