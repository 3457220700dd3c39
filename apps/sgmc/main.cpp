// The sgmc command-line program.
#include <CLI/CLI.hpp>

#include <iostream>

#include "demo.hpp"
#include "sgmc/core/error.hpp"

int main(int argc, char** argv) {
  CLI::App app{"sgmc: stochastic-gradient MCMC samplers"};
  app.require_subcommand(1);

  sgmc::app::DemoOptions demo;
  auto* demo_cmd = app.add_subcommand("demo", "sample a built-in multimodal target and draw a picture");
  demo_cmd->add_option("--steps", demo.steps, "iterations per chain")->check(CLI::PositiveNumber);
  demo_cmd->add_option("--chains", demo.chains, "parallel chains per sampler")->check(CLI::PositiveNumber);
  demo_cmd->add_option("--threads", demo.threads, "worker threads (0 = all cores)")->check(CLI::NonNegativeNumber);
  demo_cmd->add_option("--seed", demo.seed, "random seed");
  demo_cmd->add_option("--picture", demo.picture, "PNG file to write");

  CLI11_PARSE(app, argc, argv);
  try {
    if (demo_cmd->parsed()) sgmc::app::run_demo(demo, std::cout);
  } catch (const sgmc::Error& e) {
    std::cerr << "sgmc: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
