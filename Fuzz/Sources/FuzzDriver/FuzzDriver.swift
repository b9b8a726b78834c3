// The entry point of every fuzz target. SwiftPM links an executable with its
// own `main` renamed from the target's entry point, which would hide
// libFuzzer's `main`; so each target has a Swift `@main` that hands the
// command line to libFuzzer's driver (`LLVMFuzzerRunDriver`, LLVM 11 and later).

#if canImport(Glibc)
import Glibc
#endif

/// One fuzzing input: the bytes libFuzzer generated. Returns 0 (other values are reserved).
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: FuzzTest
) -> CInt

/// Runs libFuzzer on `test` with the process's arguments (libFuzzer's flags and
/// corpus folders) and exits with its status: 0 when no input failed.
public func runFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// The bytes of one input as an array (empty when libFuzzer passes no buffer).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
