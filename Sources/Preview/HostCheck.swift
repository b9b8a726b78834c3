import Hummingbird

/// Refuses a request whose `Host` names neither an address nor `localhost` nor the
/// host the server was asked to listen on (403).
///
/// A page on another site can point its own domain name at 127.0.0.1 once the
/// browser has loaded it ("DNS rebinding") and then read this server as its own
/// origin; its requests still carry that domain name in `Host`. An address written
/// as digits (or `[v6]`) cannot be rebound, so any such `Host` passes, and so does the
/// name the author gave with `--host`.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    /// The `--host` value, lowercased.
    let host: String

    init(host: String) { self.host = host.lowercased() }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, allows(authority) else { return Response(status: .forbidden) }
        return try await next(request, context)
    }

    /// Whether `authority` (`name`, `name:port`, `[v6]` or `[v6]:port`) may reach the server.
    func allows(_ authority: String) -> Bool {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            let address = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            return address.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } && (rest.isEmpty || rest.hasPrefix(":") && rest.dropFirst().allSatisfy { ("0"..."9").contains($0) })
        }
        let lowered = (authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").lowercased()
        if lowered == "localhost" || lowered == host { return true }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { ("0"..."9").contains($0) } }
    }
}
