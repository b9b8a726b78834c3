import ArgumentParser
import Timeline

extension TimelineOptions {
    /// A loader with these limits and `--set` overrides; the image reader and the
    /// folder images resolve against are set per timeline where it is loaded.
    func loader() throws -> TimelineLoader {
        var loader = TimelineLoader()
        loader.maxPixels = maxPixels
        loader.maxFrames = maxFrames
        loader.maxDepth = maxDepth
        loader.maxExpressionLength = maxExpressionLength
        for item in overrides {
            guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
                throw CommandFailure.invalid("--set \(item): expected name=value")
            }
            loader.overrides[String(item[..<eq])] = String(item[item.index(after: eq)...])
        }
        return loader
    }
}
