import Glibc
import Raster

/// A sink writing raw straight-alpha RGBA8 frames back to back, for piping into other tools.
///
/// Each frame is `width × height × 4` bytes, rows top to bottom, no header or padding; a
/// reader needs the size and rate from elsewhere (`animate info`), as with FFmpeg's
/// `-f rawvideo -pix_fmt rgba -s WxH -r FPS -i -`. The path `-` streams to standard output
/// as frames arrive (nothing to take back on failure); any other path is written under a
/// temporary name and renamed into place by `finish()`, like every other sink.
final class RawRGBASink: FrameSink {
    private let path: String
    private let settings: EncoderSettings
    private let file: AtomicFile?
    private var output: FileOutput?
    private var bytes: [UInt8]
    private var frameCount = 0
    private var isOpen = true

    init(path: String, settings: EncoderSettings) throws(ExportError) {
        self.path = path
        self.settings = settings
        if path == OutputFormat.standardOutput {
            file = nil
            output = FileOutput(standardOutputLabelled: "standard output")
            Self.widenPipe(STDOUT_FILENO)
        } else {
            let file = AtomicFile(target: path)
            self.file = file
            output = try FileOutput(creating: file.temporary, path: path)
        }
        bytes = Array(repeating: 0, count: settings.width * settings.height * 4)
    }

    deinit {
        if isOpen { cancel() }
    }

    /// Where `descriptor` is a pipe, asks Linux for the largest buffer an unprivileged
    /// process may set (`/proc/sys/fs/pipe-max-size`, 1 MiB by default) instead of 64 KiB:
    /// a 1080p frame then crosses in 8 hand-overs to the reader instead of 127, which
    /// matters when the reader and the renderer's threads share the cores. Anything else
    /// (a file, a terminal, a refusal) is left as it is.
    static func widenPipe(_ descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        // F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which Glibc's Swift overlay does not export.
        let setPipeSize: Int32 = 1031
        // Where 1 MiB is refused (a lower limit), 256 KiB still saves most hand-overs.
        if fcntl(descriptor, setPipeSize, Int32(1 << 20)) < 0 { _ = fcntl(descriptor, setPipeSize, Int32(1 << 18)) }
    }

    func append(_ frame: Pixmap) throws(ExportError) {
        guard isOpen, let output else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
            func write(_ pixels: [UInt8]) -> ExportError? {
                pixels.withUnsafeBytes { raw in
                    do throws(ExportError) { try output.write(raw) } catch { return error }
                    return nil
                }
            }
            let failure: ExportError?
            if frame.isOpaque {
                // Opaque premultiplied pixels are already straight alpha.
                failure = write(frame.data)
            } else {
                let linesize = settings.width * 4
                bytes.withUnsafeMutableBufferPointer { frame.writeStraightAlpha(into: $0.baseAddress!, linesize: linesize) }
                failure = write(bytes)
            }
            if let failure { throw failure }
            frameCount += 1
        } catch {
            cancel()
            throw error
        }
    }

    func finish() throws(ExportError) {
        guard isOpen, let output else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            guard frameCount > 0 else { throw ExportError.noFrames(path: path) }
            try output.close()
            try file?.commit()
        } catch {
            cancel()
            throw error
        }
        isOpen = false
        self.output = nil
    }

    func cancel() {
        guard isOpen else { return }
        isOpen = false
        output = nil
        file?.discard()
    }
}
