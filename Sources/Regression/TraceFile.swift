import FrameDiff
import Foundation

/// Parameter traces as JSON files: `{"fps": 30, "frames": 90, "params": {"name": [v0,
/// v1, …]}}`, an array per frame for a vector param, `null` for a non-finite value:
/// the form of the timeline's own trace (`Timeline`'s `ParamTrace.json()`), so a
/// trace written for a render can be compared with `animate diff`.
///
/// The same object is stored in a golden's manifest under `trace`. Numbers are written
/// in the shortest form that reads back to the same `Double`.
public enum TraceFile {
    /// Writes `trace` to `path` atomically.
    public static func write(_ trace: MotionTrace, to path: String) throws(RegressionError) {
        try JSONFile.write(trace, to: path)
    }

    /// Reads the trace at `path`.
    public static func read(_ path: String) throws(RegressionError) -> MotionTrace {
        try JSONFile.read(path)
    }

    /// Whether the JSON object in `data` looks like a trace rather than a timeline.
    static func looksLikeTrace(_ data: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["frames"] != nil && object["params"] is [String: Any] && object["scene"] == nil
    }
}

/// JSON reading and writing with the settings every file of this module uses.
enum JSONFile {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    static func write<T: Encodable>(_ value: T, to path: String) throws(RegressionError) {
        do {
            var data = try encoder().encode(value)
            data.append(0x0A)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .writing(path: path, reason: "\(error)")
        }
    }

    static func read<T: Decodable>(_ path: String) throws(RegressionError) -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        do {
            return try decoder().decode(T.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .malformed(path: path, reason: "missing \"\(key.stringValue)\" at \(Self.path(context.codingPath))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .malformed(path: path, reason: "\(context.debugDescription) at \(Self.path(context.codingPath))")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .malformed(path: path, reason: "\(context.debugDescription) at \(Self.path(context.codingPath))")
        } catch let DecodingError.dataCorrupted(context) {
            throw .malformed(path: path, reason: "\(context.debugDescription)\(context.codingPath.isEmpty ? "" : " at " + Self.path(context.codingPath))")
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: ["."])
    }
}
