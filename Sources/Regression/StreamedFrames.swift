import Export
import Foundation
import Raster

/// The frames of a media file read in order as they are asked for, decoded a few frames ahead
/// on a thread of their own (`DecodeAhead`), so that decoding runs beside the comparison.
///
/// Memory holds the frame last returned and at most `depth` + 1 more. Asking for frames in
/// ascending order decodes each once; asking for an earlier frame than the last reopens the
/// file and decodes from its start. YUV video is converted by `FrameConversion.fast`. Safe to
/// call from any thread (calls are taken one at a time); the decoding thread ends when this
/// object goes.
final class StreamedFrames: @unchecked Sendable {
    let path: String
    /// How many frames are decoded ahead of the one asked for.
    let depth: Int
    private let lock = NSLock()
    private var ahead: DecodeAhead
    private var last: (number: Int, frame: Pixmap)?

    /// The conversion decoded video frames get.
    static let conversion = FrameConversion.fast

    /// Opens `path` and decodes its first frame, so that a file that cannot be decoded fails now,
    /// then decodes on from there in the background; nil when the file holds no frame.
    init?(path: String, depth: Int = 3) throws(ExportError) {
        self.path = path
        self.depth = depth
        let reader = try MediaFrameReader(path: path, conversion: Self.conversion)
        guard let first = try reader.next() else { return nil }
        last = (0, first)
        ahead = DecodeAhead(reader, depth: depth)
    }

    deinit {
        ahead.stop()
    }

    /// Frame `n` (counted from 0); throws when the file ends before it or cannot be decoded up to it.
    func frame(_ n: Int) throws(RegressionError) -> Pixmap {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.number == n { return last.frame }
        let frame: Pixmap?
        do {
            if n < ahead.nextFrame {
                let reader = try MediaFrameReader(path: path, conversion: Self.conversion)
                ahead.stop()
                ahead = DecodeAhead(reader, depth: depth)
            }
            frame = try ahead.take(n)
        } catch {
            throw .reading(path, error)
        }
        guard let frame else { throw .missingFrame(path: path, frame: n) }
        last = (n, frame)
        return frame
    }
}
