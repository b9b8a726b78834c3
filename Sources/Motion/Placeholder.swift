public enum MotionModule {}
