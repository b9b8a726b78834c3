import CFFmpeg
import Foundation
import GIF

/// Joins files rendered as consecutive pieces of one animation (`animate render --frames`)
/// into one file, without re-encoding.
///
/// - GIF: the first piece's header, colour table and loop count, then every piece's frames
///   as they are. A piece whose global colour table differs from the first's has it attached
///   to each of its frames as a local table, so its colours stay right; pieces rendered
///   from one timeline share the palette (it is sampled from the whole timeline), so
///   usually nothing changes. Each piece's first frame is whole, so no frame depends on a
///   frame of another piece.
/// - MP4 and WebM: packets are copied with their timestamps shifted by the length of the
///   pieces before, into a stream with the first piece's codec parameters. Every piece
///   starts with a key frame, as a fresh encoder makes it. Pieces must share size, codec
///   and encoder settings (their codec headers must be identical), or the join is refused.
/// - Raw RGBA: bytes one after another.
///
/// APNG, WebP, PNG and PNG sequences cannot be joined this way (render them whole, or join
/// PNG sequences by renumbering files). The output is atomic like every sink's.
///
/// Pieces record their frames (`PieceRange`); pieces that overlap, leave a gap or come out of
/// order are refused before anything is written, naming the frames, and the joined file records
/// the joined range. Pieces that record none (raw RGBA, files made elsewhere) are joined as given.
public enum Concatenation {
    /// Joins `pieces` in order into `output`, whose format (by extension) must be the pieces' format.
    public static func join(_ pieces: [String], into output: String) throws(ExportError) {
        guard !pieces.isEmpty else { throw .cannotJoin(path: output, reason: "no pieces given") }
        limitFFmpegLoggingToErrors()
        let format = try OutputFormat(path: output)
        let joined = try checkJoin(pieces, ranges: pieceRanges(pieces, format: format), into: output)
        let file = AtomicFile(target: output)
        do throws(ExportError) {
            switch format {
            case .gif: try joinGIFs(pieces, range: joined, into: file)
            case .mp4: try remux(pieces, formatName: "mp4", range: joined, into: file)
            case .webm: try remux(pieces, formatName: "webm", range: joined, into: file)
            case .rawRGBA: try joinBytes(pieces, into: file)
            default:
                throw ExportError.cannotJoin(path: output, reason: "only GIF, MP4, WebM and raw RGBA pieces can be joined; render this format whole")
            }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    static func read(_ path: String) throws(ExportError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw .fileSystem("reading", path: path) }
        return [UInt8](data)
    }

    private static func joinGIFs(_ pieces: [String], range: PieceRange?, into file: AtomicFile) throws(ExportError) {
        let output = try FileOutput(creating: file.temporary, path: file.target)
        var first: GIFFile?
        for path in pieces {
            let gif = try GIFFile(bytes: read(path), path: path)
            var out: [UInt8] = []
            if let first {
                guard gif.width == first.width, gif.height == first.height else {
                    throw ExportError.cannotJoin(path: file.target, reason: "\(path) is \(gif.width)×\(gif.height), the first piece \(first.width)×\(first.height)")
                }
            } else {
                first = gif
                out += Array("GIF89a".utf8)
                GIFWriter.appendShort(gif.width, to: &out)
                GIFWriter.appendShort(gif.height, to: &out)
                out += gif.screenFields
                out += gif.globalTable ?? []
                if let loop = gif.loopCount { GIFWriter.loopExtension(loop, into: &out) }
                if let range { GIFWriter.commentExtension(range.tag, into: &out) }
            }
            let needsLocalTable = gif.globalTable != first!.globalTable
            for image in gif.images {
                out += image.control ?? []
                var descriptor = image.descriptor
                if image.localTable == nil, needsLocalTable, let table = gif.globalTable {
                    descriptor[9] = (descriptor[9] & 0x40) | 0x80 | (gif.screenFields[0] & 7)
                    out += descriptor
                    out += table
                } else {
                    out += descriptor
                    out += image.localTable ?? []
                }
                out += image.data
            }
            try output.write(out)
        }
        try output.write([GIFWriter.trailer])
        try output.close()
    }

    private static func joinBytes(_ pieces: [String], into file: AtomicFile) throws(ExportError) {
        let output = try FileOutput(creating: file.temporary, path: file.target)
        for path in pieces { try output.write(read(path)) }
        try output.close()
    }

    private static func remux(_ pieces: [String], formatName: String, range: PieceRange?, into file: AtomicFile) throws(ExportError) {
        let path = file.target
        let first = try MediaReader(path: pieces[0])
        let container = try OutputContainer(formatName: formatName, file: file.temporary, path: path)
        if formatName == "mp4" { try container.setOption("movflags", "+faststart") }
        if let range { try container.setTag("comment", range.tag) }
        try container.writeHeader(copying: first.stream)
        let reference = first.stream.pointee.codecpar.pointee
        var offset: Int64 = 0
        for piece in pieces {
            let reader = piece == pieces[0] ? first : try MediaReader(path: piece)
            let parameters = reader.stream.pointee.codecpar.pointee
            guard parameters.codec_id == reference.codec_id, parameters.width == reference.width, parameters.height == reference.height,
                  extradata(parameters) == extradata(reference) else {
                throw ExportError.cannotJoin(path: path, reason: "\(piece) was encoded with another codec, size or settings than \(pieces[0])")
            }
            let pieceBase = reader.stream.pointee.time_base
            let outputBase = container.timeBase
            var end = offset
            try reader.forEachPacket { packet throws(ExportError) in
                av_packet_rescale_ts(packet, pieceBase, outputBase)
                // AV_NOPTS_VALUE is INT64_MIN.
                if packet.pointee.pts != Int64.min {
                    packet.pointee.pts = try shifted(packet.pointee.pts, by: offset, piece: piece, path: path)
                    end = max(end, try shifted(packet.pointee.pts, by: max(packet.pointee.duration, 0), piece: piece, path: path))
                }
                if packet.pointee.dts != Int64.min { packet.pointee.dts = try shifted(packet.pointee.dts, by: offset, piece: piece, path: path) }
                packet.pointee.pos = -1
                try container.write(packet, timeBase: outputBase)
            }
            offset = end
        }
        try container.finish()
    }

    /// `time + offset`, or an error naming `piece` when a damaged file's timestamps run past
    /// what 64 bits count.
    static func shifted(_ time: Int64, by offset: Int64, piece: String, path: String) throws(ExportError) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        guard !overflow, sum != Int64.min else {
            throw ExportError.cannotJoin(path: path, reason: "\(piece) has timestamps out of range (\(time) + \(offset))")
        }
        return sum
    }

    private static func extradata(_ parameters: AVCodecParameters) -> [UInt8] {
        guard let data = parameters.extradata, parameters.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(parameters.extradata_size)))
    }
}
