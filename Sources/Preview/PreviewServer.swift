import Dispatch
import Foundation
import Hummingbird
import Logging

/// The live page's HTTP server: the page, its state, its frames, and the exports.
///
/// Routes (anything else is 404; no route reads a path from the request, so no request
/// can reach a file by its name; a request whose `Host` is a name other than `localhost`
/// or `--host` gets 403, see `HostCheck`):
/// - `GET /`, `/page.js`, `/page.css`: the page, compiled into the binary.
/// - `GET /state?have=V`: the state as JSON (`PageState`), or 204 while it is still version V.
///   The page polls it; polling, rather than server-sent events or a WebSocket, holds no
///   connection open and needs no other library.
/// - `GET /frames/TOKEN/N`: frame N of the load named TOKEN as PNG (404 once another load replaced it).
/// - `POST /export?kind=gif|mp4|png&frame=N&overwrite=1`: writes the file beside the source.
///   The request must carry `X-Animate-Preview: 1`, which a page of another origin cannot
///   send without a CORS preflight that this server never grants.
public struct PreviewServer: Sendable {
    /// The address to listen on: `127.0.0.1` by default.
    public var host: String
    /// The port, or 0 for a free one.
    public var port: Int
    let session: PreviewSession
    let exporter: any PreviewExporter

    /// A server for `source`, rendering frames on `threads` threads; loads the source once now.
    public init(source: any PreviewSource, exporter: any PreviewExporter, host: String = "127.0.0.1", port: Int = 0, threads: Int) {
        self.host = host
        self.port = port
        session = PreviewSession(source: source, threads: threads)
        self.exporter = exporter
    }

    /// The page's address for a server listening on `port`.
    public func url(port: Int) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }

    /// Serves until the task is cancelled or the listener fails; calls `listening` with the
    /// port once the server accepts connections.
    public func run(listening: @escaping @Sendable (Int) -> Void) async throws {
        session.startWatching()
        defer { session.stop() }
        var logger = Logger(label: "animate-preview")
        logger.logLevel = .warning
        let app = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in listening(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.run()
    }

    func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        let session = self.session, exporter = self.exporter
        // Before the routes: a route takes the middleware added before it.
        router.add(middleware: HostCheck(host: host))
        router.get("/") { _, _ in Self.text(PageAssets.html, type: "text/html; charset=utf-8") }
        router.get("/page.js") { _, _ in Self.text(PageAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/page.css") { _, _ in Self.text(PageAssets.style, type: "text/css; charset=utf-8") }
        router.get("/state") { request, _ -> Response in
            let state = session.current
            if request.uri.queryParameters.get("have", as: Int.self) == state.version { return Response(status: .noContent) }
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: state.json)))
        }
        router.get("/frames/:token/:frame") { _, context -> Response in
            guard let token = context.parameters.get("token"), let frame = context.parameters.get("frame", as: Int.self),
                let png = await session.cache.png(token: token, frame: frame)
            else { return Response(status: .notFound) }
            // A token names one load's frames, so they never change.
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "max-age=86400, immutable"],
                body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.post("/export") { request, _ -> Response in
            guard request.headers.contains(where: { $0.name.canonicalName == "x-animate-preview" && $0.value == "1" }) else {
                return Response(status: .forbidden)
            }
            let query = request.uri.queryParameters
            guard let kind = query.get("kind", as: ExportKind.self) else { return Response(status: .badRequest) }
            let frame = query.get("frame", as: Int.self) ?? 0
            let overwrite = query.get("overwrite") == "1"
            let result = await Self.export(kind, frame: frame, overwrite: overwrite, with: exporter)
            switch result {
            case .success(let path): return Self.json(["path": path], status: .ok)
            case .failure(let refusal):
                return Self.json(["message": refusal.message, "exists": refusal.fileExists ? "1" : ""], status: refusal.fileExists ? .conflict : .unprocessableContent)
            }
        }
        return router
    }

    /// Exports run one at a time, off the server's threads (an encode takes seconds).
    private static let exports = DispatchQueue(label: "animate-preview.export")

    private static func export(_ kind: ExportKind, frame: Int, overwrite: Bool, with exporter: any PreviewExporter) async -> Result<String, ExportRefusal> {
        await withCheckedContinuation { continuation in
            exports.async {
                continuation.resume(returning: Result { () throws(ExportRefusal) in try exporter.export(kind, frame: frame, overwrite: overwrite) })
            }
        }
    }

    private static func text(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func json(_ object: [String: String], status: HTTPResponse.Status) -> Response {
        let data = (try? JSONEncoder().encode(object)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: [UInt8](data))))
    }
}
