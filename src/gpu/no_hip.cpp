// The HIP backend in a build without hipcc or the HIP runtime
// (bitexact/gpu/backend.hpp): it says so, with the way to get it.
#include "bitexact/gpu/backend.hpp"

namespace bitexact::sweep::hip {

namespace {
constexpr const char* not_built =
    "this build has no HIP backend (hipcc or the HIP runtime was not found when CMake configured it; "
    "on Debian install hipcc and libamdhip64-dev and reconfigure; see docs/sweep.md)";
}

bool built() { return false; }
int device_count(std::string* why) {
  if (why) *why = not_built;
  return 0;
}
std::string describe_devices() { return std::string("none (") + not_built + ")"; }
bool run(const Options&, State&) { throw input_error(std::string("--backend hip: ") + not_built); }

}  // namespace bitexact::sweep::hip
