// Fuzz target: the reference-vector reader (bitexact/io/vector_io.hpp) in its
// five formats (npy, csv, json, bin, hex), with and without a manifest file
// beside it: the first byte picks the format, the width and the expected
// columns, the second whether the rest is split into data and manifest.
#include <unistd.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "bitexact/io/hexio.hpp"
#include "bitexact/io/vector_io.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bitexact;
  namespace vio = vector_io;
  static const std::string dir = [] {
    char t[] = "/tmp/bx-fuzz-vectors-XXXXXX";
    if (!::mkdtemp(t)) fuzz::finding("mkdtemp");
    return std::string(t);
  }();
  fuzz::reader r{data, size};
  const std::uint8_t sel = r.byte(), split = r.byte();
  static const vio::format formats[] = {vio::format::npy, vio::format::csv, vio::format::json, vio::format::bin,
                                        vio::format::hex};
  const vio::format f = formats[(sel & 7) % 5];
  const int bits = (sel & 8) ? 64 : 32;
  const std::size_t columns = (sel >> 4) % 4;  // 0: any
  std::string body = r.rest(), manifest;
  if (split & 1) {
    const std::size_t cut = body.size() * (split >> 1) / 128;
    manifest = body.substr(cut);
    body.resize(cut);
  }
  const std::string path = dir + "/v." + std::string(vio::format_name(f));
  std::ofstream(path, std::ios::binary | std::ios::trunc) << body;
  const std::string mpath = path + ".manifest.json";
  if (split & 1)
    std::ofstream(mpath, std::ios::binary | std::ios::trunc) << manifest;
  else
    ::unlink(mpath.c_str());
  try {
    const vio::table t = vio::read(path, f, bits, columns);
    if (!t.columns.empty() && t.data.size() % t.columns.size() != 0) fuzz::finding("ragged table accepted");
    if (columns != 0 && t.columns.size() != columns && !t.data.empty()) fuzz::finding("wrong column count accepted");
    if (t.bits != bits && f != vio::format::npy) fuzz::finding("table of another width accepted");
    for (word w : t.data)
      if (t.bits == 32 && w > 0xffffffffu) fuzz::finding("a 32-bit table holds a wider word");
  } catch (const input_error&) {
  }
  return 0;
}
