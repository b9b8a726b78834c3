import AnimateUI
import Export
import Foundation
import Timeline

// A scene written in Swift (`animate Demo.swift …`), compiled and loaded into this process.
//
// 1. The file is compiled by `swiftc` (from PATH) into a shared library against the
//    AnimateUI module interface that sits beside this executable (`Modules/`, as
//    SwiftPM lays out a build). The library does not link AnimateUI: its references to
//    AnimateUI and the modules below resolve, when it is loaded, to this executable's own
//    code (linked with --export-dynamic), so there is one copy of every type and global.
// 2. The library is cached under $XDG_CACHE_HOME/animate (else ~/.cache/animate) by a
//    hash of the file's bytes and of this executable's identity (its size and
//    modification time: any rebuild of animate is a new version), so an unchanged file
//    is compiled once. The compiler's module cache is kept there too, so that everything
//    animate writes is in one folder. It is written to a temporary name and renamed into place, so an
//    interrupted compile leaves nothing that could be loaded.
// 3. `dlopen` loads it and its `@main` entry point hands the scene over (SceneHost)
//    instead of rendering it; AnimateUI turns the scene into the document every
//    command renders.
//
// Compile errors are swiftc's own messages, which name the user's file, line and column.
enum SwiftSceneBuild {
    /// The document of the scene in the Swift file at `path`; compile and load errors
    /// become exit status 1 with the compiler's messages.
    static func document(at path: String) throws -> TimelineDocument {
        guard let source = FileManager.default.contents(atPath: path) else {
            throw CommandFailure.invalid(FileManager.default.fileExists(atPath: path) ? "\(path): cannot read the file" : "\(path): no such file")
        }
        let library = try compiledLibrary(source: source, path: path)
        let scene = try loadScene(library: library, path: path)
        do {
            return try timelineDocument(for: scene, baseDirectory: FilePath.directory(of: path))
        } catch {
            throw CommandFailure.invalid("\(path): \(error)")
        }
    }

    /// The folder holding this executable.
    static var executableDirectory: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }

    /// Where compiled scenes are kept.
    static var cacheDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/animate" }
        return (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/animate"
    }

    /// The cached library for `source`, compiled first when missing.
    static func compiledLibrary(source: Data, path: String) throws -> String {
        let modules = executableDirectory + "/Modules"
        guard FileManager.default.fileExists(atPath: modules + "/AnimateUI.swiftmodule") else {
            throw CommandFailure.invalid("\(path): cannot compile a Swift scene: no AnimateUI module beside the animate executable (looked in \(modules))")
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let attributes = (try? FileManager.default.attributesOfItem(atPath: executable)) ?? [:]
        let identity = "\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        let key = ContentHash.hex([UInt8](source) + [0] + Array(identity.utf8))
        let directory = cacheDirectory
        let library = "\(directory)/\(key).so"
        if FileManager.default.fileExists(atPath: library) { return library }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.invalid("\(path): cannot create the cache folder \(directory): \(error.localizedDescription)")
        }
        FileHandle.standardError.write(Data("compiling \(path) (kept for the next run)…\n".utf8))
        let temporary = "\(directory)/.\(key).\(ProcessInfo.processInfo.processIdentifier).so"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-parse-as-library", "-emit-library", "-module-name", "AnimateScene", "-swift-version", "5",
            "-Onone", "-I", modules, "-module-cache-path", directory + "/ModuleCache", "-Xlinker", "--allow-shlib-undefined",
            path, "-o", temporary,
        ] + cModuleFlags()
        // swiftc's messages are read as they come and passed on to standard error, and
        // their located errors kept for the failure (the preview shows them on its page).
        let messages = Pipe()
        process.standardError = messages
        do {
            try process.run()
        } catch {
            throw CommandFailure.invalid("\(path): cannot run swiftc (is Swift on PATH?): \(error.localizedDescription)")
        }
        let output = messages.fileHandleForReading.readDataToEndOfFile()
        FileHandle.standardError.write(output)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            var failure = CommandFailure.invalid("\(path): the Swift scene does not compile (swiftc's messages above)")
            failure.located = compilerErrors(String(decoding: output, as: UTF8.self))
            throw failure
        }
        do {
            try FileManager.default.moveItem(atPath: temporary, toPath: library)
        } catch {
            // Another process compiled the same file meanwhile: its library serves.
            if !FileManager.default.fileExists(atPath: library) {
                throw CommandFailure.invalid("\(path): cannot store the compiled scene in \(directory): \(error.localizedDescription)")
            }
        }
        return library
    }

    /// The error lines of swiftc's output, as it prints them: `FILE:LINE:COLUMN: error: …`
    /// (else any line that says `error:`, such as the linker's).
    static func compilerErrors(_ output: String) -> [String] {
        let lines = output.split(whereSeparator: \.isNewline).map(String.init)
        let located = lines.filter { $0.range(of: #"^.+:[0-9]+:[0-9]+: error: "#, options: .regularExpression) != nil }
        return located.isEmpty ? lines.filter { $0.contains("error:") } : located
    }

    /// The flags that let swiftc load the C modules below AnimateUI (Swift modules record
    /// them as dependencies): each system library's module map, found in the package the
    /// executable was built from (`Sources/*/module.modulemap`, up from `.build/<triple>/<config>`),
    /// and the header folders pkg-config gives for the libraries they wrap.
    static func cModuleFlags() -> [String] {
        var directory = executableDirectory
        var flags: [String] = []
        for _ in 0..<5 {
            let sources = directory + "/Sources"
            if let names = try? FileManager.default.contentsOfDirectory(atPath: sources),
                names.contains(where: { FileManager.default.fileExists(atPath: "\(sources)/\($0)/module.modulemap") }) {
                for name in names.sorted() where FileManager.default.fileExists(atPath: "\(sources)/\(name)/module.modulemap") {
                    flags += ["-Xcc", "-fmodule-map-file=\(sources)/\(name)/module.modulemap"]
                }
                break
            }
            directory = (directory as NSString).deletingLastPathComponent
        }
        let pkgConfig = Process()
        let output = Pipe()
        pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        pkgConfig.arguments = ["pkg-config", "--cflags-only-I", "freetype2", "harfbuzz", "libavformat"]
        pkgConfig.standardOutput = output
        pkgConfig.standardError = FileHandle.nullDevice
        if (try? pkgConfig.run()) != nil {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            pkgConfig.waitUntilExit()
            for include in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) where include.hasPrefix("-I") {
                flags += ["-Xcc", String(include)]
            }
        }
        return flags
    }

    /// Loads `library` and runs its `@main` entry point, which hands over its scene.
    static func loadScene(library: String, path: String) throws -> any AnimationScene {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw CommandFailure.invalid("\(path): cannot load the compiled scene: \(reason)")
        }
        guard let symbol = dlsym(handle, "main") else {
            throw CommandFailure.invalid("\(path): the file has no @main scene (mark a type conforming to AnimationScene with @main)")
        }
        typealias Main = @convention(c) (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
        let main = unsafeBitCast(symbol, to: Main.self)
        nonisolated(unsafe) var received: (any AnimationScene)?
        SceneHost.receiver = { received = $0 }
        defer { SceneHost.receiver = nil }
        _ = main(0, nil)
        guard let scene = received else {
            throw CommandFailure.invalid("\(path): the @main type is not an AnimationScene")
        }
        return scene
    }
}

/// A 128-bit content hash (two FNV-1a 64 passes with different offsets), as hex.
enum ContentHash {
    static func hex(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = (b ^ UInt64(byte ^ 0x5a)) &* 0x0000_0100_0000_01b3
        }
        func hex(_ v: UInt64) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 16 - s.count) + s
        }
        return hex(a) + hex(b)
    }
}
