// SimSpark (rcssserver3d 0.7.x) agent protocol: server message -> Percept,
// Action -> agent message. Neither direction allocates per message.
#pragma once

#include <cstddef>
#include <string_view>

#include "core/result.h"
#include "protocol/actions.h"
#include "protocol/percepts.h"

namespace libero::sexp {
class Parser;
}

namespace libero::protocol {

// Decodes one server message (the payload without the 4-byte length prefix)
// into *out, which is cleared first. Unknown tags are counted and skipped.
// Malformed, truncated or oversized input returns an Error with the byte
// offset; *out then holds whatever was decoded before the error.
// Uses a parser owned by the calling thread (created on the first call), so
// steady-state decoding never allocates.
Status decode_simspark(std::string_view message, Percept* out);
// The same with a caller-owned parser (e.g. one per connection, or with
// other limits); the parser's Values then describe `message`.
Status decode_simspark(std::string_view message, sexp::Parser* parser, Percept* out);

// Checks a say message against the server's rules (1-20 characters of
// 0x21-0x7E except '(' and ')'); the Error says what is wrong.
Status validate_say(std::string_view message);

// Writes the agent message for `action` into buffer (no length prefix, no
// NUL). Returns the number of bytes written, or an Error if the buffer is too
// small or a field is invalid (bad say text, robot type out of range, a
// non-finite number).
Result<size_t> encode_simspark(const Action& action, char* buffer, size_t capacity);

}  // namespace libero::protocol
