extension AtomicFile {
    /// Writes `bytes` to `path` atomically: to a temporary beside it, renamed into place
    /// when complete, so `path` holds its old content or the new one, never a part.
    ///
    /// A file at `path` when the call begins is replaced (keeping its permission bits);
    /// one that appears there meanwhile is kept and the call fails. On failure the
    /// temporary is removed and `path` is untouched.
    public static func write(_ bytes: [UInt8], to path: String) throws(ExportError) {
        let file = AtomicFile(target: path)
        do throws(ExportError) {
            var failure: ExportError?
            bytes.withUnsafeBytes { buffer in
                do throws(ExportError) { try file.write(buffer) } catch { failure = error }
            }
            if let failure { throw failure }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }
}
