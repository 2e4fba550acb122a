// All 2^32 inputs of sin_f32, cos_f32 and ceil_f32 in every ocml configuration
// (label "heavy"; the exhaustive-label build checks a CI-sized subset).
#define BITEXACT_OCML_ALL_FULL 1
#include "../exhaustive/ocml_unary_test.cpp"
