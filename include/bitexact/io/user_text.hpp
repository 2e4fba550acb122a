// bitexact/io/user_text.hpp — what the user typed or fed us, shown back in
// one-line messages. A message names the problem in our words: it quotes at most
// ~80 characters of the input (a 5 MB line is not echoed whole), with control
// bytes escaped (binary garbage must not reach the terminal), and never the text
// of a library exception. Part of bitexact::engine.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bitexact {

// `text` in single quotes, escaped (see one_line), cut after about `max`
// characters with "..." and the full length: 'abc...' (5242880 bytes).
std::string quote_input(std::string_view text, std::size_t max = 80);

// `text` made safe for one terminal line: control bytes (C0, DEL, C1) and bytes
// that are not UTF-8 become \n, \t, \r or \xNN; printable ASCII and valid UTF-8
// stay. Cut after `max` bytes with "...".
std::string one_line(std::string_view text, std::size_t max = 1000);

// The whole content of a file the user named; input_error ("cannot read
// 'PATH': Is a directory") when it cannot be opened or read. (An istream read
// of a folder throws the library's "basic_filebuf::underflow" text.)
std::string read_user_file(const std::string& path);

// The problem an nlohmann::json exception reports, in our words: its what()
// ("[json.exception.out_of_range.403] key 'format' not found") becomes
// 'missing field "format"'; a message holding such a text has it replaced
// (the part before it is kept). Other text is returned unchanged.
std::string json_problem(std::string_view what);

}  // namespace bitexact
