-- lib/option.lua: hierarchical options with CABSL semantics.
--
-- An option is a state machine. Each cycle an option that is called:
--   1. restarts in its initial state if it was not run in the previous cycle
--      (its option_time and state_time start at 0 and `vars` are rebuilt);
--   2. evaluates its common transition, and only if that returns nothing the
--      current state's transition; a returned state name is switched to.
--      At most one switch per option per cycle;
--   3. runs the (possibly new) state's action, which may call sub-options.
-- `o.action_done` / `o.action_aborted` say whether the last sub-option this
-- option called in the previous cycle ended that cycle in a target / aborted
-- state. Option state is kept by option and state name in
-- libero.persistent, so it survives a hot reload (a state that no longer
-- exists falls back to the initial state).
--
--   local option = require "lib.option"
--   return option.define {
--     name = "go_to_ball",
--     params = { "distance" },                      -- names for the activation graph
--     vars = function() return { attempts = 0 } end, -- fresh on each activation
--     common = function(o, distance) ... return "some_state" end,
--     states = {
--       walk = { initial = true,
--                transition = function(o, distance) if ... then return "done" end end,
--                action = function(o, distance) skill.walk_to(...) end },
--       done = { target = true, action = function(o) skill.stand() end },
--       lost = { aborted = true },
--     },
--   }
-- Calling the returned value runs the option: go_to_ball(0.3). The call
-- returns the kind of state the option is in afterwards: "target",
-- "aborted" or "normal".

local M = {}

local contexts = libero.persistent("lib.option.contexts")
local tick_of, now_of, record = libero.tick, libero.now, libero.record_option
local error, format, tostring, type, pairs = error, string.format, tostring, type, pairs

-- Options running right now, innermost last. Reset at the first call of a
-- tick, so an error that unwound the previous tick leaves no stale entries.
local stack, stack_size, stack_tick = {}, 0, -1

local function context_for(name)
  local ctx = contexts[name]
  if ctx == nil then
    ctx = { name = name, last_tick = -2, switched_tick = -1, last_sub_tick = -2,
            action_done = false, action_aborted = false, option_time = 0, state_time = 0 }
    contexts[name] = ctx
  end
  return ctx
end

local function activate(def, ctx, now)
  ctx.state = def.initial
  ctx.option_start = now
  ctx.state_start = now
  ctx.last_sub = nil
  if def.vars then
    ctx.vars = def.vars()
  else
    -- No vars function: reuse (and empty) the table so that activating an
    -- option does not allocate.
    local vars = ctx.vars
    if vars == nil then
      ctx.vars = {}
    else
      for k in pairs(vars) do vars[k] = nil end
    end
  end
end

local function run(def, ...)
  local tick, now = tick_of(), now_of()
  if stack_tick ~= tick then
    for i = stack_size, 1, -1 do stack[i] = nil end
    stack_size, stack_tick = 0, tick
  end
  local ctx = context_for(def.name)
  ctx.def = def
  local parent = stack[stack_size]
  if parent ~= nil then
    parent.last_sub = ctx
    parent.last_sub_tick = tick
  end

  if ctx.last_tick ~= tick then
    if ctx.last_tick ~= tick - 1 then
      activate(def, ctx, now)
    elseif def.states[ctx.state] == nil then
      ctx.state = def.initial  -- the state was removed by a reload
      ctx.state_start = now
    end
    -- The sub-option called last in the previous cycle, as it ended then.
    local sub = ctx.last_sub
    local valid = sub ~= nil and ctx.last_sub_tick == tick - 1
    ctx.action_done = valid and sub.kind == "target" or false
    ctx.action_aborted = valid and sub.kind == "aborted" or false
    ctx.last_tick = tick
  end

  ctx.option_time = now - ctx.option_start
  ctx.state_time = now - ctx.state_start
  if ctx.switched_tick ~= tick then
    local next_state = nil
    if def.common then next_state = def.common(ctx, ...) end
    if next_state == nil then
      local transition = def.states[ctx.state].transition
      if transition then next_state = transition(ctx, ...) end
    end
    if next_state ~= nil and next_state ~= ctx.state then
      if def.states[next_state] == nil then
        error(format("option %s: transition from %s to unknown state %s", def.name, ctx.state,
                     tostring(next_state)), 2)
      end
      ctx.state = next_state
      ctx.state_start = now
      ctx.state_time = 0
      ctx.switched_tick = tick
    end
  end

  local state = def.states[ctx.state]
  ctx.kind = state.kind
  record(stack_size, def.name, ctx.state, ctx.option_time, ctx.state_time, def.params, ...)
  if state.action then
    stack_size = stack_size + 1
    stack[stack_size] = ctx
    state.action(ctx, ...)
    stack[stack_size] = nil
    stack_size = stack_size - 1
  end
  return ctx.kind
end

local option_meta = { __call = run }

-- Defines an option. Errors (at load time, so the previous code keeps
-- running) when the definition is malformed.
function M.define(def)
  if type(def) ~= "table" then error("option.define: expects a table", 2) end
  if type(def.name) ~= "string" or def.name == "" then error("option.define: name must be a string", 2) end
  if type(def.states) ~= "table" then error(format("option %s: states must be a table", def.name), 2) end
  local initial = nil
  for state_name, state in pairs(def.states) do
    if type(state) ~= "table" then error(format("option %s: state %s must be a table", def.name, tostring(state_name)), 2) end
    local kinds = (state.initial and 1 or 0) + (state.target and 1 or 0) + (state.aborted and 1 or 0)
    if kinds > 1 then
      error(format("option %s: state %s must be only one of initial, target, aborted", def.name, state_name), 2)
    end
    if state.initial then
      if initial ~= nil then error(format("option %s: two initial states (%s, %s)", def.name, initial, state_name), 2) end
      initial = state_name
    end
    state.kind = state.target and "target" or state.aborted and "aborted" or "normal"
    if state.transition ~= nil and type(state.transition) ~= "function" then
      error(format("option %s: state %s: transition must be a function", def.name, state_name), 2)
    end
    if state.action ~= nil and type(state.action) ~= "function" then
      error(format("option %s: state %s: action must be a function", def.name, state_name), 2)
    end
  end
  if initial == nil then error(format("option %s: no initial state", def.name), 2) end
  def.initial = initial
  def.params = def.params or {}
  return setmetatable(def, option_meta)
end

-- Runs the candidates in order with the same arguments and keeps the first
-- one that does not end this cycle in an aborted state. A candidate that
-- aborted counts as not run, so it starts from its initial state the next
-- time it is tried. Returns the selected option, or nil if all aborted.
function M.select_option(candidates, ...)
  for i = 1, #candidates do
    local candidate = candidates[i]
    if run(candidate, ...) ~= "aborted" then return candidate end
    contexts[candidate.name].last_tick = -2
  end
  return nil
end

-- The context (state, times, vars) of an option, or nil if it never ran.
function M.context(option)
  return contexts[option.name]
end

-- True if the option ran in the current or previous tick.
function M.is_active(option)
  local ctx = contexts[option.name]
  return ctx ~= nil and ctx.last_tick >= tick_of() - 1
end

return M
