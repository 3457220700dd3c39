// The progress bar of long runs and the clean stop on Ctrl-C: both live in
// the library's progress callback (sgmc_progress_fn), which runs on the
// calling thread between rounds, so a cancelled run keeps every draw made
// so far.
#pragma once

#include <chrono>
#include <ostream>
#include <string>

#include "library.hpp"

namespace sgmc::app {

/// While alive, SIGINT sets a flag instead of killing the program; the
/// previous handler comes back on destruction.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  /// True once SIGINT arrived while a guard was alive.
  static bool interrupted();

 private:
  void (*previous_)(int);
};

/// How progress is shown.
enum class ProgressStyle {
  kBar,    ///< a bar redrawn in place with carriage returns: for a terminal
  kLines,  ///< a plain line at every tenth of the run: for a file or a pipe
  kQuiet,  ///< nothing (--quiet); Ctrl-C still stops the run cleanly
};

/// kBar when standard error is a terminal, else kLines.
ProgressStyle progress_style_for_stderr();

/// Progress on `err` in `style`, shown only once a run has taken more than
/// a second (short runs stay quiet), that stops the run after SIGINT.
class ProgressBar {
 public:
  ProgressBar(std::ostream& err, std::string label, ProgressStyle style = ProgressStyle::kBar);
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  /// Ends the bar's line if one was drawn.
  ~ProgressBar();

  /// The sgmc_progress_fn of a run, with the bar as its `user`: draws the
  /// bar, returns non-zero (stop) after SIGINT.
  static int callback(int64_t done, int64_t total, void* bar);

 private:
  bool report(Index done, Index total);

  std::ostream& err_;
  std::string label_;
  ProgressStyle style_;
  std::chrono::steady_clock::time_point start_;
  bool drawn_ = false;       ///< a bar is on the current line
  int tenths_written_ = 0;   ///< kLines: the tenths of the run reported so far
};

}  // namespace sgmc::app
