import Timeline

/// One good load of the source: its document, and the token that names its frames in
/// URLs (so that a browser's cache never mixes frames of two loads).
final class Generation: Sendable {
    /// Unique to this load: the server's session and the load's number.
    let token: String
    let document: TimelineDocument

    init(token: String, document: TimelineDocument) {
        self.token = token
        self.document = document
    }
}
