import Geometry

// Preferences: values that views hand up to their ancestors (SwiftUI's `PreferenceKey`).
//
// A view's value for a key is worked out when an ancestor asks for it (a
// `backgroundPreferenceValue` or `overlayPreferenceValue` being drawn), by walking the
// view's content laid out as `draw` lays it out, so that the frames a `GeometryReader`
// inside reports are those it is drawn at. Along the walk:
//   - a view that sets the key (`preference`) hands up its value, replacing its content's;
//   - `transformPreference` changes its content's value (the default when none is set);
//   - any other view hands up the values of its children, reduced in the order of the
//     view tree (a stack's children in the order written, whatever their zIndex; a
//     modified view's content before its background or overlay), or nothing when none
//     sets the key, so an unset subtree never enters `reduce`;
//   - a `GeometryReader`'s content is made for its frame and walked;
//   - masks and clip shapes hand up nothing (they are not views of the tree).
// Nothing is drawn. Only the key asked for is reduced, so a key nobody reads costs
// nothing (and a `reduce` that traps on values it should never meet is not called).

extension Drawing {
    /// The value of `preference` that `view`, laid out at `origin` offered `proposal`,
    /// hands up; nil when nothing in it sets the key.
    func preference(_ preference: Preference, of view: View, proposal: ProposedSize, at origin: Point) -> Any? {
        switch view {
        case .empty, .spacer, .shape, .text, .image:
            return nil
        case .stack(let stack):
            let layout = stack.layout(proposal, context)
            var values: [Any] = []
            for (child, frame) in zip(stack.children, layout.frames) {
                let at = Point(x: origin.x + frame.minX, y: origin.y + frame.minY)
                if let value = self.preference(preference, of: child, proposal: ProposedSize(frame.size), at: at) { values.append(value) }
            }
            return reduced(values, preference)
        case .scrollView(let scroll):
            let contentSize = scroll.contentSize(proposal, context)
            let offset = scroll.offset.evaluate(in: context)
            let contentOrigin = scroll.axis == .horizontal
                ? Point(x: origin.x + offset, y: origin.y) : Point(x: origin.x, y: origin.y + offset)
            var inner = self
            inner.spaceOrigin = origin
            return inner.preference(preference, of: scroll.content, proposal: ProposedSize(contentSize), at: contentOrigin)
        case .conditional(let condition, let content):
            return condition.evaluate(in: context) != 0 ? self.preference(preference, of: content, proposal: proposal, at: origin) : nil
        case .geometryReader(let reader):
            let size = view.sizeThatFits(proposal, context)
            let content = reader.content(geometry(of: Rect(origin: origin, size: size)))
            return self.preference(preference, of: content, proposal: ProposedSize(size), at: origin)
        case .modified(let content, let modifier):
            return self.preference(preference, of: view, content, modifier, proposal: proposal, at: origin)
        }
    }

    /// The value of `preference` that `content` with `modifier` applied (`view`) hands up.
    private func preference(
        _ preference: Preference, of view: View, _ content: View, _ modifier: Modifier, proposal: ProposedSize, at origin: Point
    ) -> Any? {
        func inner(_ drawing: Drawing = self, proposal: ProposedSize = proposal, at origin: Point = origin) -> Any? {
            drawing.preference(preference, of: content, proposal: proposal, at: origin)
        }
        switch modifier {
        case .preference(let set):
            return set.preference.id == preference.id ? set.value : inner()
        case .transformPreference(let change):
            guard change.preference.id == preference.id else { return inner() }
            var value = inner() ?? preference.defaultValue
            change.transform(&value)
            return value
        case .frame(let spec):
            let layout = spec.layout(content: content, proposal, context)
            return inner(proposal: ProposedSize(layout.child.size), at: Point(x: origin.x + layout.child.minX, y: origin.y + layout.child.minY))
        case .padding(let top, let leading, let bottom, let trailing):
            let size = view.sizeThatFits(proposal, context)
            let t = top.evaluate(in: context), l = leading.evaluate(in: context)
            let b = bottom.evaluate(in: context), r = trailing.evaluate(in: context)
            let proposal = ProposedSize(width: max(size.width - l - r, 0), height: max(size.height - t - b, 0))
            return inner(proposal: proposal, at: Point(x: origin.x + l, y: origin.y + t))
        case .fixedSize(let horizontal, let vertical):
            let size = content.sizeThatFits(
                ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height), context)
            return inner(proposal: ProposedSize(size))
        case .aspectRatio(let ratio, let fill):
            return inner(proposal: AspectRatio.proposal(for: content, ratio: ratio, fill: fill, proposal, context))
        case .position(let x, let y):
            let size = content.sizeThatFits(proposal, context)
            var space = self
            space.measure(view, proposal: proposal, at: origin)
            let px = x.evaluate(in: space.context), py = y.evaluate(in: space.context)
            return inner(proposal: ProposedSize(size), at: Point(x: origin.x + px - size.width / 2, y: origin.y + py - size.height / 2))
        case .bind(let slot, let value):
            var bound = self
            bound.context = context.binding(slot, to: value)
            return inner(bound)
        case .coordinateSpace(let name):
            var named = self
            named.spaces[name] = Rect(origin: origin, size: content.sizeThatFits(proposal, context))
            named.spaceOrigin = origin
            return inner(named)
        case .background(let secondary, let alignment), .overlay(let secondary, let alignment):
            return reduced([inner(), self.preference(preference, ofSecondary: secondary, content, alignment, proposal: proposal, at: origin)].compactMap { $0 }, preference)
        case .backgroundPreferenceValue(let reader), .overlayPreferenceValue(let reader):
            let value = inner()
            let made = reader.content((reader.preference.id == preference.id ? value : nil) ?? self.preference(reader.preference, of: content, proposal: proposal, at: origin) ?? reader.preference.defaultValue)
            return reduced([value, self.preference(preference, ofSecondary: made, content, reader.alignment, proposal: proposal, at: origin)].compactMap { $0 }, preference)
        case .offset, .opacity, .scaleEffect, .rotationEffect, .transformEffect, .zIndex, .foregroundStyle, .clipShape, .mask, .blendMode,
            .shadow, .blur, .compositingGroup, .visualEffect:
            // Effects move the drawing, not the layout the frames are taken from.
            return inner()
        }
    }

    /// The value a background or overlay `secondary` of `content` hands up, placed as `draw` places it.
    private func preference(
        _ preference: Preference, ofSecondary secondary: View, _ content: View, _ alignment: Alignment, proposal: ProposedSize, at origin: Point
    ) -> Any? {
        let size = content.sizeThatFits(proposal, context)
        let other = secondary.sizeThatFits(ProposedSize(size), context)
        let at = Point(x: origin.x + (size.width - other.width) * alignment.x, y: origin.y + (size.height - other.height) * alignment.y)
        return self.preference(preference, of: secondary, proposal: ProposedSize(size), at: at)
    }

    /// Values in tree order reduced into one: the first, combined with each next; nil for none.
    private func reduced(_ values: [Any], _ preference: Preference) -> Any? {
        guard var value = values.first else { return nil }
        for next in values.dropFirst() { preference.reduce(&value, next) }
        return value
    }
}
