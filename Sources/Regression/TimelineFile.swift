import Export
import Foundation
import Timeline
import TimelineFormats

/// Reads and loads the timeline at `path` (YAML for `.yaml` and `.yml`, JSON otherwise): images resolve against the timeline's
/// folder and, unless the loader has its own reader, decode through FFmpeg.
func loadTimeline(at path: String, loader: TimelineLoader = TimelineLoader()) throws(RegressionError) -> TimelineDocument {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
    }
    var loader = loader
    loader.baseDirectory = FilePath.directory(of: path).isEmpty ? "." : FilePath.directory(of: path)
    if loader.imageReader == nil {
        loader.imageReader = { file in
            guard let first = try MediaProbe.decodeFrames(path: file).first else { throw ExportError.noFrames(path: file) }
            return first
        }
    }
    do {
        return try loader.load([UInt8](data), format: TimelineFormat(path: path))
    } catch {
        throw .timeline(path: path, error)
    }
}
