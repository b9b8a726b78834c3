#ifndef ANIMATE_CFFMPEG_SHIM_H
#define ANIMATE_CFFMPEG_SHIM_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

// AVERROR_EOF and AVERROR(e) are function-like macros, which Swift cannot import.

/// FFmpeg's end-of-stream code (AVERROR_EOF).
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }

/// FFmpeg's "try again after draining or feeding" code (AVERROR(EAGAIN)).
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }

#include <stdarg.h>
#include <stdio.h>

// FFmpeg's log lines while a thread reads a file whose errors it reports itself: the first
// error-level line is kept (for the thread's own message) instead of printed. Other threads
// and other times log as usual.

/// This thread's capture flag and first kept line (function-local, so that Swift emits them).
static inline int *cffmpeg_capturing(void) {
    static _Thread_local int capturing;
    return &capturing;
}

static inline char *cffmpeg_captured(void) {
    static _Thread_local char captured[256];
    return captured;
}

static void cffmpeg_log(void *context, int level, const char *format, va_list arguments) {
    if (!*cffmpeg_capturing()) {
        av_log_default_callback(context, level, format, arguments);
        return;
    }
    char *captured = cffmpeg_captured();
    if (level <= AV_LOG_ERROR && captured[0] == 0) {
        vsnprintf(captured, 256, format, arguments);
    }
}

/// Starts keeping this thread's FFmpeg errors (installs the log callback once).
static inline void cffmpeg_begin_capture(void) {
    av_log_set_callback(cffmpeg_log);
    cffmpeg_captured()[0] = 0;
    *cffmpeg_capturing() = 1;
}

/// Stops keeping them; returns the first error line kept (empty if none), valid until the next capture.
static inline const char *cffmpeg_end_capture(void) {
    *cffmpeg_capturing() = 0;
    return cffmpeg_captured();
}

#endif
