import Export
import Foundation
import Raster
import XCTest

final class AtomicOutputTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    private let settings = EncoderSettings(width: 32, height: 24, fps: 30)
    private func frame(_ index: Int) -> Pixmap { SyntheticFrames.movingSquare(width: 32, height: 24, index: index, count: 4) }

    func testTargetAppearsOnlyOnFinish() throws {
        for (name, format) in [("a.mp4", OutputFormat.mp4), ("a.gif", .gif)] {
            let path = scratch.file(name)
            let sink = try makeFrameSink(path: path, format: format, settings: settings)
            for i in 0..<4 { try sink.append(frame(i)) }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), name)
            let during = try scratch.contents()
            XCTAssertEqual(during.count, 1, "one temporary while encoding: \(during)")
            XCTAssertTrue(during.first?.hasPrefix(".\(name).partial-") ?? false, "\(during)")
            try sink.finish()
            XCTAssertEqual(try scratch.contents(), [name])
            XCTAssertThrowsError(try sink.append(frame(0))) { error in
                XCTAssertEqual(error as? ExportError, .sinkClosed(path: path))
            }
            try FileManager.default.removeItem(atPath: path)
        }
    }

    func testCancelLeavesNoFile() throws {
        for (name, format) in [("c.mp4", OutputFormat.mp4), ("c.gif", .gif), ("c.png", .png)] {
            let sink = try makeFrameSink(path: scratch.file(name), format: format, settings: settings)
            try sink.append(frame(0))
            sink.cancel()
            sink.cancel()
            XCTAssertEqual(try scratch.contents(), [], name)
        }
        // A fast GIF compresses a frame on another thread while the next is mapped: cancelled
        // then, it waits for that frame and leaves no file.
        var fast = settings
        fast.fastGIF = true
        for count in 1...4 {
            let sink = try makeFrameSink(path: scratch.file("fast.gif"), format: .gif, settings: fast)
            for n in 0..<count { try sink.append(frame(n)) }
            sink.cancel()
            XCTAssertEqual(try scratch.contents(), [], "\(count) frames")
        }
    }

    func testReleasingAnUnfinishedSinkLeavesNoFile() throws {
        do {
            let sink = try makeFrameSink(path: scratch.file("dropped.mp4"), format: .mp4, settings: settings)
            try sink.append(frame(0))
        }
        XCTAssertEqual(try scratch.contents(), [])
    }

    func testFailureNeverClobbersAnExistingTarget() throws {
        let path = scratch.file("keep.mp4")
        let original = Data("previous render".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let sink = try makeFrameSink(path: path, format: .mp4, settings: settings)
        try sink.append(frame(0))
        XCTAssertThrowsError(try sink.append(Pixmap(width: 31, height: 24))) { error in
            XCTAssertEqual(error as? ExportError, .frameSizeMismatch(path: path, expectedWidth: 32, expectedHeight: 24, width: 31, height: 24))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original)
        XCTAssertEqual(try scratch.contents(), ["keep.mp4"])
        XCTAssertThrowsError(try sink.finish())
    }

    func testFinishReplacesAnExistingTarget() throws {
        let path = scratch.file("replace.gif")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let sink = try makeFrameSink(path: path, format: .gif, settings: settings)
        try sink.append(frame(0))
        try sink.finish()
        XCTAssertEqual(try MediaProbe.info(path: path).codecName, "gif")
    }

    func testFinishWithoutFramesFailsAndLeavesNothing() throws {
        for (name, format) in [("e.mp4", OutputFormat.mp4), ("e.gif", .gif), ("e.png", .png)] {
            let path = scratch.file(name)
            let sink = try makeFrameSink(path: path, format: format, settings: settings)
            XCTAssertThrowsError(try sink.finish()) { error in
                XCTAssertEqual(error as? ExportError, .noFrames(path: path))
            }
            XCTAssertEqual(try scratch.contents(), [], name)
        }
    }

    func testColonInPathIsAPlainFileName() throws {
        let path = scratch.file("take:2.mp4")
        let sink = try makeFrameSink(path: path, format: .mp4, settings: settings)
        try sink.append(frame(0))
        try sink.finish()
        XCTAssertEqual(try MediaProbe.info(path: path).frameCount, 1)
    }

    func testProbeErrorsNameTheFile() {
        let path = scratch.file("absent.mp4")
        XCTAssertThrowsError(try MediaProbe.info(path: path)) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.hasPrefix(path), message)
            XCTAssertTrue(message.contains("No such file or directory"), message)
        }
    }
}
