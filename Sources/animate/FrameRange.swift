import ArgumentParser
import Foundation

/// A range of frame numbers given on the command line: `30..<90`, `30...89`, `30..` or `90`
/// (a single frame); or derived from `--from`/`--to` seconds.
struct FrameRange: Equatable {
    /// First frame, from 0.
    var lowerBound: Int
    /// One past the last frame; nil for "to the end".
    var upperBound: Int?

    /// Parses `text`; the error says which spelling or number is wrong (numbers as
    /// `CommandLineNumber` reads them, so none overflows).
    init(parsing text: String) throws {
        let t = text.trimmingCharacters(in: .whitespaces)
        let malformed = ValidationError("--frames must look like 30..<90, 30...89, 30.. or 30")
        func number(_ s: Substring) throws -> Int? {
            guard !s.isEmpty else { return nil }
            guard s.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) else { throw malformed }
            return try CommandLineNumber.whole(s, in: "--frames")
        }
        if let r = t.range(of: "..<") ?? t.range(of: "...") {
            guard let high = try number(t[r.upperBound...]) else { throw malformed }
            let low = try number(t[..<r.lowerBound]) ?? 0
            self.init(lowerBound: low, upperBound: t[r] == "..<" ? high : high + 1)
        } else if t.hasSuffix("..") {
            guard let low = try number(t.dropLast(2)) else { throw malformed }
            self.init(lowerBound: low, upperBound: nil)
        } else if let single = try number(Substring(t)) {
            self.init(lowerBound: single, upperBound: single + 1)
        } else {
            throw malformed
        }
    }

    init(lowerBound: Int, upperBound: Int?) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// The frames within `0..<frameCount`, or a message saying why the range does not fit.
    func resolved(frameCount: Int) throws -> Range<Int> {
        let upper = upperBound ?? frameCount
        guard lowerBound >= 0, lowerBound < upper else {
            throw CommandFailure.invalid("--frames \(lowerBound)..<\(upper) is empty or negative")
        }
        guard upper <= frameCount else {
            throw CommandFailure.invalid("--frames \(lowerBound)..<\(upper) goes past the timeline's frames 0..<\(frameCount)")
        }
        return lowerBound..<upper
    }
}

