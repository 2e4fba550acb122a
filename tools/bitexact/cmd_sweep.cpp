// bitexact sweep FN --impl LIST --inputs SET --out DIR [--shard K/N] [--resume]
//   Conformance sweep of the implementations of FN against the truth (mpfr);
//   writes DIR/report.{json,csv,html} and DIR/state.json (docs/sweep.md).
//   Under mpirun the ranks split the chunks and rank 0 writes the same files.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "bitexact/engine/cuda_backend.hpp"
#include "bitexact/engine/report.hpp"
#include "bitexact/engine/sweep.hpp"
#include "command.hpp"
#include "mpi_session.hpp"
#include "sweep_cli.hpp"

namespace bitexact::cli {

namespace {
std::atomic<bool> g_cancel{false};
extern "C" void on_sigint(int) { g_cancel = true; }
}  // namespace

sweep::State read_state_file(const std::string& path_or_dir) {
  namespace fs = std::filesystem;
  fs::path p(path_or_dir);
  if (fs::is_directory(p)) p /= "state.json";
  std::ifstream in(p);
  if (!in) throw input_error(fmt::format("cannot read sweep state '{}'", p.string()));
  nlohmann::json j;
  try {
    in >> j;
  } catch (const nlohmann::json::exception&) {
    throw input_error(fmt::format("'{}' is not valid JSON", p.string()));
  }
  try {
    return sweep::State::from_json(j);
  } catch (const input_error& e) {
    throw input_error(fmt::format("{}: {}", p.string(), e.what()));
  }
}

void print_summary(const sweep::State& s) {
  for (std::size_t i = 0; i < s.impls.size(); ++i) {
    const auto& st = s.impl_stats[i];
    std::string at = st.max.at.w.empty() ? "-" : format_hex(st.max.at.w[0].a, fn_info(s.fn).bits);
    std::printf(
        "%-12s correctly rounded %llu/%llu (%.6f%%)  max %.4g ulp at %s  special mismatches %llu\n", s.impls[i].c_str(),
        (unsigned long long)st.correctly_rounded, (unsigned long long)st.count,
        st.count ? 100.0 * double(st.correctly_rounded) / double(st.count) : 0.0, st.max.value, at.c_str(),
        (unsigned long long)(st.hist[sweep::bins::zero_sign] + st.hist[sweep::bins::inf] + st.hist[sweep::bins::nan]));
  }
  std::fflush(stdout);
}

std::function<void(const sweep::Progress&)> progress_bar(bool enabled) {
  if (!enabled) return {};
  return [](const sweep::Progress& p) {
    const double frac = p.total_inputs ? double(p.done_inputs) / double(p.total_inputs) : 1.0;
    const double rate = p.seconds > 0 ? double(p.done_inputs) / p.seconds : 0.0;
    const double eta = rate > 0 ? double(p.total_inputs - p.done_inputs) / rate : 0.0;
    const int width = 30, filled = int(frac * width);
    std::string bar(std::size_t(filled), '#');
    bar.resize(width, '.');
    std::fprintf(stderr, "\r[%s] %5.1f%%  %7.2f M inputs/s  ETA %4.0fs ", bar.c_str(), 100 * frac, rate / 1e6, eta);
    if (p.done_inputs >= p.total_inputs) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
}

namespace {

struct SweepArgs {
  std::string fn, impls, inputs = "random:1000000", out, shard, backend = "cpu";
  bool resume = false, quiet = false, progress = false;
  unsigned threads = 0;
  std::uint64_t chunk = 65536, stop_after = 0;
  double checkpoint_seconds = 5;
};

// The sweep the command line asks for, checked without writing anything (so
// that, under mpirun, every rank can check it before any rank waits on another).
sweep::Options sweep_options(const SweepArgs& a, bool& on_gpu) {
  auto fn = parse_fn(a.fn);
  if (!fn) throw input_error(fmt::format("unknown function '{}' (functions: {})", a.fn, function_list()));
  std::vector<const Impl*> impls;
  if (a.impls.empty()) {
    for (const Impl* p : all_impls())
      if (p->fn == *fn && p->name != "mpfr" && !p->gpu) impls.push_back(p);
  } else {
    impls = sweep::resolve_impls(a.impls, *fn);
  }
  if (a.chunk == 0) throw input_error("--chunk must be positive");
  if (a.backend != "cpu" && a.backend != "cuda" && a.backend != "hip")
    throw input_error(fmt::format("unknown --backend '{}' (cpu, cuda, hip)", a.backend));
  if (a.backend == "hip")
    throw input_error("--backend hip: this build has no HIP backend (no AMD GPU runtime; see docs/sweep.md)");
  on_gpu = a.backend == "cuda";
  if (on_gpu) {
    std::string why;
    if (sweep::cuda::device_count(&why) == 0) throw input_error("--backend cuda: no usable GPU (" + why + ")");
  } else {
    for (const Impl* p : impls)
      if (p->gpu) {
        std::string why;
        if (sweep::cuda::device_count(&why) == 0)
          throw input_error(fmt::format("implementation '{}' needs a GPU ({})", p->name, why));
        break;
      }
  }
  sweep::Options o;
  o.fn = *fn;
  o.impls = impls;
  o.inputs = sweep::parse_input_set(a.inputs, *fn);
  o.chunk_size = a.chunk;
  o.threads = a.threads;
  if (!a.shard.empty()) {
    unsigned k = 0, n = 0;
    char extra = 0;
    if (std::sscanf(a.shard.c_str(), "%u/%u%c", &k, &n, &extra) != 2 || n == 0 || k == 0 || k > n)
      throw input_error(fmt::format("bad --shard '{}' (expected K/N with 1 <= K <= N)", a.shard));
    o.shard_k = int(k);
    o.shard_n = int(n);
  }
  o.stop_after_chunks = a.stop_after;
  o.cancel = &g_cancel;
  return o;
}

void make_out_dir(const std::string& out) {
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec || !std::filesystem::is_directory(out))
    throw input_error(fmt::format("cannot create output folder '{}'", out));
}

// Runs the engine with Ctrl-C stopping it cleanly (after the chunks in flight).
bool run_engine(const sweep::Options& o, sweep::State& state, bool on_gpu) {
  g_cancel = false;
  auto prev = std::signal(SIGINT, on_sigint);
  bool finished = false;
  try {
    finished = on_gpu ? sweep::cuda::run(o, state) : sweep::run(o, state);
  } catch (...) {
    std::signal(SIGINT, prev);
    throw;
  }
  std::signal(SIGINT, prev);
  return finished;
}

// One process: checkpoints, --resume, --shard.
void run_local(const SweepArgs& a) {
  namespace fs = std::filesystem;
  bool on_gpu = false;
  sweep::Options o = sweep_options(a, on_gpu);
  make_out_dir(a.out);
  const std::string state_path = (fs::path(a.out) / "state.json").string();
  o.checkpoint_path = state_path;
  o.checkpoint_seconds = a.checkpoint_seconds;
  o.progress = progress_bar(!a.quiet && (a.progress || ::isatty(2)));

  sweep::State state = sweep::make_state(o);
  if (a.resume) {
    if (!fs::exists(state_path))
      throw input_error(fmt::format("--resume: no state in '{}' (run without --resume first)", a.out));
    sweep::State old = read_state_file(state_path);
    if (old.fn != state.fn || old.inputs.spec != state.inputs.spec || old.inputs.digest != state.inputs.digest ||
        old.impls != state.impls || old.truth != state.truth || old.chunk_size != state.chunk_size ||
        old.shard != state.shard)
      throw input_error(fmt::format("--resume: '{}' holds a different sweep ({} {} --impl {} shard '{}')", state_path,
                                    fn_info(old.fn).name, old.inputs.spec, fmt::join(old.impls, ","), old.shard));
    state = std::move(old);
  }
  if (!run_engine(o, state, on_gpu)) {
    std::fprintf(stderr,
                 "bitexact: sweep stopped after %llu of %llu chunks; state saved in %s (continue with --resume)\n",
                 (unsigned long long)state.done.size(), (unsigned long long)(state.shard_hi - state.shard_lo),
                 state_path.c_str());
    if (g_cancel) throw silent_exit{130};
    return;
  }
  if (state.complete()) {
    report::write_reports(state, a.out);
    print_summary(state);
  } else {
    std::fprintf(stderr, "bitexact: shard %s done; merge the shard folders with 'bitexact merge DIR... --out DIR'\n",
                 state.shard.c_str());
  }
}

// Under mpirun: rank r runs shard r+1 of N (contiguous chunk ranges, as
// --shard), rank 0 merges the ranks' states in rank order and alone writes
// --out. The merge is exact (sweep.hpp), so the files are those of one process.
void run_mpi(const SweepArgs& a, mpi::Session& mpi) {
  namespace fs = std::filesystem;
  const bool root = mpi.rank() == 0;
  sweep::Options o;
  sweep::State state;
  bool on_gpu = false;
  mpi.together([&] {
    if (!a.shard.empty())
      throw input_error("--shard does not combine with mpirun: the ranks are the shards (docs/sweep.md, MPI)");
    if (a.resume)
      throw input_error(
          "--resume does not combine with mpirun: an MPI sweep keeps no state until it ends "
          "(docs/sweep.md, MPI)");
    if (a.stop_after) throw input_error("--stop-after-chunks does not combine with mpirun");
    o = sweep_options(a, on_gpu);
    o.shard_k = mpi.rank() + 1;
    o.shard_n = mpi.size();
    if (!a.threads) o.threads = mpi.default_threads();
    // Open MPI hands the ranks a pipe for stderr even in a terminal (and a
    // pty for stdout even without one): no rank can tell, so --progress asks.
    o.progress = progress_bar(root && !a.quiet && (a.progress || ::isatty(2)));
    if (root) make_out_dir(a.out);
    state = sweep::make_state(o);
  });
  bool finished = false;
  mpi.together([&] { finished = run_engine(o, state, on_gpu); });
  const bool every = mpi.all(finished);
  mpi.together([&] {
    if (every) return;
    if (root)
      std::fprintf(stderr, "bitexact: sweep interrupted; nothing written to %s (an MPI sweep keeps no state)\n",
                   a.out.c_str());
    throw silent_exit{130};
  });
  mpi.together([&] {
    mpi.gather_to_root(root ? std::string() : state.to_json().dump(), [&](int r, std::string&& text) {
      try {
        state.merge(sweep::State::from_json(nlohmann::json::parse(text)));
      } catch (const input_error& e) {
        throw input_error(fmt::format("state of MPI rank {}: {}", r, e.what()));
      }
    });
  });
  mpi.together([&] {
    if (!root) return;
    if (!state.complete()) throw std::logic_error("the ranks' states do not cover the sweep");
    const std::string text = state.to_json().dump(1) + "\n";
    report::write_reports(state, a.out);
    write_file_atomic((fs::path(a.out) / "state.json").string(), text);
  });
  if (root) print_summary(state);
}

void run_sweep(const SweepArgs& a) {
  int env_size = 0, env_rank = 0;
  if (!mpi::launched(&env_size, &env_rank)) return run_local(a);
  // Every rank of a launch that MPI cannot split would run the whole sweep
  // and write the same folder: refuse, in one line (from the first rank).
  auto refuse = [&](const std::string& why) {
    if (env_rank != 0) throw silent_exit{2};
    throw input_error(why);
  };
  // mpirun -n 1: nothing to split, and a launched process need not start MPI
  // (which costs a good part of a second); as without mpirun.
  if (env_size == 1) return run_local(a);
  if (!mpi::built_with_mpi()) {
    if (env_size == 0) return run_local(a);
    refuse(
        fmt::format("started by an MPI launcher as {} processes, but this bitexact was built without MPI "
                    "(install libopenmpi-dev, reconfigure and rebuild; docs/sweep.md, MPI)",
                    env_size));
  }
  mpi::Session mpi;
  if (mpi.size() > 1) return run_mpi(a, mpi);
  if (env_size > 1)
    refuse(
        fmt::format("started by an MPI launcher as {} processes, but MPI sees one: the launcher is not the "
                    "mpirun of the MPI library bitexact was built with",
                    env_size));
  run_local(a);  // a launcher that does not say how many it started, and started one
}

const bool registered = register_command([](CLI::App& app) {
  static SweepArgs a;
  auto* c = app.add_subcommand(
      "sweep",
      "Conformance sweep: compare implementations of FN with the truth (mpfr) on an input set; write "
      "DIR/report.{json,csv,html}");
  c->add_option("fn", a.fn, "function: " + function_list())->required();
  c->add_option("--impl", a.impls, "comma-separated implementations (default: all of FN; mpfr is always the truth)");
  c->add_option("--inputs", a.inputs, "input set: exhaustive | random:N[:SEED] | binades:N | edge[:SIZE] | file:PATH")
      ->capture_default_str();
  c->add_option("--out", a.out, "output folder")->required();
  c->add_option("--shard", a.shard,
                "run shard K of N (1-based, contiguous chunk ranges); merge with 'bitexact merge' (not under mpirun, "
                "whose ranks are the shards)");
  c->add_flag("--resume", a.resume, "continue the sweep whose state.json is in --out (not under mpirun)");
  c->add_option("--backend", a.backend,
                "where to compute: cpu (all cores), cuda (every visible NVIDIA GPU: inputs, implementations, "
                "truth and statistics on the device; same report), hip (not built here)")
      ->capture_default_str();
  c->add_option("--threads", a.threads, "worker threads (default: all cores)");
  c->add_option("--chunk", a.chunk, "inputs per chunk")->capture_default_str();
  c->add_option("--checkpoint-seconds", a.checkpoint_seconds, "seconds between checkpoints of state.json")
      ->capture_default_str();
  c->add_option("--stop-after-chunks", a.stop_after, "debug: stop after this many chunks (then --resume)");
  c->add_flag("--quiet,-q", a.quiet, "no progress bar");
  c->add_flag("--progress", a.progress,
              "draw the progress bar even when stderr is not a terminal (under mpirun: rank 0's share)");
  c->callback([] { run_sweep(a); });
});

}  // namespace
}  // namespace bitexact::cli
