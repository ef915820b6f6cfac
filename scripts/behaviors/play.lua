-- play: root option of the default team. Follows the side-normalised game
-- phase (docs/team.md): line up (beam) before kick-off and after goals,
-- stand when the rules say so, take or defend kick-offs and set plays, and
-- in PlayOn run the special situations before the role behaviour.
local option = require "lib.option"
local formation = require "data.formation"
local params = require "data.params"
local team = require "lib.team"
local positioning = require "lib.positioning"
local set_play = require "lib.set_play"
local special = require "behaviors.special"
local search_for_ball = require "behaviors.search_for_ball"
local play_ball = require "behaviors.play_ball"
local keeper = require "roles.keeper"
local defender = require "roles.defender"
local supporter = require "roles.supporter"
local striker = require "roles.striker"

local PHASE = world.PHASE
local SPECIAL = { special.stop_ball, special.take_pass }
local ball, game, me = world.ball, world.game, world.self

-- Our pass mode (asked for while lining up a kick, lib/set_play.lua) is
-- play on for us: the kick being lined up goes on. Taken as a set play, the
-- choice made again (indirect, set-play rules) changed the plan and turned
-- the robot round the ball: in a half against FC Portugal on rcssserver3d
-- each of the four pass modes granted ran out with it standing at the ball.
local ours, theirs = {}, {}
for _, name in ipairs { "OUR_KICK_IN", "OUR_CORNER_KICK", "OUR_GOAL_KICK", "OUR_FREE_KICK", "OUR_DIRECT_FREE_KICK",
                        "THEIR_OFFSIDE" } do
  if PHASE[name] then ours[PHASE[name]] = true end
end
for _, name in ipairs { "THEIR_KICK_IN", "THEIR_CORNER_KICK", "THEIR_GOAL_KICK", "THEIR_FREE_KICK",
                        "THEIR_DIRECT_FREE_KICK", "OUR_OFFSIDE", "THEIR_PASS" } do
  if PHASE[name] then theirs[PHASE[name]] = true end
end
local indirect = {}
for _, name in ipairs { "OUR_KICK_OFF", "OUR_KICK_IN", "OUR_FREE_KICK", "THEIR_OFFSIDE" } do
  if PHASE[name] then indirect[PHASE[name]] = true end
end

local function lining_up()
  local p = game.phase
  return p == PHASE.BEFORE_KICK_OFF or p == PHASE.OUR_GOAL or p == PHASE.THEIR_GOAL
end

-- Kick-off position of this player; `we_kick` moves the taker to the ball.
-- Spots go by rank among the active field players, not by shirt number (a
-- team of 1, 2 and 9 uses the 3-player line-up); the keeper spot is number
-- 1's, so without number 1 the line-up has one spot more than players. The
-- taker is the field player whose spot is nearest the centre, not the
-- striker: while lining up after a goal the ball lies in the goal, and a
-- striker chosen by distance to it changed with every beam.
local function kick_off_position(we_kick)
  local list, n = team.active_list()
  local field_players, rank = n, 1
  for a = 1, n do
    local i = list[a]
    if i == 1 then field_players = field_players - 1
    elseif i <= game.unum and game.unum ~= 1 then rank = rank + 1 end
  end
  local lineup = formation.kick_off[field_players + 1] or formation.kick_off[11]
  local p = lineup[rank] or lineup[#lineup]
  if we_kick and game.unum ~= 1 then
    local taker, nearest = nil, math.huge
    for r = 2, math.min(#lineup, field_players + 1) do
      local d = lineup[r][1] ^ 2 + lineup[r][2] ^ 2
      if d < nearest then taker, nearest = r, d end
    end
    if taker == rank then return formation.kick_off_spot[1], formation.kick_off_spot[2] end
  end
  return p[1], p[2]
end

-- Whether a teammate stands on (x, y): two robots beamed onto one spot
-- collide and fall. Spots go by rank and line-up size, so they move while
-- teammates connect (with two players #2 has the striker spot, with three #3
-- has it): the newcomer waits until the spot is cleared.
local function spot_taken(x, y)
  local mates, r = world.teammates, params.beam_clearance
  for i = 1, 11 do
    local p = mates[i]
    if i ~= game.unum and p.valid == 1 and (p.x - x) ^ 2 + (p.y - y) ^ 2 < r * r then return true end
  end
  return false
end

-- Server time of this robot's first tick: a robot that has just connected
-- has heard none of its teammates yet (each talks once per 0.44 s), so its
-- rank and spot_taken() see an empty team and it would beam onto the keeper's
-- spot, into number 1 (overlapping robots made the simulator's physics blow
-- up). Before the kick-off, when robots connect, it listens for
-- beam_join_wait s first (after a goal everybody has been heard long since).
local first_tick_time = nil

local function role_option(role, keep_distance)
  if role == team.KEEPER then keeper()
  elseif role == team.STRIKER then striker()
  elseif role == team.SUPPORTER then supporter(keep_distance)
  else defender(keep_distance) end
end

local function ball_lost()
  return ball.valid == 0 or ball.last_known_age > params.ball_lost_time
end

-- Whether my own pose has been lost for params.relocalise.after s: walking
-- on it leads anywhere (off the field, after the referee moved me).
local pose_lost_since = nil
local function pose_lost()
  if me.localised == 1 then
    pose_lost_since = nil
    return false
  end
  local now = libero.now()
  pose_lost_since = pose_lost_since or now
  return now - pose_lost_since > params.relocalise.after
end

return option.define {
  name = "play",
  common = function(o)
    set_play.update()  -- before any role is assigned this tick
    team.assign()      -- every tick: sends my role proposal, follows the captain's
    local p = game.phase
    if p == PHASE.GAME_OVER then return "finished" end
    if me.fall ~= world.FALL.NONE then return "fallen" end
    -- An agent that joins a running game knows its number (and so its role
    -- and place) only from the server's first GameState that names it.
    if game.unum < 1 then return "unnumbered" end
    if lining_up() then return "line_up" end
    if pose_lost() then return "relocalise" end
    if p == PHASE.OUR_KICK_OFF then return "our_kick_off" end
    if p == PHASE.THEIR_KICK_OFF then return "their_kick_off" end
    if ours[p] then return "our_set_play" end
    if theirs[p] then return "their_set_play" end
    if ball_lost() then return "search" end
    return "play_on"
  end,
  states = {
    line_up = {
      initial = true,
      action = function(o)
        -- After our goal they kick off; after theirs we do. Before a half the
        -- referee gives the first half's kick-off to the left team and the
        -- second's to the right (facts §7.3, unless a trainer says otherwise).
        -- The clock stops before each half, so BeforeKickOff after it has run
        -- is the second half's line-up, whatever the halves' length. (Both
        -- teams lined up to receive it before: the right team's taker then
        -- walked 2.3 m to the ball, and its kick-offs took 7-15 s, the left's
        -- 1-5 s; docs/benchmarks.md, "The second half's kick-off".)
        local second_half = game.time >= 1
        local we_kick = game.phase == PHASE.THEIR_GOAL or
                        (game.phase == PHASE.BEFORE_KICK_OFF and (game.side == 1) ~= second_half and game.side ~= 0)
        local x, y = kick_off_position(we_kick)
        -- Beam again only when clearly off the spot: each beam adds the server's
        -- noise (up to 0.05 m per axis, 10 deg), and localisation adds a few cm.
        -- A spot that stays taken (a stale track) is beamed to after beam_wait s.
        local off = math.abs(me.x - x) + math.abs(me.y - y) > 0.3 or o.state_time < 0.1
        first_tick_time = first_tick_time or libero.now()
        local listening = game.phase == PHASE.BEFORE_KICK_OFF and libero.now() - first_tick_time < params.beam_join_wait
        if off and not listening and (not spot_taken(x, y) or o.state_time > params.beam_wait) then
          skill.beam(x, y, 0)
        end
        skill.stand()
        skill.look_at_ball()
      end,
    },
    our_kick_off = {
      action = function(o)
        libero.set_role(team.role())
        if team.role() == team.STRIKER then
          play_ball.indirect = set_play.indirect(true)
          play_ball.set_play = true
          play_ball.option()
        else
          local x, y = kick_off_position(false)
          positioning.go_to(x, y, false)
        end
      end,
    },
    their_kick_off = {
      action = function(o)  -- the rules keep us out of the circle: stand still
        skill.stand()
        skill.look_at_ball()
      end,
    },
    our_set_play = {
      action = function(o)
        local role = team.role()
        libero.set_role(role)
        if role == team.STRIKER then
          play_ball.indirect = set_play.indirect(indirect[game.phase] == true)
          play_ball.set_play = true
          play_ball.option()
        elseif role == team.KEEPER then
          keeper(params.keeper_set_play_clearance)  -- the striker takes it, goal kicks too
        else
          role_option(role, false)
        end
      end,
    },
    their_set_play = {
      action = function(o)
        local role = team.role()
        libero.set_role(role)
        if role == team.STRIKER then
          -- Mark the ball from the required distance, on the line to our goal.
          local x, y = positioning.mark_ball()
          positioning.go_to(x, y, true)
        elseif role == team.KEEPER then
          keeper(params.set_play_distance)
        else
          role_option(role, true)
        end
      end,
    },
    search = {
      action = function(o)
        libero.set_role(team.role())
        if team.role() == team.KEEPER then keeper() else search_for_ball() end
      end,
    },
    play_on = {
      action = function(o)
        play_ball.indirect, play_ball.set_play = false, false
        local role = team.role()
        libero.set_role(role)
        -- The kick taker under the double-touch rule leaves loose balls alone.
        if role ~= team.KEEPER and set_play.barred() ~= game.unum then
          if option.select_option(SPECIAL) then return end
        end
        role_option(role, false)
      end,
    },
    fallen = {
      action = function(o) skill.get_up() end,
    },
    unnumbered = {
      action = function(o)
        skill.stand()
        skill.look_at_ball()
      end,
    },
    -- Turn in place, looking round, until the landmarks give the pose back.
    relocalise = {
      action = function(o)
        libero.set_role(team.role())
        skill.walk(0, 0, params.relocalise.turn)
        skill.scan()
      end,
    },
    finished = {
      target = true,
      action = function(o) skill.stand() end,
    },
  },
}
