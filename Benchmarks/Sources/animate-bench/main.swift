import Foundation
import Raster
import Timeline

// animate-bench: our renderer against Blend2D and cairo on the same scenes, in one
// run, alternating, one thread each; then the demos at 1080p and end-to-end export.
// Figures are medians of milliseconds per frame; ratios are ours ÷ theirs (below 1
// means faster), the median of each round's ratio of medians: the engines take turns
// within a round, so a ratio compares times taken moments apart, whatever the machine's
// load does over the run. Run from the repository root:
//   swift run -c release --package-path Benchmarks animate-bench
// Environment: BENCH_ROUNDS (default 9); BENCH_ONLY=ours and BENCH_SCENE (below) for
// profiling, e.g. under `valgrind --tool=callgrind` or `perf record`; BENCH_DEMO=<part
// of a file name> keeps the matching demos; BENCH_PIPELINE=0 skips the command-line
// measurements (whole pipeline against Blend2D and ffmpeg, GIF against FFmpeg's
// recipe, memory against length), which take a few minutes. This package
// keeps its own build of the renderer: after adding or removing source files there,
// delete Benchmarks/.build/release.yaml and Benchmarks/.build/release/description.json
// so that SwiftPM lists the files again.

// The allocator policy the command line runs with (frame buffers reused, not refaulted).
FrameMemory.reuseFreedBuffers()
let rounds = Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 9
let perRound = 3
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
// BENCH_WORK=DIR keeps the generated scenes, timelines and outputs there.
let keptWork = ProcessInfo.processInfo.environment["BENCH_WORK"].map { URL(fileURLWithPath: $0) }
let work = keptWork ?? FileManager.default.temporaryDirectory.appendingPathComponent("animate-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
/// Removes the work folder (unless kept) and ends the run.
func finish() -> Never {
    if keptWork == nil { try? FileManager.default.removeItem(at: work) }
    exit(0)
}
/// Reports why the run cannot go on, removes the work folder (unless kept) and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("animate-bench: \(message)\n".utf8))
    if keptWork == nil { try? FileManager.default.removeItem(at: work) }
    exit(1)
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func f(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

/// The reference renderers, kept running so that their start-up is not measured.
final class Reference {
    let process = Process()
    let input = Pipe(), output = Pipe()
    var buffer = Data()

    init(script: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func time(_ engine: String, scene: URL, iterations: Int) throws -> [Double] {
        input.fileHandleForWriting.write(Data("\(engine) \(scene.path) \(iterations)\n".utf8))
        while !buffer.contains(10) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { fail("reference.py stopped (are blend2d-python and pycairo installed? Scripts/install-bench-deps installs them)") }
            buffer.append(chunk)
        }
        let newline = buffer.firstIndex(of: 10)!
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line.split(separator: " ").compactMap { Double($0) }
    }

    func close() {
        input.fileHandleForWriting.closeFile()
        process.waitUntilExit()
    }
}

// BENCH_ONLY=ours times our renderer alone (no reference, no demos), for profiling;
// BENCH_SCENE=<part of a name> keeps the matching scenes.
let environment = ProcessInfo.processInfo.environment
let sceneFilter = environment["BENCH_SCENE"].map { $0.lowercased() }
let scenes = BenchScene.all().filter { scene in sceneFilter.map { scene.name.lowercased().contains($0) } ?? true }
if environment["BENCH_ONLY"] == "ours" {
    print("| scene | animate ms |")
    print("| --- | ---: |")
    for scene in scenes {
        _ = scene.render()
        var times: [Double] = []
        for _ in 0..<(rounds * perRound) {
            let start = ContinuousClock.now
            withExtendedLifetime(scene.render()) {}
            let d = ContinuousClock.now - start
            times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
        }
        print("| \(scene.name) | \(f(median(times))) |")
    }
    finish()
}

/// The processor, from /proc/cpuinfo: its model, how many the system has, and the widest
/// vector instructions it offers (the reference renderers pick their code by them at run
/// time), since the ratios depend on the machine.
func processor() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown processor" }
    func field(_ name: String) -> String? {
        info.split(separator: "\n").first { $0.hasPrefix(name) }.flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let flags = Set((field("flags") ?? "").split(separator: " ").map(String.init))
    let vectors = flags.contains("avx512f") ? "AVX-512" : flags.contains("avx2") ? "AVX2" : flags.contains("avx") ? "AVX" : "SSE"
    let count = info.split(separator: "\n").filter { $0.hasPrefix("processor") }.count
    return "\(field("model name") ?? "unknown processor"), \(count) CPUs, \(vectors)"
}

// glibc's affinity calls, which its Swift module leaves out (GNU extensions), looked up
// by name; a mask is `cpu_set_t`'s 1,024 bits.
typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
typealias CurrentProcessorCall = @convention(c) () -> Int32
func libc<T>(_ name: String, as type: T.Type) -> T? {
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
}

/// This process's processors, as a mask (`sched_getaffinity`).
func processorMask() -> [UInt8]? {
    var mask = [UInt8](repeating: 0, count: 128)
    guard let call = libc("sched_getaffinity", as: AffinityCall.self),
        mask.withUnsafeMutableBytes({ call(0, 128, $0.baseAddress!) }) == 0
    else { return nil }
    return mask
}

/// Keeps this process, and the processes it starts from now on, to the processors in `mask`.
func keep(to mask: [UInt8]) {
    var mask = mask
    guard let call = libc("sched_setaffinity", as: AffinityCall.self) else { return }
    _ = mask.withUnsafeMutableBytes { call(0, 128, $0.baseAddress!) }
}

/// The processor this process runs on now, and a mask of it alone.
func currentProcessor() -> (number: Int, mask: [UInt8])? {
    guard let call = libc("sched_getcpu", as: CurrentProcessorCall.self) else { return nil }
    let cpu = Int(call())
    guard cpu >= 0 && cpu < 1024 else { return nil }
    var mask = [UInt8](repeating: 0, count: 128)
    mask[cpu / 8] = UInt8(1 << (cpu % 8))
    return (cpu, mask)
}

// The engines take turns on one processor (the reference process inherits the mask): on a
// shared machine another tenant's load may slow one processor and not the other, and with
// each engine on its own processor that load would fall on one engine only. The pipeline
// and export measurements below run on every processor again.
let allProcessors = processorMask()
let scenesProcessor = allProcessors == nil ? nil : currentProcessor()
if let scenesProcessor { keep(to: scenesProcessor.mask) }
print("animate-bench: \(rounds) rounds × \(perRound) frames per engine and scene (after one untimed frame), 1920×1080, one thread")
print("machine: \(processor())" + (scenesProcessor.map { "; the scenes' engines take turns on processor \($0.number)" } ?? "") + "\n")
let reference = try Reference(script: root.appendingPathComponent("Benchmarks/reference.py"))
var samples: [String: (ours: [Double], blend2d: [Double], cairo: [Double])] = [:]
// Each round's ratios: ours ÷ Blend2D's and ours ÷ cairo's medians.
var roundRatios: [String: (blend2d: [Double], cairo: [Double])] = [:]
var files: [String: URL] = [:]
for scene in scenes {
    let url = work.appendingPathComponent("\(files.count).json")
    try scene.json().write(to: url, atomically: true, encoding: .utf8)
    files[scene.name] = url
    samples[scene.name] = ([], [], [])
    roundRatios[scene.name] = ([], [])
    _ = scene.render()  // warm up
}
for _ in 0..<rounds {
    for scene in scenes {
        var ours: [Double] = []
        // Each engine's turn starts with a frame it does not time (reference.py does the
        // same): after the other engines' turns the first frames run slower for all of them
        // (caches, the processor's clock), and that cost belongs to no engine.
        withExtendedLifetime(scene.render()) {}
        for _ in 0..<perRound {
            let start = ContinuousClock.now
            withExtendedLifetime(scene.render()) {}
            let d = ContinuousClock.now - start
            ours.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
        }
        let blend2d = try reference.time("blend2d", scene: files[scene.name]!, iterations: perRound)
        let cairo = try reference.time("cairo", scene: files[scene.name]!, iterations: perRound)
        samples[scene.name]!.ours += ours
        samples[scene.name]!.blend2d += blend2d
        samples[scene.name]!.cairo += cairo
        roundRatios[scene.name]!.blend2d.append(median(ours) / median(blend2d))
        roundRatios[scene.name]!.cairo.append(median(ours) / median(cairo))
    }
}
reference.close()
if let allProcessors { keep(to: allProcessors) }

// Each ratio is followed by the lowest and highest of the rounds' ratios: how much the
// machine moved it.
print("| scene | animate ms | Blend2D ms | cairo ms | ÷ Blend2D (rounds) | ÷ cairo (rounds) |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
func ratio(_ xs: [Double]) -> String { "\(f(median(xs))) (\(f(xs.min() ?? .nan))–\(f(xs.max() ?? .nan)))" }
for scene in scenes {
    let s = samples[scene.name]!
    let r = roundRatios[scene.name]!
    print("| \(scene.name) | \(f(median(s.ours))) | \(f(median(s.blend2d))) | \(f(median(s.cairo))) | \(ratio(r.blend2d)) | \(ratio(r.cairo)) |")
}

// The demos at 1080p (the canvas scaled to 1,080 pixels tall): our render time per frame.
print("\n| demo at 1080p | size | animate ms per frame |")
print("| --- | --- | ---: |")
// BENCH_TIMELINES=DIR takes the demos from DIR instead (Benchmarks/Timelines holds scenes
// measured on their own, such as shape-operations.json).
let timelines = environment["BENCH_TIMELINES"].map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("Timelines")
let demoFilter = environment["BENCH_DEMO"]
for name in try FileManager.default.contentsOfDirectory(atPath: timelines.path).filter({ $0.hasSuffix(".json") }).sorted()
where demoFilter.map({ name.contains($0) }) ?? true {
    var loader = TimelineLoader()
    loader.baseDirectory = timelines.path
    loader.imageReader = { _ in Pixmap(width: 70, height: 70, fill: PremultipliedRGBA8(r: 90, g: 120, b: 200, a: 255)) }
    var document = try loader.load([UInt8](try Data(contentsOf: timelines.appendingPathComponent(name))))
    document.scene.scale = 1080 / document.scene.size.height
    let count = document.frameCount
    var times: [Double] = []
    // As the command renders them: in order, on one renderer (its buffers, unchanging layouts
    // and layers kept), but each drawn: a held frame would be the last picture again, which
    // measures nothing (`clipping` holds all its frames).
    document.scene.readsTime = true
    let renderer = document.makeRenderer()
    for k in 0..<min(count, 12) {
        let n = k * count / min(count, 12)
        let start = ContinuousClock.now
        withExtendedLifetime(document.render(frame: n, with: renderer)) {}
        let d = ContinuousClock.now - start
        times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
    }
    print("| \(name) | \(document.scene.pixelWidth)×\(document.scene.pixelHeight) | \(f(median(times))) |")
}

// The whole pipeline through the command line: wall time and peak memory of runs
// spawned and reaped here. Peak memory is the spawned process's own high-water mark
// (`VmHWM` in /proc), read until it exits: `wait4`'s `ru_maxrss` would start from this
// process's, whose scenes and frames take more than a small render does. (For a shell
// pipeline, that is the shell's.)
func spawn(_ arguments: [String]) throws -> (seconds: Double, peakMiB: Double) {
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let start = ContinuousClock.now
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], nil, nil, &argv, environ) == 0 else {
        fail("cannot start \(arguments[0])")
    }
    var status: Int32 = 0
    var peakKiB = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
            peakKiB = max(peakKiB, kib)
        }
        usleep(2_000)
    }
    let d = ContinuousClock.now - start
    guard status == 0 else {
        fail("failed (status \(status)): \(arguments.joined(separator: " "))")
    }
    return (Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18, Double(peakKiB) / 1024)
}

func shell(_ command: String) throws -> (seconds: Double, peakMiB: Double) {
    try spawn(["/bin/sh", "-c", command])
}

let binary = root.appendingPathComponent(".build/release/animate")
if environment["BENCH_PIPELINE"] == "0" { finish() }
guard FileManager.default.isExecutableFile(atPath: binary.path) else {
    print("\n(the pipeline measurements need the command: build it first with `swift build -c release`)")
    finish()
}
let animate = binary.path
let pipeline = PipelineScene()
let pipelineTimeline = work.appendingPathComponent("pipeline.json")
let pipelineShapes = work.appendingPathComponent("pipeline-shapes.json")
try pipeline.timeline().write(to: pipelineTimeline, atomically: true, encoding: .utf8)
try pipeline.referenceJSON().write(to: pipelineShapes, atomically: true, encoding: .utf8)
let referenceFrames = "python3 \(root.appendingPathComponent("Benchmarks/reference-frames.py").path) \(pipelineShapes.path)"
let x264 = "-c:v libx264 -preset medium -crf 18 -tune animation -threads 4 -pix_fmt yuv420p"

print("\n| pipeline: \(pipeline.frames) frames of \(pipeline.shapes.count) translucent shapes moving, \(pipeline.width)×\(pipeline.height) | seconds | frames/s | ÷ reference |")
print("| --- | ---: | ---: | ---: |")
func row(_ name: String, _ seconds: Double, _ reference: Double?) {
    let ratio = reference.map { f(seconds / $0) } ?? ""
    print("| \(name) | \(f(seconds)) | \(f(Double(pipeline.frames) / seconds, 1)) | \(ratio) |")
}
let blend2dRaw = try shell("\(referenceFrames) | cat > /dev/null").seconds
row("Blend2D from Python, raw frames to a pipe (reference)", blend2dRaw, nil)
let oursRaw = try shell("\(animate) \(pipelineTimeline.path) --format rgba -o - --quiet | cat > /dev/null").seconds
row("animate --format rgba -o - (default threads)", oursRaw, blend2dRaw)
let oursRawOne = try shell("\(animate) \(pipelineTimeline.path) --format rgba -o - --threads 1 --quiet | cat > /dev/null").seconds
row("animate --format rgba -o - --threads 1", oursRawOne, blend2dRaw)
let oursRawTwo = try shell("\(animate) \(pipelineTimeline.path) --format rgba -o - --threads 2 --quiet | cat > /dev/null").seconds
row("animate --format rgba -o - --threads 2", oursRawTwo, blend2dRaw)
let blend2dMP4 = try shell("\(referenceFrames) | ffmpeg -v error -y -f rawvideo -pix_fmt rgba -s \(pipeline.width)x\(pipeline.height) -r \(pipeline.fps) -i - \(x264) \(work.path)/reference.mp4").seconds
row("Blend2D frames piped into ffmpeg, MP4 (reference)", blend2dMP4, nil)
let oursMP4 = try shell("\(animate) \(pipelineTimeline.path) -o \(work.path)/ours.mp4 --quiet --overwrite").seconds
row("animate -o out.mp4", oursMP4, blend2dMP4)
print("\nTwo threads against one (raw frames to the pipe): \(f(oursRawOne / oursRawTwo))× the frames per second.")

// Rendering alone, in this process: the pipeline's frames on one thread, then
// split between two (each thread renders every other frame), alternating, medians of 7.
do {
    let document = try TimelineLoader().load([UInt8](try Data(contentsOf: pipelineTimeline)))
    let frames = pipeline.frames
    func renderAll(threads: Int) -> Double {
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            let renderer = document.makeRenderer()
            for n in stride(from: t, to: frames, by: threads) { withExtendedLifetime(document.render(frame: n, with: renderer)) {} }
        }
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
    var one: [Double] = [], two: [Double] = []
    for _ in 0..<7 {
        one.append(renderAll(threads: 1))
        two.append(renderAll(threads: 2))
    }
    print("Two threads against one (rendering only, \(frames) frames, no output): \(f(median(one) / median(two)))× the frames per second "
        + "(\(f(Double(frames) / median(one), 1)) and \(f(Double(frames) / median(two), 1)) frames/s).")
}

// The seed demos as GIFs (and clip-shape at scale 2): ours, rendering included, against
// FFmpeg's two-pass recipe on PNG frames rendered beforehand (their rendering is not
// counted); medians of three runs, alternating. `animate --fast` sends each frame as mapped,
// without the search for smaller codes.
print("\n| GIF of a seed demo | size | frames | recipe s | animate s | ÷ recipe | animate --fast s | ÷ recipe |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
let gifDemos = try FileManager.default.contentsOfDirectory(atPath: timelines.path)
    .filter { name in name.hasSuffix(".json") && (demoFilter.map { name.contains($0) } ?? true) }.sorted()
for (name, scale) in gifDemos.map({ ($0, 1) }) + (gifDemos.contains("clip-shape.json") ? [("clip-shape.json", 2)] : []) {
    let demo = timelines.appendingPathComponent(name).path
    let pngs = work.appendingPathComponent("frames-\(scale)-\(name)")
    _ = try spawn([animate, demo, "--scale", "\(scale)", "-o", pngs.path + "/", "--quiet", "--overwrite"])
    let count = try FileManager.default.contentsOfDirectory(atPath: pngs.path).count
    // The frame size, from the first PNG's header (IHDR: width and height, big-endian, at byte 16).
    let header = [UInt8](try Data(contentsOf: pngs.appendingPathComponent("0000.png")).prefix(24))
    func be32(_ k: Int) -> Int { header[k..<k + 4].reduce(0) { $0 << 8 | Int($1) } }
    let size = (width: be32(16), height: be32(20))
    var recipe: [Double] = [], ours: [Double] = [], fast: [Double] = []
    for _ in 0..<3 {
        recipe.append(try shell("ffmpeg -v error -y -i \(pngs.path)/%04d.png -vf palettegen=stats_mode=full \(work.path)/palette.png && "
            + "ffmpeg -v error -y -i \(pngs.path)/%04d.png -i \(work.path)/palette.png -lavfi paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle \(work.path)/recipe.gif").seconds)
        ours.append(try spawn([animate, demo, "--scale", "\(scale)", "-o", work.path + "/ours.gif", "--quiet", "--overwrite"]).seconds)
        fast.append(try spawn([animate, demo, "--scale", "\(scale)", "-o", work.path + "/fast.gif", "--quiet", "--overwrite", "--fast"]).seconds)
    }
    let label = scale == 1 ? name : "\(name) at scale \(scale)"
    let (r, o, q) = (median(recipe), median(ours), median(fast))
    print("| \(label) | \(size.width)×\(size.height) | \(count) | \(f(r)) | \(f(o)) | \(f(o / r)) | \(f(q)) | \(f(q / r)) |")
}

// Memory against length: the pipeline scene at a quarter of its size, 300 and 3,000 frames.
print("\n| peak memory, pipeline scene at --scale 0.25 (480×270) | 300 frames MiB | 3,000 frames MiB | ratio |")
print("| --- | ---: | ---: | ---: |")
let long = PipelineScene(frames: 3000)
let longTimeline = work.appendingPathComponent("pipeline-long.json")
try long.timeline().write(to: longTimeline, atomically: true, encoding: .utf8)
for ext in ["mp4", "gif"] {
    let short = try spawn([animate, pipelineTimeline.path, "--scale", "0.25", "-o", "\(work.path)/short.\(ext)", "--quiet", "--overwrite"]).peakMiB
    let longer = try spawn([animate, longTimeline.path, "--scale", "0.25", "-o", "\(work.path)/long.\(ext)", "--quiet", "--overwrite"]).peakMiB
    print("| \(ext) | \(f(short, 1)) | \(f(longer, 1)) | \(f(longer / short, 3)) |")
}
finish()
