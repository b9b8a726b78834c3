/// Which frames of a rendering a golden records.
public enum FrameChoice: Sendable, Hashable {
    /// `count` frames spread evenly from the first to the last (both included).
    case keyFrames(Int)
    /// Every frame.
    case all
    /// These frame numbers.
    case frames([Int])
    /// These ranges of frame numbers (`--frames 0..<30,45`), kept as ranges so that a
    /// long one costs nothing beyond the frames that exist.
    case ranges([ClosedRange<Int>])
    /// The frames nearest these times, in seconds (`round(t × fps)`).
    case times([Double])

    /// Three key frames: the first, the middle and the last, with the full trace
    /// covering the motion in between.
    public static let `default` = FrameChoice.keyFrames(3)

    /// The chosen frame numbers for `frameCount` frames at `fps`, ascending, without
    /// repeats, clamped to the frames that exist.
    public func frameNumbers(frameCount: Int, fps: Int) -> [Int] {
        let last = max(frameCount - 1, 0)
        let numbers: [Int]
        switch self {
        case .keyFrames(let count):
            let k = min(max(count, 1), last + 1)
            numbers = k == 1 ? [0] : (0..<k).map { Int((Double($0) * Double(last) / Double(k - 1)).rounded()) }
        case .all:
            numbers = Array(0...last)
        case .frames(let list):
            numbers = list.map { min(max($0, 0), last) }
        case .ranges(let ranges):
            numbers = ranges.flatMap { r in r.lowerBound > last ? [last] : Array(max(r.lowerBound, 0)...min(r.upperBound, last)) }
        case .times(let times):
            numbers = times.map { min(max(Int(($0 * Double(fps)).rounded()), 0), last) }
        }
        return Array(Set(numbers)).sorted()
    }

    /// The chosen frames that lie outside `0..<frameCount` at `fps`, described for a
    /// message ("frames 60…99, 5000"); nil when every one is inside.
    public func outside(frameCount: Int, fps: Int) -> String? {
        var beyond: [ClosedRange<Int>]
        switch self {
        case .keyFrames, .all: return nil
        case .frames(let list): beyond = list.filter { $0 < 0 || $0 >= frameCount }.map { $0...$0 }
        case .ranges(let ranges):
            beyond = ranges.compactMap { r in r.upperBound < frameCount ? nil : max(r.lowerBound, frameCount)...r.upperBound }
        case .times(let times):
            let frames = times.map { ($0 * Double(fps)).rounded() }.filter { $0 >= Double(frameCount) }
            guard !frames.isEmpty else { return nil }
            let shown = times.filter { ($0 * Double(fps)).rounded() >= Double(frameCount) }.prefix(6).map { "\($0) s" }
            return "times \(shown.joined(separator: ", ")) (past frame \(frameCount - 1))"
        }
        guard !beyond.isEmpty else { return nil }
        let shown = beyond.prefix(6).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)…\($0.upperBound)" }
        let single = beyond.count == 1 && beyond[0].count == 1
        return "frame\(single ? "" : "s") \(shown.joined(separator: ", "))\(beyond.count > 6 ? ", …" : "")"
    }
}
