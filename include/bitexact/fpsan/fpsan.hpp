// bitexact/fpsan/fpsan.hpp — the whole FpSan payload-algebra model:
// formats and revisions (format.hpp), embed/unembed (embed.hpp), the ring
// ops, div, rem, min/max/clamp (ring.hpp), exp2/exp (exp2.hpp), sin/cos
// (cossin.hpp), tags (tag.hpp), casts and fp4 unpack (cast.hpp), dot/MMA
// (dot.hpp), the op dispatcher (ops.hpp) and fpsan::value<T> (value.hpp).
//
// Header-only, like the whole FpSan model; its compiled tools are fpsan_ops and
// fpsan_check (src/fpsan/).
#pragma once

#include "bitexact/fpsan/value.hpp"
