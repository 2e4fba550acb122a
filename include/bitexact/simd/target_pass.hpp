// bitexact/simd/target_pass.hpp — one more pass over Highway's headers for
// the target HWY_TARGET names (bitexact/simd/hwy.hpp sets it first): flipping
// HWY_TARGET_TOGGLE makes highway.h declare that target's ops in
// hwy::N_<TARGET>, as foreach_target.h does for each of its targets.
// Header-only; no include guard: included once per target.
#ifdef HWY_TARGET_TOGGLE
#undef HWY_TARGET_TOGGLE
#else
#define HWY_TARGET_TOGGLE
#endif
#include <hwy/highway.h>
