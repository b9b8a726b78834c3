enum RegressionPlaceholder {}
