import ArgumentParser
import Export
import Foundation
import GIF
import Raster
import Timeline

/// `animate render TIMELINE -o OUT`: every frame (or a range), encoded by OUT's extension or `--format`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a timeline to MP4, GIF, WebM, APNG, WebP, PNG, a PNG sequence or raw RGBA frames.",
        discussion: """
            The format follows the output's extension: .mp4 (H.264), .gif, .webm (VP9, with alpha for a "clear" background), .apng, .webp, .png (one frame), .rgba (raw frames), or a pattern such as frames/%04d.png (or a folder ending in /) for a PNG sequence; `-o -` writes raw RGBA to standard output. --format overrides the extension.

            Frames are rendered on every core (one fewer for raw frames to standard output) and encoded in order as they come; memory does not grow with the number of frames. A GIF is rendered twice: first a sample of frames for its palette, then every frame for encoding.

            Split a long render across machines with --frames, then join the pieces:
              animate clip.json --frames 0..<150 -o a.mp4
              animate clip.json --frames 150.. -o b.mp4
              animate concat a.mp4 b.mp4 -o clip.mp4
            """)

    @Argument(help: "The timeline file (JSON).")
    var timeline: String

    @Option(name: .shortAndLong, help: "The output file, PNG pattern, or - for raw RGBA on standard output.")
    var output: String

    @Option(help: "Force the output format: mp4, gif, webm, apng, webp, png, rgba, png-sequence.")
    var format: String?

    @OptionGroup var canvas: CanvasOptions

    // Numeric and range options take the next argument whatever it looks like (here and in
    // the other commands), so that a negative number reaches validation, which says what is
    // allowed, instead of reading as another option (and the value as missing).
    @Option(parsing: .unconditional, help: "Frames per second (resamples the timeline; default: its own). GIF delays are exact at 25, 50, 20, 10…", transform: CommandLineNumber.whole)
    var fps: Int?

    @Option(parsing: .unconditional, help: "The frames to render: 30..<90, 30...89 or 30.. (numbered at the output's frame rate).")
    var frames: String?

    @Option(parsing: .unconditional, help: "Render from this time in seconds (the frame at round(from × fps)).", transform: CommandLineNumber.real)
    var from: Double?

    @Option(parsing: .unconditional, help: "Render up to this time in seconds (exclusive).", transform: CommandLineNumber.real)
    var to: Double?

    @Option(parsing: .unconditional, help: "H.264 constant rate factor, 0 (lossless) to 51; also VP9's crf for WebM.", transform: CommandLineNumber.whole)
    var crf: Int = 18

    @Option(help: "x264 preset, ultrafast to placebo.")
    var preset: String = "medium"

    @Option(help: "x264 tune: animation, film, grain, stillimage, psnr, ssim, or none.")
    var tune: String = "animation"

    @Flag(name: .customLong("yuv444"), help: "MP4: full-resolution chroma (yuv444p), for archives; many players cannot play it.")
    var fullChroma = false

    @Flag(name: .customLong("bitexact"), help: "Bit-exact encoding: no version strings, bit-exact colour conversion.")
    var bitExact = false

    @Option(parsing: .unconditional, help: "WebP: lossy quality 0 to 100 (default: lossless).", transform: CommandLineNumber.whole)
    var quality: Int?

    @Option(parsing: .unconditional, help: "GIF, APNG and WebP: how many times to repeat after the first play; 0 loops forever, -1 plays once.", transform: CommandLineNumber.whole)
    var loop: Int = 0

    @Option(parsing: .unconditional, help: "GIF: the most palette colours, 2 to 256.", transform: CommandLineNumber.whole)
    var colors: Int = 256

    @Option(help: "GIF dithering: ordered, diffusion or none.")
    var dither: String = Dither.ordered.rawValue

    @Option(parsing: .unconditional, help: "GIF: how far (in sRGB code values) a pixel that keeps changing may be shown from its colour to compress better, within a per-frame error budget that grows with its square (0 to 64; higher is smaller and lossier); pixels at rest stay exact after the first frame. Above 0 the palette may also take fewer colours where they keep 60 dB PSNR and every colour within 8 code values. 0 is exact.", transform: CommandLineNumber.whole)
    var lossy: Int = 16

    @Flag(help: "GIF: encode several times faster, each frame as mapped without searching for smaller codes; files are larger.")
    var fast = false

    @Option(name: .customLong("max-size"), help: "GIF: the largest file, e.g. 2MB, 500KB, 1.5MiB; until it fits, --lossy is raised to 32, then dithering and colours, frame rate and scale are reduced.")
    var maxSize: String?

    @Option(parsing: .unconditional, help: "For a .png output: the time in seconds, from 0 to the duration; the state at exactly that time is written.", transform: CommandLineNumber.real)
    var time: Double?

    @Option(parsing: .unconditional, help: "For a .png output: the frame number to write (from 0).", transform: CommandLineNumber.whole)
    var frame: Int?

    @Option(help: "Also write every param's value at every frame to this file: CSV (.csv) or JSON (.json).")
    var trace: String?

    @Option(parsing: .unconditional, help: "Frames rendered at once (default: the number of cores; one fewer for raw frames to standard output, leaving a core to the reader).", transform: CommandLineNumber.whole)
    var threads: Int?

    @Flag(help: "Replace an existing output.")
    var overwrite = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Show progress even when standard error is not a terminal, as a line every tenth of the work (for CI logs); on a terminal a bar with frames, fps and time left is the default.")
    var progress = false

    /// Whether progress is shown: on a terminal unless `--quiet`, elsewhere only with
    /// `--progress` (off a terminal the default is the one summary line).
    var showsProgress: Bool { !quiet && (progress || isatty(STDERR_FILENO) == 1) }

    @OptionGroup var limits: TimelineOptions

    func validate() throws {
        if output == OutputFormat.standardOutput, let format, OutputFormat.names.contains(format.lowercased()), format.lowercased() != "rgba" {
            throw ValidationError("-o - writes raw RGBA frames to standard output (--format rgba); \(format) needs a file or folder to write to")
        }
        try Self.require(crf, in: 0...51, option: "--crf")
        guard EncoderSettings.x264Presets.contains(preset) else {
            throw ValidationError("--preset must be one of: \(EncoderSettings.x264Presets.joined(separator: ", "))")
        }
        guard tune == "none" || EncoderSettings.x264Tunings.contains(tune) else {
            throw ValidationError("--tune must be none or one of: \(EncoderSettings.x264Tunings.joined(separator: ", "))")
        }
        guard EncoderSettings.loopRange.contains(loop) else {
            throw ValidationError("--loop must be -1 (play once), 0 (forever) or a number of repeats up to \(EncoderSettings.loopRange.upperBound)")
        }
        try Self.require(colors, in: EncoderSettings.colorRange, option: "--colors")
        try Self.require(lossy, in: EncoderSettings.lossyRange, option: "--lossy")
        guard Dither(rawValue: dither) != nil else {
            throw ValidationError("--dither must be one of: \(Dither.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let quality { try Self.require(quality, in: EncoderSettings.qualityRange, option: "--quality") }
        if let fps { try Self.require(fps, in: 1...240, option: "--fps") }
        if let threads { try Self.require(threads, in: 1...Self.mostThreads, option: "--threads") }
        guard time == nil || frame == nil else { throw ValidationError("give --time or --frame, not both") }
        guard !(progress && quiet) else { throw ValidationError("give --progress or --quiet, not both") }
        if let frames {
            _ = try FrameRange(parsing: frames)
            guard from == nil && to == nil else { throw ValidationError("give --frames or --from/--to, not both") }
        }
        if let from { guard from >= 0 else { throw ValidationError("--from must not be negative") } }
        if let from, let to { guard to > from else { throw ValidationError("--to must be later than --from") } }
        if let maxSize {
            _ = try ByteCount.parse(maxSize, option: "--max-size")
            guard frames == nil, from == nil, to == nil else { throw ValidationError("--max-size renders the whole timeline; it cannot be combined with --frames, --from or --to") }
        }
    }

    func run() throws {
        var document = try limits.load(timeline, canvas: canvas)
        if let fps {
            document.fps = fps
            guard document.frameCount <= limits.maxFrames else {
                throw CommandFailure.invalid("\(timeline): at --fps \(fps) the timeline has \(document.frameCount) frames, more than the limit of \(limits.maxFrames) (raise it with --max-frames)")
            }
        }
        let outputFormat: OutputFormat
        do {
            if let format { outputFormat = try OutputFormat(name: format, path: output) } else { outputFormat = try OutputFormat(path: output) }
        } catch {
            throw CommandFailure.invalid(format == nil ? error.description + "; or name one with --format" : error.description)
        }
        if outputFormat == .png {
            guard frames == nil, from == nil, to == nil else {
                throw CommandFailure.invalid("a .png output is one frame: choose it with --frame N or --time S (--frames, --from and --to choose the frames of an animation)")
            }
        } else if time != nil || frame != nil {
            throw CommandFailure.invalid("--frame and --time choose the frame of a .png output; choose frames of an animation with --frames or --from/--to")
        }
        if output != OutputFormat.standardOutput { try OutputPath.checkWritable(output, format: outputFormat, overwrite: overwrite) }
        if let trace { try TraceFile.write(ParamTrace(document: document), to: trace, overwrite: overwrite) }
        if case .png = outputFormat {
            let still = try FrameSelection.still(time: time, frame: frame, in: document, path: timeline)
            try FrameSelection.writePNG(still.render(document), to: output)
            if !quiet { note("wrote \(still.description) to \(output)") }
            return
        }
        let range = try frameRange(in: document)
        if case .pngSequence(let pattern) = outputFormat, !overwrite { try OutputPath.checkNoFrameExists(pattern, count: range.count) }
        if outputFormat == .gif { warnAboutGIFTiming(fps: document.fps) }
        if let maxSize {
            guard outputFormat == .gif else { throw CommandFailure.invalid("--max-size applies to GIF output only") }
            try GIFBudget(command: self, budget: ByteCount.parse(maxSize, option: "--max-size")).fit(document)
            return
        }
        try render(document, range: range, format: outputFormat, to: output)
    }

    /// The frames selected by `--frames` or `--from`/`--to`; every frame by default.
    func frameRange(in document: TimelineDocument) throws -> Range<Int> {
        let count = document.frameCount
        if let frames { return try FrameRange(parsing: frames).resolved(frameCount: count) }
        guard from != nil || to != nil else { return 0..<count }
        let fps = Double(document.fps)
        let lower = from.map { Int(($0 * fps).rounded()) } ?? 0
        let upper = to.map { min(Int(($0 * fps).rounded()), count) } ?? count
        guard lower < upper, lower < count else {
            throw CommandFailure.invalid("--from/--to select no frame of the timeline's 0…\(document.duration) s")
        }
        return lower..<upper
    }

    /// The encoder settings for `document`'s frames starting at `firstFrame`.
    func settings(for document: TimelineDocument, firstFrame: Int, colors: Int? = nil, dither: Dither? = nil, lossy: Int? = nil) -> EncoderSettings {
        let background = document.scene.background
        return EncoderSettings(
            width: document.scene.pixelWidth, height: document.scene.pixelHeight, fps: document.fps, firstFrame: firstFrame,
            crf: crf, preset: preset, tune: tune == "none" ? nil : tune, fullChroma: fullChroma, bitExact: bitExact,
            quality: quality, loop: loop, colors: colors ?? self.colors, dither: dither ?? Dither(rawValue: self.dither)!, lossy: lossy ?? self.lossy, fastGIF: fast,
            keepsAlpha: background.alpha < 1, matte: background.alpha > 0 ? background.opaque : .white)
    }

    /// Throws "`option` must be from … to …" unless `value` lies in `range`.
    static func require(_ value: Int, in range: ClosedRange<Int>, option: String) throws {
        guard range.contains(value) else { throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound)") }
    }

    /// The most rendering threads `--threads` takes: far more than any machine's cores, few
    /// enough that their stacks (16 MiB each, reserved, not used) fit in the address space.
    static let mostThreads = 1024

    /// Rendering threads without `--threads`: one per core, except that raw frames to standard
    /// output leave a core to the process reading them. Every byte then crosses a pipe, written
    /// here and read there, and when renderers hold every core the two wait for each other:
    /// on two cores, 300 1080p frames into `cat` took 1.21 s with two threads and 0.91 s with
    /// one (medians of eight runs).
    static func defaultThreads(cores: Int, toStandardOutput: Bool) -> Int {
        toStandardOutput ? max(cores - 1, 1) : max(cores, 1)
    }

    /// Renders `range` of `document` into `path`; GIFs get their palette pass over the whole timeline first.
    func render(_ document: TimelineDocument, range: Range<Int>, format: OutputFormat, to path: String,
                settings override: EncoderSettings? = nil, label: String? = nil) throws {
        var settings = override ?? settings(for: document, firstFrame: range.lowerBound)
        settings.frameCount = range.count
        // Before the output is opened: from here a signal is seen by the loop, which removes it.
        Interruption.deferExit()
        let sink: any FrameSink
        do { sink = try makeFrameSink(path: path, format: format, settings: settings) } catch {
            throw CommandFailure.output(error.description)
        }
        let toStandardOutput = path == OutputFormat.standardOutput
        let threads = self.threads ?? Self.defaultThreads(cores: ProcessInfo.processInfo.activeProcessorCount, toStandardOutput: toStandardOutput)
        let interrupted = CommandFailure(message: "interrupted; removed the partial output", status: 130)
        let start = Date()
        do {
            let kept = KeptFrames()
            if let analyzing = sink as? AnalyzingFrameSink {
                // Sampled from the whole timeline, not just the range, so that pieces share one palette.
                let sample = analysisSample(frameCount: document.frameCount, limit: settings.paletteSample)
                // The sampled frames of the range are kept for encoding (within the budget) where
                // they are at least a quarter of it; a sparse sample of a long range would hold the
                // memory for the whole render and save little.
                let keeps = 4 * sample.filter { range.contains($0) }.count >= range.count
                let progress = Progress(total: sample.count, label: "palette", enabled: showsProgress)
                try FramePipeline(threads: threads).run(count: sample.count, renderer: {
                    let renderer = document.makeRenderer()
                    return { document.render(frame: sample[$0], with: renderer) }
                }) { k, pixmap in
                    if Interruption.requested { throw interrupted }
                    try analyzing.analyze(pixmap)
                    if keeps && range.contains(sample[k]) { kept.offer(pixmap, frame: sample[k]) }
                    progress.update(k + 1)
                }
                progress.clear()
            }
            let progress = Progress(total: range.count, label: "render", enabled: showsProgress)
            let first = range.lowerBound
            try FramePipeline(threads: threads).run(count: range.count, renderer: {
                let renderer = document.makeRenderer()
                return { kept.take(first + $0) ?? document.render(frame: first + $0, with: renderer) }
            }) { k, pixmap in
                if Interruption.requested { throw interrupted }
                try sink.append(pixmap)
                progress.update(k + 1)
            }
            try sink.finish()
            progress.clear()
        } catch let failure as CommandFailure {
            sink.cancel()
            throw failure
        } catch {
            sink.cancel()
            throw CommandFailure.output("\(error)")
        }
        // A labelled render is one step of a larger job (a --max-size attempt), which is progress.
        if label == nil ? !quiet : showsProgress {
            let size = toStandardOutput ? "" : (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int).flatMap { $0 }.map { ", \(ByteCount.format($0))" } ?? ""
            let what = label ?? "wrote \(SummaryText.count(range.count, "frame")) to \(toStandardOutput ? "standard output" : path)"
            note("\(what)\(size) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        }
    }

    /// GIF delays are whole centiseconds: says what happens at rates that do not divide 100.
    func warnAboutGIFTiming(fps: Int) {
        guard !quiet else { return }
        if fps > 50 {
            note("warning: GIF delays under 20 ms are shown as 100 ms by most browsers; \(fps) fps will play slowly. Use --fps 50 or --fps 25.")
        } else if 100 % fps != 0 {
            note("note: GIF delays are whole centiseconds; at \(fps) fps they alternate (e.g. 3, 4, 3 cs at 30 fps) to keep the length exact. --fps 25 or 50 gives even delays.")
        }
    }

    func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

extension Color {
    /// The colour with full alpha.
    var opaque: Color { Color(red: red, green: green, blue: blue, alpha: 1) }
}
