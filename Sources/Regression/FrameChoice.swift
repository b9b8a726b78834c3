/// Which frames of a rendering a golden records.
public enum FrameChoice: Sendable, Hashable {
    /// `count` frames spread evenly from the first to the last (both included).
    case keyFrames(Int)
    /// Every frame.
    case all
    /// These frame numbers.
    case frames([Int])
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
            let k = max(count, 1)
            numbers = k == 1 ? [0] : (0..<k).map { Int((Double($0) * Double(last) / Double(k - 1)).rounded()) }
        case .all:
            numbers = Array(0...last)
        case .frames(let list):
            numbers = list.map { min(max($0, 0), last) }
        case .times(let times):
            numbers = times.map { min(max(Int(($0 * Double(fps)).rounded()), 0), last) }
        }
        return Array(Set(numbers)).sorted()
    }
}
