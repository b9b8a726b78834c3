import GIF

extension GIFFile {
    /// Parses `bytes`, a piece to join; errors are `ExportError.cannotJoin` naming `path`.
    init(bytes: [UInt8], path: String) throws(ExportError) {
        do throws(GIFFile.Malformed) {
            try self.init(parsing: bytes, path: path)
        } catch {
            throw .cannotJoin(path: path, reason: error.reason)
        }
    }
}
