#ifndef ANIMATE_CHARFBUZZ_SHIM_H
#define ANIMATE_CHARFBUZZ_SHIM_H

#include <hb.h>

#endif
