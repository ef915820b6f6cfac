-- Entry of the keepaway benchmark, policy "region" (behaviors/keepaway.lua).
return require "behaviors.keepaway"("region")
