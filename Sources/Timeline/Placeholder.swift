import Scene
