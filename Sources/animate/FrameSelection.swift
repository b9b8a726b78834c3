import Export
import Raster
import Timeline

/// Picks one frame by time or number, and writes stills.
enum FrameSelection {
    /// The frame at `time` seconds (the nearest frame, `round(time × fps)`) or number
    /// `frame`; frame 0 when neither is given.
    static func frame(time: Double?, frame: Int?, in document: TimelineDocument) throws -> Int {
        let count = document.frameCount
        if let frame {
            guard (0..<count).contains(frame) else {
                throw CommandFailure.invalid("--frame \(frame) is outside the timeline's frames 0..<\(count)")
            }
            return frame
        }
        if let time {
            guard time >= 0, time <= document.duration else {
                throw CommandFailure.invalid("--time \(time) is outside the timeline's 0…\(document.duration) s")
            }
            return min(Int((time * Double(document.fps)).rounded()), count - 1)
        }
        return 0
    }

    static func writePNG(_ pixmap: Pixmap, to path: String) throws {
        do { try Export.writePNG(pixmap, to: path) } catch { throw CommandFailure.output("\(error)") }
    }
}
