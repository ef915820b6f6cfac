#include "protocol/actions.h"

namespace libero::protocol {

void Action::clear() { *this = Action{}; }

}  // namespace libero::protocol
