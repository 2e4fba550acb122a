// The reproductions against what the vendors proved: every committed block
// digest (vectors/*/digests.json; NVIDIA: measured on the H100) recomputed on
// this CPU. All 2^32 inputs of the one-argument f32 functions; the first 8
// blocks (2^27 inputs) of each 2^30-input set (tests/heavy checks all of them).
#include "../digest_check.hpp"

TEST(VendorDigests, ExhaustiveUnaryAndFirstBlocksOfPairSets) {
  bitexact::testing::check_all_digests(false, 8);
}
