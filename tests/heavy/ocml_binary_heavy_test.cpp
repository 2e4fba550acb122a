// The heavy run: 2^30 pairs of fmod_f32 and fmod_f64 (and 2^30 ceil_f64
// inputs) per configuration, against ocml.bc 5.2.3 executed on the CPU by
// tools/ocml_bc. Same generator as tests/exhaustive/ocml_binary_test.cpp
// (tests/ocml_pairs.hpp) with a different seed. `ctest -L heavy`.
#include "../ocml_binary_check.hpp"

namespace {

class OcmlBinaryHeavy : public ::testing::TestWithParam<bitexact::ocml_check::binary_case> {};

TEST_P(OcmlBinaryHeavy, BitExactAgainstOcmlBc) {
  bitexact::ocml_check::run_binary_case(GetParam(), std::uint64_t(1) << 30, 0x4ea7f00dull);
}

INSTANTIATE_TEST_SUITE_P(AllConfigurations, OcmlBinaryHeavy,
                         ::testing::ValuesIn(bitexact::ocml_check::all_binary_cases()),
                         bitexact::ocml_check::binary_case_name);

}  // namespace
