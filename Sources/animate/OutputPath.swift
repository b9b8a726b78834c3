import Export
import Foundation

/// Checks made before any frame is rendered, so that a bad output path fails fast.
enum OutputPath {
    /// Fails when the output exists and `overwrite` is off, or its folder is missing
    /// (a PNG sequence's folder is created by the encoder).
    static func checkWritable(_ path: String, format: OutputFormat, overwrite: Bool) throws {
        let fm = FileManager.default
        if case .pngSequence = format { return }
        if fm.fileExists(atPath: path) && !overwrite {
            throw CommandFailure.invalid("\(path) exists; pass --overwrite to replace it")
        }
        let folder = FilePath.directory(of: path)
        var isDirectory: ObjCBool = false
        if !folder.isEmpty && !(fm.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw CommandFailure.invalid("\(path): the folder \(folder) does not exist")
        }
    }
}
