import Timeline

extension TimelineLoader {
    /// Reads the timeline in `bytes`, written in `format`, and reports every error and
    /// warning, located in that text; see `check(_:)`.
    public func check(_ bytes: [UInt8], format: TimelineFormat) -> TimelineReport {
        guard format == .yaml else { return check(bytes) }
        let depth = documentDepth
        do {
            return check(root: try YAMLReader.parse(bytes, maxDepth: depth))
        } catch where error.message == "nesting deeper than \(depth) levels" {
            return TimelineReport(errors: [TimelineError(error.message + " (raise it with --max-depth)", path: error.path, location: error.location)])
        } catch {
            return TimelineReport(errors: [error])
        }
    }

    /// Loads the timeline in `bytes`, written in `format`, throwing its first error.
    public func load(_ bytes: [UInt8], format: TimelineFormat) throws(TimelineError) -> TimelineDocument {
        let report = check(bytes, format: format)
        if let first = report.errors.first { throw first }
        return report.document!
    }
}
