// The public header compiles alone, pedantically, as C++.
#include "sgmc/sgmc.h"

int main() { return sgmc_version_number() == SGMC_VERSION_NUMBER ? 0 : 1; }
