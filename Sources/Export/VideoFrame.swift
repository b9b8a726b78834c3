import CFFmpeg

/// An owned `AVFrame`, freed (with its buffers) on deinit.
final class VideoFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    /// An empty frame for a decoder or converter to fill.
    init(path: String) throws(ExportError) {
        guard let frame = av_frame_alloc() else { throw .ffmpeg("allocating a frame", code: averrorENOMEM, path: path) }
        pointer = frame
    }

    /// A frame with its own buffers for `width × height` pixels of `format`.
    convenience init(width: Int, height: Int, format: AVPixelFormat, path: String) throws(ExportError) {
        try self.init(path: path)
        pointer.pointee.width = Int32(width)
        pointer.pointee.height = Int32(height)
        pointer.pointee.format = format.rawValue
        try check(av_frame_get_buffer(pointer, 0), "allocating frame buffers", path: path)
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }

    /// The first byte of plane `plane` (0: pixels or luma, 1: palette or Cb, 2: Cr).
    func data(_ plane: Int) -> UnsafeMutablePointer<UInt8> {
        withUnsafeBytes(of: pointer.pointee.data) { $0.load(fromByteOffset: plane * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride, as: UnsafeMutablePointer<UInt8>?.self)! }
    }

    /// The distance in bytes between rows of plane `plane`.
    func linesize(_ plane: Int) -> Int {
        withUnsafeBytes(of: pointer.pointee.linesize) { Int($0.load(fromByteOffset: plane * MemoryLayout<Int32>.stride, as: Int32.self)) }
    }

    /// Makes the buffers exclusively ours before writing, since an encoder may still hold a reference.
    func makeWritable(path: String) throws(ExportError) {
        try check(av_frame_make_writable(pointer), "making a frame writable", path: path)
    }
}
