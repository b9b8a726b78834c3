#!/usr/bin/env python3
"""Mean SSIM of two frames as Pillow and scikit-image compute it, for the comparator's tests.

    skimage_ssim.py WIDTH HEIGHT X.rgba Y.rgba

Each frame is premultiplied RGBA8, rows top to bottom. It is composited over white,
turned to 8-bit luma by Pillow's convert("L"), and the two are compared by
scikit-image's structural_similarity with its defaults (7 × 7 uniform window, sample
covariances, data range 255). Prints the mean SSIM with every digit.
"""

import sys

try:
    import numpy as np
    from PIL import Image
    from skimage.metrics import structural_similarity
except ImportError as error:  # fail closed: the Swift test reports this
    sys.stderr.write("scikit-image or Pillow is not importable (%s); run Scripts/install-deps\n" % error)
    sys.exit(3)


def luma(path, width, height):
    rgba = np.fromfile(path, dtype=np.uint8).reshape(height, width, 4).astype(np.int32)
    over_white = rgba[:, :, :3] + (255 - rgba[:, :, 3:4])
    return np.asarray(Image.fromarray(over_white.astype(np.uint8), "RGB").convert("L"))


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    x, y = luma(sys.argv[3], width, height), luma(sys.argv[4], width, height)
    print(repr(float(structural_similarity(x, y, data_range=255))))


main()
