/// The blocks of a GIF file, parsed enough to copy its frames into another GIF.
///
/// Keeps the logical screen, the global colour table, the NETSCAPE2.0 loop count and each
/// image with its graphic control extension, local colour table and LZW data (sub-blocks
/// and terminator) as raw bytes, and the text of comment extensions; other extensions
/// (plain text, other applications) are dropped.
/// Follows the GIF89a specification's grammar (sections 17-27); anything else is an error.
public struct GIFFile {
    /// One image of the file, its blocks as raw bytes.
    public struct Image {
        /// The graphic control extension, all 8 bytes from the 0x21 introducer, if any.
        public var control: [UInt8]?
        /// The image descriptor, 10 bytes from the 0x2C separator.
        public var descriptor: [UInt8]
        /// The local colour table, if any.
        public var localTable: [UInt8]?
        /// The LZW minimum code size, the data sub-blocks and the block terminator.
        public var data: ArraySlice<UInt8>
    }

    /// The logical screen's size in pixels.
    public var width: Int
    public var height: Int
    /// The logical screen descriptor's packed byte, background index and aspect ratio.
    public var screenFields: [UInt8]
    /// The global colour table's bytes, if any.
    public var globalTable: [UInt8]?
    /// The NETSCAPE2.0 loop count, if the file has one.
    public var loopCount: Int?
    /// The images in order.
    public var images: [Image] = []
    /// The text of each comment extension, in order (UTF-8, invalid bytes replaced).
    public var comments: [String] = []

    /// Why bytes are not a GIF file: a sentence naming `path`.
    public struct Malformed: Error {
        public var reason: String
    }

    /// Parses `bytes`; errors name `path`.
    public init(parsing bytes: [UInt8], path: String) throws(Malformed) {
        func fail(_ reason: String) -> Malformed { Malformed(reason: reason) }
        guard bytes.count >= 13, bytes[0..<3].elementsEqual(Array("GIF".utf8)) else { throw fail("\(path) is not a GIF file") }
        width = Int(bytes[6]) | Int(bytes[7]) << 8
        height = Int(bytes[8]) | Int(bytes[9]) << 8
        screenFields = Array(bytes[10..<13])
        var offset = 13
        func need(_ n: Int) throws(Malformed) {
            guard offset + n <= bytes.count else { throw fail("\(path) ends in the middle of a block") }
        }
        /// Skips data sub-blocks up to and including the terminator.
        func skipSubBlocks() throws(Malformed) {
            while true {
                try need(1)
                let size = Int(bytes[offset])
                offset += 1
                if size == 0 { return }
                try need(size)
                offset += size
            }
        }
        if bytes[10] & 0x80 != 0 {
            let size = 3 << (Int(bytes[10] & 7) + 1)
            try need(size)
            globalTable = Array(bytes[offset..<offset + size])
            offset += size
        }
        var control: [UInt8]?
        while true {
            try need(1)
            switch bytes[offset] {
            case 0x21:
                try need(2)
                let label = bytes[offset + 1]
                let start = offset
                offset += 2
                if label == 0xFF, offset + 15 < bytes.count, bytes[offset] == 11,
                   bytes[offset + 1..<offset + 12].elementsEqual(Array("NETSCAPE2.0".utf8)), bytes[offset + 12] == 3, bytes[offset + 13] == 1 {
                    loopCount = Int(bytes[offset + 14]) | Int(bytes[offset + 15]) << 8
                }
                try skipSubBlocks()
                if label == 0xFE { comments.append(Self.text(ofSubBlocks: bytes[start + 2..<offset])) }
                if label == 0xF9 { control = Array(bytes[start..<offset]) }
            case 0x2C:
                try need(10)
                let descriptor = Array(bytes[offset..<offset + 10])
                offset += 10
                var local: [UInt8]?
                if descriptor[9] & 0x80 != 0 {
                    let size = 3 << (Int(descriptor[9] & 7) + 1)
                    try need(size)
                    local = Array(bytes[offset..<offset + size])
                    offset += size
                }
                let start = offset
                try need(1)
                offset += 1
                try skipSubBlocks()
                images.append(Image(control: control, descriptor: descriptor, localTable: local, data: bytes[start..<offset]))
                control = nil
            case 0x3B:
                return
            default:
                throw fail("\(path) has an unknown block 0x\(String(bytes[offset], radix: 16)) at byte \(offset)")
            }
        }
    }

    /// The bytes of data sub-blocks (size byte, bytes, …, terminator) joined as text.
    private static func text(ofSubBlocks blocks: ArraySlice<UInt8>) -> String {
        var bytes: [UInt8] = []
        var offset = blocks.startIndex
        while offset < blocks.endIndex {
            let size = Int(blocks[offset])
            offset += 1
            bytes += blocks[offset..<min(offset + size, blocks.endIndex)]
            offset += size
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
