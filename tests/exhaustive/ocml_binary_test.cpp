// fmod_f32 and fmod_f64 of the ocml reproductions against ocml.bc, in every
// registered configuration: 2^24 pairs per configuration and function, half
// uniform over all bit patterns, half structured (every exponent gap,
// subnormal and tiny divisors, x near k*y, equal magnitudes, zeros,
// infinities and NaNs; tests/ocml_pairs.hpp). ceil_f64 gets 2^24 inputs
// (uniform bit patterns and every exponent). The 2^30-pair run is
// tests/heavy/ocml_binary_heavy_test.cpp.
//
// Source of expected values: ocml.bc 5.2.3 (Debian rocm-device-libs) executed
// on the CPU by tools/ocml_bc ("ocml-bc" + configuration suffix). Skipped when
// that implementation is not built.
#include "../ocml_binary_check.hpp"

namespace {

class OcmlBinarySample : public ::testing::TestWithParam<bitexact::ocml_check::binary_case> {};

TEST_P(OcmlBinarySample, BitExactAgainstOcmlBc) {
  bitexact::ocml_check::run_binary_case(GetParam(), std::uint64_t(1) << 24, 0x0c3100001ull);
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, OcmlBinarySample,
                         ::testing::ValuesIn(bitexact::ocml_check::all_binary_cases()),
                         bitexact::ocml_check::binary_case_name);

}  // namespace
