#include "progress.hpp"

#include <unistd.h>

#include <csignal>
#include <iomanip>

namespace sgmc::app {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int) { g_interrupted = 1; }

constexpr int kWidth = 40;  // characters of the bar itself

}  // namespace

InterruptGuard::InterruptGuard() : previous_(std::signal(SIGINT, on_interrupt)) {}
InterruptGuard::~InterruptGuard() { std::signal(SIGINT, previous_); }
bool InterruptGuard::interrupted() { return g_interrupted != 0; }

ProgressStyle progress_style_for_stderr() {
  return isatty(STDERR_FILENO) != 0 ? ProgressStyle::kBar : ProgressStyle::kLines;
}

ProgressBar::ProgressBar(std::ostream& err, std::string label, ProgressStyle style)
    : err_(err), label_(std::move(label)), style_(style), start_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() {
  if (drawn_) err_ << "\n" << std::flush;
}

int ProgressBar::callback(int64_t done, int64_t total, void* bar) {
  return static_cast<ProgressBar*>(bar)->report(done, total) ? 0 : 1;
}

bool ProgressBar::report(Index done, Index total) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double share = static_cast<double>(done) / static_cast<double>(total);
  const double left = share > 0 ? seconds * (1 - share) / share : 0;
  if (style_ == ProgressStyle::kBar && (seconds > 1.0 || drawn_)) {
    const int filled = static_cast<int>(share * kWidth);
    err_ << "\r" << label_ << " [" << std::string(filled, '#') << std::string(kWidth - filled, ' ')
         << "] " << std::setw(3) << static_cast<int>(100 * share) << "%  " << std::fixed
         << std::setprecision(0) << left << " s left " << std::flush;
    drawn_ = true;
  }
  // A file or a pipe gets a line at every tenth of the run (after a second).
  const int tenths = static_cast<int>(10 * share);
  if (style_ == ProgressStyle::kLines && seconds > 1.0 && tenths > tenths_written_) {
    err_ << label_ << ": " << done << " of " << total << " iterations, " << std::fixed
         << std::setprecision(0) << left << " s left\n" << std::flush;
    tenths_written_ = tenths;
  }
  if (InterruptGuard::interrupted()) {
    if (drawn_) err_ << "\n";
    err_ << "interrupted: stopping after " << done << " of " << total
         << " iterations; writing what was drawn\n";
    drawn_ = false;
    return false;
  }
  return true;
}

}  // namespace sgmc::app
