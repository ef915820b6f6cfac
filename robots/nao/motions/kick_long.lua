-- Long straight kick with the right foot (the player mirrors it for the
-- left). Ball about 0.19 m ahead of the torso and 0.06 m to the right.
return {
  name = "kick_long",
  frames = {
    -- shift the weight onto the left foot
    { duration = 0.3, angles = {
        LHipRoll = 8, LFootRoll = -8, RHipRoll = 8, RFootRoll = -8,
        LHipPitch = 30, LKneePitch = -60, LFootPitch = 30,
        RHipPitch = 30, RKneePitch = -60, RFootPitch = 30 } },
    -- lift and draw the right leg back
    { duration = 0.25, angles = {
        RHipPitch = 0, RKneePitch = -90, RFootPitch = 30, RHipRoll = 5 } },
    -- swing
    { duration = 0.12, angles = {
        RHipPitch = 70, RKneePitch = -10, RFootPitch = -10 } },
    -- recover
    { duration = 0.3, angles = {
        RHipPitch = 30, RKneePitch = -60, RFootPitch = 30, RHipRoll = 0 } },
    { duration = 0.3, angles = {
        LHipRoll = 0, LFootRoll = 0, RHipRoll = 0, RFootRoll = 0 } },
  },
}
