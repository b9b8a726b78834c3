#ifndef ANIMATE_CMEMORY_SHIM_H
#define ANIMATE_CMEMORY_SHIM_H

// The C side of memory handling: glibc's allocator settings (`mallopt`) and a
// prefetch, which Swift has no other way to ask for.

#include <malloc.h>

/// Asks for the cache line at `p` ahead of a write, without waiting for it.
static inline void animate_prefetch_for_write(const void *p) { __builtin_prefetch(p, 1, 3); }

#endif
