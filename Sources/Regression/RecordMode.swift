/// When goldens are written, in swift-snapshot-testing's terms.
///
/// A run that writes a golden in `missing` or `failed` mode still fails, so that a
/// golden is never accepted without a look and a second run; `all` is the deliberate
/// re-recording of `animate test --update`.
public enum RecordMode: String, Sendable, CaseIterable, Codable {
    /// Record goldens that do not exist yet; compare the others.
    case missing
    /// Record missing goldens and re-record those that fail.
    case failed
    /// Re-record every golden.
    case all
    /// Record nothing: a missing golden is a failure. The default on CI.
    case never

    /// The mode the environment asks for: `RECORD_GOLDENS` (`missing`, `failed`, `all`
    /// or `never`; `1`/`true` mean `all`), else `never` when `CI` is set to anything
    /// but `false` or `0`, else `missing`.
    public static func fromEnvironment(_ environment: [String: String]) -> RecordMode {
        if let value = environment["RECORD_GOLDENS"]?.lowercased(), !value.isEmpty {
            if let mode = RecordMode(rawValue: value) { return mode }
            if ["1", "true", "yes"].contains(value) { return .all }
            if ["0", "false", "no"].contains(value) { return .never }
        }
        if let ci = environment["CI"]?.lowercased(), !ci.isEmpty, ci != "false", ci != "0" { return .never }
        return .missing
    }
}
