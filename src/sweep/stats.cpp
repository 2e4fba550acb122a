// Mergeable statistics of the sweep engine and their JSON state form.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/json_fields.hpp"
#include "bitexact/sweep/classify.hpp"
#include "bitexact/sweep/engine.hpp"

namespace bitexact::sweep {

// ---- witnesses --------------------------------------------------------------------

void WitnessSet::offer(const Witness& x) {
  if (w.size() == K && !(x < w.back())) return;
  auto it = std::lower_bound(w.begin(), w.end(), x);
  if (it != w.end() && it->same_input(x)) return;
  w.insert(it, x);
  if (w.size() > K) w.pop_back();
}

void WitnessSet::merge(const WitnessSet& o) {
  for (const auto& x : o.w) offer(x);
}

bool WitnessSet::operator==(const WitnessSet& o) const {
  if (w.size() != o.w.size()) return false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto &x = w[i], &y = o.w[i];
    if (x.a != y.a || x.b != y.b || x.r != y.r || x.s != y.s || x.t != y.t ||
        bit_cast<std::uint64_t>(x.ulp) != bit_cast<std::uint64_t>(y.ulp))
      return false;
  }
  return true;
}

void MaxWitness::offer(double v, const Witness& x) {
  if (!at.w.empty() && v < value) return;
  if (at.w.empty() || v > value) {
    value = v;
    at.w.clear();
  }
  at.offer(x);
}

void MaxWitness::merge(const MaxWitness& o) {
  if (o.at.w.empty()) return;
  if (at.w.empty() || o.value > value) {
    value = o.value;
    at = o.at;
  } else if (o.value == value) {
    at.merge(o.at);
  }
}

// ---- bins ----------------------------------------------------------------------------

int ulp_bin(double e) { return hd::ulp_bin(e); }

std::string bin_label(int b) {
  switch (b) {
    case bins::cr:
      return "0";
    case bins::half:
      return "(0,0.5]";
    case bins::one:
      return "(0.5,1]";
    case bins::huge:
      return ">2^20";
    case bins::zero_sign:
      return "zero_sign";
    case bins::inf:
      return "inf";
    case bins::nan:
      return "nan";
    default:
      break;
  }
  int k = b - bins::pow2_first + 1;
  auto p = [](int e) { return e == 0 ? std::string("1") : e == 1 ? std::string("2") : "2^" + std::to_string(e); };
  return "(" + p(k - 1) + "," + p(k) + "]";
}

Disc discrepancy(int bits, word x, word y) { return Disc(hd::discrepancy(bits, x, y)); }

std::string_view disc_name(Disc d) {
  switch (d) {
    case Disc::nan_vs_number:
      return "nan_vs_number";
    case Disc::inf_vs_number:
      return "inf_vs_number";
    case Disc::zero_vs_nonzero:
      return "zero_vs_nonzero";
    case Disc::number_vs_number:
      return "number_vs_number";
    case Disc::nan_payload:
      return "nan_payload";
    case Disc::inf_sign:
      return "inf_sign";
    case Disc::zero_sign:
      return "zero_sign";
    default:
      return "?";
  }
}

int dist_bin(std::uint64_t steps) { return hd::dist_bin(steps); }

std::string dist_label(int b) {
  if (b == 0) return "1";
  if (b == 1) return "2";
  if (b == 21) return ">2^20";
  return "(2^" + std::to_string(b - 1) + ",2^" + std::to_string(b) + "]";
}

std::string_view vclass_name(VClass c) {
  switch (c) {
    case VClass::zero:
      return "zero";
    case VClass::subnormal:
      return "subnormal";
    case VClass::normal:
      return "normal";
    case VClass::inf:
      return "inf";
    case VClass::nan:
      return "nan";
    default:
      return "?";
  }
}

// ---- per-implementation and per-pair statistics ------------------------------------

// Binades of operand 0: both signs, every biased exponent.
static std::size_t binade_slots(const FnInfo& f) { return std::size_t(2) << (f.bits == 32 ? 8 : 11); }

void ImplStats::init(const FnInfo& f) {
  const std::size_t nb = binade_slots(f);
  binade_max.assign(nb, 0.0);
  binade_wrong.assign(nb, 0);
  binade_witness.assign(nb, Witness{});
  bucket_max.assign(4096, 0.0);
  bucket_wrong.assign(4096, 0);
  const std::size_t nc = f.arity == 1 ? 5 : 25;
  in_class_wrong.assign(nc, 0);
  in_class_max.assign(nc, 0.0);
}

void ImplStats::merge(const ImplStats& o) {
  count += o.count;
  correctly_rounded += o.correctly_rounded;
  nan_payload_differs += o.nan_payload_differs;
  for (int i = 0; i < bins::count; ++i) hist[i] += o.hist[i];
  max.merge(o.max);
  for (std::size_t i = 0; i < binade_max.size(); ++i) {
    if (o.binade_wrong[i] == 0) continue;
    if (binade_wrong[i] == 0 || o.binade_max[i] > binade_max[i] ||
        (o.binade_max[i] == binade_max[i] && o.binade_witness[i] < binade_witness[i])) {
      binade_max[i] = o.binade_max[i];
      binade_witness[i] = o.binade_witness[i];
    }
    binade_wrong[i] += o.binade_wrong[i];
  }
  for (std::size_t i = 0; i < bucket_max.size(); ++i) {
    bucket_max[i] = std::max(bucket_max[i], o.bucket_max[i]);
    bucket_wrong[i] += o.bucket_wrong[i];
  }
  for (std::size_t i = 0; i < in_class_wrong.size(); ++i) {
    in_class_wrong[i] += o.in_class_wrong[i];
    in_class_max[i] = std::max(in_class_max[i], o.in_class_max[i]);
  }
  for (std::size_t i = 0; i < out_class_wrong.size(); ++i) out_class_wrong[i] += o.out_class_wrong[i];
  special_witness.merge(o.special_witness);
  flushed += o.flushed;
  flush_witness.merge(o.flush_witness);
}

static bool same_w(const Witness& x, const Witness& y) {
  return x.a == y.a && x.b == y.b && x.r == y.r && x.s == y.s &&
         bit_cast<std::uint64_t>(x.ulp) == bit_cast<std::uint64_t>(y.ulp);
}

bool ImplStats::operator==(const ImplStats& o) const {
  if (count != o.count || correctly_rounded != o.correctly_rounded || nan_payload_differs != o.nan_payload_differs ||
      hist != o.hist || !(max == o.max) || binade_max != o.binade_max || binade_wrong != o.binade_wrong ||
      bucket_max != o.bucket_max || bucket_wrong != o.bucket_wrong || in_class_wrong != o.in_class_wrong ||
      in_class_max != o.in_class_max || out_class_wrong != o.out_class_wrong || !(special_witness == o.special_witness) ||
      flushed != o.flushed || !(flush_witness == o.flush_witness))
    return false;
  for (std::size_t i = 0; i < binade_wrong.size(); ++i)
    if (binade_wrong[i] && !same_w(binade_witness[i], o.binade_witness[i])) return false;
  return true;
}

void PairStats::init(const FnInfo& f) {
  binade_differ.assign(binade_slots(f), 0);
  binade_max_dist.assign(binade_slots(f), 0.0);
}

void PairStats::merge(const PairStats& o) {
  differ += o.differ;
  for (std::size_t i = 0; i < binade_differ.size(); ++i) {
    binade_differ[i] += o.binade_differ[i];
    binade_max_dist[i] = std::max(binade_max_dist[i], o.binade_max_dist[i]);
  }
  for (std::size_t i = 0; i < cls.size(); ++i) {
    cls[i] += o.cls[i];
    witness[i].merge(o.witness[i]);
  }
  for (int i = 0; i < dist_bins; ++i) dist[i] += o.dist[i];
  max_dist.merge(o.max_dist);
}

bool PairStats::operator==(const PairStats& o) const {
  return differ == o.differ && cls == o.cls && witness == o.witness && dist == o.dist && max_dist == o.max_dist &&
         binade_differ == o.binade_differ && binade_max_dist == o.binade_max_dist;
}

// ---- chunk sets ------------------------------------------------------------------------

void ChunkSet::add(std::uint64_t lo, std::uint64_t hi) {
  if (lo >= hi) return;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  out.reserve(r.size() + 1);
  bool placed = false;
  for (auto [a, b] : r) {
    if (b < lo) {
      out.push_back({a, b});
    } else if (hi < a) {
      if (!placed) out.push_back({lo, hi}), placed = true;
      out.push_back({a, b});
    } else {
      if (std::max(a, lo) < std::min(b, hi)) throw std::runtime_error("chunk range added twice");
      lo = std::min(lo, a);
      hi = std::max(hi, b);
    }
  }
  if (!placed) out.push_back({lo, hi});
  r = std::move(out);
}

bool ChunkSet::intersects(const ChunkSet& o) const {
  for (auto [a, b] : r)
    for (auto [c, d] : o.r)
      if (std::max(a, c) < std::min(b, d)) return true;
  return false;
}

void ChunkSet::merge(const ChunkSet& o) {
  if (intersects(o)) throw std::runtime_error("overlapping chunk ranges");
  for (auto [a, b] : o.r) add(a, b);
}

bool ChunkSet::contains(std::uint64_t c) const {
  for (auto [a, b] : r)
    if (a <= c && c < b) return true;
  return false;
}

std::uint64_t ChunkSet::size() const {
  std::uint64_t n = 0;
  for (auto [a, b] : r) n += b - a;
  return n;
}

// ---- state ------------------------------------------------------------------------------

void State::init_counters() {
  const FnInfo& f = fn_info(fn);
  in_class_count.assign(f.arity == 1 ? 5 : 25, 0);
  binade_count.assign(binade_slots(f), 0);
  out_class_count.fill(0);
  impl_stats.assign(impls.size(), ImplStats{});
  for (auto& s : impl_stats) s.init(f);
  pair_stats.assign(impls.size() * (impls.size() - (impls.empty() ? 0 : 1)) / 2, PairStats{});
  for (auto& p : pair_stats) p.init(f);
  chunk_digests.assign(digests ? impls.size() : 0, {});
  count = 0;
}

void State::merge_counters(const State& o) {
  count += o.count;
  for (std::size_t i = 0; i < in_class_count.size(); ++i) in_class_count[i] += o.in_class_count[i];
  for (std::size_t i = 0; i < out_class_count.size(); ++i) out_class_count[i] += o.out_class_count[i];
  for (std::size_t i = 0; i < binade_count.size(); ++i) binade_count[i] += o.binade_count[i];
  for (std::size_t i = 0; i < impl_stats.size(); ++i) impl_stats[i].merge(o.impl_stats[i]);
  for (std::size_t i = 0; i < pair_stats.size(); ++i) pair_stats[i].merge(o.pair_stats[i]);
  for (std::size_t i = 0; i < chunk_digests.size(); ++i)
    chunk_digests[i].insert(o.chunk_digests[i].begin(), o.chunk_digests[i].end());
}

void State::merge(const State& o) {
  auto bad = [](const std::string& what) { throw input_error("cannot merge: " + what); };
  if (fn != o.fn) bad("different functions");
  if (inputs.spec != o.inputs.spec || inputs.digest != o.inputs.digest)
    bad("different input sets ('" + inputs.spec + "' vs '" + o.inputs.spec + "')");
  if (truth != o.truth || impls != o.impls) bad("different implementation lists");
  if (chunk_size != o.chunk_size) bad("different chunk sizes");
  if (digests != o.digests || view != o.view) bad("different digest settings");
  if (done.intersects(o.done)) bad("states overlap (the same chunks were run twice)");
  done.merge(o.done);
  shard_lo = std::min(shard_lo, o.shard_lo);
  shard_hi = std::max(shard_hi, o.shard_hi);
  shard = complete() ? "" : "partial";
  merge_counters(o);
  // Evaluated alike for every shard; where the machines' implementations
  // differ (host libm), the first state's values stand.
  if (special.inputs.empty()) special = o.special;
}

bool State::operator==(const State& o) const {
  return fn == o.fn && inputs.spec == o.inputs.spec && inputs.digest == o.inputs.digest && truth == o.truth &&
         impls == o.impls && chunk_size == o.chunk_size && total_chunks == o.total_chunks && done == o.done &&
         count == o.count && in_class_count == o.in_class_count && out_class_count == o.out_class_count &&
         binade_count == o.binade_count &&
         impl_stats == o.impl_stats && pair_stats == o.pair_stats && digests == o.digests && view == o.view &&
         chunk_digests == o.chunk_digests && special == o.special;
}

// ---- JSON -------------------------------------------------------------------------------

using nlohmann::json;

// Version 2: flushed results (ImplStats::flushed) and the pairs' largest
// distance (PairStats::max_dist). Version 3: inputs per binade
// (State::binade_count) and the pairs' per-binade counters.
static constexpr const char* state_format = "bitexact-sweep-state/3";

// Non-finite errors are written as strings: JSON has no inf/nan. Pair
// witnesses add the truth (Witness::t) as a sixth element; states written
// before it have five (from_json then evaluates it).
static json w_json(const Witness& w, bool pair = false) {
  json u = std::isfinite(w.ulp) ? json(w.ulp) : json(std::isnan(w.ulp) ? "nan" : "inf");
  json a = json::array({w.a, w.b, w.r, w.s, u});
  if (pair) a.push_back(w.t);
  return a;
}
// no_truth: null for a witness against the truth (five elements), else a
// pair's witness (five or six) and where to note a missing truth. Any other
// length is refused: an element that to_json does not write back would not
// survive a round trip (found by fuzzing, tests/fuzz/fuzz_state.cpp: a
// seventh element, and a sixth in a witness against the truth, read as its
// truth value).
static Witness w_from(const json& j, bool* no_truth = nullptr) {
  if (!j.is_array() || (j.size() != 5 && !(no_truth && j.size() == 6)))
    throw input_error("malformed sweep state: a witness of " + std::to_string(j.is_array() ? j.size() : 1) +
                      " elements (bitexact writes 5, 6 for a pair's)");
  Witness w;
  w.a = json_integer<word>(j.at(0), "witness");
  w.b = json_integer<word>(j.at(1), "witness");
  w.r = json_integer<word>(j.at(2), "witness");
  w.s = json_integer<word>(j.at(3), "witness");
  const json& u = j.at(4);
  w.ulp = u.is_string() ? (u.get<std::string>() == "inf" ? HUGE_VAL : std::nan("")) : u.get<double>();
  if (j.size() > 5)
    w.t = json_integer<word>(j.at(5), "witness");
  else if (no_truth)
    *no_truth = true;
  return w;
}
static json ws_json(const WitnessSet& s, bool pair = false) {
  json a = json::array();
  for (const auto& w : s.w) a.push_back(w_json(w, pair));
  return a;
}
static WitnessSet ws_from(const json& j, bool* no_truth = nullptr) {
  WitnessSet s;
  for (const auto& x : j) s.w.push_back(w_from(x, no_truth));
  return s;
}

json State::to_json() const {
  json j;
  j["format"] = state_format;
  j["function"] = std::string(fn_info(fn).name);
  j["inputs"] = {{"spec", inputs.spec}, {"count", inputs.count}, {"digest", inputs.digest}};
  j["truth"] = truth;
  j["impls"] = impls;
  j["chunk_size"] = chunk_size;
  j["total_chunks"] = total_chunks;
  j["shard"] = shard;
  j["shard_chunks"] = json::array({shard_lo, shard_hi});
  json d = json::array();
  for (auto [a, b] : done.r) d.push_back(json::array({a, b}));
  j["done"] = d;
  j["count"] = count;
  j["in_class_count"] = in_class_count;
  j["out_class_count"] = out_class_count;
  // Sparse, [index, count]: most binades of most sets are empty or all alike.
  json bc = json::array();
  for (std::size_t i = 0; i < binade_count.size(); ++i)
    if (binade_count[i]) bc.push_back(json::array({i, binade_count[i]}));
  j["binade_count"] = bc;
  json is = json::array();
  for (const auto& s : impl_stats) {
    json k;
    k["count"] = s.count;
    k["correctly_rounded"] = s.correctly_rounded;
    k["nan_payload_differs"] = s.nan_payload_differs;
    k["hist"] = s.hist;
    k["max"] = {{"value", s.max.value}, {"at", ws_json(s.max.at)}};
    json bn = json::array();
    for (std::size_t i = 0; i < s.binade_wrong.size(); ++i)
      if (s.binade_wrong[i])
        bn.push_back(json::array({i, s.binade_wrong[i], s.binade_max[i], w_json(s.binade_witness[i])}));
    k["binades"] = bn;
    json bu = json::array();
    for (std::size_t i = 0; i < s.bucket_wrong.size(); ++i)
      if (s.bucket_wrong[i]) bu.push_back(json::array({i, s.bucket_wrong[i], s.bucket_max[i]}));
    k["buckets"] = bu;
    k["in_class_wrong"] = s.in_class_wrong;
    k["in_class_max"] = s.in_class_max;
    k["out_class_wrong"] = s.out_class_wrong;
    k["special_witness"] = ws_json(s.special_witness);
    k["flushed"] = s.flushed;
    k["flush_witness"] = ws_json(s.flush_witness);
    is.push_back(k);
  }
  j["impl_stats"] = is;
  json ps = json::array();
  for (const auto& p : pair_stats) {
    json k;
    k["differ"] = p.differ;
    k["classes"] = p.cls;
    json w = json::array();
    for (const auto& s : p.witness) w.push_back(ws_json(s, true));
    k["witness"] = w;
    k["dist"] = p.dist;
    k["max_dist"] = {{"value", p.max_dist.value}, {"at", ws_json(p.max_dist.at, true)}};
    json bn = json::array();
    for (std::size_t i = 0; i < p.binade_differ.size(); ++i)
      if (p.binade_differ[i]) bn.push_back(json::array({i, p.binade_differ[i], p.binade_max_dist[i]}));
    k["binades"] = bn;
    ps.push_back(k);
  }
  j["pair_stats"] = ps;
  if (!special.inputs.empty())
    j["special_values"] = {{"inputs", special.inputs}, {"truth", special.truth}, {"results", special.results}};
  if (digests) {  // only then: states and reports without digests stay as they were
    json cd = json::array();
    for (const auto& m : chunk_digests) {
      json k = json::array();
      for (auto [c, d] : m) k.push_back(json::array({c, d}));
      cd.push_back(k);
    }
    j["digests"] = {{"view", std::string(view_name(view))}, {"chunks", cd}};
  }
  return j;
}

// A count of a state's sparse lists (binades, buckets), which to_json writes
// only when non-zero.
static std::uint64_t nonzero(std::uint64_t n, const char* list) {
  if (n == 0) throw input_error(std::string("an entry of '") + list + "' with a count of 0 (bitexact writes none)");
  return n;
}

State State::from_json(const json& j) {
  try {
    const std::string format = j.at("format").get<std::string>();
    if (format == "bitexact-sweep-state/1" || format == "bitexact-sweep-state/2")
      throw input_error("the state was written by an older bitexact (format " + format +
                        ", without the pairs' differences per binade): run the sweep again");
    if (format != state_format) throw input_error("not a bitexact sweep state (format " + j.at("format").dump() + ")");
    State s;
    auto fn = parse_fn(j.at("function").get<std::string>());
    if (!fn) throw input_error("state names an unknown function " + j.at("function").dump());
    s.fn = *fn;
    s.inputs = parse_input_set(j.at("inputs").at("spec").get<std::string>(), s.fn);
    if (s.inputs.digest != json_integer_at<std::uint64_t>(j.at("inputs"), "digest"))
      throw input_error("the inputs of '" + s.inputs.spec + "' changed since the state was written");
    s.truth = j.at("truth").get<std::string>();
    s.impls = j.at("impls").get<std::vector<std::string>>();
    s.chunk_size = json_integer_at<std::uint64_t>(j, "chunk_size");
    s.total_chunks = json_integer_at<std::uint64_t>(j, "total_chunks");
    s.shard = j.at("shard").get<std::string>();
    s.shard_lo = json_integer<std::uint64_t>(j.at("shard_chunks").at(0), "shard_chunks");
    s.shard_hi = json_integer<std::uint64_t>(j.at("shard_chunks").at(1), "shard_chunks");
    if (j.contains("digests")) {
      s.digests = true;
      s.view = parse_view(j.at("digests").at("view").get<std::string>());
    }
    s.init_counters();
    if (s.digests) {
      const auto& cd = j.at("digests").at("chunks");
      if (cd.size() != s.impls.size()) throw input_error("state is inconsistent (digests)");
      for (std::size_t i = 0; i < cd.size(); ++i)
        for (const auto& e : cd[i])
          s.chunk_digests[i][json_integer<std::uint64_t>(e.at(0), "chunks")] =
              json_integer<std::uint64_t>(e.at(1), "chunks");
    }
    for (const auto& r : j.at("done"))
      s.done.add(json_integer<std::uint64_t>(r.at(0), "done"), json_integer<std::uint64_t>(r.at(1), "done"));
    s.count = json_integer_at<std::uint64_t>(j, "count");
    s.in_class_count = json_integers<std::uint64_t>(j.at("in_class_count"), "in_class_count");
    s.out_class_count = json_integer_array<std::uint64_t, 5>(j.at("out_class_count"), "out_class_count");
    for (const auto& b : j.at("binade_count"))
      s.binade_count.at(json_integer<std::size_t>(b.at(0), "binade_count")) =
          json_integer<std::uint64_t>(b.at(1), "binade_count");
    const auto& is = j.at("impl_stats");
    if (is.size() != s.impls.size()) throw input_error("state is inconsistent (impl_stats)");
    for (std::size_t i = 0; i < is.size(); ++i) {
      auto& d = s.impl_stats[i];
      const auto& k = is[i];
      d.count = json_integer_at<std::uint64_t>(k, "count");
      d.correctly_rounded = json_integer_at<std::uint64_t>(k, "correctly_rounded");
      d.nan_payload_differs = json_integer_at<std::uint64_t>(k, "nan_payload_differs");
      d.hist = json_integer_array<std::uint64_t, bins::count>(k.at("hist"), "hist");
      d.max.value = k.at("max").at("value").get<double>();
      d.max.at = ws_from(k.at("max").at("at"));
      // A sparse list of the non-zero entries, as to_json writes it: an
      // entry with a count of 0 is refused (it would not survive a write and
      // read back; found by fuzzing, tests/fuzz/fuzz_state.cpp).
      for (const auto& b : k.at("binades")) {
        std::size_t idx = json_integer<std::size_t>(b.at(0), "binades");
        d.binade_wrong.at(idx) = nonzero(json_integer<std::uint64_t>(b.at(1), "binades"), "binades");
        d.binade_max.at(idx) = b.at(2).get<double>();
        d.binade_witness.at(idx) = w_from(b.at(3));
      }
      for (const auto& b : k.at("buckets")) {
        std::size_t idx = json_integer<std::size_t>(b.at(0), "buckets");
        d.bucket_wrong.at(idx) = nonzero(json_integer<std::uint64_t>(b.at(1), "buckets"), "buckets");
        d.bucket_max.at(idx) = b.at(2).get<double>();
      }
      d.in_class_wrong = json_integers<std::uint64_t>(k.at("in_class_wrong"), "in_class_wrong");
      d.in_class_max = k.at("in_class_max").get<std::vector<double>>();
      d.out_class_wrong = json_integer_array<std::uint64_t, 5>(k.at("out_class_wrong"), "out_class_wrong");
      d.special_witness = ws_from(k.at("special_witness"));
      d.flushed = json_integer_at<std::uint64_t>(k, "flushed");
      d.flush_witness = ws_from(k.at("flush_witness"));
    }
    const auto& ps = j.at("pair_stats");
    if (ps.size() != s.pair_stats.size()) throw input_error("state is inconsistent (pair_stats)");
    bool pair_truth_missing = false;
    for (std::size_t i = 0; i < ps.size(); ++i) {
      auto& p = s.pair_stats[i];
      p.differ = json_integer_at<std::uint64_t>(ps[i], "differ");
      p.cls = json_integer_array<std::uint64_t, static_cast<int>(Disc::count)>(ps[i].at("classes"), "classes");
      for (std::size_t c = 0; c < p.witness.size(); ++c)
        p.witness[c] = ws_from(ps[i].at("witness").at(c), &pair_truth_missing);
      p.dist = json_integer_array<std::uint64_t, dist_bins>(ps[i].at("dist"), "dist");
      p.max_dist.value = ps[i].at("max_dist").at("value").get<double>();
      p.max_dist.at = ws_from(ps[i].at("max_dist").at("at"), &pair_truth_missing);
      for (const auto& b : ps[i].at("binades")) {
        const std::size_t idx = json_integer<std::size_t>(b.at(0), "binades");
        p.binade_differ.at(idx) = nonzero(json_integer<std::uint64_t>(b.at(1), "binades"), "binades");
        p.binade_max_dist.at(idx) = b.at(2).get<double>();
      }
    }
    // States written before the report's truth values were kept in the
    // state get them here, from this build's implementations (as the
    // reports of those builds did when they were written).
    const Impl* truth = s.truth.empty() ? nullptr : find_impl(s.truth, s.fn);
    if (j.contains("special_values")) {
      const auto& sv = j.at("special_values");
      for (const auto& in : sv.at("inputs")) s.special.inputs.push_back(json_integer_array<word, 2>(in, "inputs"));
      s.special.truth = json_integers<word>(sv.at("truth"), "truth");
      for (const auto& r : sv.at("results")) s.special.results.push_back(json_integers<word>(r, "results"));
      if (s.special.truth.size() != s.special.inputs.size() || s.special.results.size() != s.impls.size())
        throw input_error("state is inconsistent (special_values)");
      for (const auto& r : s.special.results)
        if (!r.empty() && r.size() != s.special.inputs.size()) throw input_error("state is inconsistent (special_values)");
    } else {
      std::vector<const Impl*> impls;
      for (const auto& name : s.impls) impls.push_back(find_impl(name, s.fn));
      s.special = special_values(s.fn, impls, truth);
    }
    if (pair_truth_missing && truth) set_pair_truth(s, *truth);
    return s;
  } catch (const json::exception& e) {
    throw input_error(std::string("malformed sweep state: ") + e.what());
  } catch (const std::out_of_range&) {
    // An index of a sparse list (binades, buckets, chunks) beyond its table:
    // the vectors' at() (found by fuzzing, tests/fuzz/fuzz_state.cpp).
    throw input_error("malformed sweep state: an index out of range");
  }
}

}  // namespace bitexact::sweep
