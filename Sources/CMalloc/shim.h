#ifndef ANIMATE_CMALLOC_SHIM_H
#define ANIMATE_CMALLOC_SHIM_H

#include <malloc.h>

#endif
