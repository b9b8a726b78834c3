import ArgumentParser
import Foundation
import Raster

/// The `animate` command: timeline files in, animations out.
@main
struct Animate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Render a timeline file (a SwiftUI-like scene and its animations) to MP4, GIF, WebM, APNG, WebP or PNG.",
        discussion: """
            Examples:
              animate Timelines/clip-shape.json -o clip.gif
              animate Timelines/clip-shape.json -o clip.gif --max-size 500KB
              animate Timelines/clip-shape.json --format rgba -o - | ffmpeg -f rawvideo -pix_fmt rgba -s 480x280 -r 30 -i - out.mkv
              animate frame Timelines/clip-shape.json --time 1.5 -o still.png
              animate check Timelines/*.json
              animate schema > timeline.schema.json
              animate convert Timelines/clip-shape.json -o clip-shape.yaml
              animate diff expected.mp4 actual.mp4 --report diff-report
              animate test Timelines --golden Tests/Golden
              animate preview Timelines/clip-shape.json

            Exit status: 0 success; 1 invalid timeline or arguments (nothing written);
            2 a diff or test found differences beyond the tolerance; 3 an output or encoder failure.
            """,
        subcommands: [
            RenderCommand.self, FrameCommand.self, ConcatCommand.self, CheckCommand.self, InfoCommand.self, DiffCommand.self,
            TestCommand.self, PreviewCommand.self, SchemaCommand.self, ConvertCommand.self,
        ],
        defaultSubcommand: RenderCommand.self
    )

    /// Parses and runs, mapping errors to the documented exit statuses: usage
    /// errors exit 1 (not ArgumentParser's 64), so that every invalid input is 1.
    static func main() {
        FrameMemory.reuseFreedBuffers()
        do {
            var command = try parseAsRoot()
            // Before the timeline is loaded: a signal during the load ends the process at
            // once with a message; one after the output is opened is seen by the render
            // loop, which removes its temporary file.
            if command is RenderCommand { Interruption.install() }
            try command.run()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
            Foundation.exit(failure.status)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(code == .validationFailure ? 1 : code.rawValue)
        }
    }
}

/// An error that ends the command with a message and an exit status.
struct CommandFailure: Error {
    var message: String
    var status: Int32

    /// The timeline or the arguments are invalid; nothing was written.
    static func invalid(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 1) }
    /// Writing or encoding the output failed.
    static func output(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 3) }
}
