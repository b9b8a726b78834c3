import CMemory

/// The process's allocator, set for rendering frame after frame.
///
/// Every frame allocates buffers of the frame's size (the pixmap, layers, converted
/// output) and frees them when it is done. By default glibc serves such blocks with
/// `mmap` and returns freed memory to the system, so the next frame takes its pages
/// again through page faults that zero them: at 1080p that is about a third of the
/// render time, spent in the kernel, and it grows with the threads. Serving blocks up to
/// 32 MiB (a 2,800 × 2,800 frame; glibc's limit) from the heap and keeping freed memory
/// there lets the next frame reuse the same pages. Peak memory stays that of the frames
/// in flight: freed blocks are reused, not added to.
public enum FrameMemory {
    /// Applies the policy; call once, early, before rendering on several threads.
    public static func reuseFreedBuffers() {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
    }
}
