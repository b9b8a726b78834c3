/// What checking a timeline found: every error (in the order found), every
/// warning, and the document when there is no error.
public struct TimelineReport: Sendable {
    /// The loaded timeline; `nil` when there is an error.
    public var document: TimelineDocument?
    /// The errors, each with its path and location where known.
    public var errors: [TimelineError]
    /// What loads but is likely a mistake, in the same form as an error: an
    /// animation that starts at or after the end, one cut off by the end, one
    /// that drives a param nothing reads.
    public var warnings: [TimelineError]

    /// A report from its parts.
    public init(document: TimelineDocument? = nil, errors: [TimelineError] = [], warnings: [TimelineError] = []) {
        self.document = document
        self.errors = errors
        self.warnings = warnings
    }
}
