/* The public header compiles alone, pedantically, as C (see CMakeLists). */
#include "sgmc/sgmc.h"

int main(void) { return sgmc_version_number() == SGMC_VERSION_NUMBER ? 0 : 1; }
