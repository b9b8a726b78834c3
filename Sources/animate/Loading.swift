import ArgumentParser
import Export
import Foundation
import Timeline
import TimelineFormats

/// Options shared by every command that reads a timeline: the limits that
/// protect the machine from absurd files, each raisable when a user means it.
struct TimelineOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Largest canvas, in device pixels.", transform: CommandLineNumber.whole)
    var maxPixels: Int = TimelineLoader().maxPixels

    @Option(parsing: .unconditional, help: "Largest number of frames.", transform: CommandLineNumber.whole)
    var maxFrames: Int = TimelineLoader().maxFrames

    @Option(parsing: .unconditional, help: "Deepest nesting of views and modifiers, at most \(Self.depthCeiling).", transform: CommandLineNumber.whole)
    var maxDepth: Int = TimelineLoader().maxDepth

    @Option(parsing: .unconditional, help: "Longest =expression, in characters.", transform: CommandLineNumber.whole)
    var maxExpressionLength: Int = TimelineLoader().maxExpressionLength

    @Option(name: .customLong("set"), help: ArgumentHelp("Override a param's initial value: name=value (a number, numbers separated by commas, or a colour).", valueName: "name=value"))
    var overrides: [String] = []

    /// Layout and drawing recurse once per view and modifier on threads with
    /// the default 8 MiB stack; this depth fits it even in a debug build.
    static let depthCeiling = 256

    func validate() throws {
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be at least 1") }
        guard maxFrames >= 1 else { throw ValidationError("--max-frames must be at least 1") }
        guard (1...Self.depthCeiling).contains(maxDepth) else { throw ValidationError("--max-depth must be from 1 to \(Self.depthCeiling)") }
        guard maxExpressionLength >= 1 else { throw ValidationError("--max-expression-length must be at least 1") }
    }

    /// The most errors printed for one file; the rest are counted.
    static let errorLimit = 20

    /// Reads the timeline file at `path` (YAML for `.yaml` and `.yml`, JSON otherwise) and reports every error and warning in it;
    /// an unreadable file is an error of its own. `reading` is told the path of every
    /// image file the timeline uses, before it is read.
    func check(_ path: String, reading: (@Sendable (String) -> Void)? = nil) throws -> TimelineReport {
        // A pipe (`animate <(generate-timeline) …`) is read to its end as it comes.
        let stream = AtomicFile.isSpecialFile(path) ? FileHandle(forReadingAtPath: path).flatMap { try? $0.readToEnd() ?? Data() } : nil
        guard let data = stream ?? FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw CommandFailure.invalid(exists ? "\(path): cannot read the file\(isDirectory.boolValue ? " (it is a directory)" : "")" : "\(path): no such file")
        }
        var loader = try loader()
        loader.baseDirectory = FilePath.directory(of: path)
        loader.imageReader = { file in
            reading?(file)
            guard let first = try MediaProbe.decodeFrames(path: file).first else { throw ExportError.noFrames(path: file) }
            return first
        }
        return loader.check([UInt8](data), format: TimelineFormat(path: path))
    }

    /// The lines that report `errors` of the file at `path`: at most
    /// `errorLimit`, then `and N more errors`.
    static func errorLines(_ errors: [TimelineError], in path: String) -> [String] {
        var lines = errors.prefix(errorLimit).map { "\(path): \($0)" }
        if errors.count > errorLimit {
            lines.append("\(path): and \(SummaryText.count(errors.count - errorLimit, "more error"))")
        }
        return lines
    }

    /// Reads and validates the timeline at `path`, with its scale replaced as
    /// `canvas` (`--scale`, `--size`) asks when given (the canvas limit applies to
    /// the scaled canvas); errors become exit status 1, warnings are printed on
    /// standard error. `reading` is told the path of every image file the timeline
    /// uses, before it is read.
    func load(_ path: String, canvas: CanvasOptions? = nil, reading: (@Sendable (String) -> Void)? = nil) throws -> TimelineDocument {
        if path.lowercased().hasSuffix(".swift") {
            guard overrides.isEmpty else {
                throw CommandFailure.invalid("\(path): --set overrides a timeline file's params; a Swift scene's state is set in its code")
            }
            var document = try SwiftSceneBuild.document(at: path)
            try limit(&document, path: path, canvas: canvas)
            let pixels = Double(document.scene.pixelWidth) * Double(document.scene.pixelHeight)
            guard pixels <= Double(maxPixels) else {
                throw CommandFailure.invalid("\(path): the canvas is \(Int(pixels)) pixels, more than the limit of \(maxPixels) (raise it with --max-pixels)")
            }
            guard document.frameCount <= maxFrames else {
                throw CommandFailure.invalid("\(path): the scene has \(document.frameCount) frames, more than the limit of \(maxFrames) (raise it with --max-frames)")
            }
            return document
        }
        let report = try check(path, reading: reading)
        guard var document = report.document else {
            throw CommandFailure.invalid(Self.errorLines(report.errors, in: path).joined(separator: "\nerror: "))
        }
        for warning in report.warnings {
            FileHandle.standardError.write(Data("warning: \(path): \(warning)\n".utf8))
        }
        try limit(&document, path: path, canvas: canvas)
        return document
    }

    /// Applies `canvas`'s scale to `document`, refusing a canvas over the pixel limit.
    func limit(_ document: inout TimelineDocument, path: String, canvas: CanvasOptions?) throws {
        if let scale = try canvas?.scale(for: (document.scene.size.width, document.scene.size.height), in: path) {
            // In floating point: a huge canvas must be refused, not overflow `Int`.
            let size = document.scene.size
            let pixels = max((size.width * scale).rounded(), 1) * max((size.height * scale).rounded(), 1)
            guard pixels <= Double(maxPixels) else {
                throw CommandFailure.invalid("\(path): at \(canvas?.size.map { "--size \($0)" } ?? "--scale \(scale)") the canvas is \(pixels < 1e15 ? String(Int(pixels)) : "\(pixels)") pixels, more than the limit of \(maxPixels) (raise it with --max-pixels)")
            }
            document.scene.scale = scale
        }
    }
}

