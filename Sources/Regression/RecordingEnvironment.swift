import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where a golden was recorded: the machine and the libraries that can change pixels.
///
/// Rendering is our own code, but it calls the C library's math functions (whose
/// last-bit rounding differs between versions and architectures), and images are
/// encoded and decoded by FFmpeg and zlib. When a comparison fails on a machine unlike
/// the recording one, the report says so.
public struct RecordingEnvironment: Sendable, Hashable, Codable {
    /// The CPU architecture, as `uname -m` prints it.
    public var architecture: String
    /// The operating system, from `/etc/os-release` (or `uname -s`).
    public var system: String
    /// The Swift compiler the test binary was built with (major.minor).
    public var swift: String
    /// Library versions by name: the C library, libavcodec, libavformat, libavutil, libswscale, zlib.
    public var libraries: [String: String]

    /// An environment from its parts.
    public init(architecture: String, system: String, swift: String, libraries: [String: String]) {
        self.architecture = architecture
        self.system = system
        self.swift = swift
        self.libraries = libraries
    }

    /// The environment of this process.
    public static let current = RecordingEnvironment(
        architecture: machine(), system: operatingSystem(), swift: compilerVersion(), libraries: libraryVersions())

    /// How `other` differs from this environment, one phrase per difference; empty when alike.
    public func differences(from other: RecordingEnvironment) -> [String] {
        var out: [String] = []
        if architecture != other.architecture { out.append("architecture \(other.architecture), recorded on \(architecture)") }
        if system != other.system { out.append("system \(other.system), recorded on \(system)") }
        if swift != other.swift { out.append("Swift \(other.swift), recorded with \(swift)") }
        for name in Set(libraries.keys).union(other.libraries.keys).sorted() where libraries[name] != other.libraries[name] {
            out.append("\(name) \(other.libraries[name] ?? "absent"), recorded with \(libraries[name] ?? "absent")")
        }
        return out
    }

    private static func machine() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func operatingSystem() -> String {
        if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
                return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: ["\""])
            }
        }
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func compilerVersion() -> String {
        #if compiler(>=6.5)
        return "6.5 or later"
        #elseif compiler(>=6.4)
        return "6.4"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    /// The versions the loaded libraries report about themselves. The FFmpeg libraries
    /// are linked into this process through the Export module, which alone may import
    /// their headers, so their version functions (and the C library's) are looked up
    /// by name among the loaded symbols.
    private static func libraryVersions() -> [String: String] {
        var versions: [String: String] = [:]
        let process = dlopen(nil, RTLD_NOW)
        defer { if let process { dlclose(process) } }
        typealias VersionNumber = @convention(c) () -> UInt32
        typealias VersionString = @convention(c) () -> UnsafePointer<CChar>?
        for library in ["avcodec", "avformat", "avutil", "swscale"] {
            if let symbol = dlsym(process, "\(library)_version") {
                let v = unsafeBitCast(symbol, to: VersionNumber.self)()
                versions["lib\(library)"] = "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)"
            }
        }
        if let symbol = dlsym(process, "gnu_get_libc_version"), let text = unsafeBitCast(symbol, to: VersionString.self)() {
            versions["glibc"] = String(cString: text)
        }
        if let symbol = dlsym(process, "zlibVersion"), let text = unsafeBitCast(symbol, to: VersionString.self)() {
            versions["zlib"] = String(cString: text)
        }
        return versions
    }
}
