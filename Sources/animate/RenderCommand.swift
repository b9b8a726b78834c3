import ArgumentParser
import Export
import Foundation
import Raster
import Timeline

/// `animate render TIMELINE -o OUT`: every frame, encoded by OUT's extension.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render every frame of a timeline to a video, a GIF, a PNG or a PNG sequence.",
        discussion: """
            The format follows the output's extension: .mp4 (H.264), .gif, .png (one frame),
            or a pattern such as frames/%04d.png (or a folder ending in /) for a PNG sequence,
            numbered from frame 0.
            """)

    @Argument(help: "The timeline file (JSON).")
    var timeline: String

    @Option(name: .shortAndLong, help: "The output file or PNG pattern.")
    var output: String

    @Option(help: "Device pixels per point (overrides the timeline's scale).")
    var scale: Double?

    @Option(help: "H.264 constant rate factor, 0 (lossless) to 51.")
    var crf: Int = 18

    @Option(help: "x264 preset, ultrafast to placebo.")
    var preset: String = "medium"

    @Option(help: "GIF loop count; 0 loops forever.")
    var loop: Int = 0

    @Option(help: "For a .png output: the time in seconds of the frame to write.")
    var time: Double?

    @Option(help: "For a .png output: the frame number to write (from 0).")
    var frame: Int?

    @Option(help: "Frames rendered at once (default: the number of cores).")
    var threads: Int?

    @Flag(help: "Replace an existing output.")
    var overwrite = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @OptionGroup var limits: TimelineOptions

    func validate() throws {
        guard (0...51).contains(crf) else { throw ValidationError("--crf must be from 0 to 51") }
        guard EncoderSettings.x264Presets.contains(preset) else {
            throw ValidationError("--preset must be one of: \(EncoderSettings.x264Presets.joined(separator: ", "))")
        }
        guard loop >= 0 else { throw ValidationError("--loop must not be negative") }
        if let scale { guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be greater than 0 and at most 16") } }
        if let threads { guard threads >= 1 else { throw ValidationError("--threads must be at least 1") } }
        guard time == nil || frame == nil else { throw ValidationError("give --time or --frame, not both") }
    }

    func run() throws {
        var document = try limits.load(timeline)
        if let scale { document.scene.scale = scale }
        let format: OutputFormat
        do { format = try OutputFormat(path: output) } catch { throw CommandFailure.invalid(error.description) }
        try OutputPath.checkWritable(output, format: format, overwrite: overwrite)
        if case .png = format {
            let n = try FrameSelection.frame(time: time, frame: frame, in: document)
            try FrameSelection.writePNG(document.render(frame: n), to: output)
            if !quiet { FileHandle.standardError.write(Data("wrote frame \(n) to \(output)\n".utf8)) }
            return
        }
        let settings = EncoderSettings(
            width: document.scene.pixelWidth, height: document.scene.pixelHeight, fps: document.fps, crf: crf, preset: preset,
            loop: loop, matte: document.scene.background.alpha > 0 ? document.scene.background.opaque : .white)
        let sink: any FrameSink
        do { sink = try makeFrameSink(path: output, format: format, settings: settings) } catch {
            throw CommandFailure.output(error.description)
        }
        Interruption.install()
        let progress = Progress(total: document.frameCount, enabled: !quiet)
        do {
            try FramePipeline(document: document, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount).run { n, pixmap in
                if Interruption.requested { throw CommandFailure(message: "interrupted; removed the partial output", status: 130) }
                try sink.append(pixmap)
                progress.update(n + 1)
            }
            try sink.finish()
        } catch let failure as CommandFailure {
            sink.cancel()
            throw failure
        } catch {
            sink.cancel()
            throw CommandFailure.output("\(error)")
        }
        progress.finish("wrote \(document.frameCount) frames to \(output)")
    }
}

extension Color {
    /// The colour with full alpha.
    var opaque: Color { Color(red: red, green: green, blue: blue, alpha: 1) }
}
