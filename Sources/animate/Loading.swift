import ArgumentParser
import Export
import Foundation
import Timeline

/// Options shared by every command that reads a timeline.
struct TimelineOptions: ParsableArguments {
    @Option(help: "Largest canvas, in device pixels.")
    var maxPixels: Int = TimelineLoader().maxPixels

    @Option(help: "Largest number of frames.")
    var maxFrames: Int = TimelineLoader().maxFrames

    @Option(name: .customLong("set"), help: ArgumentHelp("Override a param's initial value: name=value (a number, numbers separated by commas, or a colour).", valueName: "name=value"))
    var overrides: [String] = []

    /// Reads and validates the timeline at `path`; errors become exit status 1.
    func load(_ path: String) throws -> TimelineDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw CommandFailure.invalid(exists ? "\(path): cannot read the file\(isDirectory.boolValue ? " (it is a directory)" : "")" : "\(path): no such file")
        }
        var loader = TimelineLoader()
        loader.baseDirectory = FilePath.directory(of: path)
        loader.imageReader = { file in
            guard let first = try MediaProbe.decodeFrames(path: file).first else { throw ExportError.noFrames(path: file) }
            return first
        }
        loader.maxPixels = maxPixels
        loader.maxFrames = maxFrames
        for item in overrides {
            guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
                throw CommandFailure.invalid("--set \(item): expected name=value")
            }
            loader.overrides[String(item[..<eq])] = String(item[item.index(after: eq)...])
        }
        do {
            return try loader.load([UInt8](data))
        } catch {
            throw CommandFailure.invalid("\(path): \(error)")
        }
    }
}

