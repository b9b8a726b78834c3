import Foundation
import Glibc

/// Headless Chromium driven over the DevTools protocol through a pipe
/// (`--remote-debugging-pipe`: commands in on fd 3, replies out on fd 4, each message
/// JSON ended by a NUL byte), so no WebSocket client is needed.
///
/// The browser runs in its own process group with its profile and temporary files in
/// `folder`; `close()` ends the group.
final class DevToolsBrowser {
    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var closed = false

    /// The browser's executable, or a failure saying how to install it.
    static func executable() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw BrowserError("headless Chromium is needed for the preview's page tests and is not installed: run Scripts/install-deps (it runs `apt-get install chromium`)")
    }

    /// Starts a headless browser whose profile and temporary files live in `folder`.
    init(folder: URL) throws {
        let executable = try Self.executable()
        let profile = folder.appendingPathComponent("p").path
        let temporary = folder.appendingPathComponent("t").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let arguments = [
            executable, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-crash-reporter", "--disable-breakpad", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--window-size=1000,760", "--user-data-dir=\(profile)", "about:blank",
        ]
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw BrowserError("cannot make pipes") }
        // Moved above 100, so that making fd 3 in the child cannot overwrite the end meant
        // for fd 4, and closed on exec: the browser gets its copies on fds 3 and 4 only.
        func raised(_ fd: Int32) -> Int32 {
            let high = fcntl(fd, F_DUPFD_CLOEXEC, 100)
            _ = Glibc.close(fd)
            return high
        }
        toBrowser = toBrowser.map(raised)
        fromBrowser = fromBrowser.map(raised)
        // A write after the browser has gone must fail, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        _ = Glibc.close(toBrowser[0])
        _ = Glibc.close(fromBrowser[1])
        guard status == 0 else {
            _ = Glibc.close(toBrowser[1])
            _ = Glibc.close(fromBrowser[0])
            throw BrowserError("cannot start \(executable): error \(status)")
        }
        pid = child
        commands = toBrowser[1]
        replies = fromBrowser[0]
    }

    deinit { close() }

    /// Sends a command and returns its result; events that arrive meanwhile are dropped.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw BrowserError("the browser closed its pipe (\(method))") }
            written += n
        }
        while true {
            let reply = try readMessage(timeout: 60)
            guard reply["id"] as? Int == nextID else { continue }
            if let error = reply["error"] as? [String: Any] { throw BrowserError("\(method): \(error["message"] ?? error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage(timeout: Double) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(timeout * 1000)) == 1 else { throw BrowserError("the browser did not answer within \(Int(timeout)) s") }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            guard n > 0 else { throw BrowserError("the browser closed its pipe") }
            buffer += chunk[..<n]
        }
    }

    /// Opens `url` in a new page.
    func open(_ url: String) throws -> BrowserPage {
        let target = try send("Target.createTarget", ["url": url])
        guard let id = target["targetId"] as? String else { throw BrowserError("no target for \(url)") }
        let attached = try send("Target.attachToTarget", ["targetId": id, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw BrowserError("cannot attach to \(url)") }
        return BrowserPage(browser: self, session: session)
    }

    /// Closes the browser and ends its process group.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? send("Browser.close")
        _ = Glibc.close(commands)
        _ = Glibc.close(replies)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(50_000)
        }
        kill(-pid, SIGKILL)
        _ = waitpid(pid, &status, WNOHANG)
    }
}

/// A page in the browser, addressed by its DevTools session.
struct BrowserPage {
    let browser: DevToolsBrowser
    let session: String

    /// The value of a JavaScript expression (awaited when it is a promise).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try browser.send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session)
        if let exception = result["exceptionDetails"] as? [String: Any] { throw BrowserError("\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is true; fails after `limit` seconds, describing `what` it waited for.
    /// The limit only stops a broken run: nothing is asserted about how long it took.
    func waitUntil(_ expression: String, _ what: String, limit: Double = 30) throws {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if try evaluate(expression) as? Bool == true { return }
            usleep(50_000)
        }
        throw BrowserError("the page never showed \(what) (waited for `\(expression)`)")
    }

    /// A screenshot of the page's viewport, as PNG bytes.
    func screenshot() throws -> Data {
        let result = try browser.send("Page.captureScreenshot", ["format": "png"], session: session)
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else { throw BrowserError("no screenshot") }
        return data
    }

    /// Presses and releases a key (`ArrowRight`, with its Windows key code) as a user would.
    func press(_ key: String, code: Int) throws {
        for type in ["keyDown", "keyUp"] {
            try browser.send("Input.dispatchKeyEvent", ["type": type, "key": key, "code": key, "windowsVirtualKeyCode": code], session: session)
        }
    }
}

struct BrowserError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
