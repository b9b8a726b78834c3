#if canImport(Glibc)
import Glibc
#endif

/// A file written under a temporary name beside its target and renamed into place only when complete.
///
/// The temporary is `.<name>.partial-<pid>` in the target's directory, so the final
/// `rename(2)` stays on one file system and is atomic: readers see the old target or
/// the complete new one, never a partial file. Until `commit()` the target is untouched;
/// `discard()` removes the temporary.
///
/// A target that exists and is neither a regular file nor a folder (a device such as
/// `/dev/null`, a named pipe) is written in place instead: renaming onto it would replace
/// the device with a file, and removing it would delete it.
public struct AtomicFile: Sendable {
    /// Where the file ends up.
    let target: String
    /// Where it is written meanwhile (the target itself when `isSpecial`).
    let temporary: String
    /// Whether the target is a device or a pipe, written in place.
    let isSpecial: Bool

    init(target: String) {
        self.target = target
        isSpecial = Self.isSpecialFile(target)
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        temporary = isSpecial ? target : "\(directory).\(name).partial-\(getpid())"
    }

    /// Whether `path` exists and is neither a regular file nor a folder (following links),
    /// or lies under `/dev/` or `/proc/` (`/dev/stdout` redirected to a file is still written
    /// in place).
    public static func isSpecialFile(_ path: String) -> Bool {
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// Writes `bytes` to the temporary, replacing any earlier temporary content.
    func write(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .fileSystem("creating a temporary file", path: temporary) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let error = ExportError.fileSystem("writing", path: temporary)
                close(descriptor)
                throw error
            }
            offset += written
        }
        guard close(descriptor) == 0 else { throw .fileSystem("closing", path: temporary) }
    }

    /// Renames the temporary onto the target, replacing an existing target atomically.
    func commit() throws(ExportError) {
        guard !isSpecial else { return }
        guard rename(temporary, target) == 0 else { throw .fileSystem("moving the finished file into place", path: target) }
    }

    /// Removes the temporary if it exists; never touches the target.
    func discard() {
        guard !isSpecial else { return }
        unlink(temporary)
    }
}
