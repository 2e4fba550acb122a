// What a sweep evaluates for its reports besides the statistics: the results
// at the fixed special inputs, and the truth at the pairs' witnesses. Both are
// kept in the State, so that the report model (src/report/model.cpp) is built
// from the state alone and never runs an implementation or the truth.
#include <vector>

#include "bitexact/bits.hpp"
#include "bitexact/sweep/engine.hpp"

namespace bitexact::sweep {

namespace {

template <class T>
std::vector<word> special_words() {
  using B = fp_bits<T>;
  return {B::zero().bits,           B::zero(true).bits,      B::inf().bits,
          B::inf(true).bits,        B::quiet_nan().bits,     B::quiet_nan(true).bits,
          B::signaling_nan().bits,  B::min_subnormal().bits, B::min_subnormal(true).bits,
          B::max_subnormal().bits,  B::min_normal().bits,    B::max_normal().bits,
          B::max_normal(true).bits, B::one().bits,           B::one(true).bits};
}

// impl's results at `in`, one batch.
std::vector<word> eval_at(const Impl& impl, const std::vector<std::array<word, 2>>& in) {
  std::vector<word> a, b, out(in.size());
  for (const auto& x : in) a.push_back(x[0]), b.push_back(x[1]);
  const word* args[2] = {a.data(), b.data()};
  impl.eval(args, out.data(), out.size());
  return out;
}

}  // namespace

std::vector<std::array<word, 2>> special_inputs(Fn fn) {
  const FnInfo& f = fn_info(fn);
  const std::vector<word> v = f.bits == 32 ? special_words<float>() : special_words<double>();
  std::vector<std::array<word, 2>> out;
  if (f.arity == 1) {
    for (word x : v) out.push_back({x, 0});
  } else {
    // x and y from the specials: zeros, infinities, NaN, smallest subnormal, 1.5 / 1
    const word one = v[13];
    const word onehalf = f.bits == 32 ? word(fp_bits<float>(1.5f).bits) : word(fp_bits<double>(1.5).bits);
    const std::vector<word> xs = {v[0], v[1], v[2], v[3], v[4], v[7], onehalf, v[11]};
    const std::vector<word> ys = {v[0], v[1], v[2], v[4], v[7], one};
    for (word x : xs)
      for (word y : ys) out.push_back({x, y});
  }
  return out;
}

SpecialValues special_values(Fn fn, const std::vector<const Impl*>& impls, const Impl* truth) {
  SpecialValues sv;
  if (!truth) return sv;
  sv.inputs = special_inputs(fn);
  sv.truth = eval_at(*truth, sv.inputs);
  for (const Impl* p : impls) sv.results.push_back(p ? eval_at(*p, sv.inputs) : std::vector<word>{});
  return sv;
}

void set_pair_truth(State& s, const Impl& truth) {
  std::vector<Witness*> ws;
  for (auto& p : s.pair_stats) {
    for (auto& set : p.witness)
      for (auto& w : set.w) ws.push_back(&w);
    for (auto& w : p.max_dist.at.w) ws.push_back(&w);
  }
  if (ws.empty()) return;
  std::vector<std::array<word, 2>> in;
  for (const Witness* w : ws) in.push_back({w->a, w->b});
  const std::vector<word> t = eval_at(truth, in);
  for (std::size_t i = 0; i < ws.size(); ++i) ws[i]->t = t[i];
}

}  // namespace bitexact::sweep
