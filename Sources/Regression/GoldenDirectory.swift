import Export
import FrameDiff
import Foundation
import Raster

/// A golden on disk: a folder holding `golden.json` and one PNG per stored frame
/// (`frame-0000.png`, numbered by frame; equal frames share one file).
///
/// PNG frames of a few key frames plus the full parameter trace keep a golden to tens
/// of kilobytes for a typical demo, losslessly, and a reviewer sees the images in any
/// pull request. Writing is atomic per file; the manifest is written last, so an
/// interrupted recording leaves the previous manifest (and fails its comparison)
/// rather than a manifest pointing at missing frames.
public struct GoldenDirectory: Sendable {
    /// The manifest's file name.
    public static let manifestName = "golden.json"

    /// The folder.
    public let path: String

    /// The golden in the folder at `path` (which need not exist yet).
    public init(path: String) {
        self.path = path
    }

    /// The manifest's path.
    public var manifestPath: String { (path as NSString).appendingPathComponent(Self.manifestName) }

    /// Whether a manifest exists.
    public var exists: Bool { FileManager.default.fileExists(atPath: manifestPath) }

    /// The manifest, checked: the format is known and every listed frame file exists.
    public func manifest() throws(RegressionError) -> GoldenManifest {
        let manifest: GoldenManifest = try JSONFile.read(manifestPath)
        guard manifest.format == 1 else {
            throw .malformed(path: manifestPath, reason: "unknown golden format \(manifest.format) (this version reads 1)")
        }
        for frame in manifest.frames where !FileManager.default.fileExists(atPath: file(frame.file)) {
            throw .malformed(path: manifestPath, reason: "frame \(frame.frame)'s file \(frame.file) is missing")
        }
        return manifest
    }

    /// The stored frames as a source, with the recorded trace.
    public func source() throws(RegressionError) -> FrameSource {
        let manifest = try manifest()
        let files = Dictionary(manifest.frames.map { ($0.frame, file($0.file)) }, uniquingKeysWith: { a, _ in a })
        let name = path
        return FrameSource(
            name: path, kind: .golden, frameNumbers: manifest.frames.map(\.frame).sorted(), fps: Double(manifest.fps), trace: manifest.trace,
            totalFrames: manifest.frameCount
        ) { n throws(RegressionError) in
            guard let file = files[n] else { throw .missingFrame(path: name, frame: n) }
            return try FrameSource.decodeImage(file)
        }
    }

    /// Records `frames` (number and pixels) of `rendering` with its trace, replacing
    /// any earlier golden here; frame files no longer listed are removed.
    public func record(
        _ frames: [(number: Int, pixmap: Pixmap)], of rendering: Rendering, scale: Double?, environment: RecordingEnvironment = .current
    ) throws(RegressionError) {
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .writing(path: path, reason: "cannot create the folder")
        }
        var entries: [GoldenManifest.Frame] = []
        var written: [(pixmap: Pixmap, file: String)] = []
        for (number, pixmap) in frames.sorted(by: { $0.number < $1.number }) {
            // A frame equal to one already stored (a loop's end, a pause) shares its file.
            if let same = written.first(where: { $0.pixmap == pixmap }) {
                entries.append(.init(frame: number, file: same.file))
                continue
            }
            let name = Self.fileName(frame: number)
            do {
                try writePNG(pixmap, to: file(name))
            } catch {
                throw .writing(path: file(name), reason: error.description)
            }
            written.append((pixmap, name))
            entries.append(.init(frame: number, file: name))
        }
        let first = frames.first?.pixmap
        // An absolute path would tie the golden to one checkout; keep the file's name.
        let source = rendering.name.hasPrefix("/") ? FilePath.name(of: rendering.name) : rendering.name
        let manifest = GoldenManifest(
            source: source, width: first?.width ?? 0, height: first?.height ?? 0, fps: rendering.fps,
            frameCount: rendering.frameCount, scale: scale, frames: entries, trace: rendering.trace, environment: environment)
        try JSONFile.write(manifest, to: manifestPath)
        let kept = Set(entries.map(\.file))
        if let names = try? fm.contentsOfDirectory(atPath: path) {
            for name in names where name.hasPrefix("frame-") && name.hasSuffix(".png") && !kept.contains(name) {
                try? fm.removeItem(atPath: file(name))
            }
        }
    }

    /// `frame-0012.png` for frame 12 (at least four digits).
    public static func fileName(frame: Int) -> String {
        let digits = String(frame)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    private func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
}
