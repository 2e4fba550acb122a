// bitexact::write_file_atomic (bitexact/io/atomic_file.hpp): a file is either
// written completely or left as it was, and no temporary file stays behind;
// write_files_atomic: several files all or none; made_for_output: a failed
// command removes the folders it made, and no other.
// Expected values: the contents this test writes itself.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "bitexact/io/atomic_file.hpp"
#include "bitexact/io/hexio.hpp"
#include "test_helpers.hpp"

namespace {

namespace fs = std::filesystem;

using bitexact::testing::slurp;
fs::path fresh_dir() { return bitexact::testing::fresh_dir("atomic"); }
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

TEST(AtomicFile, SeveralFilesAllOrNone) {
  const fs::path d = fresh_dir();
  bitexact::write_files_atomic({{(d / "a").string(), "a1"}, {(d / "b").string(), "b1"}});
  EXPECT_EQ(slurp(d / "a"), "a1");
  EXPECT_EQ(slurp(d / "b"), "b1");
  // The third target is a folder holding a file: its rename fails after the
  // first two were renamed; they get their old contents back, c is not made.
  fs::create_directory(d / "z");
  std::ofstream(d / "z" / "inside") << "keep";
  EXPECT_THROW(bitexact::write_files_atomic(
                   {{(d / "a").string(), "a2"}, {(d / "c").string(), "c2"}, {(d / "z").string(), "z2"}}),
               bitexact::input_error);
  EXPECT_EQ(slurp(d / "a"), "a1");
  EXPECT_FALSE(fs::exists(d / "c"));
  EXPECT_EQ(slurp(d / "z" / "inside"), "keep");
  EXPECT_EQ(entries(d), 3u) << "a, b, z: no temporary or backup file left";
  // A file that cannot be written (its folder is missing): nothing changes.
  EXPECT_THROW(bitexact::write_files_atomic({{(d / "a").string(), "a3"}, {(d / "no" / "x").string(), "x"}}),
               bitexact::input_error);
  EXPECT_EQ(slurp(d / "a"), "a1");
  EXPECT_EQ(entries(d), 3u);
  fs::remove_all(d);
}

TEST(AtomicFile, AFolderMadeForOutputGoesAgainUnlessKept) {
  const fs::path d = fresh_dir();
  {
    bitexact::made_for_output m((d / "x" / "y" / "z").string());
    EXPECT_TRUE(fs::is_directory(d / "x" / "y" / "z"));
  }  // not kept: every level made is removed
  EXPECT_EQ(entries(d), 0u);
  {
    bitexact::made_for_output m((d / "x" / "y/").string());
    m.keep();
  }
  EXPECT_TRUE(fs::is_directory(d / "x" / "y"));
  {
    // x/y was there: only what is made now goes, and a folder holding a
    // file stays (with the folders above it).
    bitexact::made_for_output m((d / "x" / "y" / "p" / "q").string());
    std::ofstream(d / "x" / "y" / "p" / "file") << "someone else's";
  }
  EXPECT_TRUE(fs::exists(d / "x" / "y" / "p" / "file"));
  EXPECT_FALSE(fs::exists(d / "x" / "y" / "p" / "q"));
  std::ofstream(d / "f") << "a file";
  EXPECT_THROW(bitexact::made_for_output((d / "f" / "sub").string()), bitexact::input_error);
  EXPECT_THROW(bitexact::check_output_folder((d / "f" / "sub" / "deeper").string()), bitexact::input_error);
  EXPECT_THROW(bitexact::check_output_folder((d / "f").string()), bitexact::input_error);
  bitexact::check_output_folder((d / "new" / "deeper").string());  // creates nothing
  bitexact::check_output_folder((d / "x").string());
  EXPECT_FALSE(fs::exists(d / "new"));
  fs::remove_all(d);
}

}  // namespace
