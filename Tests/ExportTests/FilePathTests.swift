import Export
import XCTest

final class FilePathTests: XCTestCase {
    func testDirectoryAndName() {
        XCTAssertEqual(FilePath.directory(of: "a"), "")
        XCTAssertEqual(FilePath.directory(of: "a/%04d.png"), "a")
        XCTAssertEqual(FilePath.directory(of: "/x"), "/")
        XCTAssertEqual(FilePath.directory(of: "/x/y/z.gif"), "/x/y")
        XCTAssertEqual(FilePath.directory(of: "frames/"), "")
        XCTAssertEqual(FilePath.name(of: "frames/"), "frames")
        XCTAssertEqual(FilePath.name(of: "/x/y/z.gif"), "z.gif")
        XCTAssertEqual(FilePath.name(of: "z"), "z")
    }
}
