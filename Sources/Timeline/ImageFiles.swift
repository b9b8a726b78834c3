import Raster

/// Reads the image files a timeline names, relative to the timeline's folder,
/// each file once.
final class ImageFiles {
    let reader: (@Sendable (String) throws -> Pixmap)?
    let baseDirectory: String
    private var cache: [String: Pixmap] = [:]

    init(reader: (@Sendable (String) throws -> Pixmap)?, baseDirectory: String) {
        self.reader = reader
        self.baseDirectory = baseDirectory
    }

    /// The image named by a string node.
    func read(_ node: JSONNode) throws(TimelineError) -> Pixmap {
        let name = try node.string()
        guard !name.isEmpty else { throw node.error("an image needs a file name") }
        let path = name.hasPrefix("/") ? name : (baseDirectory.isEmpty ? name : baseDirectory + "/" + name)
        if let cached = cache[path] { return cached }
        guard let reader else { throw node.error("images cannot be read here (no image reader)") }
        do {
            let pixmap = try reader(path)
            cache[path] = pixmap
            return pixmap
        } catch {
            // Readers' errors name the file first; it is named here already.
            let reason = String(describing: error)
            throw node.error("cannot read the image \(path): \(reason.hasPrefix(path + ": ") ? String(reason.dropFirst(path.count + 2)) : reason)")
        }
    }
}
