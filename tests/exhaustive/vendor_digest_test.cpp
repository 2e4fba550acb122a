// The reproductions against what the vendors proved: the committed block
// digests of every vendor directory (vectors/*/digests.json; NVIDIA measured on
// the H100, AMD from ocml.bc executed on the CPU) recomputed on this CPU, one
// case per set, sized for CI (tests/digest_check.hpp says how many blocks;
// tests/heavy/vendor_digest_full_test.cpp checks all of them).
#include "../digest_check.hpp"

namespace {
class VendorDigests : public ::testing::TestWithParam<bitexact::testing::digest_case> {};
TEST_P(VendorDigests, MatchCiBlocks) { bitexact::testing::check_digest_case(GetParam(), bitexact::testing::scope::ci); }
INSTANTIATE_TEST_SUITE_P(Committed, VendorDigests, ::testing::ValuesIn(bitexact::testing::all_digest_cases()),
                         bitexact::testing::case_name);
}  // namespace
