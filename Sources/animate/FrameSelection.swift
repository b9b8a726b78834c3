import Export
import Raster
import Timeline

/// Picks one frame by time or number, and writes stills.
enum FrameSelection {
    /// The still chosen by `--time` or `--frame`: the state at exactly `time`
    /// seconds (any time from 0 to the duration, both included), or frame number
    /// `frame`; frame 0 when neither is given. Either outside the timeline is an
    /// error that names the timeline file.
    static func still(time: Double?, frame: Int?, in document: TimelineDocument, path: String) throws -> Still {
        let count = document.frameCount
        if let frame {
            guard (0..<count).contains(frame) else {
                throw CommandFailure.invalid("\(path): --frame \(frame) is outside the timeline's frames 0..<\(count)")
            }
            return Still(time: document.time(ofFrame: frame), frame: frame)
        }
        if let time {
            guard time >= 0, time <= document.duration else {
                throw CommandFailure.invalid("\(path): --time \(Self.seconds(time)) is outside the timeline's 0…\(Self.seconds(document.duration)) s")
            }
            return Still(time: time, frame: nil)
        }
        return Still(time: 0, frame: 0)
    }

    /// A chosen still: its time, and its frame number when it is a frame.
    struct Still {
        var time: Double
        var frame: Int?

        /// "frame 12" or "the state at 2 s".
        var description: String { frame.map { "frame \($0)" } ?? "the state at \(FrameSelection.seconds(time)) s" }

        func render(_ document: TimelineDocument) -> Pixmap {
            frame.map { document.render(frame: $0) } ?? document.render(time: time)
        }
    }

    /// Seconds as written: `2`, `1.5`.
    static func seconds(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    static func writePNG(_ pixmap: Pixmap, to path: String) throws {
        do { try Export.writePNG(pixmap, to: path) } catch { throw CommandFailure.output("\(error)") }
    }
}
