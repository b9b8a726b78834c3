/// Everything that can be wrong with a timeline file, said once, with where.
///
/// The description reads `path: message at line:column`, for example
/// `scene.modifiers[3].clipShape.shape: unknown shape "elipse" (did you mean "ellipse"?) at 12:17`.
/// Either part of the position may be missing when it is unknown (an error in
/// the file as a whole has neither).
public struct TimelineError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The JSON path of the value at fault, if the error is about one value.
    public var path: JSONPath?
    /// Where in the file the error was found.
    public var location: SourceLocation?
    /// What is wrong, in words, starting lower-case, without the position.
    public var message: String

    /// An error with its message and optional position.
    public init(_ message: String, path: JSONPath? = nil, location: SourceLocation? = nil) {
        self.message = message
        self.path = path
        self.location = location
    }

    /// `path: message at line:column`, leaving out the parts that are unknown.
    public var description: String {
        var text = ""
        if let path { text += "\(path): " }
        text += message
        if let location { text += " at \(location)" }
        return text
    }
}
