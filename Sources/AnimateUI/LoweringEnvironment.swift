internal import Scene
internal import Raster
internal import Export


/// What flows down the tree while views are lowered: SwiftUI's environment values
/// that this module resolves itself (the font), and the scene's shared resources.
struct LoweringEnvironment {
    /// The font of text inside; SwiftUI's `.body` unless set.
    var font: Scene.Font?
    /// The most lines a text inside shows (`lineLimit`); nil for no limit.
    var lineLimit: Int?
    /// How the lines of a multi-line text inside align.
    var multilineTextAlignment: TextAlignment = .leading
    /// The content point scroll views inside show at their top-leading corner.
    var scrollPosition = CGPoint.zero
    /// The time of the frame being evaluated, in seconds (for keyframe animators).
    var time = 0.0
    /// Recorded when views read `time`.
    var timeReading: TimeReading?
    /// Fonts, shaped text and images, kept from frame to frame.
    let resources: Resources
    /// Runs a lowering again with the state values of the frame being evaluated (for
    /// content built at draw time, such as a `GeometryReader`'s).
    let presenting: @Sendable (() -> Scene.View) -> Scene.View
}

/// The fonts, shaped strings and decoded images of one scene, kept across frames, so
/// that evaluating `body` every frame shapes a string and decodes an image only once.
/// What could not be found is remembered as a failure, which the scene reports before
/// it renders (drawing never fails).
final class Resources: @unchecked Sendable {
    private struct TextKey: Hashable {
        var string: String
        var font: Scene.Font
    }

    private struct State {
        var fonts = FontLibrary()
        var runs: [TextKey: GlyphRun] = [:]
        var images: [String: Pixmap] = [:]
        var failures: [String] = []
    }

    private let lock = Lock()
    private var state = State()
    /// The folder that image names are looked up in (and its `Assets` folder).
    let baseDirectory: String

    init(baseDirectory: String) {
        self.baseDirectory = baseDirectory
    }

    /// Why resources could not be found, in the order met; empty when all were.
    var failures: [String] { lock.withLock { state.failures } }

    /// `string` shaped in `font`; an empty run (recorded as a failure) when no font file serves it.
    func glyphRun(_ string: String, font: Scene.Font) -> GlyphRun {
        lock.withLock {
            let key = TextKey(string: string, font: font)
            if let run = state.runs[key] { return run }
            let run: GlyphRun
            do {
                run = try state.fonts.face(for: font).shape(string, size: font.size)
            } catch {
                state.failures.append("\(error)")
                run = GlyphRun(ascent: 0, descent: 0, leading: 0)
            }
            state.runs[key] = run
            return run
        }
    }

    /// The image named `name`: a file in the base directory or its `Assets` folder,
    /// with or without a `.png`/`.jpg` extension. A 1×1 clear image (recorded as a
    /// failure) when there is none.
    func image(named name: String) -> Pixmap {
        lock.withLock {
            if let image = state.images[name] { return image }
            let folders = [baseDirectory, baseDirectory + "/Assets"]
            let names = [name, name + ".png", name + ".jpg"]
            var found: Pixmap?
            search: for folder in folders {
                for file in names {
                    let path = name.hasPrefix("/") ? file : folder + "/" + file
                    if let frame = try? MediaFrameReader(path: path).next() {
                        found = frame
                        break search
                    }
                }
            }
            if found == nil { state.failures.append("no image named \"\(name)\" in \(baseDirectory) or its Assets folder") }
            let image = found ?? Pixmap(width: 1, height: 1)
            state.images[name] = image
            return image
        }
    }
}
