import Foundation
import Preview

/// The preview's exports, written by `animate render` itself: the same pipeline, the
/// same checks (an existing file is kept unless the page asks to replace it), and the
/// render options given to `preview` after `--`.
struct RenderExporter: PreviewExporter {
    /// The timeline, as given on the command line.
    let timeline: String
    /// `render` options for every export (`--colors 64`, `--crf 20`, …).
    let renderOptions: [String]
    let limits: TimelineOptions

    /// Where `kind` is written: beside the timeline, named after it (`clip.gif`, `clip-frame-30.png`).
    func outputPath(_ kind: ExportKind, frame: Int) -> String {
        let url = URL(fileURLWithPath: timeline)
        let stem = url.deletingPathExtension().lastPathComponent
        let name = kind == .png ? "\(stem)-frame-\(frame).png" : "\(stem).\(kind.rawValue)"
        let folder = (timeline as NSString).deletingLastPathComponent
        return folder.isEmpty ? name : folder + "/" + name
    }

    /// The arguments of the `render` command that writes `kind`.
    func arguments(_ kind: ExportKind, frame: Int, overwrite: Bool) -> [String] {
        var arguments = [timeline, "-o", outputPath(kind, frame: frame), "--quiet"]
        arguments += [
            "--max-pixels", String(limits.maxPixels), "--max-frames", String(limits.maxFrames),
            "--max-depth", String(limits.maxDepth), "--max-expression-length", String(limits.maxExpressionLength),
        ]
        arguments += limits.overrides.flatMap { ["--set", $0] }
        arguments += renderOptions
        if kind == .png { arguments += ["--frame", String(frame)] }
        if overwrite { arguments.append("--overwrite") }
        return arguments
    }

    func export(_ kind: ExportKind, frame: Int, overwrite: Bool) throws(ExportRefusal) -> String {
        let path = outputPath(kind, frame: frame)
        let exists = !overwrite && FileManager.default.fileExists(atPath: path)
        // During an export a signal is handled as in `render` (the loop removes the partial
        // output, then the preview ends); between exports it ends the preview at once.
        Interruption.install()
        defer {
            if Interruption.requested { exit(130) }
            Interruption.uninstall()
        }
        do {
            let command = try RenderCommand.parse(arguments(kind, frame: frame, overwrite: overwrite))
            try command.run()
        } catch let failure as CommandFailure {
            throw ExportRefusal(failure.message, fileExists: exists)
        } catch {
            throw ExportRefusal(RenderCommand.message(for: error))
        }
        return path
    }
}
