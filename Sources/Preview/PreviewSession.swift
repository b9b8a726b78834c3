import Foundation

/// The preview's state: the source, its last good generation, its current errors, and
/// the watch on its files.
///
/// A reload happens when any file the last load read changes on disk (the source, the
/// images it uses), seen by polling their stamps every `interval` seconds. A load that
/// fails keeps the last good generation, so the page keeps drawing it under the errors.
final class PreviewSession: @unchecked Sendable {
    let source: any PreviewSource
    let cache: FrameCache
    /// Seconds between looks at the files.
    let interval: Double

    private let lock = NSLock()
    private let name = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    private var loads = 0
    private var generation: Generation?
    private var state: (version: Int, json: [UInt8]) = (0, [])
    private var files: [String] = []
    private var stamps: [FileStamp] = []
    private var stopped = false

    /// Loads `source` once, rendering with `threads` threads.
    init(source: any PreviewSource, threads: Int, interval: Double = 0.1) {
        self.source = source
        self.interval = interval
        cache = FrameCache(threads: threads)
        reload(stampedBefore: [:])
    }

    /// The current state's version and JSON.
    var current: (version: Int, json: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    /// Starts looking at the files on a thread of its own.
    func startWatching() {
        let thread = Thread { [self] in
            while !isStopped {
                Thread.sleep(forTimeInterval: interval)
                checkFiles()
            }
        }
        thread.start()
    }

    /// Stops the watch and the renderers.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        cache.stop()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Reloads when a watched file's stamp differs from the one the last load saw.
    func checkFiles() {
        lock.lock()
        let watched = files, seen = stamps
        lock.unlock()
        let now = FileStamp.of(watched)
        guard now != seen else { return }
        reload(stampedBefore: Dictionary(zip(watched, now), uniquingKeysWith: { a, _ in a }))
    }

    /// Loads the source. Files stamped before the load keep those stamps, so that a write
    /// during the load is seen at the next look; files first read by this load are stamped after it.
    private func reload(stampedBefore before: [String: FileStamp]) {
        let load = source.load()
        let newStamps = load.files.map { before[$0] ?? FileStamp(path: $0) }
        lock.lock()
        defer { lock.unlock() }
        files = load.files
        stamps = newStamps
        var errors: [String] = []
        switch load.result {
        case .success(let document):
            loads += 1
            let fresh = Generation(token: "\(name)-\(loads)", document: document)
            generation = fresh
            cache.show(fresh)
        case .failure(let failure):
            errors = failure.messages
        }
        let title = URL(fileURLWithPath: source.path).lastPathComponent
        let page = PageState(version: state.version + 1, title: title, errors: errors, timeline: generation.map(TimelineSummary.init))
        state = (page.version, page.json())
    }
}
