#if canImport(Glibc)
import Glibc
#endif

/// An append-only byte stream to a file descriptor, buffered in 1 MiB blocks.
///
/// Writes are retried after `EINTR` and short writes; errors name `path`. The descriptor
/// is closed by `close()` or on deinit, except standard output, which stays open.
final class FileOutput {
    private var descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private let ownsDescriptor: Bool
    /// Bytes written so far, buffered ones included.
    private(set) var byteCount = 0

    /// Creates (or truncates) `file`; errors name `path`.
    init(creating file: String, path: String) throws(ExportError) {
        descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .fileSystem("creating the output file", path: path) }
        self.path = path
        ownsDescriptor = true
        buffer.reserveCapacity(1 << 20)
    }

    /// Standard output, labelled `path` in errors.
    init(standardOutputLabelled path: String) {
        descriptor = STDOUT_FILENO
        self.path = path
        ownsDescriptor = false
        buffer.reserveCapacity(1 << 20)
    }

    deinit {
        if ownsDescriptor, descriptor >= 0 { Glibc.close(descriptor) }
    }

    func write(_ bytes: [UInt8]) throws(ExportError) {
        byteCount += bytes.count
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { try flush() }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        byteCount += bytes.count
        if buffer.count + bytes.count > 1 << 20 { try flush() }
        if bytes.count >= 1 << 20 {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes the buffered bytes out.
    func flush() throws(ExportError) {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        let failure: ExportError? = pending.withUnsafeBytes { bytes in
            do throws(ExportError) { try writeAll(bytes) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Flushes and closes the descriptor.
    func close() throws(ExportError) {
        try flush()
        if ownsDescriptor, descriptor >= 0 {
            let result = Glibc.close(descriptor)
            descriptor = -1
            guard result == 0 else { throw .fileSystem("closing the output file", path: path) }
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .fileSystem("writing", path: path)
            }
            offset += written
        }
    }
}
