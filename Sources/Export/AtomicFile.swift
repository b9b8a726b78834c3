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
/// `commit()` replaces only a target that existed when the `AtomicFile` was made (which
/// the caller has chosen to replace); a file that appears at the target meanwhile, such as
/// another render's output, is kept and `commit()` fails, removing nothing but its own
/// temporary. A replaced file's permission bits pass to the new one, and a target that is a
/// symbolic link is written through: the file it points to is replaced, the link kept.
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
    /// The permission bits of the file the target held when this was made; nil when there was none.
    let replacedMode: mode_t?

    init(target given: String) {
        let target = Self.resolvingLink(given)
        self.target = target
        isSpecial = Self.isSpecialFile(target)
        var info = stat()
        replacedMode = lstat(target, &info) == 0 ? info.st_mode & 0o7777 : nil
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

    /// Moves the temporary onto the target: atomically replacing the file that was there when
    /// this was made, with its permission bits; refusing (and keeping) one that appeared since.
    func commit() throws(ExportError) {
        guard !isSpecial else { return }
        try Self.move(temporary, to: target, replacing: replacedMode)
    }

    /// Moves the finished file `source` to `target`. With `replacing` (the permission bits of
    /// the file it replaces) `rename(2)` replaces the target atomically; without, the move
    /// fails with EEXIST when a file is there, leaving both in place.
    public static func move(_ source: String, to given: String, replacing: mode_t?) throws(ExportError) {
        let target = resolvingLink(given)
        if let mode = replacing {
            chmod(source, mode)
            guard rename(source, target) == 0 else { throw .fileSystem("moving the finished file into place", path: target) }
            return
        }
        // A hard link is made only where no file is; the source's name is then dropped. File
        // systems without hard links get renameat2's RENAME_NOREPLACE, which has the same effect.
        if link(source, target) == 0 {
            unlink(source)
            return
        }
        let code = errno
        if code == EEXIST { throw appeared(target) }
        guard code == EPERM || code == EOPNOTSUPP || code == EMLINK, let renameNoReplace else {
            throw .fileSystem("moving the finished file into place", path: target, code: code)
        }
        guard renameNoReplace(AT_FDCWD, source, AT_FDCWD, target, 1) == 0 else {
            if errno == EEXIST { throw appeared(target) }
            throw .fileSystem("moving the finished file into place", path: target)
        }
    }

    /// The error for a target that a file took while this one was written.
    private static func appeared(_ target: String) -> ExportError {
        .fileSystem(
            operation: "moving the finished file into place", code: EEXIST,
            message: "a file appeared there while this one was written; it is kept and this output removed", path: target)
    }

    /// glibc's `renameat2`, which the Glibc module does not export (it is declared for _GNU_SOURCE only).
    nonisolated(unsafe) private static let renameNoReplace: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        // A nil handle is RTLD_DEFAULT: the symbol wherever the process has it.
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()

    /// Removes the temporaries in `directory` (the current one when empty) that processes no
    /// longer running left behind, as one killed with SIGKILL does: hidden files named
    /// `.<name>.partial-<pid>` whose process does not exist. Those of running processes, and
    /// of a pid taken since by another process, are left alone. Returns the names removed.
    @discardableResult
    public static func removeAbandonedTemporaries(in directory: String) -> [String] {
        guard let folder = opendir(directory.isEmpty ? "." : directory) else { return [] }
        defer { closedir(folder) }
        var removed: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let digits = String(name.reversed().prefix { $0.isASCII && $0.isNumber }.reversed())
            guard name.hasPrefix("."), name.dropLast(digits.count).hasSuffix(".partial-"), let pid = Int32(digits), pid > 0 else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let path = directory.isEmpty ? name : (directory.hasSuffix("/") ? directory : directory + "/") + name
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The file `path` names after following symbolic links, or `path` itself when it is no
    /// link or its link leads nowhere (then the link is what gets replaced).
    static func resolvingLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Removes the temporary if it exists; never touches the target.
    func discard() {
        guard !isSpecial else { return }
        unlink(temporary)
    }
}
