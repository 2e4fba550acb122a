// Checked integer reads of bitexact's JSON files (bitexact/io/json_fields.hpp).
#include "bitexact/io/json_fields.hpp"

#include <string>

#include "bitexact/io/hexio.hpp"  // input_error
#include "bitexact/io/user_text.hpp"

namespace bitexact {

void json_field_error(std::string_view field, std::string_view expected, std::string_view value) {
  // The dump of a damaged field can be a whole object: one_line cuts it.
  throw input_error("field \"" + one_line(field, 60) + "\" must be " + std::string(expected) + ", not " +
                    one_line(value, 60));
}

}  // namespace bitexact
