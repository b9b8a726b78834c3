import Export
import Foundation
import Raster

/// The frames of a media file read in order as they are asked for, so that only the frame
/// last returned stays in memory.
///
/// Asking for frames in ascending order decodes each once; asking for an earlier frame than
/// the last reopens the file and decodes from its start. Safe to call from any thread (calls
/// are taken one at a time).
final class StreamedFrames: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var reader: MediaFrameReader
    private var last: (number: Int, frame: Pixmap)?

    /// Opens `path` and decodes its first frame, so that a file that cannot be decoded fails now;
    /// nil when the file holds no frame.
    init?(path: String) throws(ExportError) {
        self.path = path
        reader = try MediaFrameReader(path: path)
        guard let first = try reader.next() else { return nil }
        last = (0, first)
    }

    /// Frame `n` (counted from 0); throws when the file ends before it.
    func frame(_ n: Int) throws(RegressionError) -> Pixmap {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.number == n { return last.frame }
        do {
            if n < reader.framesRead { reader = try MediaFrameReader(path: path) }
            while reader.framesRead <= n {
                guard let frame = try reader.next() else { throw RegressionError.missingFrame(path: path, frame: n) }
                last = (reader.framesRead - 1, frame)
            }
        } catch {
            throw .reading(path, error)
        }
        return last!.frame
    }
}
