/// A range of frame numbers given on the command line: `30..<90`, `30...89`, `30..` or `90`
/// (a single frame); or derived from `--from`/`--to` seconds.
struct FrameRange: Equatable {
    /// First frame, from 0.
    var lowerBound: Int
    /// One past the last frame; nil for "to the end".
    var upperBound: Int?

    /// Parses `text`; nil if it is not one of the accepted spellings.
    init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        func number(_ s: Substring) -> Int? { s.isEmpty ? nil : Int(s) }
        if let r = t.range(of: "..<") {
            guard let low = number(t[..<r.lowerBound]) ?? (r.lowerBound == t.startIndex ? 0 : nil),
                  let high = number(t[r.upperBound...]) else { return nil }
            self.init(lowerBound: low, upperBound: high)
        } else if let r = t.range(of: "...") {
            guard let low = number(t[..<r.lowerBound]) ?? (r.lowerBound == t.startIndex ? 0 : nil),
                  let high = number(t[r.upperBound...]) else { return nil }
            self.init(lowerBound: low, upperBound: high + 1)
        } else if t.hasSuffix("..") {
            guard let low = number(t.dropLast(2)) else { return nil }
            self.init(lowerBound: low, upperBound: nil)
        } else if let single = Int(t) {
            self.init(lowerBound: single, upperBound: single + 1)
        } else {
            return nil
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

import Foundation
