import Export
import Foundation

/// Checks made before any frame is rendered, so that a bad output path fails fast.
enum OutputPath {
    /// Fails when the output is a folder, exists as a file and `overwrite` is off, or its
    /// folder is missing (a PNG sequence's folder is created by the encoder). A device or
    /// a named pipe (`/dev/null`) is written in place and needs no `overwrite`.
    static func checkWritable(_ path: String, format: OutputFormat, overwrite: Bool) throws {
        let fm = FileManager.default
        if case .pngSequence = format { return }
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
    }
}
