import Foundation
import GIF

extension Concatenation {
    /// The frame range each piece records (`PieceRange`), nil for a piece that records none
    /// (raw RGBA, or a file made elsewhere).
    static func pieceRanges(_ pieces: [String], format: OutputFormat) throws(ExportError) -> [PieceRange?] {
        var ranges: [PieceRange?] = []
        for path in pieces {
            switch format {
            case .gif:
                let gif = try GIFFile(bytes: read(path), path: path)
                ranges.append(gif.comments.lazy.compactMap(PieceRange.init(tag:)).first)
            case .mp4, .webm:
                ranges.append(try MediaReader(path: path).tag("comment").flatMap(PieceRange.init(tag:)))
            default:
                ranges.append(nil)
            }
        }
        return ranges
    }

    /// Throws `cannotJoin`, naming the pieces and frames, unless each recorded range begins where
    /// the one before ends: pieces that overlap, leave a gap or come out of order are refused.
    /// Returns the joined range when every piece records one.
    static func checkJoin(_ pieces: [String], ranges: [PieceRange?], into output: String) throws(ExportError) -> PieceRange? {
        for i in pieces.indices.dropFirst() {
            guard let before = ranges[i - 1]?.frames, let after = ranges[i]?.frames else { continue }
            let a = pieces[i - 1], b = pieces[i]
            func fail(_ reason: String) -> ExportError { .cannotJoin(path: output, reason: reason) }
            if after.lowerBound < before.lowerBound {
                throw fail("\(b) (frames \(after.lowerBound)..<\(after.upperBound)) comes after \(a) (frames \(before.lowerBound)..<\(before.upperBound)) but holds earlier frames; give the pieces in order")
            }
            if after.lowerBound < before.upperBound {
                throw fail("\(a) (frames \(before.lowerBound)..<\(before.upperBound)) and \(b) (frames \(after.lowerBound)..<\(after.upperBound)) overlap: frames \(after.lowerBound)..<\(min(before.upperBound, after.upperBound)) are in both")
            }
            if after.lowerBound > before.upperBound {
                throw fail("frames \(before.upperBound)..<\(after.lowerBound) are missing between \(a) (frames \(before.lowerBound)..<\(before.upperBound)) and \(b) (frames \(after.lowerBound)..<\(after.upperBound))")
            }
        }
        guard let first = ranges.first??.frames, let last = ranges.last??.frames, !ranges.contains(where: { $0 == nil }) else { return nil }
        return PieceRange(frames: first.lowerBound..<last.upperBound)
    }
}
