import ArgumentParser
import Export
import Foundation
import Timeline

/// `animate frame TIMELINE --time 1.5 -o still.png`: one frame as a PNG.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame", abstract: "Render one frame of a timeline to a PNG.")

    @Argument(help: "The timeline file (JSON).")
    var timeline: String

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Option(parsing: .unconditional, help: "The time in seconds, from 0 to the duration: the state at exactly that time is drawn.", transform: CommandLineNumber.real)
    var time: Double?

    @Option(parsing: .unconditional, help: "The frame number, from 0.", transform: CommandLineNumber.whole)
    var frame: Int?

    @OptionGroup var canvas: CanvasOptions

    @Flag(help: "Replace an existing output.")
    var overwrite = false

    @OptionGroup var limits: TimelineOptions

    func validate() throws {
        guard time == nil || frame == nil else { throw ValidationError("give --time or --frame, not both") }
        guard output.lowercased().hasSuffix(".png") else { throw ValidationError("the output of `frame` is a .png file") }
    }

    func run() throws {
        let document = try limits.load(timeline, canvas: canvas)
        try OutputPath.checkWritable(output, format: .png, overwrite: overwrite)
        let still = try FrameSelection.still(time: time, frame: frame, in: document, path: timeline)
        try FrameSelection.writePNG(still.render(document), to: output)
    }
}
