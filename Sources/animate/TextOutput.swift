import Foundation

/// Writes a small text file (a trace, a converted timeline) through a temporary file
/// renamed into place, so that a reader never sees half of it.
enum TextOutput {
    /// Writes `text` to `path`; an existing file is kept unless `overwrite`. `what`
    /// names the content in an error message ("the trace").
    static func write(_ text: String, to path: String, overwrite: Bool, what: String) throws {
        try OutputPath.checkWritable(path, format: .png, overwrite: overwrite)
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
        do {
            try Data(text.utf8).write(to: temporary)
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(at: temporary, to: url)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandFailure.output("\(path): cannot write \(what) (\(error.localizedDescription))")
        }
    }
}
