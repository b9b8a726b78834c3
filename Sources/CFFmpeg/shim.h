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

#endif
