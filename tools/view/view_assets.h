// The page's files that other tools inline: field.js (the top-down field),
// compiled in from tools/view/web/field.js so the match report's replay
// draws exactly as the live page does.
#pragma once

namespace libero::view {

extern const char kFieldJs[];

}  // namespace libero::view
