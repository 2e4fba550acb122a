// bitexact/nv/nv.hpp — every libdevice reproduction (one file per function,
// named after it: bitexact/nv/NAME.hpp defines nv::NAME and nv::NAME_ftz).
#pragma once

#include "bitexact/nv/ceil.hpp"
#include "bitexact/nv/ceilf.hpp"
#include "bitexact/nv/cosf.hpp"
#include "bitexact/nv/exp2f.hpp"
#include "bitexact/nv/expf.hpp"
#include "bitexact/nv/fmod.hpp"
#include "bitexact/nv/fmodf.hpp"
#include "bitexact/nv/log2f.hpp"
#include "bitexact/nv/logf.hpp"
#include "bitexact/nv/rsqrtf.hpp"
#include "bitexact/nv/sinf.hpp"
#include "bitexact/nv/sqrtf.hpp"
#include "bitexact/nv/version.hpp"
