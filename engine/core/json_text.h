// A JSON string literal for text the tools write (replay logs, reports, the
// viewer's events, tournament and optimiser records). Quotes and
// backslashes are escaped, control characters and < > & as \u00XX, so the
// text is also safe inside an HTML <script>. The agent's debug channel
// writes into a fixed buffer on the per-cycle path and has its own writer.
#pragma once

#include <string>
#include <string_view>

namespace libero {

inline void append_json_string(std::string* out, std::string_view text) {
  static const char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(ch);
    } else if (c < 0x20 || c == '<' || c == '>' || c == '&') {
      out->append("\\u00");
      out->push_back(kHex[c >> 4]);
      out->push_back(kHex[c & 15]);
    } else {
      out->push_back(ch);
    }
  }
  out->push_back('"');
}

}  // namespace libero
