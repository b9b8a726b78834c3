import Timeline

/// The text formats a timeline file may be written in, told apart by the file's extension.
public enum TimelineFormat: Sendable {
    /// JSON (RFC 8259), read by `JSONParser`: any extension but the YAML ones.
    case json
    /// YAML 1.2 (`.yaml`, `.yml`), read by `YAMLReader` into the same nodes.
    case yaml

    /// The format of the file at `path`: YAML for `.yaml` and `.yml` (in any case), JSON otherwise.
    public init(path: String) {
        let lower = path.lowercased()
        self = lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") ? .yaml : .json
    }

    /// The document in `bytes`, located in this format's text.
    public func parse(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) throws(TimelineError) -> JSONNode {
        switch self {
        case .json: try JSONParser.parse(bytes, maxDepth: maxDepth)
        case .yaml: try YAMLReader.parse(bytes, maxDepth: maxDepth)
        }
    }

    /// The document rooted at `root` as text in this format.
    public func text(_ root: JSONNode) -> String {
        switch self {
        case .json: JSONWriter.text(root)
        case .yaml: YAMLWriter.text(root)
        }
    }
}
