// GCC 12 reports a false "'__Y' is used uninitialized" inside its AVX-512
// intrinsics (_mm512_undefined_pd, GCC bug 105593) wherever Eigen's
// vectorised exp or log inline them: the x86-64-v4 copies of the files that
// use those would not build under -Werror. The warning can only be silenced
// around the functions where the inlining happens (a whole file when they
// inline into each other):
//   SGMC_SILENCE_GCC_BUG_105593_BEGIN  ...function...  SGMC_SILENCE_GCC_BUG_105593_END
#pragma once

#define SGMC_SILENCE_GCC_BUG_105593_BEGIN \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wuninitialized\"")
#define SGMC_SILENCE_GCC_BUG_105593_END _Pragma("GCC diagnostic pop")
