// bitexact vectors export FN --impl IMPL --inputs SET --format npy|csv|json|bin|hex --out PATH
//   Any input set (sweep syntax: exhaustive, uniform:N:SEED, structured:N:SEED,
//   binades:N, edge, interval:..., file:PATH) evaluated by one implementation,
//   written bit for bit in a format other tools read (vectors/README.md): one
//   row per input, columns x [y] out. Streams, so the 2^32-row sets fit too
//   (32 GiB as npy); evaluated on all cores. npy, csv and bin get their
//   manifest in PATH.manifest.json: function, implementation, input-set
//   definition, count, columns, and the XXH3-64 digest of the outputs. A
//   progress bar on a terminal (--progress: always; --quiet: never), a warning
//   from 1 GiB on, and a refusal (exit 2) when an npy or bin file cannot fit
//   the free space.
#include <unistd.h>

#include <chrono>
#include <memory>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bitexact/porting/porting.hpp"
#include "bitexact/sweep/engine.hpp"
#include "bitexact/io/vector_io.hpp"
#include "command.hpp"
#include "options.hpp"
#include "sweep_cli.hpp"  // progress_bar

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace bitexact::cli {
namespace {

struct Args {
  std::string fn, impl, inputs, format, out;
  bool quiet = false, progress = false;
};

// The file's size, near enough to warn: exact for npy and bin (plus npy's
// header); for the text formats a typical row (hex words and shortest
// decimals with their separators).
std::uint64_t expected_bytes(vector_io::format f, int bits, std::size_t columns, std::uint64_t rows) {
  const std::uint64_t hex = 2 + std::uint64_t(bits) / 4, decimal = bits == 32 ? 14 : 23;
  switch (f) {
    case vector_io::format::npy: return 128 + rows * columns * std::uint64_t(bits) / 8;
    case vector_io::format::bin: return rows * columns * std::uint64_t(bits) / 8;
    case vector_io::format::csv: return rows * columns * (hex + decimal + 2);
    case vector_io::format::json: return rows * columns * (hex + 4);
    default: return rows * columns * (hex + 1);
  }
}

// Big exports are said before minutes of work: a warning from 1 GiB on, and a
// refusal when a file of exactly known size (npy, bin) cannot fit the free
// space (the write would fail at the end, after the whole evaluation).
void check_size(const std::string& out, vector_io::format f, int bits, std::size_t columns, std::uint64_t rows,
                bool quiet) {
  constexpr double gib = double(std::uint64_t(1) << 30);
  const std::uint64_t need = expected_bytes(f, bits, columns, rows);
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::absolute(out, ec).parent_path();
  const std::filesystem::space_info space = std::filesystem::space(dir, ec);
  const bool exact = f == vector_io::format::npy || f == vector_io::format::bin;
  if (!ec && exact && need > space.available)
    throw input_error(fmt::format("--out {}: {} rows need {:.1f} GiB as {}, and {} has {:.1f} GiB free (choose a "
                                  "smaller input set or another place)",
                                  quote_input(out), rows, double(need) / gib, vector_io::format_name(f),
                                  quote_input(dir.string()), double(space.available) / gib));
  if (need >= std::uint64_t(1) << 30 && !quiet)
    std::fprintf(stderr, "vectors export: %llu rows, %s%.1f GiB as %s%s\n", (unsigned long long)rows,
                 exact ? "" : "about ", double(need) / gib, std::string(vector_io::format_name(f)).c_str(),
                 ec ? "" : fmt::format(" ({:.1f} GiB free there)", double(space.available) / gib).c_str());
}

void run_export(const Args& a) {
  const Impl& impl = resolve_spec(a.impl + "." + a.fn);
  const FnInfo& f = fn_info(impl.fn);
  const sweep::InputSet set = sweep::parse_input_set(a.inputs, impl.fn);
  // The format is --format's, else the extension's (.npy .csv .json .bin .hex),
  // else npy; a --format that contradicts the extension is refused (it wrote
  // CSV into x.npy).
  const std::optional<vector_io::format> by_name = vector_io::format_of_path(a.out);
  const vector_io::format fmt_ =
      a.format.empty() ? by_name.value_or(vector_io::format::npy) : vector_io::parse_format(a.format);
  if (by_name && *by_name != fmt_)
    throw input_error(fmt::format("--format {} does not match --out {}, a .{} name: rename the file, or leave "
                                  "--format out and the extension decides",
                                  vector_io::format_name(fmt_), quote_input(a.out), vector_io::format_name(*by_name)));
  std::vector<std::string> columns = {"x"};
  if (f.arity == 2) columns.push_back("y");
  columns.push_back("out");
  const std::size_t c = columns.size();
  check_size(a.out, fmt_, f.bits, c, set.count, a.quiet);
  // The sweep's bar, on a terminal or with --progress; at most five redraws
  // a second (a chunk is 2^16 rows: 2^16 chunks for all floats).
  const auto bar = progress_bar(!a.quiet && (a.progress || ::isatty(2)));
  const auto start = std::chrono::steady_clock::now();
  double drawn = -1;

  // The outputs' digest: XXH3-64 (seed 0) of the output words, little-endian,
  // in input order (rows are produced in order, chunk after chunk).
  // Owned, so that an error while writing (which throws) frees it too: the
  // sanitizer build's leak check found it lost on that path.
  const std::unique_ptr<XXH3_state_t, XXH_errorcode (*)(XXH3_state_t*)> owned(XXH3_createState(), &XXH3_freeState);
  if (!owned) throw std::bad_alloc();
  XXH3_state_t* const state = owned.get();
  XXH3_64bits_reset(state);
  auto fill = [&](std::uint64_t first, std::size_t n, word* rows) {
    porting::port_data chunk{impl.fn, std::vector<word>(n), std::vector<word>(n), std::vector<word>(n)};
    set.generate(first, first + n, chunk.a.data(), chunk.b.data());
    const std::vector<word> out = porting::evaluate(impl, chunk);  // all cores
    const std::vector<word>& a0 = chunk.a;
    const std::vector<word>& a1 = chunk.b;
    for (std::size_t i = 0; i < n; ++i) {
      rows[i * c] = a0[i];
      if (f.arity == 2) rows[i * c + 1] = a1[i];
      rows[i * c + c - 1] = out[i];
      if (f.bits == 32) {
        const std::uint32_t w = std::uint32_t(out[i]);
        XXH3_64bits_update(state, &w, 4);
      } else {
        const std::uint64_t w = out[i];
        XXH3_64bits_update(state, &w, 8);
      }
    }
  };
  nlohmann::json manifest = {{"fn", std::string(f.name)},
                             {"impl", impl.name},
                             {"impl_description", impl.description},
                             {"inputs", set.spec},
                             {"inputs_description", set.describe()},
                             {"count", set.count},
                             {"produced_by", "bitexact vectors export"}};
  // The digest is known once every row is out: the manifest files of npy, csv
  // and bin are written after the rows and carry it; json embeds its manifest
  // before the rows, without it.
  vector_io::write(a.out, fmt_, f.bits, columns, set.count, [&](std::uint64_t first, std::size_t n, word* rows) {
    fill(first, n, rows);
    if (bar) {
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (first + n == set.count || t - drawn >= 0.2) bar({first + n, set.count, t}), drawn = t;
    }
    if (first + n == set.count) manifest["digest_out"] = format_hex(XXH3_64bits_digest(state), 64);
  }, manifest);
}

const bool registered = register_command([](CLI::App& app) {
  static Args a;
  auto* vectors = app.add_subcommand("vectors", "Reference vectors in formats other tools read (vectors/README.md)");
  vectors->require_subcommand(1);
  vectors->footer("Example:\n  bitexact vectors export sinf --impl nv --inputs edge --format csv --out sinf_nv.csv");
  auto* ex = vectors->add_subcommand("export", "Evaluate IMPL.FN on an input set and write inputs and outputs, bit for bit");
  ex->add_option("fn", a.fn, "function: " + function_list())->required();
  ex->add_option("--impl", a.impl, "implementation, e.g. nv, ocml, mpfr")->required();
  ex->add_option("--inputs", a.inputs, "input set (below)")->required();
  ex->add_option("--format", a.format,
                 "npy, csv, json, bin or hex (default: --out's extension, else npy; a mismatch is an error)");
  ex->add_option("--out", a.out, "file to write (npy/csv/bin also get PATH.manifest.json)")->required();
  ex->add_flag("--quiet,-q", a.quiet, "no progress bar, no size warning");
  ex->add_flag("--progress", a.progress, "draw the progress bar even when stderr is not a terminal");
  ex->footer(std::string(input_set_rules) +
             "\nExample:\n"
             "  bitexact vectors export sinf --impl nv --inputs binades:64 --format npy --out sinf_nv.npy");
  ex->callback([] { run_export(a); });
});

}  // namespace
}  // namespace bitexact::cli
