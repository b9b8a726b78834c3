/// An indexed palette: at most 256 distinct opaque colours.
///
/// Entries are distinct by construction, so an index names one colour and a colour one
/// index: the GIF encoder's transparency and cropping compare indices between frames, and
/// some decoders and encoders (FFmpeg 5.1's GIF encoder among them) remap repeated entries
/// to index 0.
struct Palette: Equatable {
    /// The colours, in index order; never empty, never more than 256, no two equal.
    private(set) var colors: [RGB8]

    /// The palette of `candidates` with repeats removed (first occurrence kept), at most 256 of them.
    init(deduplicating candidates: [RGB8]) {
        precondition(!candidates.isEmpty, "a palette needs a colour")
        var seen = Set<RGB8>()
        colors = candidates.filter { seen.insert($0).inserted }
        precondition(colors.count <= 256, "a palette holds at most 256 colours")
    }
}
