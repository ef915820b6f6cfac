// The page's files that other tools inline: field.js (the top-down field)
// and overlay.js (what the robots think: beliefs, drawings and their
// layers, activation graphs, script events), compiled in from
// tools/view/web so the match report's replay draws exactly as the live
// page does.
#pragma once

namespace libero::view {

extern const char kFieldJs[];
extern const char kOverlayJs[];

}  // namespace libero::view
