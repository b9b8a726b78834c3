import Export
import FrameDiff
import Foundation
import Raster
import Timeline
import TimelineFormats

/// One side of a comparison: frames by number, and the parameter trace when the input has one.
///
/// Inputs, recognised by `open(_:)`:
/// - a timeline (`.json` with a scene, or `.yaml`, `.yml`): every frame, rendered on demand, and its trace;
/// - a trace file (`.json` written by `TraceFile`): a trace and no frames;
/// - a golden folder (holding `golden.json`): the recorded frames only, and the recorded trace;
/// - a folder of PNG files: one frame per file, numbered by the last run of digits in its
///   name (`0003.png` and `frame-3.png` are frame 3), so a missing file is a missing frame;
/// - a PNG pattern such as `frames/%04d.png`: the files it names, numbered by it, gaps included;
/// - a video, a GIF or a single image: every frame, one packet per demuxed frame, decoded in
///   order a few frames ahead of the one asked for, on a thread of its own (`FrameConversion.fast`
///   for YUV video, as the comparison sees chroma at the video's resolution anyway).
public struct FrameSource: Sendable {
    /// What kind of input this is.
    public enum Kind: String, Sendable, Codable {
        case timeline, trace, golden, sequence, video, rendering
    }

    /// The path or name, for messages.
    public let name: String
    /// What kind of input this is.
    public let kind: Kind
    /// The numbers of the frames it holds, ascending (0 ..< n, or the recorded frames of a golden).
    public let frameNumbers: [Int]
    /// Frames per second, when the input says.
    public let fps: Double?
    /// The parameter trace, for timelines, goldens and trace files.
    public let trace: MotionTrace?
    /// The number of frames of the animation it comes from, when known (a golden
    /// stores a few of them but knows how many there were).
    public let totalFrames: Int?
    /// How its frames must be seen to be compared fairly: `.pixels` for lossless inputs,
    /// `.palette` for a GIF, `.chroma420` for 4:2:0 video.
    public var space: ComparisonSpace = .pixels
    private let load: @Sendable (Int) throws(RegressionError) -> Pixmap

    /// A source from its parts; `load` is called only with numbers from `frameNumbers`.
    public init(
        name: String, kind: Kind, frameNumbers: [Int], fps: Double?, trace: MotionTrace?, totalFrames: Int? = nil,
        load: @escaping @Sendable (Int) throws(RegressionError) -> Pixmap
    ) {
        self.name = name
        self.kind = kind
        self.frameNumbers = frameNumbers
        self.fps = fps
        self.trace = trace
        self.totalFrames = totalFrames ?? (frameNumbers.last.map { $0 == frameNumbers.count - 1 } == true ? frameNumbers.count : nil)
        self.load = load
    }

    /// Every frame of `rendering`.
    public init(_ rendering: Rendering) {
        self.init(
            name: rendering.name, kind: .rendering, frameNumbers: Array(0..<rendering.frameCount), fps: Double(rendering.fps),
            trace: rendering.trace, load: { n in rendering.render(n) })
    }

    /// Whether the source holds every frame from 0 to its last (rather than chosen frames).
    public var isDense: Bool { frameNumbers.last.map { $0 == frameNumbers.count - 1 } ?? true }

    /// One past the highest frame number it holds; 0 when it holds none.
    public var frameEnd: Int { (frameNumbers.last ?? -1) + 1 }

    /// Whether frame `n` is in the source.
    public func contains(_ n: Int) -> Bool {
        isDense ? (0..<frameNumbers.count).contains(n) : binarySearch(n)
    }

    /// Frame `n`; throws `missingFrame` when the source does not hold it.
    public func frame(_ n: Int) throws(RegressionError) -> Pixmap {
        guard contains(n) else { throw .missingFrame(path: name, frame: n) }
        return try load(n)
    }

    private func binarySearch(_ n: Int) -> Bool {
        var low = 0, high = frameNumbers.count
        while low < high {
            let mid = (low + high) / 2
            if frameNumbers[mid] < n { low = mid + 1 } else { high = mid }
        }
        return low < frameNumbers.count && frameNumbers[low] == n
    }
}

extension FrameSource {
    /// Opens the input at `path` (see the type's documentation for what it may be);
    /// a timeline is rendered at `scale` when given.
    public static func open(_ path: String, scale: Double? = nil, loader: TimelineLoader = TimelineLoader()) throws(RegressionError) -> FrameSource {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if path.contains("%") {
            return try sequence(pattern: path)
        }
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .unreadable(path: path, reason: "no such file or folder") }
        if isDirectory.boolValue {
            if fm.fileExists(atPath: (path as NSString).appendingPathComponent(GoldenDirectory.manifestName)) {
                return try GoldenDirectory(path: path).source()
            }
            return try folder(path)
        }
        let isYAML = TimelineFormat(path: path) == .yaml
        if path.lowercased().hasSuffix(".json") || isYAML {
            guard let data = fm.contents(atPath: path) else { throw .unreadable(path: path, reason: "cannot read the file") }
            if !isYAML, TraceFile.looksLikeTrace(data) {
                let trace = try TraceFile.read(path)
                return FrameSource(name: path, kind: .trace, frameNumbers: [], fps: Double(trace.fps), trace: trace) { n throws(RegressionError) in
                    throw .missingFrame(path: path, frame: n)
                }
            }
            var document = try loadTimeline(at: path, loader: loader)
            if let scale { document.scene.scale = scale }
            var source = FrameSource(Rendering(document: document, name: path))
            source = FrameSource(
                name: path, kind: .timeline, frameNumbers: source.frameNumbers, fps: source.fps, trace: source.trace, load: source.load)
            return source
        }
        return try media(path)
    }

    /// Every frame of a video, GIF or image file, decoded ahead of its use (the first now,
    /// so that a file that cannot be decoded fails here).
    static func media(_ path: String) throws(RegressionError) -> FrameSource {
        let frames: StreamedFrames?
        let info: MediaInfo
        do {
            info = try MediaProbe.info(path: path)
            frames = try StreamedFrames(path: path)
        } catch {
            throw .decoding(error)
        }
        guard let frames, info.frameCount > 0 else { throw .unsupportedInput(path: path, reason: "holds no frames") }
        // The rate the frames play at, from their durations (a GIF's stream rate is its time base's).
        let count = info.frameCount
        let playing = info.frameDurations.reduce(0, +)
        let fps = playing > 0 ? Double(count) / playing : info.frameRate
        var source = FrameSource(name: path, kind: .video, frameNumbers: Array(0..<count), fps: fps, trace: nil) { n throws(RegressionError) in
            try frames.frame(n)
        }
        source.space = space(of: info)
        return source
    }

    /// The space a decoded file's frames are compared in: a GIF's palette and dither, or
    /// video's subsampled chroma.
    static func space(of info: MediaInfo) -> ComparisonSpace {
        if info.codecName == "gif" { return .palette(period: 8) }
        let format = info.pixelFormat ?? ""
        if format.contains("420") || format == "nv12" || format == "nv21" { return .chroma420 }
        return .pixels
    }

    /// The PNG files of a folder, each numbered by the last run of digits in its name.
    static func folder(_ path: String) throws(RegressionError) -> FrameSource {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: "cannot list the folder")
        }
        var files: [Int: String] = [:]
        for name in names where name.lowercased().hasSuffix(".png") && !name.hasPrefix(".") {
            let file = (path as NSString).appendingPathComponent(name)
            guard let number = frameNumber(inFileName: String(name.dropLast(4))) else {
                throw .unsupportedInput(path: file, reason: "the file name holds no frame number (name frames 0000.png, 0001.png, …)")
            }
            if let other = files[number] {
                let pair = [other, file].sorted()
                throw .unsupportedInput(path: path, reason: "\(pair[0]) and \(pair[1]) are both frame \(number)")
            }
            files[number] = file
        }
        guard !files.isEmpty else { throw .unsupportedInput(path: path, reason: "the folder holds no PNG files and no golden.json") }
        return numbered(files, name: path)
    }

    /// The number written last in `name` ("frame-12" → 12), nil when it holds no digits or too many.
    static func frameNumber(inFileName name: String) -> Int? {
        let digits = name.reversed().drop { !($0.isASCII && $0.isNumber) }.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        return Int(String(digits.reversed()))
    }

    /// A sequence of the frames `files` holds, by number; the numbers between them that have no
    /// file are frames missing from it (the sequence runs from 0 to its last file).
    static func numbered(_ files: [Int: String], name: String) -> FrameSource {
        let numbers = files.keys.sorted()
        return FrameSource(name: name, kind: .sequence, frameNumbers: numbers, fps: nil, trace: nil, totalFrames: numbers.last! + 1) { n throws(RegressionError) in
            guard let file = files[n] else { throw .missingFrame(path: name, frame: n) }
            return try decodeImage(file)
        }
    }

    /// The files of a printf-style pattern in its folder, by the numbers the pattern gives them.
    static func sequence(pattern: String) throws(RegressionError) -> FrameSource {
        let framePattern: FramePattern
        do {
            guard case .pngSequence = try OutputFormat(path: pattern) else {
                throw RegressionError.unsupportedInput(path: pattern, reason: "a frame pattern holds one %d or %0Nd and ends in .png")
            }
            framePattern = try FramePattern(pattern)
        } catch let error as ExportError {
            throw .unsupportedInput(path: pattern, reason: error.description)
        } catch let error as RegressionError {
            throw error
        } catch {
            throw .unsupportedInput(path: pattern, reason: "\(error)")
        }
        let folder = (pattern as NSString).deletingLastPathComponent
        guard !FramePattern.looksLikePattern(folder) else {
            throw .unsupportedInput(path: pattern, reason: "the frame number belongs in the file name, not in a folder's")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        var files: [Int: String] = [:]
        for name in names {
            let file = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
            if let number = framePattern.index(ofPath: file) { files[number] = file }
        }
        guard !files.isEmpty else { throw .unreadable(path: pattern, reason: "no file matches the pattern") }
        return numbered(files, name: pattern)
    }

    /// The first frame of the image at `path`.
    static func decodeImage(_ path: String) throws(RegressionError) -> Pixmap {
        do {
            guard let first = try MediaFrameReader(path: path).next() else {
                throw RegressionError.unsupportedInput(path: path, reason: "holds no image")
            }
            return first
        } catch {
            throw .reading(path, error)
        }
    }
}
