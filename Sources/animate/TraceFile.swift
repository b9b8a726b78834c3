import Foundation
import Timeline

/// Writes a param trace (`--trace`) next to a render, by the file's extension.
enum TraceFile {
    /// Writes `trace` as CSV (`.csv`) or JSON (`.json`), through a temporary file
    /// renamed into place; an existing file is kept unless `overwrite`.
    static func write(_ trace: ParamTrace, to path: String, overwrite: Bool) throws {
        let lower = path.lowercased()
        let text: String
        if lower.hasSuffix(".csv") {
            text = trace.csv()
        } else if lower.hasSuffix(".json") {
            text = trace.json()
        } else {
            throw CommandFailure.invalid("--trace \(path): the trace is written as .csv or .json")
        }
        try TextOutput.write(text, to: path, overwrite: overwrite, what: "the trace")
    }
}
