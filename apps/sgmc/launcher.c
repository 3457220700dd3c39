/* The sgmc executable. The program itself is libsgmc_program, built once
 * per instruction-set level so that the loader picks the copy this CPU runs
 * best (cmake/SgmcIsaLevels.cmake); an executable cannot be chosen that way. */
int sgmc_program_main(int argc, char **argv);

int main(int argc, char **argv) { return sgmc_program_main(argc, argv); }
