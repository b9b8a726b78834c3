import Foundation

/// What a file looked like on disk when last seen: enough to tell that it changed.
///
/// An editor may save in place (the modification time and size change) or write a new
/// file and rename it over the old one (the inode changes too); a deleted file is a
/// stamp of its own, so that its return is seen as well.
struct FileStamp: Equatable, Sendable {
    var exists: Bool
    var inode: UInt64
    var size: Int64
    var modified: Int64

    /// The stamp of the file at `path` now.
    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self.init(exists: false, inode: 0, size: 0, modified: 0)
            return
        }
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        self.init(exists: true, inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: nanoseconds)
    }

    init(exists: Bool, inode: UInt64, size: Int64, modified: Int64) {
        self.exists = exists
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    /// The stamps of `paths`, in order.
    static func of(_ paths: [String]) -> [FileStamp] { paths.map { FileStamp(path: $0) } }
}
