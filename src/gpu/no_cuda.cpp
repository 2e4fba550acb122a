// The CUDA backend in a build without nvcc (bitexact/gpu/backend.hpp):
// it says so, with the way to get it.
#include "bitexact/gpu/backend.hpp"

namespace bitexact::sweep::cuda {

namespace {
constexpr const char* not_built =
    "this bitexact was built without CUDA (nvcc was not found when CMake configured it; "
    "install the CUDA toolkit and reconfigure)";
}

bool built() { return false; }
int device_count(std::string* why) {
  if (why) *why = not_built;
  return 0;
}
std::string describe_devices() { return std::string("none (") + not_built + ")"; }
bool run(const Options&, State&) { throw input_error(std::string("--backend cuda: ") + not_built); }

}  // namespace bitexact::sweep::cuda
