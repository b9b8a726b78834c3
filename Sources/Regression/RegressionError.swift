import Export
import Timeline

/// Why reading inputs, recording goldens or writing a report failed.
///
/// Each case says whether the fault lies with the input (exit status 1) or with
/// writing the output (exit status 3); a comparison that cannot be made is never
/// reported as a pass.
public enum RegressionError: Error, CustomStringConvertible, Sendable, Equatable {
    /// An input file or folder does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// An input is of a kind that cannot be compared (`reason` says what was expected).
    case unsupportedInput(path: String, reason: String)
    /// A timeline failed to load.
    case timeline(path: String, TimelineError)
    /// A video, GIF or image failed to decode.
    case decoding(ExportError)
    /// A frame that the comparison needs is not in the input.
    case missingFrame(path: String, frame: Int)
    /// A golden's manifest or a trace file is malformed.
    case malformed(path: String, reason: String)
    /// Writing a golden or a report failed.
    case writing(path: String, reason: String)

    /// A failure to read or decode the media file at `path`: the decoder's own error, this
    /// module's error as it is, anything else as unreadable.
    static func reading(_ path: String, _ error: any Error) -> RegressionError {
        switch error {
        case let error as ExportError: return .decoding(error)
        case let error as RegressionError: return error
        default: return .unreadable(path: path, reason: "\(error)")
        }
    }

    /// One line naming the file first.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .unsupportedInput(let path, let reason): return "\(path): \(reason)"
        case .timeline(let path, let error): return "\(path): \(error)"
        case .decoding(let error): return error.description
        case .missingFrame(let path, let frame): return "\(path): has no frame \(frame)"
        case .malformed(let path, let reason): return "\(path): \(reason)"
        case .writing(let path, let reason): return "\(path): \(reason)"
        }
    }

    /// Whether the failure is in writing output (exit status 3) rather than in the input (1).
    public var isOutputFailure: Bool {
        if case .writing = self { return true }
        return false
    }
}
