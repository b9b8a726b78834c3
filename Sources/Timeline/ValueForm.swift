/// The form a value takes in a timeline file: what the loader reads at a key and
/// what the JSON Schema says of it, written once in `FormatTables`.
indirect enum ValueForm: Sendable {
    /// A JSON number.
    case number
    /// A whole number.
    case integer
    /// A number, or a string starting with `=` holding an expression.
    case expression
    /// An expression, or `"infinity"`.
    case dimension
    case string
    case bool
    /// JSON's `null`.
    case null
    /// A colour: a string, or `{ "color", "opacity" }`.
    case color
    /// A paint: a colour, a material or paint name, `"=param"`, a gradient, `{ "select", "from" }`.
    case paint
    /// A view.
    case view
    /// One of these strings.
    case keyword([String])
    /// An object with exactly these keys (none required unless marked).
    case object([Key])
    /// An object with any keys, each holding a value of one form.
    case dictionary(ValueForm)
    /// An array of values of one form.
    case array(ValueForm)
    /// An array of exactly these forms in order.
    case tuple([ValueForm])
    /// Any one of these forms.
    case anyOf([ValueForm])
    /// Anything the loader checks itself.
    case any

    /// One key of an object form.
    struct Key: Sendable {
        var name: String
        var form: ValueForm
        var required = false
    }

    /// The keys of the object form, or of the first object among the alternatives.
    var keys: [String] {
        switch self {
        case .object(let keys): return keys.map(\.name)
        case .anyOf(let forms):
            for form in forms { if case .object(let keys) = form { return keys.map(\.name) } }
            return []
        default: return []
        }
    }
}

/// `Key(name, form)`: an optional key; `Key(name, form, required: true)`.
func key(_ name: String, _ form: ValueForm, required: Bool = false) -> ValueForm.Key {
    ValueForm.Key(name: name, form: form, required: required)
}
