#include "tally.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace sgmc::bench {
namespace {

/// Issue #32's targets for every family.
constexpr double kFalseAlarmTarget = 0.05;
constexpr double kDetectionTarget = 0.95;

bool flagged(const RunRow& r) { return !r.outcome.verdict.trusted(); }

/// A check of `verdict` by name, or null.
const Check* find_check(const Verdict& verdict, const std::string& name) {
  for (const auto& c : verdict.checks) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

/// The check names of `rows`, in the order they first appear.
std::vector<std::string> check_names(const std::vector<const RunRow*>& rows) {
  std::vector<std::string> names;
  for (const auto* r : rows) {
    for (const auto& c : r->outcome.verdict.checks) {
      if (std::find(names.begin(), names.end(), c.name) == names.end()) names.push_back(c.name);
    }
  }
  return names;
}

std::vector<const RunRow*> all_of(const std::vector<RunRow>& rows) {
  std::vector<const RunRow*> out;
  for (const auto& r : rows) out.push_back(&r);
  return out;
}

/// The families in the order they first appear, each with its runs.
std::vector<std::pair<std::string, std::vector<const RunRow*>>> by_family(const std::vector<RunRow>& rows) {
  std::vector<std::pair<std::string, std::vector<const RunRow*>>> out;
  for (const auto& r : rows) {
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& f) { return f.first == r.config->family; });
    if (it == out.end()) {
      out.push_back({r.config->family, {}});
      it = out.end() - 1;
    }
    it->second.push_back(&r);
  }
  return out;
}

/// "k/n (p%)", or "-" for n = 0.
std::string share(int k, int n) {
  if (n == 0) return "-";
  char text[48];
  std::snprintf(text, sizeof text, "%d/%d (%.0f%%)", k, n, 100.0 * k / n);
  return text;
}

/// "k/n (p%; lo-hi%)": the share (to a tenth of a percent, so that 5.4%
/// is not read as the target's 5%) with its 95% Wilson score interval, the
/// range of rates a family's runs are consistent with (3 of 50 is 6.0%, and
/// 2-16%: a family's count says how far it is from the target only with
/// its interval); "-" for n = 0.
std::string share_interval(int k, int n) {
  if (n == 0) return "-";
  constexpr double z = 1.959963984540054;  // the normal quantile of 0.975
  const double nn = n, p = k / nn, scale = 1.0 + z * z / nn;
  const double centre = (p + z * z / (2.0 * nn)) / scale;
  const double half = z * std::sqrt(p * (1.0 - p) / nn + z * z / (4.0 * nn * nn)) / scale;
  char text[64];
  std::snprintf(text, sizeof text, "%d/%d (%.1f%%; %.0f-%.0f%%)", k, n, 100.0 * p,
                100.0 * std::max(0.0, centre - half), 100.0 * std::min(1.0, centre + half));
  return text;
}

struct Counts {
  int right = 0, right_flagged = 0, lucky = 0, lucky_flagged = 0, wrong = 0, wrong_flagged = 0, unseeable = 0,
      unseeable_flagged = 0, faults = 0;
};

Counts count(const std::vector<const RunRow*>& runs) {
  Counts c;
  for (const auto* r : runs) {
    switch (r->outcome.status) {
      case Status::kRight: ++c.right, c.right_flagged += flagged(*r); break;
      case Status::kLucky: ++c.lucky, c.lucky_flagged += flagged(*r); break;
      case Status::kWrong: ++c.wrong, c.wrong_flagged += flagged(*r); break;
      case Status::kUnseeable: ++c.unseeable, c.unseeable_flagged += flagged(*r); break;
      case Status::kFault: ++c.faults; break;
    }
  }
  return c;
}

std::string meets(const Counts& c) {
  const bool alarms = c.right == 0 || c.right_flagged <= kFalseAlarmTarget * c.right;
  const bool detects = c.wrong == 0 || c.wrong_flagged >= kDetectionTarget * c.wrong;
  if (alarms && detects) return "yes";
  return std::string(alarms ? "" : "too many false alarms") + (alarms || detects ? "" : ", ") +
         (detects ? "" : "misses");
}

/// by_family() and a last row "all" with every run.
std::vector<std::pair<std::string, std::vector<const RunRow*>>> families_and_all(const std::vector<RunRow>& rows) {
  auto families = by_family(rows);
  families.push_back({"all", all_of(rows)});
  return families;
}

void print_families(std::ostream& out, const std::vector<RunRow>& rows) {
  out << "| family | runs | right | right flagged (false alarms; 95% interval) | right by luck (flagged) "
         "| false alarms counting luck | wrong | wrong flagged (detections; 95% interval) "
         "| unseeable (flagged) | faults | target met |\n|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& [family, runs] : families_and_all(rows)) {
    const Counts c = count(runs);
    char unseeable[32], lucky[32];
    std::snprintf(unseeable, sizeof unseeable, "%d (%d)", c.unseeable, c.unseeable_flagged);
    std::snprintf(lucky, sizeof lucky, "%d (%d)", c.lucky, c.lucky_flagged);
    out << "| " << family << " | " << runs.size() << " | " << c.right << " | "
        << share_interval(c.right_flagged, c.right) << " | " << lucky << " | "
        << share(c.right_flagged + c.lucky_flagged, c.right + c.lucky) << " | " << c.wrong << " | "
        << share_interval(c.wrong_flagged, c.wrong) << " | " << unseeable << " | " << c.faults
        << " | " << meets(c) << " |\n";
  }
}

/// Whether a run's error lies two of its standard errors or more from the
/// tolerance, on its side: a right run whose error plus 2 se stays inside,
/// a wrong run whose error minus 2 se stays outside. The runs nearer the
/// tolerance are those the bench itself cannot call right or wrong.
bool clear_of_tolerance(const Outcome& o) {
  if (o.status == Status::kRight) return o.error + 2.0 * o.se <= o.tolerance;
  if (o.status == Status::kWrong) return o.error - 2.0 * o.se >= o.tolerance;
  return false;
}

/// The per-family table over the runs clear of the tolerance only.
void print_families_clear(std::ostream& out, const std::vector<RunRow>& rows) {
  out << "| family | right, clear (flagged; 95% interval) | wrong, clear (flagged; 95% interval) | target met "
         "|\n|---|---|---|---|\n";
  for (const auto& [family, runs] : families_and_all(rows)) {
    std::vector<const RunRow*> clear;
    for (const auto* r : runs) {
      if (clear_of_tolerance(r->outcome)) clear.push_back(r);
    }
    const Counts c = count(clear);
    out << "| " << family << " | " << share_interval(c.right_flagged, c.right) << " | "
        << share_interval(c.wrong_flagged, c.wrong) << " | " << meets(c) << " |\n";
  }
}

/// Per family and check: the right runs it fails, the wrong runs it fails,
/// and the wrong runs only it fails.
void print_checks(std::ostream& out, const std::vector<RunRow>& rows) {
  out << "| family | check | false alarms | detections | caught by it alone |\n|---|---|---|---|---|\n";
  for (const auto& [family, runs] : by_family(rows)) {
    const Counts c = count(runs);
    for (const auto& name : check_names(runs)) {
      int alarms = 0, detections = 0, alone = 0;
      for (const auto* r : runs) {
        const Check* check = find_check(r->outcome.verdict, name);
        const bool fails = check != nullptr && !check->passed();
        if (r->outcome.status == Status::kRight) alarms += fails;
        if (r->outcome.status != Status::kWrong || !fails) continue;
        ++detections;
        alone += failed_checks(r->outcome.verdict) == name;
      }
      out << "| " << family << " | " << name << " | " << share(alarms, c.right) << " | "
          << share(detections, c.wrong) << " | " << alone << " |\n";
    }
  }
}

/// Every configuration with a right run flagged or a wrong run not: its
/// runs, and the checks that failed on its right runs.
void print_misses(std::ostream& out, const std::vector<RunRow>& rows) {
  out << "| configuration | family | right flagged | wrong unflagged (error / tolerance) | checks failed on right runs |"
         "\n|---|---|---|---|---|\n";
  std::vector<const Config*> order;
  for (const auto& r : rows) {
    if (std::find(order.begin(), order.end(), r.config) == order.end()) order.push_back(r.config);
  }
  for (const Config* config : order) {
    int right = 0, alarms = 0, wrong = 0, missed = 0;
    std::string errors, fired;
    std::map<std::string, int> failed;
    for (const auto& r : rows) {
      if (r.config != config) continue;
      if (r.outcome.status == Status::kRight) {
        ++right;
        if (!flagged(r)) continue;
        ++alarms;
        for (const auto& c : r.outcome.verdict.checks) failed[c.name] += !c.passed();
      } else if (r.outcome.status == Status::kWrong) {
        ++wrong;
        if (flagged(r)) continue;
        ++missed;
        char e[32];
        std::snprintf(e, sizeof e, "%s%.3g", errors.empty() ? "" : " ", r.outcome.error / r.outcome.tolerance);
        errors += e;
      }
    }
    if (alarms == 0 && missed == 0) continue;
    for (const auto& [name, n] : failed) {
      if (n > 0) fired += (fired.empty() ? "" : " ") + name + " " + std::to_string(n);
    }
    out << "| " << config->name << " | " << config->family << " | " << share(alarms, right) << " | "
        << share(missed, wrong) << (errors.empty() ? "" : " (" + errors + ")") << " | "
        << (fired.empty() ? "-" : fired) << " |\n";
  }
}

}  // namespace

const char* status_name(Status status) {
  switch (status) {
    case Status::kRight: return "right";
    case Status::kLucky: return "lucky";
    case Status::kWrong: return "wrong";
    case Status::kUnseeable: return "unseeable";
    case Status::kFault: return "fault";
  }
  return "?";
}

std::string failed_checks(const Verdict& verdict) {
  std::string names;
  for (const auto& c : verdict.checks) {
    if (!c.passed()) names += (names.empty() ? "" : " ") + c.name;
  }
  return names.empty() ? "-" : names;
}

void write_csv(std::ostream& csv, const std::vector<RunRow>& rows) {
  const auto names = check_names(all_of(rows));
  csv << "config,part,family,seed,status,error,tolerance,se,trusted,failed,seconds";
  for (const auto& name : names) csv << "," << name << "," << name << "_pass";
  csv << "\n";
  for (const auto& r : rows) {
    const Outcome& o = r.outcome;
    csv << r.config->name << "," << r.config->part << "," << r.config->family << "," << r.seed << ","
        << status_name(o.status) << "," << o.error << "," << o.tolerance << "," << o.se << "," << o.verdict.trusted() << ","
        << failed_checks(o.verdict) << "," << o.seconds;
    for (const auto& name : names) {
      const Check* c = find_check(o.verdict, name);
      if (c == nullptr) {
        csv << ",,";
      } else {
        csv << "," << c->value << "," << c->passed();
      }
    }
    csv << "\n";
  }
}

void print_tables(std::ostream& out, const std::vector<RunRow>& rows) {
  out << "\n### Per family\n\n";
  print_families(out, rows);
  out << "\n### Per family, the runs clear of the tolerance\n\n";
  print_families_clear(out, rows);
  out << "\n### Per check\n\n";
  print_checks(out, rows);
  out << "\n### Where it misses\n\n";
  print_misses(out, rows);
}

}  // namespace sgmc::bench
