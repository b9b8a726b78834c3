import Export
import Foundation

/// A test run in the JUnit XML format, which GitHub, GitLab and Jenkins show natively:
/// one `<testsuite>` inside `<testsuites>`, one `<testcase>` per test.
///
/// A passing case is an empty `<testcase>`; a failing one holds `<failure message="…">`,
/// one that could not run `<error message="…">`, each with the full text as its content;
/// a `file` attribute names the file tested, which reporters annotate.
/// The suite and the root carry the counts (`tests`, `failures`, `errors`, `skipped`) and
/// the total `time`; times are in seconds. Every name and message is escaped (`XMLText`),
/// so any text, control characters included, gives a well-formed document.
public struct JUnitReport: Sendable {
    /// How one test case ended.
    public enum Outcome: Sendable, Equatable {
        /// It passed.
        case passed
        /// It ran and found a difference: `message` in one line, `details` in full.
        case failed(type: String, message: String, details: String)
        /// It could not run (its input failed to load, its golden to read).
        case error(message: String, details: String)
        /// It was not run.
        case skipped(message: String)
    }

    /// One test.
    public struct TestCase: Sendable {
        /// The test's name (for a timeline, its path relative to the tested folder).
        public var name: String
        /// The group the reporters list it under.
        public var className: String
        /// How long it took, in seconds.
        public var seconds: Double
        /// How it ended.
        public var outcome: Outcome
        /// The file tested, as a path from the folder the run started in; reporters annotate it.
        public var file: String?

        /// A test case from its parts.
        public init(name: String, className: String, seconds: Double, outcome: Outcome, file: String? = nil) {
            self.name = name
            self.className = className
            self.seconds = seconds
            self.outcome = outcome
            self.file = file
        }
    }

    /// The suite's name (the command that ran).
    public var name: String
    /// Every test, in the order run.
    public var cases: [TestCase]

    /// A report of `cases` named `name`.
    public init(name: String, cases: [TestCase]) {
        self.name = name
        self.cases = cases
    }

    /// The number of failed cases.
    public var failures: Int { cases.count { if case .failed = $0.outcome { true } else { false } } }
    /// The number of cases that could not run.
    public var errors: Int { cases.count { if case .error = $0.outcome { true } else { false } } }
    /// The number of cases not run.
    public var skipped: Int { cases.count { if case .skipped = $0.outcome { true } else { false } } }

    /// The document, UTF-8, ending in a line feed.
    public var xml: String {
        let total = Self.seconds(cases.reduce(0) { $0 + $1.seconds })
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(total)\""
        let name = XMLText.attribute(self.name)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(name)\" \(counts)>\n"
        out += "  <testsuite name=\"\(name)\" \(counts)>\n"
        for test in cases {
            var opening = "    <testcase name=\"\(XMLText.attribute(test.name))\" classname=\"\(XMLText.attribute(test.className))\" time=\"\(Self.seconds(test.seconds))\""
            if let file = test.file { opening += " file=\"\(XMLText.attribute(file))\"" }
            switch test.outcome {
            case .passed:
                out += opening + "/>\n"
            case .failed(let type, let message, let details):
                out += opening + ">\n      <failure type=\"\(XMLText.attribute(type))\" message=\"\(XMLText.attribute(message))\">"
                out += XMLText.content(details) + "</failure>\n    </testcase>\n"
            case .error(let message, let details):
                out += opening + ">\n      <error type=\"error\" message=\"\(XMLText.attribute(message))\">"
                out += XMLText.content(details) + "</error>\n    </testcase>\n"
            case .skipped(let message):
                out += opening + ">\n      <skipped message=\"\(XMLText.attribute(message))\"/>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Writes the document to `path` atomically, replacing a file there.
    public func write(to path: String) throws(ExportError) {
        try AtomicFile.write(Array(xml.utf8), to: path)
    }

    /// Seconds with millisecond precision, in the C locale ("0.042"); 0 for a value that is not finite or negative.
    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? max(0, value) : 0)
    }
}
