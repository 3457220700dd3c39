/* Prints the instruction-set level of the libsgmc the loader picked
 * (sgmc_isa_level); CTest compares it with the level it expects. */
#include <stdio.h>

#include "sgmc/sgmc.h"

int main(void) {
  const char *level = sgmc_isa_level();
  if (level == NULL || level[0] == '\0') return 1;
  printf("libsgmc: %s\n", level);
  return 0;
}
