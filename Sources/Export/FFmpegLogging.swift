import CFFmpeg
import Foundation

/// Limits FFmpeg's own console output to errors.
///
/// Encoders such as libx264 log statistics at info level on every close; our errors
/// already carry FFmpeg's message, so anything below error level is noise on stderr.
func limitFFmpegLoggingToErrors() {
    if av_log_get_level() > AV_LOG_ERROR { av_log_set_level(AV_LOG_ERROR) }
}

/// Runs `body` with this thread's FFmpeg log lines kept instead of printed; an FFmpeg failure
/// inside it carries FFmpeg's own first error line (such as "Invalid PNG signature") in place
/// of the generic text of its code, so the message says what is wrong once, on one line.
func withFFmpegErrorsKept<T>(_ body: () throws(ExportError) -> T) throws(ExportError) -> T {
    cffmpeg_begin_capture()
    do {
        let result = try body()
        _ = cffmpeg_end_capture()
        return result
    } catch {
        let line = String(cString: cffmpeg_end_capture()).trimmingCharacters(in: .whitespacesAndNewlines)
        guard case .ffmpeg(let operation, let code, _, let path) = error, !line.isEmpty else { throw error }
        throw .ffmpeg(operation: operation, code: code, message: line, path: path)
    }
}
