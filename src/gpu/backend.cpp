// The GPU backends of the sweep engine (bitexact/gpu/backend.hpp): the
// host side. It cuts the state's chunk range into batches, runs each batch on
// one of the visible GPUs (kernels: src/gpu/kernels.hpp), turns the GPU's
// statistics into a partial sweep::State, accounts the inputs the GPU handed
// back with sweep::account (the CPU engine's own code), and merges both into
// the state, exactly as sweep::run merges its chunks.
//
// One source, two backends: as it stands, sweep::cuda on the CUDA runtime;
// through src/gpu/hip_backend.cpp (BITEXACT_GPU_HIP=1), sweep::hip on the
// HIP runtime and the kernels hipcc built from the same device/*.cu. The
// runtime calls go through src/gpu/gpu_runtime.hpp.
#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <mutex>
#include <thread>
#include <vector>

#include "bitexact/io/atomic_file.hpp"
#include "bitexact/gpu/backend.hpp"
#include "kernels.hpp"

#if BITEXACT_GPU_HIP
namespace bitexact::sweep::hip {
#else
namespace bitexact::sweep::cuda {
#endif
namespace {

namespace cs = cuda_sweep;
// "--backend cuda" / "--backend hip" in messages, and the runtime's name.
const std::string backend_opt = std::string("--backend ") + gpu::backend_name;
#if BITEXACT_GPU_HIP
constexpr const char* runtime_name = "HIP";
constexpr const char* profile_env = "BITEXACT_HIP_PROFILE";
#else
constexpr const char* runtime_name = "CUDA";
constexpr const char* profile_env = "BITEXACT_CUDA_PROFILE";
#endif
static_assert(cs::witness_k == int(WitnessSet::K));
static_assert(cs::hist_bins == bins::count);
static_assert(cs::disc_count == int(Disc::count));
static_assert(cs::dist_bins == sweep::dist_bins);

void check(gpu::error_t e, const char* what) {
  if (e != gpu::success) throw input_error(fmt::format("{}: {}: {}", runtime_name, what, gpu::error_string(e)));
}
void check(int e, const char* what) { check(gpu::error_t(e), what); }

// BITEXACT_CUDA_PROFILE=1 (BITEXACT_HIP_PROFILE for the HIP backend): seconds per phase of the batches, summed over all
// batches and GPUs, on stderr at the end (each phase then waits for its GPU
// work, so the sum is the phase's own time, not an overlap).
struct Profile {
  bool on = std::getenv(profile_env) != nullptr;
  std::mutex mu;
  std::vector<std::pair<std::string, double>> t;
  std::uint64_t deferred = 0;
  void add(const std::string& name, double s) {
    std::lock_guard lock(mu);
    for (auto& [n, v] : t)
      if (n == name) {
        v += s;
        return;
      }
    t.push_back({name, s});
  }
};
Profile& profile() {
  static Profile p;
  return p;
}
// Times the phase since the previous mark (after waiting for `stream`).
// BITEXACT_CUDA_PROFILE=2 also prints every phase of every batch.
struct Marks {
  gpu::stream_t stream;
  std::uint64_t lo = 0;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  void mark(const std::string& name) {
    if (!profile().on) return;
    (void)gpu::stream_sync(stream);
    const auto now = std::chrono::steady_clock::now();
    const double sec = std::chrono::duration<double>(now - last).count();
    profile().add(name, sec);
    if (std::string_view(std::getenv(profile_env)) == "2")
      fmt::print(stderr, "  batch at {:#x}: {} {:.4f} s\n", lo, name, sec);
    last = now;
  }
};

// How one implementation is evaluated in a batch.
struct Eval {
  enum class How { native, repro, host } how;
  int repro = 0;  // native: the row of cs::native_builds; repro: cs::launch_repro's id
  const Impl* impl = nullptr;
};

Eval eval_of(const Impl* p) {
  for (int k = 0; k < int(std::size(cs::native_builds)); ++k)
    if (p->name == cs::native_builds[k].impl) return {Eval::How::native, k, p};
  if (p->name == "nv") return {Eval::How::repro, 0, p};
  if (p->name == "nv-ftz") return {Eval::How::repro, 1, p};
  int k = 2;
#define BITEXACT_OCML_CONFIG(tag, suffix, mcpu, daz, finite, release, what) \
  if (p->name == "ocml" suffix) return {Eval::How::repro, k, p};              \
  ++k;
#include "bitexact/ocml/configs.def"
#undef BITEXACT_OCML_CONFIG
  if (p->gpu) throw input_error(fmt::format("implementation '{}' has no {} kernel", p->name, runtime_name));
  return {Eval::How::host, 0, p};  // evaluated on the host, uploaded
}

template <class T>
T* device_alloc(std::size_t n) {
  void* p = nullptr;
  check(gpu::alloc(&p, std::max<std::size_t>(n, 1) * sizeof(T)), "device allocation");
  return static_cast<T*>(p);
}

// One GPU's buffers for batches of up to `cap` inputs.
struct Gpu {
  int dev = 0;
  gpu::stream_t stream = nullptr;
  std::uint64_t cap = 0;
  int wbytes = 4, ni = 0, nb = 0, np = 0;
  void *a = nullptr, *b = nullptr;
  std::vector<void*> outs;
  const void** outs_dev = nullptr;
  cs::DevStats st{};
  std::uint64_t* rows = nullptr;  // gathered deferred inputs
  std::vector<word> ha, hb, hout;  // host-side inputs/outputs (host-evaluated implementations, uploads)
  std::vector<unsigned char> hpack;

  void init(int device, const FnInfo& f, int n_impls, std::uint64_t batch) {
    dev = device;
    check(gpu::set_device(dev), "set device");
    check(gpu::stream_create(&stream), "stream creation");
    cap = batch;
    wbytes = f.bits / 8;
    ni = n_impls;
    nb = 2 << (f.bits == 32 ? 8 : 11);
    np = ni * (ni - 1) / 2;
    a = device_alloc<unsigned char>(cap * wbytes);
    b = device_alloc<unsigned char>(cap * wbytes);
    for (int i = 0; i < ni; ++i) outs.push_back(device_alloc<unsigned char>(cap * wbytes));
    outs_dev = device_alloc<const void*>(ni);
    check(gpu::copy(outs_dev, outs.data(), ni * sizeof(void*), gpu::host_to_device), "copy");
    st.counts = device_alloc<cs::DevCounts>(1);
    st.impls = device_alloc<cs::DevImpl>(ni);
    st.pairs = device_alloc<cs::DevPair>(std::max(np, 1));
    st.binade_wrong = device_alloc<std::uint64_t>(std::size_t(ni) * nb);
    st.binade_witness = device_alloc<cs::DevMax>(std::size_t(ni) * nb);
    st.bucket_max = device_alloc<std::uint64_t>(std::size_t(ni) * cs::bucket_count);
    st.bucket_wrong = device_alloc<std::uint64_t>(std::size_t(ni) * cs::bucket_count);
    st.binade_count = device_alloc<std::uint64_t>(nb);
    st.pair_binade_differ = device_alloc<std::uint64_t>(std::size_t(std::max(np, 1)) * nb);
    st.pair_binade_max = device_alloc<std::uint64_t>(std::size_t(std::max(np, 1)) * nb);
    st.deferred = device_alloc<std::uint64_t>(cap);
    st.deferred_capacity = cap;  // every input of a batch could be deferred
    rows = nullptr;
  }
  void release() {
    if (!stream) return;
    (void)gpu::set_device(dev);
    for (void* p : {a, b}) gpu::free(p);
    for (void* p : outs) gpu::free(p);
    gpu::free(outs_dev);
    gpu::free(st.counts), gpu::free(st.impls), gpu::free(st.pairs), gpu::free(st.binade_wrong);
    gpu::free(st.binade_witness), gpu::free(st.bucket_max), gpu::free(st.bucket_wrong), gpu::free(st.deferred);
    gpu::free(st.binade_count), gpu::free(st.pair_binade_differ), gpu::free(st.pair_binade_max);
    gpu::free(rows);
    gpu::stream_destroy(stream);
    stream = nullptr;
  }
  // Zero statistics; the "no witness yet" bound of every witness set is all ones.
  void reset_stats() {
    auto zero = [&](void* p, std::size_t bytes) { check(gpu::zero_async(p, bytes, stream), "memset"); };
    zero(st.counts, sizeof(cs::DevCounts));
    zero(st.impls, ni * sizeof(cs::DevImpl));
    zero(st.pairs, std::max(np, 1) * sizeof(cs::DevPair));
    zero(st.binade_wrong, std::size_t(ni) * nb * 8);
    zero(st.binade_witness, std::size_t(ni) * nb * sizeof(cs::DevMax));
    zero(st.bucket_max, std::size_t(ni) * cs::bucket_count * 8);
    zero(st.bucket_wrong, std::size_t(ni) * cs::bucket_count * 8);
    zero(st.binade_count, std::size_t(nb) * 8);
    zero(st.pair_binade_differ, std::size_t(std::max(np, 1)) * nb * 8);
    zero(st.pair_binade_max, std::size_t(std::max(np, 1)) * nb * 8);
    // key_hi = all ones: set in host memory images and uploaded.
    std::vector<cs::DevImpl> im(ni);
    std::memset(im.data(), 0, im.size() * sizeof(cs::DevImpl));
    for (auto& x : im) x.max.at.key_hi = x.special.key_hi = ~0ull;
    std::vector<cs::DevPair> pr(std::max(np, 1));
    std::memset(pr.data(), 0, pr.size() * sizeof(cs::DevPair));
    for (auto& p : pr) {
      for (auto& w : p.witness) w.key_hi = ~0ull;
      p.max_dist.at.key_hi = ~0ull;
    }
    std::vector<cs::DevMax> bw(std::size_t(ni) * nb);
    std::memset(bw.data(), 0, bw.size() * sizeof(cs::DevMax));
    for (auto& m : bw) m.at.key_hi = ~0ull;
    check(gpu::copy_async(st.impls, im.data(), im.size() * sizeof(cs::DevImpl), gpu::host_to_device, stream),
          "upload");
    check(gpu::copy_async(st.pairs, pr.data(), pr.size() * sizeof(cs::DevPair), gpu::host_to_device, stream),
          "upload");
    check(gpu::copy_async(st.binade_witness, bw.data(), bw.size() * sizeof(cs::DevMax), gpu::host_to_device,
                          stream),
          "upload");
    check(gpu::stream_sync(stream), "reset");  // the host images go out of scope
  }
};

// Words of `bytes` width packed little-endian from 64-bit words, and back.
void pack(const word* in, std::size_t n, int bytes, unsigned char* out) {
  if (bytes == 8) {
    std::memcpy(out, in, n * 8);
    return;
  }
  auto* o = reinterpret_cast<std::uint32_t*>(out);
  for (std::size_t i = 0; i < n; ++i) o[i] = std::uint32_t(in[i]);
}

Witness to_witness(const cs::DevWitness& w) { return Witness{w.a, w.b, w.r, w.s, w.ulp}; }
WitnessSet to_set(const cs::DevWitnessSet& s) {
  WitnessSet out;
  for (int i = 0; i < s.n; ++i) out.w.push_back(to_witness(s.w[i]));
  return out;
}

// The GPU's statistics of one batch as a partial State.
State partial_from_gpu(Gpu& g, const State& like) {
  cs::DevCounts counts;
  std::vector<cs::DevImpl> im(g.ni);
  std::vector<cs::DevPair> pr(std::max(g.np, 1));
  std::vector<std::uint64_t> bwrong(std::size_t(g.ni) * g.nb), bkmax(std::size_t(g.ni) * cs::bucket_count),
      bkwrong(std::size_t(g.ni) * cs::bucket_count);
  std::vector<cs::DevMax> bwit(std::size_t(g.ni) * g.nb);
  std::vector<std::uint64_t> bcount(g.nb), pbdiffer(std::size_t(std::max(g.np, 1)) * g.nb),
      pbmax(std::size_t(std::max(g.np, 1)) * g.nb);
  auto down = [&](void* dst, const void* src, std::size_t bytes) {
    check(gpu::copy_async(dst, src, bytes, gpu::device_to_host, g.stream), "download");
  };
  down(&counts, g.st.counts, sizeof counts);
  down(im.data(), g.st.impls, im.size() * sizeof(cs::DevImpl));
  down(pr.data(), g.st.pairs, pr.size() * sizeof(cs::DevPair));
  down(bwrong.data(), g.st.binade_wrong, bwrong.size() * 8);
  down(bwit.data(), g.st.binade_witness, bwit.size() * sizeof(cs::DevMax));
  down(bkmax.data(), g.st.bucket_max, bkmax.size() * 8);
  down(bkwrong.data(), g.st.bucket_wrong, bkwrong.size() * 8);
  down(bcount.data(), g.st.binade_count, bcount.size() * 8);
  down(pbdiffer.data(), g.st.pair_binade_differ, pbdiffer.size() * 8);
  down(pbmax.data(), g.st.pair_binade_max, pbmax.size() * 8);
  check(gpu::stream_sync(g.stream), "statistics");

  State p = fresh_partial(like);
  p.count = counts.count;
  for (std::size_t k = 0; k < p.in_class_count.size(); ++k) p.in_class_count[k] = counts.in_class[k];
  for (std::size_t k = 0; k < 5; ++k) p.out_class_count[k] = counts.out_class[k];
  for (int k = 0; k < g.nb; ++k) p.binade_count[k] = bcount[k];
  for (int i = 0; i < g.ni; ++i) {
    ImplStats& s = p.impl_stats[i];
    const cs::DevImpl& d = im[i];
    s.count = counts.count;
    s.correctly_rounded = counts.count - d.differs + d.nan_payload;
    s.nan_payload_differs = d.nan_payload;
    for (int k = 1; k < bins::count; ++k) s.hist[k] = d.hist[k];
    s.hist[bins::cr] = s.correctly_rounded;
    if (d.max.at.n > 0) {
      s.max.value = bit_cast<double>(d.max.value_bits);
      s.max.at = to_set(d.max.at);
    }
    for (int k = 0; k < g.nb; ++k) {
      const std::size_t q = std::size_t(i) * g.nb + k;
      s.binade_wrong[k] = bwrong[q];
      if (bwit[q].at.n > 0) {
        s.binade_max[k] = bit_cast<double>(bwit[q].value_bits);
        s.binade_witness[k] = to_witness(bwit[q].at.w[0]);
      }
    }
    for (int k = 0; k < cs::bucket_count; ++k) {
      s.bucket_max[k] = bit_cast<double>(bkmax[std::size_t(i) * cs::bucket_count + k]);
      s.bucket_wrong[k] = bkwrong[std::size_t(i) * cs::bucket_count + k];
    }
    for (std::size_t k = 0; k < s.in_class_wrong.size(); ++k) {
      s.in_class_wrong[k] = d.in_class_wrong[k];
      s.in_class_max[k] = bit_cast<double>(d.in_class_max[k]);
    }
    for (int k = 0; k < 5; ++k) s.out_class_wrong[k] = d.out_class_wrong[k];
    s.special_witness = to_set(d.special);
  }
  for (int q = 0; q < g.np; ++q) {
    PairStats& s = p.pair_stats[q];
    s.differ = pr[q].differ;
    for (int k = 0; k < cs::disc_count; ++k) {
      s.cls[k] = pr[q].cls[k];
      s.witness[k] = to_set(pr[q].witness[k]);
    }
    for (int k = 0; k < cs::dist_bins; ++k) s.dist[k] = pr[q].dist[k];
    for (int k = 0; k < g.nb; ++k) {
      s.binade_differ[k] = pbdiffer[std::size_t(q) * g.nb + k];
      s.binade_max_dist[k] = bit_cast<double>(pbmax[std::size_t(q) * g.nb + k]);  // 0 bits: 0.0, none
    }
    if (pr[q].max_dist.at.n > 0) {
      s.max_dist.value = bit_cast<double>(pr[q].max_dist.value_bits);
      s.max_dist.at = to_set(pr[q].max_dist.at);
    }
  }
  return p;
}

cs::gen_kind gen_of(const InputSet& s) {
  switch (s.kind) {
    case InputSet::Kind::exhaustive:
      return cs::gen_kind::exhaustive;
    case InputSet::Kind::uniform:
      return cs::gen_kind::uniform;
    case InputSet::Kind::structured:
      return cs::gen_kind::structured;
    default:
      return cs::gen_kind::uploaded;
  }
}

// One batch [lo, hi) of inputs on GPU g: returns the partial State of the
// batch (GPU statistics plus the deferred inputs accounted on the host).
State run_batch(Gpu& g, const Options& o, const std::vector<Eval>& evals, const Impl* truth, std::uint64_t lo,
                std::uint64_t hi, const State& like) {
  const FnInfo& f = fn_info(o.fn);
  const std::uint64_t n = hi - lo;
  check(gpu::set_device(g.dev), "set device");
  Marks pm{g.stream, lo};
  const cs::gen_kind gk = gen_of(o.inputs);
  bool host_inputs = gk == cs::gen_kind::uploaded;
  for (const Eval& e : evals) host_inputs |= e.how == Eval::How::host;
  if (host_inputs) {
    g.ha.resize(n);
    g.hb.assign(n, 0);
    o.inputs.generate(lo, hi, g.ha.data(), g.hb.data());
  }
  if (gk == cs::gen_kind::uploaded) {
    g.hpack.resize(n * g.wbytes);
    pack(g.ha.data(), n, g.wbytes, g.hpack.data());
    check(gpu::copy(g.a, g.hpack.data(), n * g.wbytes, gpu::host_to_device), "upload inputs");
    pack(g.hb.data(), n, g.wbytes, g.hpack.data());
    check(gpu::copy(g.b, g.hpack.data(), n * g.wbytes, gpu::host_to_device), "upload inputs");
  } else {
    check(cs::launch_generate(o.fn, gk, o.inputs.seed, lo, n, g.a, g.b, g.stream), "generate");
  }
  pm.mark("inputs");
  for (int i = 0; i < g.ni; ++i) {
    const Eval& e = evals[i];
    int rc = 0;
    switch (e.how) {
      case Eval::How::native:
        rc = cs::native_builds[e.repro].launch(o.fn, g.a, g.b, g.outs[i], n, g.stream);
        break;
      case Eval::How::repro:
        rc = cs::launch_repro(e.repro, o.fn, g.a, g.b, g.outs[i], n, g.stream);
        break;
      case Eval::How::host: {
        g.hout.resize(n);
        const word* args[2] = {g.ha.data(), g.hb.data()};
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 65536), [&](const tbb::blocked_range<std::size_t>& r) {
          const word* sub[2] = {args[0] + r.begin(), args[1] + r.begin()};
          e.impl->eval(sub, g.hout.data() + r.begin(), r.size());
        });
        g.hpack.resize(n * g.wbytes);
        pack(g.hout.data(), n, g.wbytes, g.hpack.data());
        check(gpu::copy_async(g.outs[i], g.hpack.data(), n * g.wbytes, gpu::host_to_device, g.stream), "upload");
        check(gpu::stream_sync(g.stream), "upload");
        break;
      }
    }
    check(rc, "evaluation kernel");
    pm.mark("eval " + e.impl->name);
  }
  g.reset_stats();
  pm.mark("reset statistics");
  check(cs::launch_stats(o.fn, g.a, g.b, g.outs_dev, g.ni, n, g.st, g.stream), "statistics kernel");
  pm.mark("statistics kernel");
  State part = partial_from_gpu(g, like);
  // The kernel's pair witnesses carry no truth; a few host evaluations give it.
  set_pair_truth(part, *truth);
  pm.mark("statistics download");

  // The inputs the GPU handed back: gathered, then accounted like a chunk.
  cs::DevCounts counts;
  check(gpu::copy(&counts, g.st.counts, sizeof counts, gpu::device_to_host), "download");
  const std::uint64_t m = counts.deferred;
  if (m > 0) {
    const std::size_t width = 2 + g.ni;
    gpu::free(g.rows);
    g.rows = device_alloc<std::uint64_t>(m * width);
    check(cs::launch_gather(o.fn, g.st.deferred, m, g.a, g.b, g.outs_dev, g.ni, g.rows, g.stream), "gather");
    std::vector<std::uint64_t> rows(m * width);
    check(gpu::copy_async(rows.data(), g.rows, rows.size() * 8, gpu::device_to_host, g.stream), "download");
    check(gpu::stream_sync(g.stream), "gather");
    std::vector<word> a(m), b(m), t(m);
    std::vector<std::vector<word>> outs(g.ni, std::vector<word>(m));
    for (std::uint64_t q = 0; q < m; ++q) {
      a[q] = rows[q * width];
      b[q] = rows[q * width + 1];
      for (int i = 0; i < g.ni; ++i) outs[i][q] = rows[q * width + 2 + i];
    }
    const word* args[2] = {a.data(), b.data()};
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, m, 256), [&](const tbb::blocked_range<std::size_t>& r) {
      const word* sub[2] = {args[0] + r.begin(), args[1] + r.begin()};
      truth->eval(sub, t.data() + r.begin(), r.size());
    });
    std::vector<const word*> outp(g.ni);
    for (int i = 0; i < g.ni; ++i) outp[i] = outs[i].data();
    State d = fresh_partial(like);
    account(o.fn, d, a.data(), b.data(), outp.data(), t.data(), m);
    merge_partial(part, d);
    pm.mark("deferred inputs (host)");
    if (profile().on) {
      std::lock_guard lock(profile().mu);
      profile().deferred += m;
    }
  }
  (void)f;
  return part;
}

}  // namespace

bool built() { return true; }

int device_count(std::string* why) {
  int n = 0;
  const gpu::error_t e = gpu::device_count(&n);
  if (e != gpu::success) {
#if BITEXACT_GPU_HIP
    // Without /dev/kfd (no AMD GPU or amdgpu driver) HIP says hipErrorNoDevice.
    if (why) *why = fmt::format("hipGetDeviceCount: {}", gpu::error_string(e));
#else
    // Without a driver, cudart says "driver version is insufficient": name both.
    if (why) *why = fmt::format("no NVIDIA driver or GPU here: {}", gpu::error_string(e));
#endif
    (void)gpu::last_error();  // clear the sticky error of the failed query
    return 0;
  }
  if (n == 0 && why) *why = BITEXACT_GPU_HIP ? "no HIP device is visible" : "no CUDA device is visible";
  return n;
}

std::string describe_devices() {
  std::string why;
  const int n = device_count(&why);
  if (n == 0) return "none (" + why + ")";
  int drv = 0, rt = 0;
  (void)gpu::driver_version(&drv);
  (void)gpu::runtime_version(&rt);
  std::string out;
  for (int d = 0; d < n; ++d) {
    gpu::device_info p{};
    if (!gpu::describe(d, p)) continue;
#if BITEXACT_GPU_HIP
    // HIP versions are major * 10^7 + minor * 10^5 + patch.
    out += fmt::format("{}{} ({}), driver {}, runtime {}.{}", d ? "; " : "", p.name, p.arch, drv, rt / 10000000,
                       rt / 100000 % 100);
#else
    out += fmt::format("{}{} ({}), driver {}.{}, runtime {}.{}", d ? "; " : "", p.name, p.arch, drv / 1000,
                       drv % 1000 / 10, rt / 1000, rt % 1000 / 10);
#endif
  }
  return out;
}

bool run(const Options& o, State& state) {
  if (o.no_truth || o.digests)
    throw input_error(backend_opt + " computes full statistics against the truth (no digests-only sweeps)");
  const Impl* truth = o.truth ? o.truth : find_truth(o.fn);
  if (!truth || truth->name != "mpfr")
    throw input_error(backend_opt + " needs the correctly rounded truth ('mpfr') as the reference");
  if (o.impls.empty()) throw input_error(backend_opt + ": no implementation to compare");
  if (o.impls.size() > 8) throw input_error(backend_opt + " compares at most 8 implementations at once");
  std::string why;
  const int ngpu = device_count(&why);
  if (ngpu == 0) throw input_error(fmt::format("{}: no usable {} ({})", backend_opt, gpu::vendor_gpu, why));
  std::vector<Eval> evals;
  for (const Impl* p : o.impls) evals.push_back(eval_of(p));
  const FnInfo& f = fn_info(o.fn);

  // Batches: runs of chunks not done yet, cut to about 2^26 inputs each.
  const std::uint64_t per_batch = std::max<std::uint64_t>(1, (std::uint64_t(1) << 26) / o.chunk_size);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> batches;  // chunk ranges
  const std::vector<std::uint64_t> todo = chunks_to_do(o, state);
  for (std::size_t i = 0; i < todo.size();) {
    std::size_t j = i + 1;
    while (j < todo.size() && todo[j] == todo[j - 1] + 1 && j - i < per_batch) ++j;
    batches.push_back({todo[i], todo[j - 1] + 1});
    i = j;
  }
  const std::uint64_t cap = std::min<std::uint64_t>(per_batch * o.chunk_size, o.inputs.count);

  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  auto last_ckpt = t0;
  std::mutex mu;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::uint64_t done_inputs = state.count, new_batches = 0;
  const std::uint64_t total_inputs = [&] {
    std::uint64_t hi = std::min(state.shard_hi * o.chunk_size, o.inputs.count);
    return hi - std::min(state.shard_lo * o.chunk_size, hi);
  }();
  std::string error;
  std::vector<int> devices = o.gpus;
  if (devices.empty())
    for (int d = 0; d < ngpu; ++d) devices.push_back(d);
  for (int d : devices)
    if (d < 0 || d >= ngpu) throw input_error(fmt::format("{}: no GPU {} ({} visible)", backend_opt, d, ngpu));
  // Per GPU (profile): start-up (context, buffers), then its batches.
  struct Busy {
    double init = 0, batches = 0, last_end = 0;
    int n = 0;
  };
  std::vector<Busy> busy(devices.size());
  auto worker = [&](int dev, Busy& use) {
    Gpu g;
    try {
      auto tb = clock::now();
      g.init(dev, f, int(o.impls.size()), cap);
      use.init = std::chrono::duration<double>(clock::now() - tb).count();
      for (std::size_t k; !stop && (k = next++) < batches.size();) {
        tb = clock::now();
        if (o.cancel && o.cancel->load()) {
          stop = true;
          break;
        }
        const auto [c0, c1] = batches[k];
        const std::uint64_t lo = c0 * o.chunk_size, hi = std::min(c1 * o.chunk_size, o.inputs.count);
        State part = run_batch(g, o, evals, truth, lo, hi, state);
        const auto tm0 = clock::now();
        std::lock_guard lock(mu);
        merge_partial(state, part);
        state.done.add(c0, c1);
        done_inputs += part.count;
        ++new_batches;
        const auto now = clock::now();
        if (o.progress)
          o.progress({done_inputs, total_inputs, std::chrono::duration<double>(now - t0).count()});
        if (!o.checkpoint_path.empty() && now - last_ckpt >= std::chrono::duration<double>(o.checkpoint_seconds)) {
          last_ckpt = now;
          write_file_atomic(o.checkpoint_path, state.to_json().dump(1) + "\n");
        }
        if (o.stop_after_chunks && new_batches >= o.stop_after_chunks) stop = true;
        if (profile().on) profile().add("merge (host)", std::chrono::duration<double>(clock::now() - tm0).count());
        use.batches += std::chrono::duration<double>(clock::now() - tb).count();
        use.last_end = std::chrono::duration<double>(clock::now() - t0).count();
        ++use.n;
      }
    } catch (const std::exception& e) {
      std::lock_guard lock(mu);
      if (error.empty()) error = fmt::format("GPU {}: {}", dev, e.what());
      stop = true;
    }
    g.release();
  };
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < devices.size(); ++i) threads.emplace_back(worker, devices[i], std::ref(busy[i]));
  for (auto& t : threads) t.join();
  if (profile().on) {
    Profile& p = profile();
    fmt::print(stderr, "{} profile: {} batches, {} deferred inputs, {:.3f} s wall\n", gpu::backend_name, batches.size(), p.deferred,
               std::chrono::duration<double>(clock::now() - t0).count());
    for (const auto& [name, sec] : p.t) fmt::print(stderr, "  {:<28} {:8.3f} s\n", name, sec);
    // The scaling view (bench/README.md): each GPU's start-up, its share of
    // the batches and the time it spent on them, and when it finished.
    for (std::size_t i = 0; i < devices.size(); ++i)
      fmt::print(stderr, "  GPU {}: init {:.3f} s, {} batches in {:.3f} s, done at {:.3f} s\n", devices[i], busy[i].init,
                 busy[i].n, busy[i].batches, busy[i].last_end);
  }
  if (!o.checkpoint_path.empty()) write_file_atomic(o.checkpoint_path, state.to_json().dump(1) + "\n");
  if (!error.empty()) throw input_error(error);
  for (std::uint64_t c : todo)
    if (!state.done.contains(c)) return false;
  return true;
}

}  // namespace bitexact::sweep::cuda / hip
