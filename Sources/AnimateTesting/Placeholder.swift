enum AnimateTestingPlaceholder {}
