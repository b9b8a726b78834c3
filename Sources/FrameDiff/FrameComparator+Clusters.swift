// Clusters of differing pixels.
//
// Scattered specks and a solid blob can hold the same number of differing
// pixels; only the blob is a change anyone sees. Differing pixels are grouped
// into 8-connected components by flood fill with an explicit stack (reused
// between frames); a visited pixel is marked in the class map's high bit,
// which is cleared again before returning. Each pixel is pushed at most once,
// so the work is linear in the number of differing pixels plus their
// neighbourhoods.

extension FrameComparator {
    /// Counts the clusters of differing pixels in `classes` and records the largest.
    func findClusters(in classes: inout [UInt8], width: Int, height: Int, difference: inout FrameDifference) {
        guard difference.differingPixels > 0, let bounds = difference.differingBounds else { return }
        let differing = PixelClass.differing.rawValue
        let visited: UInt8 = 0x80
        var largest = 0
        var largestBounds: PixelBounds?
        var clusters = 0
        stack.reserveCapacity(difference.differingPixels)
        classes.withUnsafeMutableBufferPointer { map in
            for y in bounds.y..<(bounds.y + bounds.height) {
                for x in bounds.x..<(bounds.x + bounds.width) where map[y * width + x] == differing {
                    clusters += 1
                    var size = 0
                    var clusterBounds = PixelBounds(x: x, y: y)
                    stack.removeAll(keepingCapacity: true)
                    map[y * width + x] |= visited
                    stack.append(Int32(y * width + x))
                    while let top = stack.popLast() {
                        let i = Int(top)
                        let px = i % width, py = i / width
                        size += 1
                        clusterBounds = clusterBounds.including(x: px, y: py)
                        for ny in max(py - 1, 0)...min(py + 1, height - 1) {
                            for nx in max(px - 1, 0)...min(px + 1, width - 1) where map[ny * width + nx] == differing {
                                map[ny * width + nx] |= visited
                                stack.append(Int32(ny * width + nx))
                            }
                        }
                    }
                    if size > largest {
                        largest = size
                        largestBounds = clusterBounds
                    }
                }
            }
            for y in bounds.y..<(bounds.y + bounds.height) {
                for x in bounds.x..<(bounds.x + bounds.width) { map[y * width + x] &= ~visited }
            }
        }
        difference.clusterCount = clusters
        difference.largestCluster = largest
        difference.largestClusterBounds = largestBounds
    }
}
