-- Entry of the keepaway benchmark, policy "nearest" (behaviors/keepaway.lua).
return require "behaviors.keepaway"("nearest")
