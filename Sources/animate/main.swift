print("animate")
