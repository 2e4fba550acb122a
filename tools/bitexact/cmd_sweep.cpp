// bitexact sweep FN --impl LIST --inputs SET --out DIR [--shard K/N] [--resume]
//   Conformance sweep of the implementations of FN against the truth (mpfr);
//   writes DIR/report.{json,csv,html} and DIR/state.json (docs/sweep.md).
//   Under mpirun the ranks split the chunks and rank 0 writes the same files.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ranges>
#include <stdexcept>

#include <fmt/format.h>

#include "bitexact/gpu/backend.hpp"
#include "bitexact/io/digests.hpp"
#include "bitexact/report/report.hpp"
#include "bitexact/sweep/engine.hpp"
#include "command.hpp"
#include "mpi_session.hpp"
#include "options.hpp"
#include "sweep_cli.hpp"

namespace bitexact::cli {

namespace {
std::atomic<bool> g_cancel{false};
extern "C" void on_sigint(int) { g_cancel = true; }

// Under mpirun, a rank that dies (killed, out of memory, a crash) makes mpirun
// end the others with SIGTERM (then SIGKILL). The engine cannot finish its
// collectives with a dead rank, so a rank leaves at once: rank 0, while it
// sweeps or merges, says so in one line (the text made before the sweep: a
// handler may only write(2)); nothing was written yet, as rank 0 writes --out
// only after the ranks' states are merged. Once it writes, SIGTERM is ignored
// so that the files are complete. After an error the ranks agreed on (rank 0
// prints it; mpirun then ends the ranks still there) it says nothing more
// (tests/mpi: MpiSweep.AKilledRankStopsEveryRank, AFailedRunLeavesNoFolderBehind).
char g_term_line[1024];
std::size_t g_term_len = 0;
std::atomic<bool> g_term_speak{false}, g_writing{false};
extern "C" void on_mpi_sigterm(int) {
  if (g_writing) return;
  if (g_term_speak && g_term_len) {
    const ssize_t n = ::write(2, g_term_line, g_term_len);
    (void)n;
  }
  ::_exit(143);
}

// BITEXACT_CUDA_PROFILE: where an end-to-end sweep's time goes outside the
// engine (the serial part of a multi-GPU run): seconds since the program was
// loaded (static initialisation) at each named point, on stderr.
const auto g_loaded = std::chrono::steady_clock::now();
void phase(const char* name) {
  if (!std::getenv("BITEXACT_CUDA_PROFILE")) return;
  std::fprintf(stderr, "sweep phase: %-34s at %.3f s\n", name,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - g_loaded).count());
}
}  // namespace

sweep::State read_state_file(const std::string& path_or_dir) {
  namespace fs = std::filesystem;
  fs::path p(path_or_dir);
  if (fs::is_directory(p)) p /= "state.json";
  if (!fs::exists(p)) throw input_error(fmt::format("cannot read sweep state {}", quote_input(p.string(), 200)));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(read_user_file(p.string()));
  } catch (const nlohmann::json::exception&) {
    throw input_error(fmt::format("{} is not valid JSON", quote_input(p.string(), 200)));
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
    // FTZ/DAZ flushes are their own class, outside max ulp (docs/sweep.md).
    if (st.flushed) std::printf("%-12s flushed %llu (FTZ/DAZ, not in max ulp)\n", "", (unsigned long long)st.flushed);
  }
  // Pairs: the report's own figure and words (report::differ_text), so that
  // stdout, the page, the CSV, report.json and the Markdown summary agree.
  if (!s.pair_stats.empty()) {
    const report::Model m = report::build_model(s);
    for (const auto& p : m.pairs)
      std::printf("%s vs %s: %s\n", p.a.c_str(), p.b.c_str(), report::differ_text(m, p).c_str());
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

// Numbers as text, read by options.hpp (CLI11 would take --chunk -1 as 2^64-1).
struct SweepArgs {
  std::string fn, impls, inputs = "random:1000000", out, shard, backend = "cpu";
  bool impls_given = false, resume = false, quiet = false, progress = false;
  std::string threads, chunk = "65536", stop_after, checkpoint_seconds = "5";
  bool chunk_given = false;
  std::vector<std::string> check_digests;  // --check-digests FILE...
};

// --check-digests: the committed sets (vectors/*/digests.json) of the swept
// implementations over the swept input set. The engine digests each chunk's
// outputs (State::chunk_digests) with chunk = block, so one pass gives the
// report and the comparison with the vendor's blocks: an exhaustive sweep of
// nv, nv-ftz and triton against the truth is also the full CPU check of their
// H100/H200 digests, without evaluating the reproductions twice.
struct DigestCheck {
  std::string file;
  std::size_t impl = 0;  // index in Options::impls
  vectors::digest_set set;
};

std::vector<DigestCheck> digest_checks(const SweepArgs& a, sweep::Options& o) {
  std::vector<DigestCheck> checks;
  if (a.check_digests.empty()) return checks;
  if (!a.shard.empty())
    throw input_error("--check-digests needs the whole sweep: it does not combine with --shard");
  if (a.backend != "cpu") throw input_error("--check-digests checks the CPU reproductions: use --backend cpu");
  const std::string fn(fn_info(o.fn).name);
  for (const auto& file : a.check_digests) {
    const vectors::digest_file f = vectors::load_digests(file);
    for (const auto& s : f.sets)
      for (std::size_t i = 0; i < o.impls.size(); ++i)
        if (s.fn == fn && s.impl == o.impls[i]->name && s.set.spec == o.inputs.spec) checks.push_back({file, i, s});
  }
  if (checks.empty()) {
    // A plain loop, not std::views::transform: clang 15 cannot compile
    // libstdc++ 12's ranges (the sanitizer build, tests/sanitize.cmake).
    std::vector<std::string> names;
    for (const Impl* p : o.impls) names.push_back(p->name);
    throw input_error(fmt::format("--check-digests: {} holds no set of {} over {} for --impl {}",
                                  fmt::join(a.check_digests, ", "), fn, o.inputs.spec, fmt::join(names, ",")));
  }
  // One block size and one output view per sweep (the engine's chunk and view).
  for (const auto& c : checks) {
    if (c.set.block != checks[0].set.block || c.set.view != checks[0].set.view)
      throw input_error(fmt::format("--check-digests: the sets of {} and {} differ in block size or output view; "
                                    "check them in separate sweeps",
                                    checks[0].set.impl, c.set.impl));
  }
  if (a.chunk_given && o.chunk_size != checks[0].set.block)
    throw input_error(fmt::format("--chunk {} with --check-digests: the chunk must be the digests' block ({})",
                                  o.chunk_size, checks[0].set.block));
  o.chunk_size = checks[0].set.block;
  o.digests = true;
  o.view = checks[0].set.view;
  return checks;
}

// One line per checked set; false when a block differs.
bool report_digest_checks(const sweep::State& state, const std::vector<DigestCheck>& checks) {
  bool all = true;
  for (const auto& c : checks) {
    const auto& got = state.chunk_digests.at(c.impl);
    std::uint64_t equal = 0;
    std::vector<std::uint64_t> bad;
    for (std::uint64_t b = 0; b < c.set.digests.size(); ++b) {
      const auto it = got.find(b);
      if (it != got.end() && it->second == c.set.digests[b])
        ++equal;
      else if (bad.size() < 8)
        bad.push_back(b);
    }
    const bool ok = equal == c.set.digests.size();
    all = all && ok;
    std::printf("digests %s %s.%s %s: %llu/%zu blocks equal%s\n", c.file.c_str(), c.set.impl.c_str(), c.set.fn.c_str(),
                c.set.set.spec.c_str(), (unsigned long long)equal, c.set.digests.size(),
                ok ? "" : fmt::format(" (MISMATCH; first blocks {})", fmt::join(bad, " ")).c_str());
  }
  std::fflush(stdout);
  return all;
}

// Inputs per chunk: each thread holds a chunk's operands and results (8 bytes
// each, per implementation); 2^26 is also the CUDA backend's batch.
constexpr std::uint64_t max_chunk = std::uint64_t(1) << 26;

// Where the sweep runs (--backend).
enum class Where { cpu, cuda, hip };

// The visible devices of a GPU backend (0 and why when none is usable).
int gpu_count(Where w, std::string* why = nullptr) {
  return w == Where::hip ? sweep::hip::device_count(why) : sweep::cuda::device_count(why);
}

// The sweep the command line asks for, checked without writing anything (so
// that, under mpirun, every rank can check it before any rank waits on another).
sweep::Options sweep_options(const SweepArgs& a, Where& where) {
  auto fn = parse_fn(a.fn);
  if (!fn) throw input_error(fmt::format("unknown function '{}' (functions: {})", a.fn, function_list()));
  std::vector<const Impl*> impls;
  if (!a.impls_given) {
    for (const Impl* p : all_impls())
      if (p->fn == *fn && p->name != "mpfr" && !p->gpu) impls.push_back(p);
  } else if (a.impls.empty()) {
    // As "--impl nv," is: an empty name is a mistake, not "all of them".
    throw input_error("--impl is empty: name the implementations (e.g. --impl nv,ocml), or leave --impl out for all");
  } else {
    impls = sweep::resolve_impls(a.impls, *fn);
  }
  if (impls.empty())
    throw input_error(fmt::format("--impl {}: the truth (mpfr) is part of every sweep; name an implementation to "
                                  "compare with it (e.g. --impl nv)",
                                  quote_input(a.impls)));
  if (a.backend != "cpu" && a.backend != "cuda" && a.backend != "hip")
    throw input_error(fmt::format("unknown --backend {} (cpu, cuda, hip)", quote_input(a.backend)));
  where = a.backend == "cuda" ? Where::cuda : a.backend == "hip" ? Where::hip : Where::cpu;
  if (where == Where::hip && !sweep::hip::built()) {
    std::string why;
    sweep::hip::device_count(&why);
    throw input_error("--backend hip: " + why);
  }
  if (where == Where::cuda) {
    std::string why;
    if (sweep::cuda::device_count(&why) == 0) throw input_error("--backend cuda: no usable GPU (" + why + ")");
  } else if (where == Where::hip) {
    std::string why;
    if (sweep::hip::device_count(&why) == 0) throw input_error("--backend hip: no usable AMD GPU (" + why + ")");
  } else {
    for (const Impl* p : impls)
      if (p->gpu) {
        // native-ocml* run on an AMD GPU (HIP), the other native-* on an NVIDIA one.
        const Where needs = p->name.starts_with("native-ocml") ? Where::hip : Where::cuda;
        std::string why;
        if (gpu_count(needs, &why) == 0)
          throw input_error(fmt::format("implementation '{}' needs a{} ({})", p->name,
                                        needs == Where::hip ? "n AMD GPU" : " GPU", why));
        break;
      }
  }
  sweep::Options o;
  o.fn = *fn;
  o.impls = impls;
  o.inputs = sweep::parse_input_set(a.inputs, *fn);
  o.chunk_size = whole_number(a.chunk, "--chunk", 1, max_chunk);
  o.threads = thread_count(a.threads);
  o.checkpoint_seconds = real_number(a.checkpoint_seconds, "--checkpoint-seconds", 0, 1e9);
  if (!a.shard.empty()) {
    const auto slash = a.shard.find('/');
    try {
      if (slash == std::string::npos) throw input_error("");
      const auto n = whole_number(std::string_view(a.shard).substr(slash + 1), "N", 1, 1 << 30);
      o.shard_k = int(whole_number(std::string_view(a.shard).substr(0, slash), "K", 1, n));
      o.shard_n = int(n);
    } catch (const input_error&) {
      throw input_error(fmt::format("bad --shard {} (expected K/N with 1 <= K <= N)", quote_input(a.shard)));
    }
  }
  if (!a.stop_after.empty())
    o.stop_after_chunks = whole_number(a.stop_after, "--stop-after-chunks", 1, std::uint64_t(1) << 62);
  o.cancel = &g_cancel;
  return o;
}

// Runs the engine with Ctrl-C stopping it cleanly (after the chunks in flight).
bool run_engine(const sweep::Options& o, sweep::State& state, Where where) {
  g_cancel = false;
  auto prev = std::signal(SIGINT, on_sigint);
  bool finished = false;
  try {
    finished = where == Where::cuda  ? sweep::cuda::run(o, state)
               : where == Where::hip ? sweep::hip::run(o, state)
                                     : sweep::run(o, state);
  } catch (...) {
    std::signal(SIGINT, prev);
    throw;
  }
  std::signal(SIGINT, prev);
  return finished;
}

bool run_local_in(const SweepArgs& a, sweep::Options& o, Where where, const std::vector<DigestCheck>& checks);

// One process: checkpoints, --resume, --shard.
void run_local(const SweepArgs& a) {
  Where where = Where::cpu;
  sweep::Options o = sweep_options(a, where);
  const std::vector<DigestCheck> checks = digest_checks(a, o);
  // Made now: the checkpoints go there while the sweep runs. A failure
  // removes the folders made here again while they are empty (a checkpoint
  // written before the failure stays: --resume continues from it).
  made_for_output dir(a.out);
  // Held until the reports are written: a second sweep given this --out stops
  // at once instead of interleaving its checkpoints with ours.
  const output_lock lock(a.out, a.shard.empty() ? "sweep" : "sweep --shard " + a.shard);
  const bool digests_equal = run_local_in(a, o, where, checks);
  dir.keep();
  if (!digests_equal) throw silent_exit{1};
}

// False when a --check-digests block differs (reports written all the same).
bool run_local_in(const SweepArgs& a, sweep::Options& o, Where where, const std::vector<DigestCheck>& checks) {
  namespace fs = std::filesystem;
  const std::string state_path = (fs::path(a.out) / "state.json").string();
  o.checkpoint_path = state_path;
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
  phase("options checked (CUDA driver up)");
  const bool finished = run_engine(o, state, where);
  phase("engine done");
  if (!finished) {
    std::fprintf(stderr,
                 "bitexact: sweep stopped after %llu of %llu chunks; state saved in %s (continue with --resume)\n",
                 (unsigned long long)state.done.size(), (unsigned long long)(state.shard_hi - state.shard_lo),
                 state_path.c_str());
    if (g_cancel) throw silent_exit{130};
    return true;
  }
  if (state.complete()) {
    report::write_reports(state, a.out);
    phase("reports written");
    print_summary(state);
    return report_digest_checks(state, checks);
  }
  std::fprintf(stderr, "bitexact: shard %s done; merge the shard folders with 'bitexact merge DIR... --out DIR'\n",
               state.shard.c_str());
  return true;
}

// Under mpirun: rank r runs shard r+1 of N (contiguous chunk ranges, as
// --shard), rank 0 merges the ranks' states in rank order and alone writes
// --out. The merge is exact (sweep.hpp), so the files are those of one process.
void run_mpi_steps(const SweepArgs& a, mpi::Session& mpi) {
  const bool root = mpi.rank() == 0;
  if (root) {
    const std::string line = fmt::format(
        "bitexact: sweep stopped by SIGTERM (mpirun ends every rank when one of them fails or is killed: its "
        "message names the rank); nothing written to {}\n",
        one_line(a.out, 600));
    g_term_len = std::min(line.size(), sizeof g_term_line);
    std::copy_n(line.data(), g_term_len, g_term_line);
  }
  std::signal(SIGTERM, on_mpi_sigterm);
  sweep::Options o;
  sweep::State state;
  Where where = Where::cpu;
  std::vector<DigestCheck> checks;
  mpi.together([&] {
    if (!a.shard.empty())
      throw input_error("--shard does not combine with mpirun: the ranks are the shards (docs/sweep.md, MPI)");
    if (a.resume)
      throw input_error(
          "--resume does not combine with mpirun: an MPI sweep keeps no state until it ends "
          "(docs/sweep.md, MPI)");
    if (!a.stop_after.empty()) throw input_error("--stop-after-chunks does not combine with mpirun");
    o = sweep_options(a, where);
    checks = digest_checks(a, o);
    o.shard_k = mpi.rank() + 1;
    o.shard_n = mpi.size();
    if (!o.threads) o.threads = mpi.default_threads();
    if (where != Where::cpu) o.gpus = sweep::cuda::share_of_host(mpi.local_rank(), mpi.local_size(), gpu_count(where));
    // Open MPI hands the ranks a pipe for stderr even in a terminal (and a
    // pty for stdout even without one): no rank can tell, so --progress asks.
    o.progress = progress_bar(root && !a.quiet && (a.progress || ::isatty(2)));
    // Checked now (before hours of sweeping) but made only by the writing
    // step: a run that fails or is interrupted on any rank, even one killed
    // by mpirun or a job scheduler where nothing can clean up, leaves no
    // empty folder behind.
    if (root) check_output_folder(a.out);
    state = sweep::make_state(o);
  });
  bool finished = false;
  if (root) phase("options checked (CUDA driver up)");
  g_term_speak = root;
  mpi.together([&] { finished = run_engine(o, state, where); });
  if (root) phase("engine done (rank 0)");
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
  if (root) phase("ranks' states merged");
  // From here rank 0 writes: SIGTERM no longer stops it (mpirun's SIGKILL
  // still can: the lock's clean-up of the next run removes a temporary file
  // left then).
  if (root) g_writing = true;
  mpi.together([&] {
    if (!root) return;
    if (!state.complete()) throw std::logic_error("the ranks' states do not cover the sweep");
    // Inside this step, so that a failed write removes the folder it made
    // before the ranks agree on the failure (and mpirun ends them).
    made_for_output dir(a.out);
    const output_lock lock(a.out, "sweep under mpirun (rank 0 writing)");
    report::write_reports(state, a.out, /*with_state=*/true);
    dir.keep();
    phase("reports written");
  });
  if (root) {
    print_summary(state);
    if (!report_digest_checks(state, checks)) throw silent_exit{1};
  }
}

void run_mpi(const SweepArgs& a, mpi::Session& mpi) {
  try {
    run_mpi_steps(a, mpi);
  } catch (...) {
    g_term_speak = false;  // the error is the one line
    throw;
  }
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
  c->add_option("--impl", a.impls,
                "comma-separated implementations, at least one besides the truth (default: all of FN that run on "
                "the CPU; mpfr is always the truth)")
      ->each([](const std::string&) { a.impls_given = true; });
  c->add_option("--inputs", a.inputs, "input set (below)")->capture_default_str();
  c->add_option("--out", a.out, "output folder")->required();
  c->add_option("--shard", a.shard,
                "run shard K of N (1-based, contiguous chunk ranges); merge with 'bitexact merge' (not under mpirun, "
                "whose ranks are the shards)");
  c->add_flag("--resume", a.resume, "continue the sweep whose state.json is in --out (not under mpirun)");
  c->add_option("--backend", a.backend,
                "where to compute: cpu (all cores), cuda (every visible NVIDIA GPU: inputs, implementations, "
                "truth and statistics on the device; same report), hip (the same on every visible AMD GPU, "
                "when built with hipcc)")
      ->capture_default_str();
  c->add_option("--threads", a.threads, fmt::format("worker threads, 1 to {} (default: all cores)", max_threads))
      ->type_name("N")->check(non_empty());
  c->add_option("--chunk", a.chunk, fmt::format("inputs per chunk, 1 to 2^26 = {}", max_chunk))
      ->type_name("N")->check(non_empty())
      ->capture_default_str()
      ->each([](const std::string&) { a.chunk_given = true; });
  c->add_option("--check-digests", a.check_digests,
                "also compare each implementation's outputs with its committed block digests in FILE "
                "(vectors/*/digests.json) where FILE holds its set over --inputs; exit 1 when a block differs")
      ->type_name("FILE")->check(non_empty());
  c->add_option("--checkpoint-seconds", a.checkpoint_seconds, "seconds between checkpoints of state.json (0 or more)")
      ->type_name("S")->check(non_empty())
      ->capture_default_str();
  c->add_option("--stop-after-chunks", a.stop_after, "debug: stop after this many chunks, 1 or more (then --resume)")
      ->type_name("N")->check(non_empty());
  c->add_flag("--quiet,-q", a.quiet, "no progress bar");
  c->add_flag("--progress", a.progress,
              "draw the progress bar even when stderr is not a terminal (under mpirun: rank 0's share)");
  c->footer(std::string(input_set_rules) +
            "\nExamples:\n"
            "  bitexact sweep sinf --impl nv,ocml --inputs binades:64 --out out/sinf\n"
            "  bitexact sweep sinf --impl nv --inputs interval:1e6:1.0001e6 --out out/near1e6\n"
            "  bitexact sweep cosf --impl nv,ocml --inputs exhaustive --shard 1/4 --out out/s1   (then 'bitexact merge')\n"
            "  bitexact sweep expf --impl nv,nv-ftz,triton --inputs exhaustive --out out/expf \\\n"
            "      --check-digests vectors/nv/digests.json --check-digests vectors/triton/digests.json");
  c->callback([] { run_sweep(a); });
});

}  // namespace
}  // namespace bitexact::cli
