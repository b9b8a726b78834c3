extension Animation {
    /// Seconds from the start until the animation of a change from rest is
    /// complete, delays, speed and repeats included: a timing curve's
    /// duration, a spring's settling time (within 0.001 of the change), and
    /// infinity for `repeatForever`.
    ///
    /// A merging spring that takes over a moving value runs for longer or
    /// shorter, depending on that value's motion; `AnimatedValue` reports it.
    public var duration: Double {
        AnimationTiming(self).duration
    }

    /// The progress (0 at the start, 1 when complete, possibly overshooting
    /// in between) `time` seconds after the start of a change from rest.
    public func progress(at time: Double) -> Double {
        AnimationTiming(self).sample(at: time).progress
    }
}
