public enum GeometryModule {}
