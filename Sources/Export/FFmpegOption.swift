import CFFmpeg

/// Sets the AVOption `name` of an FFmpeg object (a codec's or muxer's `priv_data`), failing loudly
/// rather than silently encoding with a default.
func setOption(_ name: String, _ value: String, on object: UnsafeMutableRawPointer?, path: String) throws(ExportError) {
    try check(av_opt_set(object, name, value, 0), "setting option \(name)=\(value)", path: path)
}
