// src/sweep/engine-inl.hpp — the SIMD kernels of the sweep engine's
// accounting passes (engine.cpp), compiled once per target of
// bitexact/simd/hwy.hpp (bitexact/simd/foreach.hpp includes this file; no
// include guard). Integer work on bit patterns and exact comparisons only:
// the counts and lists are those of the scalar passes on every target. Each
// kernel does the whole vectors of its input and returns how far it got; the
// caller finishes with the scalar pass.

namespace bitexact::sweep::simd_kernels::BITEXACT_SIMD_NS {

namespace hn = hwy::BITEXACT_SIMD_NS;
// (Highway's CompressStore, faster on AVX2; every list here has room for a
// whole vector past its count.)
using simd::BITEXACT_SIMD_NS::compress_store;

// count_special_classes on the whole vectors of w[0, n) (W: float bits in
// 32-bit lanes; 64-bit words or doubles in 64-bit lanes): NaN, Inf,
// subnormal and zero counts into c4 (set, not added to). Returns the count done.
template <class W>
inline std::size_t count_special_classes(const W* w, std::size_t n, std::uint64_t magnitude, std::uint64_t expmask,
                                         std::uint64_t fracmask, std::uint64_t* c4) {
  using U = std::conditional_t<sizeof(W) == 4, std::uint32_t, std::uint64_t>;
  const hn::ScalableTag<U> d;
  const std::size_t lanes = hn::Lanes(d);
  const auto mag = hn::Set(d, U(magnitude)), em = hn::Set(d, U(expmask)), fm = hn::Set(d, U(fracmask));
  const auto one = hn::Set(d, U(1));
  const auto fm1 = hn::Add(fm, one), span = hn::Set(d, U(expmask - fracmask - 1));  // v - (fracmask + 1) < span
  for (int k = 0; k < 4; ++k) c4[k] = 0;
  alignas(64) U sums[simd::max_lanes<U>];
  const auto add_lanes = [&](decltype(mag) v, std::uint64_t& to) {
    hn::StoreU(v, d, sums);
    for (std::size_t l = 0; l < lanes; ++l) to += sums[l];
  };
  std::size_t j = 0;
  while (j + lanes <= n) {
    // Per-lane counters (a true lane's mask is all ones: subtracting it adds
    // one), summed every 2^16 steps at most: 32-bit lanes cannot overflow.
    auto nan = hn::Zero(d), inf = nan, sub = nan, zero = nan;
    const std::size_t end = j + std::min<std::size_t>((n - j) / lanes * lanes, lanes << 16);
    for (; j < end; j += lanes) {
      const auto v = hn::And(hn::BitCast(d, hn::LoadU(hn::Rebind<W, decltype(d)>(), w + j)), mag);
      // Normal numbers (fracmask < v < expmask, one unsigned compare) count
      // in none of the four: a vector of them, nearly every vector, is done.
      if (hn::AllTrue(d, hn::Lt(hn::Sub(v, fm1), span))) continue;
      nan = hn::Sub(nan, hn::VecFromMask(d, hn::Gt(v, em)));
      inf = hn::Sub(inf, hn::VecFromMask(d, hn::Eq(v, em)));
      sub = hn::Sub(sub, hn::VecFromMask(d, hn::Lt(hn::Sub(v, one), fm)));  // 0 < v <= fracmask
      zero = hn::Sub(zero, hn::VecFromMask(d, hn::Eq(v, hn::Zero(d))));
    }
    add_lanes(nan, c4[0]);
    add_lanes(inf, c4[1]);
    add_lanes(sub, c4[2]);
    add_lanes(zero, c4[3]);
  }
  return j;
}

// count_binades on the whole vectors of w[0, n): tally[k] += the number of
// words whose bits under `mask`, shifted right by `shift`, are k. A vector
// whose lanes share one value (nearly every vector of an exhaustive set, whose
// inputs are consecutive) counts as a whole, into a run kept in a register;
// the others lane by lane. Returns the count done.
template <class W>
inline std::size_t count_binades(const W* w, std::size_t n, std::uint64_t mask, int shift, std::uint32_t* tally) {
  using U = std::conditional_t<sizeof(W) == 4, std::uint32_t, std::uint64_t>;
  const hn::ScalableTag<U> d;
  const std::size_t lanes = hn::Lanes(d);
  const auto m = hn::Set(d, U(mask));
  alignas(64) U keys[simd::max_lanes<U>];
  std::size_t run_key = 0;
  std::uint32_t run = 0;
  std::size_t j = 0;
  for (; j + lanes <= n; j += lanes) {
    const auto k =
        hn::ShiftRightSame(hn::And(hn::BitCast(d, hn::LoadU(hn::Rebind<W, decltype(d)>(), w + j)), m), shift);
    const std::size_t k0 = std::size_t(hn::GetLane(k));
    if (hn::AllTrue(d, hn::Eq(k, hn::Set(d, U(k0))))) [[likely]] {
      if (k0 != run_key) {
        tally[run_key] += run;
        run_key = k0;
        run = 0;
      }
      run += std::uint32_t(lanes);
    } else {
      hn::StoreU(k, d, keys);
      for (std::size_t l = 0; l < lanes; ++l) ++tally[keys[l]];
    }
  }
  tally[run_key] += run;
  return j;
}

// list_differences on the whole vectors of [0, n): the positions j where
// (x[j] ^ y[j]) & mask != 0, in order, into list (exactly their number of
// entries written). Returns that number; *done the count of positions covered.
template <class W>
inline std::size_t list_differences(const W* x, const W* y, std::size_t n, std::uint64_t mask, std::uint32_t* list,
                                    std::size_t* done) {
  using U = std::conditional_t<sizeof(W) == 4, std::uint32_t, std::uint64_t>;
  const hn::ScalableTag<U> d;
  const hn::Rebind<W, decltype(d)> dw;
  const hn::Rebind<std::uint32_t, decltype(d)> d32;  // one index per lane
  const std::size_t lanes = hn::Lanes(d);
  const auto m = hn::Set(d, U(mask));
  auto idx = hn::Iota(d32, 0);
  const auto step = hn::Set(d32, std::uint32_t(lanes));
  std::size_t cnt = 0, j = 0;
  for (; j + lanes <= n; j += lanes) {
    const auto diff = hn::And(hn::Xor(hn::BitCast(d, hn::LoadU(dw, x + j)), hn::BitCast(d, hn::LoadU(dw, y + j))), m);
    const auto ne = hn::Ne(diff, hn::Zero(d));
    if (!hn::AllFalse(d, ne)) {
      if constexpr (sizeof(U) == 4) {
        cnt += compress_store(idx, ne, d32, list + cnt);
      } else {  // the 64-bit lanes' mask as one on 32-bit indices
        const auto ne32 = hn::MaskFromVec(hn::TruncateTo(d32, hn::VecFromMask(d, ne)));
        cnt += compress_store(idx, ne32, d32, list + cnt);
      }
    }
    idx = hn::Add(idx, step);
  }
  *done = j;
  return cnt;
}

// account_pairs' pass on floats of one operand, on the whole vectors of [0,
// n): nearly every pair of results that differ (nv against ocml: 9% of all
// sinf inputs) is two finite nonzero floats of one sign, adjacent. A vector
// whose differing lanes are all such, whose operands share one binade, and
// none of whose operands lies below `below` (the pair's witness sets are
// full and hold only smaller inputs: an offer from it would change nothing)
// is counted as a whole: the differing lanes into binade_differ[its binade]
// and *adjacent, and that binade's largest distance is then at least 1. The
// positions where any other vector differs go to rest (increasing), for
// account_pairs_listed. Returns the number in rest; *done the count covered.
inline std::size_t adjacent_pairs(const float* a, const float* x, const float* y, std::size_t n, std::uint32_t below,
                                  int mbits, std::uint64_t* binade_differ, double* binade_max_dist,
                                  std::uint64_t* adjacent, std::uint32_t* rest, std::size_t* done) {
  const hn::ScalableTag<std::uint32_t> du;
  const hn::Rebind<float, decltype(du)> df;
  const std::size_t lanes = hn::Lanes(du);
  const auto absm = hn::Set(du, 0x7fffffffu), one = hn::Set(du, 1u), three = hn::Set(du, 3u);
  const auto inf1 = hn::Set(du, 0x7f7fffffu), floor = hn::Set(du, below);
  // Finite and nonzero: 1 <= |w| < the infinity's bits, |w| - 1 < those
  // bits - 1 (0 wraps around), as account_pairs_listed tests it.
  const auto number = [&](hn::Vec<decltype(du)> w) { return hn::Lt(hn::Sub(hn::And(w, absm), one), inf1); };
  auto idx = hn::Iota(du, 0);
  const auto step = hn::Set(du, std::uint32_t(lanes));
  std::uint64_t adj = 0;
  std::size_t nr = 0, j = 0;
  for (; j + lanes <= n; j += lanes, idx = hn::Add(idx, step)) {
    const auto xv = hn::BitCast(du, hn::LoadU(df, x + j)), yv = hn::BitCast(du, hn::LoadU(df, y + j));
    const auto ne = hn::Ne(xv, yv);
    if (hn::AllFalse(du, ne)) continue;
    const auto av = hn::BitCast(du, hn::LoadU(df, a + j));
    // One float apart (x - y = +-1 as 32-bit words) and both numbers: then of
    // one sign (across the sign the words are 2^31 or more apart) and their
    // distance is |x - y|.
    const auto near = hn::Lt(hn::Add(hn::Sub(xv, yv), one), three);
    const auto fast = hn::And(hn::And(near, number(xv)), hn::AndNot(hn::Lt(av, floor), number(yv)));
    const auto binade = hn::ShiftRightSame(av, mbits);
    const std::uint32_t b0 = hn::GetLane(binade);
    if (hn::AllFalse(du, hn::AndNot(fast, ne)) && hn::AllTrue(du, hn::Eq(binade, hn::Set(du, b0)))) [[likely]] {
      const std::size_t k = hn::CountTrue(du, ne);
      adj += k;
      binade_differ[b0] += k;
      binade_max_dist[b0] = std::max(binade_max_dist[b0], 1.0);
    } else {
      nr += compress_store(idx, ne, du, rest + nr);
    }
  }
  *adjacent += adj;
  *done = j;
  return nr;
}

// account_listed's first pass on floats with the truth's errors, for the
// whole vectors of list[0, cnt) (N = 32-bit lanes a step): the positions and
// errors of the ordinary results (the scalar pass's test, lane by lane: r a
// nonzero number, a, b and t normal, the error > 0, finite and not within
// 2^-20 of a power of two, hd::near_bin_boundary's test on the bits; an
// ordinary result is never a flush candidate) appended to sj/se from ns on
// (and their operand 0's bits to sa, for the runs' scans below),
// the indices q of the others to rest. Returns the new ns; *nrest the number
// in rest, *done the count of list entries covered.
inline std::size_t ordinary(int arity, const float* a_in, const float* b_in, const float* o, const float* truth_out,
                            const std::uint32_t* list, std::size_t cnt, const double* errs, std::uint32_t* sj,
                            std::uint32_t* sa, double* se, std::size_t ns, std::uint32_t* rest, std::size_t* nrest,
                            std::size_t* done) {
  const hn::ScalableTag<double> dd;
  const hn::RebindToSigned<decltype(dd)> di;
  const hn::Repartition<std::uint32_t, decltype(dd)> du;  // 2 N(dd) lanes
  const hn::RebindToSigned<decltype(du)> di32;
  const hn::RebindToFloat<decltype(du)> df;
  const std::size_t lanes = hn::Lanes(du), half = hn::Lanes(dd);
  const auto expm = hn::Set(du, 0x7f800000u), absm = hn::Set(du, 0x7fffffffu);
  const auto normal = [&](hn::Vec<decltype(du)> w) {
    const auto e = hn::And(w, expm);
    return hn::And(hn::Ne(e, hn::Zero(du)), hn::Ne(e, expm));
  };
  const auto gather = [&](hn::Vec<decltype(di32)> j, const float* p) {
    return hn::BitCast(du, hn::GatherIndex(df, p, j));
  };
  const auto usable = [&](hn::Vec<decltype(dd)> e) {
    const auto u = hn::BitCast(di, e);
    const auto biased = hn::And(hn::ShiftRight<52>(u), hn::Set(di, 0x7ff));
    const auto f = hn::And(u, hn::Set(di, 0x000fffffffffffffll));  // < 2^52: signed compares are exact
    const auto near = hn::Or(hn::Eq(biased, hn::Zero(di)),
                             hn::Or(hn::Lt(f, hn::Set(di, (std::int64_t(1) << 32) + 1)),
                                    hn::Gt(f, hn::Set(di, (std::int64_t(1) << 52) - (std::int64_t(1) << 32) - 1))));
    return hn::AndNot(hn::RebindMask(dd, near), hn::And(hn::Gt(e, hn::Zero(dd)), hn::Lt(e, hn::Set(dd, HUGE_VAL))));
  };
  auto qv = hn::Iota(du, 0);
  const auto step = hn::Set(du, std::uint32_t(lanes));
  std::size_t nr = 0, q = 0;
  for (; q + lanes <= cnt; q += lanes) {
    const auto ju = hn::LoadU(du, list + q);
    const auto j = hn::BitCast(di32, ju);
    const auto a = gather(j, a_in), r = gather(j, o), t = gather(j, truth_out);
    auto ok = hn::And(normal(a), normal(t));
    if (arity == 2) ok = hn::And(ok, normal(gather(j, b_in)));
    const auto ar = hn::And(r, absm);
    ok = hn::And(ok, hn::And(hn::Lt(ar, hn::Set(du, 0x7f800001u)), hn::Ne(ar, hn::Zero(du))));  // not NaN, not zero
    const auto e0 = hn::LoadU(dd, errs + q), e1 = hn::LoadU(dd, errs + q + half);
    const auto u0 = usable(e0), u1 = usable(e1);
    // The two halves' 64-bit masks as one 32-bit mask, lane for lane.
    const auto u01 =
        hn::ConcatEven(du, hn::BitCast(du, hn::VecFromMask(dd, u1)), hn::BitCast(du, hn::VecFromMask(dd, u0)));
    const auto take = hn::And(ok, hn::MaskFromVec(u01));
    // And back: each half of `take` as a mask of 64-bit lanes, for the errors.
    const auto takev = hn::BitCast(di32, hn::VecFromMask(du, take));
    const hn::Half<decltype(di32)> dh;
    const auto take0 = hn::MaskFromVec(hn::BitCast(dd, hn::PromoteTo(di, hn::LowerHalf(dh, takev))));
    const auto take1 = hn::MaskFromVec(hn::BitCast(dd, hn::PromoteTo(di, hn::UpperHalf(dh, takev))));
    const std::size_t nt = compress_store(ju, take, du, sj + ns);
    compress_store(a, take, du, sa + ns);
    const std::size_t n0 = compress_store(e0, take0, dd, se + ns);
    compress_store(e1, take1, dd, se + ns + n0);
    ns += nt;
    if (!hn::AllTrue(du, take)) nr += compress_store(qv, hn::Not(take), du, rest + nr);
    qv = hn::Add(qv, step);
  }
  *nrest = nr;
  *done = q;
  return ns;
}

// account_listed's scan of one run (engine.cpp's scan_run) on floats: the
// entries from s0 on whose operand (bits in sa) is in the bucket of the
// first's (bits >> shift): the run's end (returned), its largest error *m,
// the first entry reaching it *at and how many do *ties, and its errors'
// histogram bins (hd::ulp_bin) counted into h. Whole vectors while every
// lane is in the run (errors in (0, 2], nearly all of them, binned as lane
// counts, the others one by one), then entry by entry; the ties are counted
// in a second pass once the maximum is known. Exact comparisons and integer
// counts: the scalar loop's results on every target.
inline std::size_t scan_run(const std::uint32_t* sa, const double* se, std::size_t s0, std::size_t ns, int shift,
                            std::uint64_t* h, double* m_out, std::size_t* at_out, std::size_t* ties_out) {
  const hn::ScalableTag<double> dd;
  const hn::RebindToSigned<decltype(dd)> di;
  const hn::Rebind<std::uint32_t, decltype(dd)> d32;
  const std::size_t lanes = hn::Lanes(dd);
  const std::uint32_t bu = sa[s0] >> shift;
  const auto bucket = hn::Set(d32, bu);
  const auto fracm = hn::Set(di, 0x000fffffffffffffll);
  auto mv = hn::Zero(dd);
  std::uint64_t c1 = 0, c2 = 0, c3 = 0;
  alignas(64) std::int64_t bins[simd::max_lanes<double>];
  std::size_t s = s0;
  for (; s + lanes <= ns; s += lanes) {
    if (!hn::AllTrue(d32, hn::Eq(hn::ShiftRightSame(hn::LoadU(d32, sa + s), shift), bucket))) break;
    const auto e = hn::LoadU(dd, se + s);
    mv = hn::Max(mv, e);
    // ulp_bin: 2 + the exponent of e + (its fraction is nonzero), clamped to
    // [1, 23] (a true mask's lanes are -1).
    const auto u = hn::BitCast(di, e);
    const auto b = hn::Sub(hn::Add(hn::ShiftRight<52>(u), hn::Set(di, 2 - 1023)),
                           hn::VecFromMask(di, hn::Ne(hn::And(u, fracm), hn::Zero(di))));
    const auto one = hn::Lt(b, hn::Set(di, 2)), two = hn::Eq(b, hn::Set(di, 2)), three = hn::Eq(b, hn::Set(di, 3));
    c1 += hn::CountTrue(di, one);
    c2 += hn::CountTrue(di, two);
    c3 += hn::CountTrue(di, three);
    if (!hn::AllTrue(di, hn::Or(one, hn::Or(two, three)))) [[unlikely]] {
      hn::StoreU(hn::Min(b, hn::Set(di, 23)), di, bins);
      for (std::size_t l = 0; l < lanes; ++l)
        if (bins[l] > 3) ++h[bins[l]];
    }
  }
  h[1] += c1;
  h[2] += c2;
  h[3] += c3;
  const std::size_t vec_end = s;
  const double m_vec = s > s0 ? hn::GetLane(hn::MaxOfLanes(dd, mv)) : 0.0;
  double m = m_vec;
  std::size_t at = s0, ties = 0;
  s = hd::scan_errors(
      se, s, ns, [&](std::size_t k) { return sa[k] >> shift == bu; }, [&](std::size_t, int bin) { ++h[bin]; }, m, at,
      ties);
  // Where the entries after the vectors did not raise the maximum, the
  // vectors hold its first entry and more ties (the loop counted its own).
  if (vec_end > s0 && m == m_vec) {
    const auto target = hn::Set(dd, m);
    std::size_t before = 0;
    for (std::size_t v = s0; v < vec_end; v += lanes) {
      const auto eq = hn::Eq(hn::LoadU(dd, se + v), target);
      if (hn::AllFalse(dd, eq)) continue;
      if (before == 0) at = v + std::size_t(hn::FindFirstTrue(dd, eq));
      before += hn::CountTrue(dd, eq);
    }
    ties += before;
  }
  *m_out = m;
  *at_out = at;
  *ties_out = ties;
  return s;
}

}  // namespace bitexact::sweep::simd_kernels::BITEXACT_SIMD_NS
