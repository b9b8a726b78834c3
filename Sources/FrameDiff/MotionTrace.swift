/// The value of every animated parameter at every frame: the motion of an
/// animation, separate from its pixels.
///
/// Comparing traces reports a timing change as timing (the frame where a value
/// departs, and by how many frames it is late) where comparing pixels only
/// shows that frames differ.
///
/// Its JSON form is that of the timeline trace files (`Timeline`'s `ParamTrace.json()`):
/// `{"fps": 30, "frames": 90, "params": {"name": [v0, v1, …]}}`, one entry per
/// frame, an array of numbers for a vector or colour param, `null` for a value
/// that is not finite. Object keys have no order, so a decoded trace lists its
/// params by name.
public struct MotionTrace: Sendable, Hashable {
    /// Frames per second of the sampling.
    public var fps: Int
    /// The number of frames sampled; every track holds this many values per component.
    public var frameCount: Int
    /// One track per parameter, in declaration order.
    public var params: [Track]

    /// One parameter's values.
    public struct Track: Sendable, Hashable {
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

extension MotionTrace: Codable {
    private enum CodingKeys: String, CodingKey {
        case fps, frames, params
    }

    /// One frame's value: a number (or null), or an array of them for a vector.
    private enum Entry: Codable {
        case scalar(Double)
        case vector([Double])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .scalar(.nan)
            } else if let x = try? container.decode(Double.self) {
                self = .scalar(x)
            } else {
                let items = try container.decode([Double?].self)
                self = .vector(items.map { $0 ?? .nan })
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .scalar(let x): x.isFinite ? try container.encode(x) : try container.encodeNil()
            case .vector(let v): try container.encode(v.map { $0.isFinite ? $0 : nil })
            }
        }

        var values: [Double] {
            switch self {
            case .scalar(let x): [x]
            case .vector(let v): v
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fps = try container.decode(Int.self, forKey: .fps)
        frameCount = try container.decode(Int.self, forKey: .frames)
        let series = try container.decode([String: [Entry]].self, forKey: .params)
        params = []
        for name in series.keys.sorted() {
            let entries = series[name]!
            guard entries.count == frameCount else {
                throw DecodingError.dataCorruptedError(
                    forKey: .params, in: container, debugDescription: "param \(name) has \(entries.count) values for \(frameCount) frames")
            }
            let components = entries.first?.values.count ?? 1
            var values: [Double] = []
            values.reserveCapacity(frameCount * components)
            for entry in entries {
                guard entry.values.count == components else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .params, in: container, debugDescription: "param \(name) changes its number of components")
                }
                values += entry.values
            }
            params.append(Track(name: name, components: components, values: values))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fps, forKey: .fps)
        try container.encode(frameCount, forKey: .frames)
        var series: [String: [Entry]] = [:]
        for track in params {
            series[track.name] = (0..<track.frameCount).map { n in
                track.components == 1 ? .scalar(track.values[n]) : .vector(Array(track.value(atFrame: n)))
            }
        }
        try container.encode(series, forKey: .params)
    }
}
