import Foundation
import Raster

/// A sink writing frame n (0-based) as a PNG named by substituting n into a printf-style pattern.
///
/// Each frame is encoded to a temporary beside its final name; `finish()` renames them
/// all into place in order, so an interrupted or failed run leaves no frame behind and
/// replaces no existing file. Missing directories are created when first needed and
/// removed again by `cancel()` if they are still empty.
final class PNGSequenceSink: FrameSink {
    private let pattern: FramePattern
    private let settings: EncoderSettings
    private var encoder: PNGEncoder?
    private var files: [AtomicFile] = []
    private var createdDirectories: [String] = []
    private var isOpen = true

    init(pattern: String, settings: EncoderSettings) throws(ExportError) {
        self.pattern = try FramePattern(pattern)
        self.settings = settings
        encoder = try PNGEncoder(width: settings.width, height: settings.height, path: pattern)
    }

    deinit {
        if isOpen { cancel() }
    }

    func append(_ frame: Pixmap) throws(ExportError) {
        guard isOpen, let encoder else { throw .sinkClosed(path: pattern.pattern) }
        let file = AtomicFile(target: pattern.path(for: files.count))
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: file.target)
            try createParentDirectories(of: file.target)
            files.append(file)
            try encoder.encode(frame, to: file)
        } catch {
            cancel()
            throw error
        }
    }

    func finish() throws(ExportError) {
        guard isOpen else { throw .sinkClosed(path: pattern.pattern) }
        var committed = 0
        do throws(ExportError) {
            guard !files.isEmpty else { throw ExportError.noFrames(path: pattern.pattern) }
            for file in files {
                try file.commit()
                committed += 1
            }
        } catch {
            // Frames already renamed are this run's output, incomplete without the rest.
            for file in files[..<committed] { unlink(file.target) }
            cancel()
            throw error
        }
        isOpen = false
        encoder = nil
    }

    func cancel() {
        guard isOpen else { return }
        isOpen = false
        encoder = nil
        for file in files { file.discard() }
        files.removeAll()
        for directory in createdDirectories.reversed() { rmdir(directory) }
    }

    /// Creates the missing directories above `path`, outermost first, remembering them for `cancel()`.
    private func createParentDirectories(of path: String) throws(ExportError) {
        var missing: [String] = []
        var directory = FilePath.directory(of: path)
        var isDirectory: ObjCBool = false
        while !directory.isEmpty, !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            missing.append(directory)
            directory = FilePath.directory(of: directory)
        }
        for directory in missing.reversed() {
            guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
                throw .fileSystem("creating the frame directory", path: directory)
            }
            createdDirectories.append(directory)
        }
    }
}
