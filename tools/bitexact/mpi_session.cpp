#include "mpi_session.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <sched.h>
#include <unistd.h>

#ifndef BITEXACT_HAVE_MPI
#define BITEXACT_HAVE_MPI 0
#endif
#if BITEXACT_HAVE_MPI
// The C API only: the C++ bindings that mpi.h pulls into C++ files by default
// need libmpi_cxx, which CMake's MPI::MPI_C does not link.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

#include "bitexact/io/hexio.hpp"  // input_error

namespace bitexact::cli::mpi {

namespace {

int env_int(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return -1;
  char* end = nullptr;
  long x = std::strtol(v, &end, 10);
  return *end || x < 0 || x > INT_MAX ? -1 : int(x);
}

}  // namespace

bool built_with_mpi() { return BITEXACT_HAVE_MPI; }

bool launched(int* env_size, int* env_rank) {
  // Open MPI's mpirun sets OMPI_COMM_WORLD_*; MPICH's Hydra and Slurm's PMI2
  // set PMI_*; PMIx launchers (Open MPI 5, srun --mpi=pmix) set PMIX_RANK.
  int size = env_int("OMPI_COMM_WORLD_SIZE"), rank = env_int("OMPI_COMM_WORLD_RANK");
  if (size < 0) size = env_int("PMI_SIZE");
  if (rank < 0) rank = env_int("PMI_RANK");
  if (rank < 0) rank = env_int("PMIX_RANK");
  if (env_size) *env_size = size < 0 ? 0 : size;
  if (env_rank) *env_rank = rank < 0 ? 0 : rank;
  return size >= 0 || rank >= 0;
}

#if BITEXACT_HAVE_MPI

namespace {

// Ranks that finished their share wait for the slowest. MPI's blocking calls
// spin while they wait, taking a core from the ranks still sweeping on the
// same host (and from other work there), so waits here sleep between tests.
void wait_asleep(MPI_Request& req) {
  for (int done = 0;;) {
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

// The minimum of `mine` over the ranks.
int min_over_ranks(int mine) {
  int out = mine;
  MPI_Request req;
  MPI_Iallreduce(&mine, &out, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &req);
  wait_asleep(req);
  return out;
}

}  // namespace

Session::Session() {
  int provided = 0;
  // FUNNELED: TBB's worker threads never call MPI, only this thread does.
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_size(local, &local_size_);
  MPI_Comm_rank(local, &local_rank_);
  MPI_Comm_free(&local);
}

Session::~Session() {
  // An exception that did not go through together() left the other ranks in
  // some collective: MPI_Finalize would wait for them forever.
  if (size_ > 1 && std::uncaught_exceptions() > 0 && !leaving_together_) MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Finalize();
}

unsigned Session::default_threads() const {
  cpu_set_t set;
  const int mine = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
  const long host = sysconf(_SC_NPROCESSORS_ONLN);
  if (mine <= 0 || host <= 0) return 1;
  // Disjoint masks (bound to cores, or --map-by ...:PE=N) add up to at most
  // the host's cores: use the whole mask. Larger ones overlap: share the host.
  if (long(mine) * local_size_ <= host) return unsigned(mine);
  return unsigned(std::clamp(host / local_size_, 1L, long(mine)));
}

void Session::together(const std::function<void()>& f) {
  std::exception_ptr err;
  try {
    f();
  } catch (...) {
    err = std::current_exception();
  }
  if (size_ == 1) {
    if (err) std::rethrow_exception(err);
    return;
  }
  const int first = min_over_ranks(err ? rank_ : size_);
  if (first == size_) return;
  // The failing rank prints main()'s one line itself, before any rank leaves:
  // Open MPI's mpirun kills the remaining ranks as soon as one exits with a
  // non-zero status, and a line printed after that race was lost (seen under
  // load: exit status 2, empty stderr). Ranks check the same command line, so
  // a rank other than 0 fails alone on what differs between hosts (a
  // file:PATH): say which rank it was.
  int status = 0;
  if (rank_ == first) {
    status = report_failure(err, rank_ != 0 ? "MPI rank " + std::to_string(rank_) + ": " : "");
    std::fflush(stderr);
  }
  MPI_Bcast(&status, 1, MPI_INT, first, MPI_COMM_WORLD);
  leaving_together_ = true;
  MPI_Barrier(MPI_COMM_WORLD);
  throw silent_exit{status};
}

bool Session::all(bool ok) { return min_over_ranks(ok ? 1 : 0) == 1; }

void Session::gather_to_root(const std::string& text, const std::function<void(int, std::string&&)>& take) {
  // A length, then the bytes in pieces that fit MPI's int counts.
  constexpr std::uint64_t piece = std::uint64_t(1) << 30;
  if (rank_ != 0) {
    // Rank 0 takes the ranks' states one after the other: the later ones
    // wait (asleep) for their turn.
    std::uint64_t n = text.size();
    MPI_Request req;
    MPI_Isend(&n, 1, MPI_UINT64_T, 0, 0, MPI_COMM_WORLD, &req);
    wait_asleep(req);
    for (std::uint64_t at = 0; at < n; at += piece) {
      MPI_Isend(text.data() + at, int(std::min(piece, n - at)), MPI_CHAR, 0, 1, MPI_COMM_WORLD, &req);
      wait_asleep(req);
    }
    return;
  }
  std::exception_ptr err;
  for (int r = 1; r < size_; ++r) {
    std::uint64_t n = 0;
    MPI_Recv(&n, 1, MPI_UINT64_T, r, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::string s(n, '\0');
    for (std::uint64_t at = 0; at < n; at += piece)
      MPI_Recv(s.data() + at, int(std::min(piece, n - at)), MPI_CHAR, r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (err) continue;
    try {
      take(r, std::move(s));
    } catch (...) {
      err = std::current_exception();
    }
  }
  if (err) std::rethrow_exception(err);
}

#else  // without MPI: Session is never constructed (cmd_sweep.cpp refuses first)

Session::Session() { throw input_error("this bitexact was built without MPI"); }
Session::~Session() = default;
unsigned Session::default_threads() const { return 0; }
void Session::together(const std::function<void()>& f) { f(); }
bool Session::all(bool ok) { return ok; }
void Session::gather_to_root(const std::string&, const std::function<void(int, std::string&&)>&) {}

#endif

}  // namespace bitexact::cli::mpi
