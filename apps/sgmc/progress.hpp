// The progress bar of long runs and the clean stop on Ctrl-C: both live in
// the driver's progress callback, which runs on the calling thread between
// rounds, so a cancelled run keeps every draw made so far.
#pragma once

#include <chrono>
#include <ostream>
#include <string>

#include "sgmc/config/run_config.hpp"

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

  /// The callback for the driver: draws the bar, returns false after SIGINT.
  ProgressFn callback();

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
