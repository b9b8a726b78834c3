/// The value of every animated parameter at every frame: the motion of an
/// animation, separate from its pixels.
///
/// Comparing traces reports a timing change as timing (the frame where a value
/// departs, and by how many frames it is late) where comparing pixels only
/// shows that frames differ.
public struct ParamTrace: Sendable, Hashable, Codable {
    /// Frames per second of the sampling.
    public var fps: Int
    /// The number of frames sampled; every track holds this many values per component.
    public var frameCount: Int
    /// One track per parameter, in declaration order.
    public var params: [Track]

    /// One parameter's values.
    public struct Track: Sendable, Hashable, Codable {
        /// The parameter's name.
        public var name: String
        /// Components per frame: 1 for a number, n for a vector, 4 for a colour.
        public var components: Int
        /// `frameCount × components` values, frame by frame.
        public var values: [Double]

        /// A track of `values.count / components` frames.
        public init(name: String, components: Int, values: [Double]) {
            self.name = name
            self.components = components
            self.values = values
        }

        /// The components at frame `n` (in range).
        public func value(atFrame n: Int) -> ArraySlice<Double> {
            values[(n * components)..<((n + 1) * components)]
        }

        /// The number of frames the track holds.
        public var frameCount: Int { components > 0 ? values.count / components : 0 }
    }

    /// A trace of `frameCount` frames at `fps`; each track holds `frameCount × components` values.
    public init(fps: Int, frameCount: Int, params: [Track]) {
        self.fps = fps
        self.frameCount = frameCount
        self.params = params
    }

    /// The track of the parameter called `name`, if any.
    public func track(named name: String) -> Track? {
        params.first { $0.name == name }
    }
}
