import ArgumentParser

/// `--scale` and `--size`: how many device pixels the output has, for the
/// commands that draw (`render`, `frame`). Either overrides the timeline's own
/// scale; the layout, in points, is unchanged.
struct CanvasOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Device pixels per point (overrides the timeline's scale), above 0 and at most 16.", transform: CommandLineNumber.real)
    var scale: Double?

    @Option(help: ArgumentHelp(
        "The output size in pixels: 1280x720, or one side (1280x or x720) with the other following the timeline's aspect ratio. Sets the scale.",
        valueName: "WxH"))
    var size: String?

    func validate() throws {
        if let scale { guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be greater than 0 and at most 16") } }
        if let size {
            guard scale == nil else { throw ValidationError("give --scale or --size, not both") }
            guard Self.parse(size) != nil else { throw ValidationError("--size must look like 1280x720, 1280x or x720 (whole pixels, from 1 to at most \(CommandLineNumber.largestWhole))") }
        }
    }

    /// `WxH`, `Wx` or `xH`: the wanted width and height in pixels, nil where left out;
    /// nil when the text is malformed or gives neither side.
    static func parse(_ text: String) -> (width: Int?, height: Int?)? {
        let parts = text.lowercased().split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        func side(_ s: Substring) -> Int?? {
            if s.isEmpty { return .some(nil) }
            guard let n = try? CommandLineNumber.whole(s, in: "--size"), n >= 1 else { return nil }
            return .some(n)
        }
        guard let w = side(parts[0]), let h = side(parts[1]), w != nil || h != nil else { return nil }
        return (w, h)
    }

    /// The scale for a timeline whose canvas is `points` (width, height) in size: from `--scale`, from
    /// `--size`, or nil to keep the timeline's own. A size whose sides disagree with the
    /// timeline's aspect ratio (after rounding to whole pixels) is refused with the
    /// sizes that would fit.
    func scale(for points: (width: Double, height: Double), in path: String) throws -> Double? {
        if let scale { return scale }
        guard let size, let (width, height) = Self.parse(size) else { return nil }
        let scale = width.map { Double($0) / points.width } ?? Double(height!) / points.height
        let pixelWidth = max(Int((points.width * scale).rounded()), 1), pixelHeight = max(Int((points.height * scale).rounded()), 1)
        if let height, height != pixelHeight {
            let fitting = max(Int((points.height * Double(width!) / points.width).rounded()), 1)
            throw CommandFailure.invalid("\(path): --size \(size) does not keep the timeline's \(Self.format(points.width))×\(Self.format(points.height)) proportions; give \(width!)x\(fitting), or one side (\(width!)x or x\(height))")
        }
        if let width, width != pixelWidth {
            throw CommandFailure.invalid("\(path): --size \(size) cannot be reached at a whole-pixel height; give \(pixelWidth)x")
        }
        guard scale <= 16 else {
            throw CommandFailure.invalid("\(path): --size \(size) is more than 16 device pixels per point for a \(Self.format(points.width))×\(Self.format(points.height)) timeline")
        }
        return scale
    }

    private static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
