#include "tools/optimize/resume.h"

#include <sstream>

#include "tools/batch/json.h"

namespace libero::optimize {
namespace {

bool numbers(const batch::JsonValue* v, size_t count, std::vector<double>* out) {
  if (!v || !v->is_array() || v->items.size() != count) return false;
  out->clear();
  for (const batch::JsonValue& item : v->items) {
    if (!item.is_number()) return false;
    out->push_back(item.number);
  }
  return true;
}

bool number(const batch::JsonValue& line, const char* key, double* out) {
  const batch::JsonValue* v = line.find(key);
  if (!v || !v->is_number()) return false;
  *out = v->number;
  return true;
}

}  // namespace

Result<std::vector<Generation>> read_generations(const std::string& text, int lambda, int parameters) {
  std::vector<Generation> generations;
  std::istringstream lines(text);
  int number_of_line = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number_of_line;
    const std::string where = "generations.jsonl line " + std::to_string(number_of_line);
    Result<batch::JsonValue> json = batch::parse_json(line);
    if (!json.ok()) return make_error(where + ": " + json.error().message);
    Generation g;
    double index = -1, trials = 0, failed = 0;
    bool ok = json->is_object() && number(*json, "generation", &index) && number(*json, "sigma", &g.sigma) &&
              numbers(json->find("fitness"), static_cast<size_t>(lambda), &g.fitness) &&
              numbers(json->find("mean"), static_cast<size_t>(parameters), &g.mean) &&
              number(*json, "trials", &trials) && number(*json, "failed_trials", &failed) &&
              number(*json, "trial_seconds", &g.trial_seconds) && number(*json, "batch_seconds", &g.batch_seconds) &&
              number(*json, "overhead_seconds", &g.overhead_seconds);
    const batch::JsonValue* values = json->find("values");
    ok = ok && values && values->is_array() && values->items.size() == static_cast<size_t>(lambda);
    for (size_t k = 0; ok && k < values->items.size(); ++k) {
      std::vector<double> v;
      ok = numbers(&values->items[k], static_cast<size_t>(parameters), &v);
      g.values.push_back(v);
    }
    if (!ok) return make_error(where + ": not a generation of " + std::to_string(lambda) + " candidates of " +
                               std::to_string(parameters) + " parameters");
    if (index != static_cast<double>(generations.size()))
      return make_error(where + ": generation " + std::to_string(static_cast<long>(index)) + " where " +
                        std::to_string(generations.size()) + " was due");
    g.index = static_cast<int>(index);
    g.trials = static_cast<int>(trials);
    g.failed_trials = static_cast<int>(failed);
    generations.push_back(std::move(g));
  }
  return generations;
}

}  // namespace libero::optimize
