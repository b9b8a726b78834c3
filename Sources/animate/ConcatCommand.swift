import ArgumentParser
import Export
import Foundation

/// `animate concat A B … -o OUT`: joins pieces rendered with `--frames` into one file.
struct ConcatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "concat",
        abstract: "Join pieces of one render (made with --frames or --from/--to) into one file, without re-encoding.",
        discussion: """
            GIF, MP4, WebM and raw RGBA pieces can be joined; give them in order. MP4 and WebM pieces must come from the same timeline with the same options. Example:
              animate clip.json --frames 0..<150 -o a.gif
              animate clip.json --frames 150.. -o b.gif
              animate concat a.gif b.gif -o clip.gif
            """)

    @Argument(help: "The pieces, in order.")
    var pieces: [String]

    @Option(name: .shortAndLong, help: "The joined file; its extension must match the pieces'.")
    var output: String

    @Flag(help: "Replace an existing output.")
    var overwrite = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        guard !pieces.isEmpty else { throw ValidationError("give the pieces to join") }
        let ext = (output as NSString).pathExtension.lowercased()
        for piece in pieces where (piece as NSString).pathExtension.lowercased() != ext {
            throw ValidationError("\(piece) is not a .\(ext) file like the output")
        }
    }

    func run() throws {
        for piece in pieces where !FileManager.default.fileExists(atPath: piece) {
            throw CommandFailure.invalid("\(piece): no such file")
        }
        let format: OutputFormat
        do { format = try OutputFormat(path: output) } catch { throw CommandFailure.invalid(error.description) }
        try OutputPath.checkWritable(output, format: format, overwrite: overwrite)
        do {
            try Concatenation.join(pieces, into: output)
        } catch {
            if case .cannotJoin = error { throw CommandFailure.invalid(error.description) }
            throw CommandFailure.output(error.description)
        }
        if !quiet { FileHandle.standardError.write(Data("joined \(SummaryText.count(pieces.count, "piece")) into \(output)\n".utf8)) }
    }
}
