// bitexact::write_file_atomic (bitexact/engine/atomic_file.hpp): a file is either
// written completely or left as it was, and no temporary file stays behind.
// Expected values: the contents this test writes itself.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "bitexact/engine/atomic_file.hpp"
#include "bitexact/engine/hexio.hpp"

namespace {

namespace fs = std::filesystem;

fs::path fresh_dir() {
  char tmpl[] = "/tmp/bx-atomic-XXXXXX";
  return fs::path(mkdtemp(tmpl));
}
std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
std::size_t entries(const fs::path& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}

TEST(AtomicFile, WritesAndReplaces) {
  const fs::path d = fresh_dir(), f = d / "out.txt";
  bitexact::write_file_atomic(f.string(), std::string("first\n"));
  EXPECT_EQ(slurp(f), "first\n");
  bitexact::write_file_atomic(f.string(), [](std::ostream& o) { o << "second " << 2 << "\n"; });
  EXPECT_EQ(slurp(f), "second 2\n");
  const std::string binary("a\0b", 3);
  bitexact::write_file_atomic(f.string(), binary);
  EXPECT_EQ(slurp(f), binary);
  EXPECT_EQ(entries(d), 1u);  // no temporary file left
  fs::remove_all(d);
}

TEST(AtomicFile, FailingWriterLeavesTheOldFileAndNoTemporary) {
  const fs::path d = fresh_dir(), f = d / "out.txt";
  bitexact::write_file_atomic(f.string(), std::string("old\n"));
  EXPECT_THROW(bitexact::write_file_atomic(f.string(),
                                           [](std::ostream& o) {
                                             o << "half of the new cont";
                                             throw std::runtime_error("writer failed");
                                           }),
               std::runtime_error);
  EXPECT_EQ(slurp(f), "old\n");
  EXPECT_EQ(entries(d), 1u);
  // A target that does not exist yet is not created either.
  EXPECT_THROW(bitexact::write_file_atomic((d / "new.txt").string(),
                                           [](std::ostream&) { throw std::runtime_error("writer failed"); }),
               std::runtime_error);
  EXPECT_FALSE(fs::exists(d / "new.txt"));
  EXPECT_EQ(entries(d), 1u);
  fs::remove_all(d);
}

TEST(AtomicFile, UnwritablePlacesAreErrorsThatLeaveNothing) {
  const fs::path d = fresh_dir();
  // A missing folder: input_error naming the file.
  try {
    bitexact::write_file_atomic((d / "missing" / "out.txt").string(), std::string("x"));
    ADD_FAILURE() << "no error";
  } catch (const bitexact::input_error& e) {
    EXPECT_NE(std::string(e.what()).find("missing/out.txt"), std::string::npos) << e.what();
  }
  // A folder in the way of the target: the rename fails, the folder stays.
  fs::create_directory(d / "taken");
  std::ofstream(d / "taken" / "inside.txt") << "keep";
  EXPECT_ANY_THROW(bitexact::write_file_atomic((d / "taken").string(), std::string("x")));
  EXPECT_TRUE(fs::is_directory(d / "taken"));
  EXPECT_EQ(slurp(d / "taken" / "inside.txt"), "keep");
  EXPECT_EQ(entries(d), 1u);
  fs::remove_all(d);
}

}  // namespace
