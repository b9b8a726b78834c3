import Export
import Foundation
import XCTest

/// The preview's server over real HTTP with curl: only its routes answer, it listens on the
/// address asked for only, and exports behave as `animate render` does.
final class PreviewHTTPTests: XCTestCase {
    var work: URL!
    var server: PreviewProcess?

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-pv-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Data(PreviewPageTests.fixture(circle: PreviewPageTests.green).utf8).write(to: work.appendingPathComponent("scene.json"))
        server = try PreviewProcess([work.appendingPathComponent("scene.json").path], in: work)
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: work)
    }

    func status(_ path: String, _ extra: [String] = []) throws -> String {
        try curl(["--path-as-is", "-o", "/dev/null", "-w", "%{http_code}"] + extra + ["http://127.0.0.1:\(server!.port)\(path)"]).output
    }

    func testPathTraversalGets404AndThePageItsFiles() throws {
        XCTAssertEqual(try status("/"), "200")
        XCTAssertEqual(try status("/page.js"), "200")
        XCTAssertEqual(try status("/page.css"), "200")
        XCTAssertEqual(try status("/state"), "200")
        for path in [
            "/../../etc/passwd", "/../../../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/frames/../../etc/passwd",
            "/frames/x/..%2f..%2fetc%2fpasswd", "/scene.json", "/..%2fscene.json", "/frames/../scene.json", "/etc/passwd",
        ] {
            XCTAssertEqual(try status(path), "404", path)
        }
    }

    func testListensOnlyOnTheRequestedAddress() throws {
        XCTAssertEqual(try curl(["-o", "/dev/null", "http://127.0.0.1:\(server!.port)/"]).status, 0)
        // 127.0.0.2 is loopback too, and every interface's address is the machine's own,
        // but none is the address bound: curl cannot connect (exit 7).
        let others = ["127.0.0.2"] + Self.interfaceAddresses().filter { $0 != "127.0.0.1" }
        for address in others {
            let host = address.contains(":") ? "[\(address)]" : address
            XCTAssertEqual(try curl(["-o", "/dev/null", "http://\(host):\(server!.port)/"]).status, 7, address)
        }
    }

    /// The IPv4 and IPv6 addresses of this machine's interfaces (link-local IPv6 left out:
    /// it needs a zone to be reached).
    static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var entry = list
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(cString: name)
            if !text.contains("%") && !text.lowercased().hasPrefix("fe80") { addresses.append(text) }
        }
        return addresses
    }

    func testRefusesAHostHeaderNamingAnotherSite() throws {
        // A rebound name (a site's own domain pointed at 127.0.0.1) arrives in Host: refused.
        for host in ["attacker.example", "attacker.example:\(server!.port)", "127.0.0.1.attacker.example", "[::1].example", ""] {
            XCTAssertEqual(try status("/state", ["-H", "Host: \(host)"]), "403", host)
        }
        // Addresses in digits, localhost and the --host value reach the page.
        for host in ["127.0.0.1:\(server!.port)", "localhost:\(server!.port)", "LOCALHOST", "[::1]:\(server!.port)", "127.0.0.1"] {
            XCTAssertEqual(try status("/state", ["-H", "Host: \(host)"]), "200", host)
        }
    }

    func testGIFAndMP4ExportsTakeTheRenderOptionsGivenAfterTheDoubleDash() throws {
        // The fixture is 2 s at 30 fps; --fps 15 after -- halves its frames in both exports.
        server?.stop()
        server = try PreviewProcess([work.appendingPathComponent("scene.json").path, "--", "--fps", "15"], in: work)
        let header = ["-H", "X-Animate-Preview: 1", "-X", "POST", "-w", "\n%{http_code}"]
        for kind in ["gif", "mp4"] {
            let reply = try curl(header + ["http://127.0.0.1:\(server!.port)/export?kind=\(kind)"])
            XCTAssertTrue(reply.output.hasSuffix("200"), reply.output)
            let frames = try MediaProbe.decodeFrames(path: work.appendingPathComponent("scene.\(kind)").path)
            XCTAssertEqual(frames.count, 30, kind)
            XCTAssertEqual(frames.first?.width, 200, kind)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted(), ["scene.gif", "scene.json", "scene.mp4"])
    }

    func testExportWritesBesideTheTimelineAndRefusesToOverwrite() throws {
        let url = "http://127.0.0.1:\(server!.port)/export?kind=png&frame=30"
        let header = ["-H", "X-Animate-Preview: 1", "-X", "POST"]
        XCTAssertEqual(try curl(["-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", url]).output, "403", "an export needs the page's header")
        let written = work.appendingPathComponent("scene-frame-30.png").path
        let first = try curl(header + [url])
        XCTAssertTrue(first.output.contains("scene-frame-30.png"), first.output)
        let frame = try XCTUnwrap(MediaProbe.decodeFrames(path: written).first)
        XCTAssertEqual(frame.width, 200)
        XCTAssertEqual(frame.height, 240)

        let again = try curl(header + ["-w", "\n%{http_code}", url])
        XCTAssertTrue(again.output.hasSuffix("409"), again.output)
        XCTAssertTrue(again.output.contains("exists; pass --overwrite to replace it"), again.output)
        XCTAssertTrue(try curl(header + ["-w", "\n%{http_code}", url + "&overwrite=1"]).output.hasSuffix("200"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted(), ["scene-frame-30.png", "scene.json"])
    }
}
