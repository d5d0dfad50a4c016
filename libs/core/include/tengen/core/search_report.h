// Where a search stands while it thinks: its candidate moves with their winning rates, visits and lines, the ownership
// of the board and the expected score. The built-in engine makes it (tengen/engine/judgment.h), GTP's analysis
// commands print it (tengen/gtp/analysis.h), a move source reports it while it searches (tengen/ai/move_source.h) and
// tengen-qt draws it; one type, so that none of them copies it into another.
#pragma once

#include <vector>

#include "tengen/core/types.h"

namespace tengen {

// One candidate move of a search.
struct SearchCandidate {
  Move move;             // a play by the side searched for
  long visits = 0;       // playouts through it
  double winrate = 0;    // for the side searched for, 0..1
  double lcb = 0;        // a lower confidence bound of the winning rate (two standard errors below), 0..1
  double scoreLead = 0;  // the expected margin for the side searched for, in points, komi and compensation included
  double prior = 0;      // the priors' probability of the move among the candidates (the built-in engine's policy
                         // network where its search uses it, else its move model), 0..1
  std::vector<Move> pv;  // the most visited line, the move itself first
};

struct SearchReport {
  Color toMove = Color::Black;  // the side searched for: every winning rate and score is for it
  long playouts = 0;
  double winrate = 0.5;  // of all playouts
  double scoreLead = 0;  // the expected margin
  // Visited ones, the most visited first (ties: better winning rate, then order).
  std::vector<SearchCandidate> candidates;
  // Per point, row-major from the top-left: ownership from -1 (always White's at the end) to 1 (always Black's);
  // empty when the search collects none.
  std::vector<float> ownership;
};

}  // namespace tengen
