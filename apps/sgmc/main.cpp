// The sgmc command-line program: `demo`, `run` and `plot` (docs/cli.md).
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "demo.hpp"
#include "job.hpp"
#ifdef SGMC_CLI_MPI
#include "mpi_processes.hpp"
#endif
#include "option_values.hpp"
#include "options_markdown.hpp"
#include "plot.hpp"
#include "run.hpp"

int main(int argc, char** argv) {
  CLI::App app{"sgmc: stochastic-gradient MCMC samplers"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("sgmc " SGMC_PROGRAM_VERSION " (") + sgmc_isa_level() + ")");

  sgmc::app::DemoOptions demo;
  auto* demo_cmd = app.add_subcommand("demo", "sample a built-in multimodal target and draw a picture");
  demo_cmd->add_option("--steps", demo.steps, "iterations per chain")->check(CLI::PositiveNumber);
  demo_cmd->add_option("--chains", demo.chains, "parallel chains per sampler")->check(CLI::PositiveNumber);
  demo_cmd->add_option("--threads", demo.threads, "worker threads (0 = all cores)")->check(CLI::NonNegativeNumber);
  demo_cmd->add_option("--seed", demo.seed, "random seed");
  demo_cmd->add_option("--picture", demo.picture, "PNG file to write");

  sgmc::app::RunFlags run;
  auto* run_cmd = app.add_subcommand("run", "sample as a JSON config says; write draws (CSV) and a summary (JSON)");
  run_cmd->add_option("config", run.config, "JSON config file (docs/cli.md)");
  run_cmd->add_option("--target", run.target, "built-in target: mix1d, nine, twentyfive, gauss25, gaussian");
  run_cmd->add_option("--data", run.data, "CSV data file with a header row (instead of a target)");
  run_cmd->add_option("--response", run.response, "the data file's target column");
  run_cmd->add_option("--model", run.model, "data model: logistic, linear, mlp");
  run_cmd->add_option("--features", run.features,
                      "double (default) or float32 features: logistic and linear read them "
                      "rounded to 2^-24 relative, an mlp computes in float (faster; docs/models.md)");
  run_cmd->add_option("--set", run.sets, "set an option, key=value (any key of docs/options.md)");
  run_cmd->add_option("--draws", run.draws, "CSV file of the draws");
  run_cmd->add_option("--summary", run.summary, "JSON file of the summary");
  run_cmd->add_option("--checkpoint", run.checkpoint,
                      "checkpoint file, written every checkpoint_every iterations and when the run "
                      "stops (as --set checkpoint_file=FILE)");
  run_cmd->add_flag("--resume", run.resume,
                    "continue the run saved in the checkpoint file, if it exists (else start it)");
#ifdef SGMC_CLI_MPI
  bool mpi = false;
  run_cmd->add_flag("--mpi", mpi,
                    "spread the chains over the processes of mpirun (every sampler; docs/runs.md); "
                    "rank 0 writes the files");
#endif
  run_cmd->add_flag("--quiet", run.quiet,
                    "no progress on standard error (else a bar on a terminal, a line per tenth "
                    "of the run elsewhere)");

  sgmc::app::PlotOptions plot;
  auto* plot_cmd = app.add_subcommand("plot", "trace and density pictures of a draws CSV");
  plot_cmd->add_option("draws", plot.draws, "draws CSV written by sgmc run")->required();
  plot_cmd->add_option("--picture", plot.picture, "PNG file to write");
  plot_cmd->add_option("--parameters", plot.parameters,
                       "parameters pictured, by their column names (default: every one)");
  plot_cmd->add_option("--per-page", plot.per_page,
                       "parameters per picture; more go to further pictures, -1, -2, ...")
      ->check(CLI::PositiveNumber);
  plot_cmd->add_option("--bins", plot.bins, "histogram bins")->check(CLI::PositiveNumber);

  auto* options_cmd = app.add_subcommand("options", "list every option key of `sgmc run --set`");
  bool markdown = false;
  options_cmd->add_flag("--markdown", markdown,
                        "print docs/options.md's table (key, type, default, values, read by, "
                        "resume, meaning) instead");

  CLI11_PARSE(app, argc, argv);
  try {
    if (demo_cmd->parsed()) sgmc::app::run_demo(demo, std::cout);
    if (plot_cmd->parsed()) sgmc::app::plot_draws(plot, std::cout);
    if (options_cmd->parsed()) {
      if (markdown) {
        std::cout << sgmc::app::options_markdown();
      } else {
        sgmc::app::print_options(std::cout);
      }
    }
    if (run_cmd->parsed()) {
      std::unique_ptr<sgmc::app::Processes> processes;
#ifdef SGMC_CLI_MPI
      if (mpi) processes = std::make_unique<sgmc::app::MpiProcesses>(argc, argv);
#endif
      switch (sgmc::app::run_and_write(sgmc::app::make_job(run), std::cout, std::cerr,
                                       processes.get())) {
        case sgmc::app::RunEnd::kComplete: break;
        // 130 = 128 + SIGINT, the shell's code for a run stopped by Ctrl-C.
        case sgmc::app::RunEnd::kInterrupted: return 130;
        case sgmc::app::RunEnd::kFault: return 1;  // the draws so far are written
      }
    }
  } catch (const std::runtime_error& e) {  // a Failure, or a picture that cannot be written
    std::cerr << "sgmc: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
