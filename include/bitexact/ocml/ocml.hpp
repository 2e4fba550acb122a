// bitexact/ocml/ocml.hpp — every ocml reproduction (one file per function,
// named after ocml's entry point: bitexact/ocml/OCML.hpp defines ocml::OCML<config>).
#pragma once

#include "bitexact/ocml/ceil_f32.hpp"
#include "bitexact/ocml/ceil_f64.hpp"
#include "bitexact/ocml/cos_f32.hpp"
#include "bitexact/ocml/cospi_f32.hpp"
#include "bitexact/ocml/expm1_f32.hpp"
#include "bitexact/ocml/fmod_f32.hpp"
#include "bitexact/ocml/fmod_f64.hpp"
#include "bitexact/ocml/presets.hpp"
#include "bitexact/ocml/sin_f32.hpp"
#include "bitexact/ocml/sinpi_f32.hpp"
