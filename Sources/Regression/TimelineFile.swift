import Foundation
import Timeline

/// Reads and loads the timeline at `path`.
func loadTimeline(at path: String, loader: TimelineLoader = TimelineLoader()) throws(RegressionError) -> TimelineDocument {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
    }
    do {
        return try loader.load([UInt8](data))
    } catch {
        throw .timeline(path: path, error)
    }
}
