// MPI for `bitexact sweep` under mpirun (docs/sweep.md, "MPI").
//
// The CLI is built with MPI when CMake finds it (BITEXACT_HAVE_MPI), but MPI is
// started only when the environment says that an MPI launcher started this
// process: MPI_Init outside mpirun starts a singleton runtime (most of a second
// with Open MPI, and warnings on some machines) that a plain run has no use for.
#pragma once

#include <exception>
#include <functional>
#include <string>

#include "command.hpp"  // silent_exit

namespace bitexact::cli {

namespace mpi {

// True when this binary was built with MPI.
bool built_with_mpi();

// Whether an MPI launcher started this process (Open MPI's mpirun, a PMIx or
// PMI launcher), and the number of processes it says it started (0: not said).
// Judged from the environment only; starts nothing.
bool launched(int* env_size = nullptr, int* env_rank = nullptr);

// MPI_Init on construction, MPI_Finalize on destruction (on every rank, so
// the ranks must leave together: use together()). Only when launched().
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // Ranks on this host (this one included).
  int local_size() const { return local_size_; }
  // This rank's index among the ranks of its host (0 .. local_size-1).
  int local_rank() const { return local_rank_; }
  // Threads for this rank when --threads is not given: the cores it may run
  // on, shared with the ranks of this host that may run on the same cores.
  // mpirun binds ranks to one core each (K <= 2) or to a socket (K > 2) or
  // not at all (--bind-to none): in the last two every rank's default of
  // "all the cores it sees" would put K threads on each core.
  unsigned default_threads() const;

  // Runs f on this rank, then agrees with the others (collective): when f
  // threw on any rank, every rank leaves. The lowest failing rank prints its
  // exception as main() would (one line), all ranks wait for that, then every
  // rank throws silent_exit with its exit status. Without this, one rank
  // failing alone would leave the others waiting forever in the next
  // collective.
  void together(const std::function<void()>& f);

  // Collective: true on every rank when `ok` is true on every rank.
  bool all(bool ok);

  // Collective, in rank order: each rank > 0 sends `text`; rank 0 calls
  // take(r, text) for r = 1 .. size-1. An exception from take is rethrown on
  // rank 0 only after every rank's text was received (no sender left blocked).
  void gather_to_root(const std::string& text, const std::function<void(int, std::string&&)>& take);

 private:
  int rank_ = 0, size_ = 1, local_size_ = 1, local_rank_ = 0;
  bool leaving_together_ = false;  // together() is rethrowing on every rank
};

}  // namespace mpi
}  // namespace bitexact::cli
