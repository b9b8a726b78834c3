/// An indexed palette: at most 256 distinct opaque colours.
///
/// Entries are distinct by construction. This matters beyond tidiness: FFmpeg 5.1's GIF
/// encoder shrinks each local colour table by dropping repeated entries and remaps the
/// pixels of a dropped entry to index 0 instead of to its first copy, so a palette with
/// duplicates would show wrong colours.
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

    /// The index of the entry closest to `color` in squared RGB distance (the first of equals).
    func nearestIndex(to color: RGB8) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in colors.enumerated() {
            let dr = Int(entry.r) - Int(color.r)
            let dg = Int(entry.g) - Int(color.g)
            let db = Int(entry.b) - Int(color.b)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = index
                if distance == 0 { break }
            }
        }
        return best
    }

    /// Writes the 256 opaque 0xAARRGGBB words of an FFmpeg PAL8 palette.
    ///
    /// Unused slots repeat entry 0, so they stay opaque (an entry with alpha below 128
    /// would make the GIF encoder emit a transparency index) and, should the encoder
    /// remap them, they land on an entry of the same colour.
    func write(to words: UnsafeMutablePointer<UInt32>) {
        for slot in 0..<256 {
            words[slot] = (slot < colors.count ? colors[slot] : colors[0]).argb
        }
    }
}
