// Hand-built server messages for cases the capture lacks. The worst
// realistic message: 22 robots in view with all 5 body markers, all 8
// landmarks, the ball, all 21 field lines, 24 joints (type 4), 4 foot
// sensors and the most hear entries one percept can carry. Used to check
// that the parser limits hold it with room to spare and to benchmark it.
#pragma once

#include <cstdio>
#include <string>

namespace libero::testing {

inline std::string build_full_field_message() {
  char buf[160];
  std::string m = "(time (now 1234.56))(GS (sl 10) (sr 12) (t 543.21) (pm PlayOn))";
  m += "(hear UTA_Left_Long_Team 543.20 self abcdefghijklmnopqrst)(hear Opponents 543.20 -123.45 ~!@#$%^&*_+=-{}[]|:;)";
  m += "(GYR (n torso) (rt -123.45 67.89 -0.01))(ACC (n torso) (a -12.34 5.67 9.81))";
  m += "(HJ (n hj1) (ax -119.99))(HJ (n hj2) (ax 29.99))";
  m += "(See";
  const char* landmarks[] = {"F1L", "F2L", "F1R", "F2R", "G1L", "G2L", "G1R", "G2R"};
  for (int i = 0; i < 8; ++i) {
    std::snprintf(buf, sizeof buf, " (%s (pol %d.%02d -%d.%02d -1.%02d))", landmarks[i], 10 + i, i, 20 + i, i, i);
    m += buf;
  }
  m += " (B (pol 12.34 -56.78 -9.01))";
  const char* markers[] = {"head", "rlowerarm", "llowerarm", "rfoot", "lfoot"};
  for (int p = 0; p < 22; ++p) {
    std::snprintf(buf, sizeof buf, " (P (team %s) (id %d)", p < 11 ? "UTA_Left_Long_Team" : "Opponents", p % 11 + 1);
    m += buf;
    for (int k = 0; k < 5; ++k) {
      std::snprintf(buf, sizeof buf, " (%s (pol %d.%02d -%d.%02d -%d.%02d))", markers[k], p + 1, k, 10 + p, k, k, p);
      m += buf;
    }
    m += ")";
  }
  for (int l = 0; l < 21; ++l) {
    std::snprintf(buf, sizeof buf, " (L (pol %d.%02d -59.%02d -1.%02d) (pol %d.%02d 59.%02d -2.%02d))", l + 1, l,
                  l, l, l + 2, l, l, l);
    m += buf;
  }
  m += ")";
  const char* joints[] = {"raj1", "raj2", "raj3", "raj4", "laj1", "laj2", "laj3", "laj4", "rlj1", "rlj2", "rlj3",
                          "rlj4", "rlj5", "rlj6", "rlj7", "llj1", "llj2", "llj3", "llj4", "llj5", "llj6", "llj7"};
  for (const char* j : joints) {
    std::snprintf(buf, sizeof buf, "(HJ (n %s) (ax -100.%02d))", j, static_cast<int>(j[3]));
    m += buf;
  }
  m += "(FRP (n rf) (c 0.01 -0.02 -0.01) (f -1.23 4.56 123.45))(FRP (n rf1) (c 0.01 -0.02 -0.01) (f 0.10 0.20 10.30))";
  m += "(FRP (n lf) (c -0.01 -0.02 -0.01) (f 1.23 -4.56 123.45))(FRP (n lf1) (c 0.00 0.00 -0.01) (f 0.00 0.00 9.99))";
  return m;
}

}  // namespace libero::testing
