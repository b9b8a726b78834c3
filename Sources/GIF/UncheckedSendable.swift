/// A value handed to another thread by code that keeps the threads' work apart.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
