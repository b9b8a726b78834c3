import CFFmpeg

/// Limits FFmpeg's own console output to errors.
///
/// Encoders such as libx264 log statistics at info level on every close; our errors
/// already carry FFmpeg's message, so anything below error level is noise on stderr.
func limitFFmpegLoggingToErrors() {
    if av_log_get_level() > AV_LOG_ERROR { av_log_set_level(AV_LOG_ERROR) }
}
