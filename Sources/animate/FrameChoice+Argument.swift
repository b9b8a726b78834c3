import ArgumentParser
import Regression
import Foundation

extension FrameChoice {
    /// Parses `--frames`: `all`, a list `0,15,30`, ranges `10..<20` or `10...20`, or a mix.
    static func parseFrames(_ text: String) throws -> FrameChoice {
        if text.lowercased() == "all" { return .all }
        var numbers: [Int] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let range = part.range(of: "..<") ?? part.range(of: "...") {
                guard let low = Int(part[..<range.lowerBound]), let high = Int(part[range.upperBound...]), low >= 0 else {
                    throw ValidationError("--frames: \"\(part)\" is not a range such as 10..<20 or 10...20")
                }
                let upper = part[range] == "..<" ? high - 1 : high
                guard upper >= low else { throw ValidationError("--frames: the range \"\(part)\" is empty") }
                numbers += Array(low...upper)
            } else {
                guard let n = Int(part), n >= 0 else { throw ValidationError("--frames: \"\(part)\" is not a frame number (0 or more)") }
                numbers.append(n)
            }
        }
        guard !numbers.isEmpty else { throw ValidationError("--frames: no frame given") }
        return .frames(numbers)
    }

    /// Parses `--times`: seconds separated by commas, each 0 or more.
    static func parseTimes(_ text: String) throws -> FrameChoice {
        var times: [Double] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let t = Double(part), t >= 0, t.isFinite else { throw ValidationError("--times: \"\(part)\" is not a time in seconds (0 or more)") }
            times.append(t)
        }
        guard !times.isEmpty else { throw ValidationError("--times: no time given") }
        return .times(times)
    }
}
