import Timeline

/// Where the preview's timeline comes from.
///
/// The preview only needs a `TimelineDocument` and the files it was made from: a JSON
/// timeline is one source, and any front end that yields a document (a Swift scene
/// compiled on save, say) can be another.
public protocol PreviewSource: Sendable {
    /// The file the author edits: it titles the page, and exports are written beside it.
    var path: String { get }

    /// Loads the timeline afresh. A failure is returned, not thrown, with the files
    /// read so far, so that the preview still knows what to watch.
    func load() -> SourceLoad
}

/// What one load of a source gave.
public struct SourceLoad: Sendable {
    /// The document, or the errors to show, each as one line worded as `animate check` prints it.
    public var result: Result<TimelineDocument, SourceErrors>
    /// Every file the load read (the source and the images it uses): a change to any reloads it.
    public var files: [String]

    public init(result: Result<TimelineDocument, SourceErrors>, files: [String]) {
        self.result = result
        self.files = files
    }
}

/// Why a source did not load: its errors, one line each.
public struct SourceErrors: Error, Sendable, Equatable {
    public var messages: [String]

    public init(_ messages: [String]) { self.messages = messages }
}
