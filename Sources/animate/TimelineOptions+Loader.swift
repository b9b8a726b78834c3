import Timeline

extension TimelineOptions {
    /// A loader with these limits.
    var loader: TimelineLoader {
        var loader = TimelineLoader()
        loader.maxPixels = maxPixels
        loader.maxFrames = maxFrames
        return loader
    }
}
