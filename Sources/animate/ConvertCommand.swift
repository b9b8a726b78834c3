import ArgumentParser
import Export
import Foundation
import Timeline
import TimelineFormats

/// `animate convert IN -o OUT`: a timeline rewritten between JSON and YAML.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Rewrite a timeline between JSON and YAML, keeping every value and the order of keys.",
        discussion: """
            The formats follow the extensions: .yaml and .yml are YAML, anything else JSON.
              animate convert Timelines/clip-shape.json -o clip-shape.yaml
              animate convert clip-shape.yaml -o clip-shape.json
            Converting back gives the same document. YAML comments are not carried into JSON,
            which has none. Only the syntax is read here; `animate check` validates the timeline.
            """)

    @Argument(help: "The timeline file to read: .json, .yaml or .yml.")
    var input: String

    @Option(name: .shortAndLong, help: "The file to write: .json, .yaml or .yml.")
    var output: String

    @Flag(help: "Replace an existing output.")
    var overwrite = false

    func run() throws {
        guard output.lowercased().hasSuffix(".json") || TimelineFormat(path: output) == .yaml else {
            throw CommandFailure.invalid("\(output): a timeline is written as .json, .yaml or .yml")
        }
        let stream = AtomicFile.isSpecialFile(input) ? FileHandle(forReadingAtPath: input).flatMap { try? $0.readToEnd() ?? Data() } : nil
        guard let data = stream ?? FileManager.default.contents(atPath: input) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
            throw CommandFailure.invalid(exists ? "\(input): cannot read the file\(isDirectory.boolValue ? " (it is a directory)" : "")" : "\(input): no such file")
        }
        let root: JSONNode
        do {
            root = try TimelineFormat(path: input).parse([UInt8](data), maxDepth: TimelineLoader().documentDepth)
        } catch {
            throw CommandFailure.invalid("\(input): \(error)")
        }
        try TextOutput.write(TimelineFormat(path: output).text(root), to: output, overwrite: overwrite, what: "the timeline")
    }
}
