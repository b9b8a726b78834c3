import CFFmpeg
import Raster

/// libavcodec's PNG encoder for straight-alpha RGBA8 images of one size.
///
/// Every packet it produces is a complete PNG file. Images are tagged sRGB (BT.709
/// primaries, IEC 61966-2-1 transfer), which is what our pixels are.
final class PNGEncoder {
    private let encoder: VideoEncoder
    private let frame: VideoFrame
    private let path: String

    init(width: Int, height: Int, path: String) throws(ExportError) {
        encoder = try VideoEncoder(codecName: "png", path: path) { context throws(ExportError) in
            context.pointee.width = Int32(width)
            context.pointee.height = Int32(height)
            context.pointee.pix_fmt = AV_PIX_FMT_RGBA
            context.pointee.time_base = AVRational(num: 1, den: 1)
            // Paeth prediction compresses rendered art well at little cost.
            try setOption("pred", "paeth", on: context.pointee.priv_data, path: path)
        }
        frame = try VideoFrame(width: width, height: height, format: AV_PIX_FMT_RGBA, path: path)
        frame.pointer.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointer.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
        self.path = path
    }

    /// Encodes `pixmap` (which must have the encoder's size) and writes the PNG to `file`'s temporary.
    func encode(_ pixmap: Pixmap, to file: AtomicFile) throws(ExportError) {
        try encode(pixmap) { bytes throws(ExportError) in try file.write(bytes) }
    }

    /// Encodes `pixmap` (which must have the encoder's size) and returns the PNG file's bytes.
    func encoded(_ pixmap: Pixmap) throws(ExportError) -> [UInt8] {
        var png: [UInt8] = []
        try encode(pixmap) { bytes in png.append(contentsOf: bytes) }
        return png
    }

    private func encode(_ pixmap: Pixmap, write: (UnsafeRawBufferPointer) throws(ExportError) -> Void) throws(ExportError) {
        precondition(pixmap.width == frame.width && pixmap.height == frame.height, "PNG encoder size mismatch")
        try frame.makeWritable(path: path)
        let rowBytes = pixmap.width * 4
        let destination = frame.data(0)
        let linesize = frame.linesize(0)
        pixmap.straightAlphaData().withUnsafeBufferPointer { source in
            for y in 0..<pixmap.height {
                (destination + y * linesize).update(from: source.baseAddress! + y * rowBytes, count: rowBytes)
            }
        }
        var written = false
        try encoder.encode(frame.pointer) { packet throws(ExportError) in
            try write(UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
            written = true
        }
        // The PNG encoder has no delay: no packet after a frame means it failed silently.
        guard written else { throw .ffmpeg("encoding a PNG (no image came out)", code: averrorEAGAIN, path: path) }
    }
}
