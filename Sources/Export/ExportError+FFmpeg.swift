import CFFmpeg

#if canImport(Glibc)
import Glibc
#endif

/// FFmpeg's end-of-stream return code.
let averrorEOF = cffmpeg_averror_eof()
/// FFmpeg's "drain or feed first, then try again" return code.
let averrorEAGAIN = cffmpeg_averror_eagain()
/// FFmpeg's out-of-memory return code, used when an `av_*_alloc` returns nil.
let averrorENOMEM = -ENOMEM

extension ExportError {
    /// The error for FFmpeg return code `code` from `operation` on `path`, with `av_strerror`'s text.
    static func ffmpeg(_ operation: String, code: Int32, path: String) -> ExportError {
        var buffer = [CChar](repeating: 0, count: 256)
        let message: String
        if av_strerror(code, &buffer, buffer.count) == 0 {
            message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        } else {
            message = "unknown error"
        }
        return .ffmpeg(operation: operation, code: code, message: message, path: path)
    }

    /// The error for the current `errno` after `operation` on `path` failed.
    static func fileSystem(_ operation: String, path: String, code: Int32 = errno) -> ExportError {
        .fileSystem(operation: operation, code: code, message: String(cString: strerror(code)), path: path)
    }
}

/// Returns `code` when it is a success (≥ 0), and throws the located FFmpeg error otherwise.
@discardableResult
func check(_ code: Int32, _ operation: String, path: String) throws(ExportError) -> Int32 {
    if code < 0 { throw .ffmpeg(operation, code: code, path: path) }
    return code
}
