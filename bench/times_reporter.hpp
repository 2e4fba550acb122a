// bench/times_reporter.hpp — Google Benchmark's console output, plus each
// benchmark's CPU time per iteration kept by name, so that a program can print
// ratios against a baseline measured in the same run (how bitexact shows its
// speed targets; DEVELOPERS.md). WallTimesReporter keeps wall-clock time.
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

class TimesReporter : public benchmark::ConsoleReporter {
 public:
  TimesReporter() = default;
  // wall = true: keep wall-clock time instead (multi-threaded benchmarks).
  explicit TimesReporter(bool wall) : wall_(wall) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs)
      if (r.run_type == Run::RT_Iteration && r.iterations > 0)
        keep(r.benchmark_name(), (wall_ ? r.real_accumulated_time : r.cpu_accumulated_time) / double(r.iterations));
    ConsoleReporter::ReportRuns(runs);
  }
  // Seconds of CPU per iteration of the benchmark `name`; empty if it did not
  // run. A benchmark registered more than once (interleaved with the others,
  // to see through a shared machine's load) keeps its fastest run.
  std::optional<double> seconds(const std::string& name) const {
    auto it = times_.find(name);
    if (it == times_.end()) return std::nullopt;
    return it->second;
  }

 private:
  void keep(const std::string& name, double t) {
    auto [it, fresh] = times_.emplace(name, t);
    if (!fresh && t < it->second) it->second = t;
  }
  bool wall_ = false;
  std::map<std::string, double> times_;
};

class WallTimesReporter : public TimesReporter {
 public:
  WallTimesReporter() : TimesReporter(true) {}
};
