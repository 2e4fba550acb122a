// Every block of every committed digest set (vectors/*/digests.json): all 2^32
// inputs of each one-argument f32 set and all 2^30 inputs of each fmod/ceil
// set, for every reproduction and every built truth implementation. Label "heavy".
#include "../digest_check.hpp"

namespace {
class VendorDigestsFull : public ::testing::TestWithParam<bitexact::testing::digest_case> {};
TEST_P(VendorDigestsFull, MatchAllBlocks) {
  bitexact::testing::check_digest_case(GetParam(), bitexact::testing::scope::full);
}
INSTANTIATE_TEST_SUITE_P(Committed, VendorDigestsFull, ::testing::ValuesIn(bitexact::testing::all_digest_cases()),
                         bitexact::testing::case_name);
}  // namespace
