import CFFmpeg
import Raster
