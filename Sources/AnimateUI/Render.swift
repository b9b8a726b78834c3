#if canImport(Glibc)
import Glibc
#endif
internal import Export
internal import Raster
internal import Scene
internal import Timeline

/// How `render(_:to:options:)` renders: what the `animate` command's options of the
/// same names do.
public struct RenderOptions: Sendable {
    /// Frames per second instead of the scene's.
    public var fps: Int?
    /// Device pixels per point instead of the scene's.
    public var scale: Double?
    /// GIF, APNG and WebP: repeats after the first play; 0 loops forever, −1 plays once.
    public var loop: Int
    /// Replace an existing file.
    public var overwrite: Bool
    /// Images named by the scene are looked up in this folder (and its `Assets` folder).
    public var baseDirectory: String

    public init(fps: Int? = nil, scale: Double? = nil, loop: Int = 0, overwrite: Bool = true, baseDirectory: String = ".") {
        self.fps = fps
        self.scale = scale
        self.loop = loop
        self.overwrite = overwrite
        self.baseDirectory = baseDirectory
    }
}

/// Why `render(_:to:options:)` failed; nothing is left at the output path.
public struct RenderError: Error, CustomStringConvertible {
    public var description: String
}

/// Renders every frame of `scene` to `path`, in the format its extension names (.mp4,
/// .gif, .webm, .apng, .webp, or .png for the first frame), on the calling thread.
public func render<S: AnimationScene>(_ scene: S, to path: String, options: RenderOptions = RenderOptions()) throws {
    var document: TimelineDocument
    do {
        document = try SceneEvaluator(scene, baseDirectory: options.baseDirectory).document()
    } catch {
        throw RenderError(description: error.description)
    }
    if let fps = options.fps { document.fps = fps }
    if let scale = options.scale { document.scene.scale = scale }
    do {
        let format = try OutputFormat(path: path)
        if !options.overwrite, access(path) { throw RenderError(description: "\(path) exists") }
        let renderer = document.makeRenderer()
        if format == .png {
            try writePNG(document.render(frame: 0, with: renderer), to: path)
            return
        }
        let background = document.scene.background
        let settings = EncoderSettings(
            width: document.scene.pixelWidth, height: document.scene.pixelHeight, fps: document.fps, loop: options.loop,
            keepsAlpha: background.alpha < 1, matte: background.alpha > 0 ? Raster.Color(red: background.red, green: background.green, blue: background.blue) : .white)
        let sink = try makeFrameSink(path: path, format: format, settings: settings)
        do {
            if let analyzing = sink as? any AnalyzingFrameSink {
                let count = document.frameCount, sample = min(count, settings.paletteSample)
                for k in 0..<sample { try analyzing.analyze(document.render(frame: k * count / sample, with: renderer)) }
            }
            for n in 0..<document.frameCount { try sink.append(document.render(frame: n, with: renderer)) }
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
    } catch let error as RenderError {
        throw error
    } catch {
        throw RenderError(description: "\(error)")
    }
}

/// Whether a file exists at `path`.
private func access(_ path: String) -> Bool {
    #if canImport(Glibc)
    return Glibc.access(path, F_OK) == 0
    #else
    return false
    #endif
}
