// Every test of this target sees the helpers shared with ExportTests.
@_exported import MediaTestSupport
