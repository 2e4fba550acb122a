// Every block of every committed digest set (vectors/*/digests.json), including
// all 2^30 inputs of the fmod and ceil sets. Label "heavy".
#include "../digest_check.hpp"

TEST(VendorDigests, AllBlocks) { bitexact::testing::check_all_digests(true, 0); }
