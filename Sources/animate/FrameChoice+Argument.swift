import ArgumentParser
import Regression
import Foundation

extension FrameChoice {
    /// Parses `--frames`: `all`, a list `0,15,30`, ranges `10..<20` or `10...20`, or a mix;
    /// ranges stay ranges, so a long one costs nothing until it meets a timeline.
    static func parseFrames(_ text: String) throws -> FrameChoice {
        if text.lowercased() == "all" { return .all }
        var ranges: [ClosedRange<Int>] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let range = part.range(of: "..<") ?? part.range(of: "...") {
                let low = try CommandLineNumber.whole(part[..<range.lowerBound], in: "--frames")
                let high = try CommandLineNumber.whole(part[range.upperBound...], in: "--frames")
                guard low >= 0 else { throw ValidationError("--frames: \"\(part)\" starts below frame 0") }
                let upper = part[range] == "..<" ? high - 1 : high
                guard upper >= low else { throw ValidationError("--frames: the range \"\(part)\" is empty") }
                ranges.append(low...upper)
            } else {
                let n = try CommandLineNumber.whole(part, in: "--frames")
                guard n >= 0 else { throw ValidationError("--frames: \"\(part)\" is not a frame number (0 or more)") }
                ranges.append(n...n)
            }
        }
        guard !ranges.isEmpty else { throw ValidationError("--frames: no frame given") }
        return .ranges(ranges)
    }

    /// Parses `--times`: seconds separated by commas, each 0 or more.
    static func parseTimes(_ text: String) throws -> FrameChoice {
        var times: [Double] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let t = try CommandLineNumber.real(part, in: "--times")
            guard t >= 0 else { throw ValidationError("--times: \"\(part)\" is not a time in seconds (0 or more)") }
            times.append(t)
        }
        guard !times.isEmpty else { throw ValidationError("--times: no time given") }
        return .times(times)
    }
}
