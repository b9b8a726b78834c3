extension TimelineLoader {
    /// The deepest nesting of arrays and objects a timeline's text may have. A view
    /// level takes up to four levels (modifiers, modifier, its argument, content), so
    /// this follows `maxDepth`.
    public var documentDepth: Int {
        let (product, overflow) = maxDepth.multipliedReportingOverflow(by: 4)
        return max(JSONParser.defaultMaxDepth, overflow ? .max : product + 8)
    }

    /// Reads a timeline already parsed into located nodes (from YAML, say) and reports
    /// every error and warning; see `check(_:)`.
    public func check(root: JSONNode) -> TimelineReport {
        let diagnostics = Diagnostics()
        let document = diagnostics.recover { () throws(TimelineError) in try decode(root, diagnostics) } ?? nil
        return TimelineReport(document: diagnostics.errors.isEmpty ? document : nil, errors: diagnostics.errors, warnings: diagnostics.warnings)
    }
}
