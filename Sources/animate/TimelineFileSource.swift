import Foundation
import Preview
import Synchronization
import Timeline

/// A timeline file (JSON or YAML) as the preview's source: loaded as every command loads it, with
/// the same limits and `--set` overrides, and its errors worded as `animate check` prints them.
struct TimelineFileSource: PreviewSource {
    let path: String
    let limits: TimelineOptions

    func load() -> SourceLoad {
        let images = Mutex<[String]>([])
        let result: Result<TimelineDocument, SourceErrors>
        do {
            result = .success(try limits.load(path, reading: { file in images.withLock { $0.append(file) } }))
        } catch let failure as CommandFailure {
            result = .failure(SourceErrors(["error: \(failure.message)"]))
        } catch {
            result = .failure(SourceErrors(["error: \(path): \(error)"]))
        }
        return SourceLoad(result: result, files: [path] + images.withLock { $0 })
    }
}
