// bitexact/functions.hpp — the functions bitexact knows, as compile-time data
// for host and device code alike (header-only; the rows are in functions.def).
//
//   Fn                  the enum, one enumerator per row, in row order
//   fn_traits<Fn>       operand type, arity and signature of one function
//   function_table      name, arity, width, ocml name and standard-set seed of each
//   for_each_fn(f)      calls f(std::integral_constant<Fn, F>{}) for every F that
//                       every vendor provides (BITEXACT_FUNCTION and
//                       BITEXACT_FUNCTION_NO_OCML rows; the BITEXACT_NV_FUNCTION
//                       rows are in the enum and function_table only)
//   for_each_ocml_fn(f)  the same for the functions ocml is reproduced for
//                       (BITEXACT_FUNCTION rows)
//
// The compiled engine adds what needs the truth library (bitexact/registry/registry.hpp: FnInfo).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "bitexact/config.hpp"

namespace bitexact {

enum class Fn : std::uint8_t {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) name,
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) name,
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
};

inline constexpr std::size_t function_count = 0
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) +1
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
    ;
// Every row, the BITEXACT_NV_FUNCTION ones (after the others) included.
inline constexpr std::size_t all_function_count = function_count
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed)
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) +1
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION
    ;

// Operand lists by the ARITY column, for X-macro expansions that define one
// C or C++ function per row (the replacement libraries and bitcode):
// BITEXACT_PARAMS_##arity(type) declares x [, y]; BITEXACT_ARGS_##arity passes them.
#define BITEXACT_PARAMS_1(T) T x
#define BITEXACT_PARAMS_2(T) T x, T y
#define BITEXACT_ARGS_1 x
#define BITEXACT_ARGS_2 x, y

// The signature of a function of N operands of type T.
template <class T, int N>
struct fn_signature;
template <class T>
struct fn_signature<T, 1> {
  using type = T(T);
};
template <class T>
struct fn_signature<T, 2> {
  using type = T(T, T);
};

template <Fn F>
struct fn_traits;
#define BITEXACT_FUNCTION(name, arity_, type_, ocml, edges, seed)                \
  template <>                                                                    \
  struct fn_traits<Fn::name> {                                                   \
    using type = type_;                                                          \
    static constexpr int arity = arity_;                                         \
    static_assert(arity == 1 || arity == 2, #name ": arity must be 1 or 2");     \
    static_assert(std::is_same_v<type, float> || std::is_same_v<type, double>,   \
                  #name ": operands must be float or double");                   \
    static_assert(seed != 0 || (arity == 1 && sizeof(type) == 4),                \
                  #name ": only one-operand binary32 functions are exhaustive"); \
    using signature = typename fn_signature<type, arity>::type;                  \
  };
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) BITEXACT_FUNCTION(name, arity, type, , edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION

// One row of functions.def as plain data.
struct fn_desc {
  Fn id;
  std::string_view name;     // C / CLI name
  int arity;                 // 1 or 2
  int bits;                  // 32 or 64: width of every operand and of the result
  std::string_view ocml;     // ocml entry point without "__ocml_" ("" for BITEXACT_NV_FUNCTION rows)
  std::uint64_t first_seed;  // 0: exhaustive; else uniform SEED, structured SEED + 1
  std::string_view target;   // BITEXACT_NV_FUNCTION rows: the exact function approximated
  bool ocml_reproduced;      // false: a BITEXACT_FUNCTION_NO_OCML row (ocml/not_reproduced.hpp says why)
};

inline constexpr fn_desc function_table[] = {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) \
  {Fn::name, #name, arity, int(8 * sizeof(type)), #ocml, seed, "", true},
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml, edges, seed) \
  {Fn::name, #name, arity, int(8 * sizeof(type)), #ocml, seed, "", false},
#define BITEXACT_NV_FUNCTION(name, arity, type, target, edges, seed) \
  {Fn::name, #name, arity, int(8 * sizeof(type)), "", seed, #target, false},
#include "bitexact/functions.def"
#undef BITEXACT_NV_FUNCTION
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
};
static_assert(sizeof(function_table) / sizeof(function_table[0]) == all_function_count);

BITEXACT_INLINE constexpr const fn_desc& fn_desc_of(Fn f) { return function_table[std::size_t(f)]; }

// Calls f(std::integral_constant<Fn, F>{}) for every function, in row order.
template <class F>
constexpr void for_each_fn(F&& f) {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) f(std::integral_constant<Fn, Fn::name>{});
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION
}
template <class F>
constexpr void for_each_ocml_fn(F&& f) {
#define BITEXACT_FUNCTION(name, arity, type, ocml, edges, seed) f(std::integral_constant<Fn, Fn::name>{});
#define BITEXACT_FUNCTION_NO_OCML(name, arity, type, ocml, edges, seed)
#include "bitexact/functions.def"
#undef BITEXACT_FUNCTION_NO_OCML
#undef BITEXACT_FUNCTION
}

}  // namespace bitexact
