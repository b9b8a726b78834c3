/// Path arithmetic on plain strings, without Foundation's `NSString` path methods
/// (whose `deletingLastPathComponent` crashes on some one-character paths here).
public enum FilePath {
    /// The folder part of `path`: everything before the last `/` ("" for a bare name,
    /// "/" for a file at the root). Trailing slashes are ignored.
    public static func directory(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.last == "/" { p.removeLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        if slash == p.startIndex { return "/" }
        return String(p[..<slash])
    }

    /// The last component of `path` (trailing slashes ignored).
    public static func name(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.last == "/" { p.removeLast() }
        guard let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }
}
