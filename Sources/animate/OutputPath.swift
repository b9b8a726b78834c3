import Export
import Foundation

/// Checks made before any frame is rendered, so that a bad output path fails fast.
enum OutputPath {
    /// Fails when the output is a folder, exists as a file and `overwrite` is off, or its
    /// folder is missing (a PNG sequence's folder is created by the encoder). A device or
    /// a named pipe (`/dev/null`) is written in place and needs no `overwrite`. Then removes
    /// the temporaries that killed processes left in the output's folder.
    static func checkWritable(_ path: String, format: OutputFormat, overwrite: Bool) throws {
        let fm = FileManager.default
        if case .pngSequence(let pattern) = format {
            defer { AtomicFile.removeAbandonedTemporaries(in: FilePath.directory(of: pattern)) }
            if !overwrite { try checkNoFrameExists(pattern, count: 1) }
            return
        }
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw CommandFailure.invalid("\(path) is a folder; name the output file") }
            if !overwrite && !AtomicFile.isSpecialFile(path) {
                throw CommandFailure.invalid("\(path) exists; pass --overwrite to replace it")
            }
        }
        let folder = FilePath.directory(of: path)
        var isDirectory: ObjCBool = false
        if !folder.isEmpty && !(fm.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw CommandFailure.invalid("\(path): the folder \(folder) does not exist")
        }
        if !AtomicFile.isSpecialFile(path) { AtomicFile.removeAbandonedTemporaries(in: folder) }
    }

    /// Fails when any of the first `count` files of the PNG sequence `pattern` exists: a
    /// sequence, like every output, replaces nothing without `--overwrite`.
    static func checkNoFrameExists(_ pattern: String, count: Int) throws {
        let frames: FramePattern
        do { frames = try FramePattern(pattern) } catch { throw CommandFailure.invalid(error.description) }
        var existing: [String] = []
        for index in 0..<count where exists(frames.path(for: index)) {
            existing.append(frames.path(for: index))
            if existing.count == 3 { break }
        }
        guard let first = existing.first else { return }
        let more = existing.count > 1 ? " (and \(existing.dropFirst().joined(separator: ", "))\(existing.count == 3 ? ", …" : ""))" : ""
        throw CommandFailure.invalid("\(first) exists\(more); pass --overwrite to replace the frames of \(pattern)")
    }

    /// Whether anything, a dangling link included, is at `path`.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
