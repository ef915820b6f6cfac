-- Entry of the keepaway benchmark, policy "none" (behaviors/keepaway.lua).
return require "behaviors.keepaway"("none")
