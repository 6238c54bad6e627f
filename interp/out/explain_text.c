/*
** explain_text.c -- an explanation in words (see explain_text.h).
*/
#include "out/explain_text.h"

#include "base/mem.h"
#include "out/trace.h"
#include "pz.h"                 /* PZ_JSON_VERSION */

static const char *const level_words[] = {
  "given", "one clue", "two clues together", "a contradiction", "a guess", "a conflict",
};

/*
** What a step of each level weighs in the score.  A step beyond one clue
** also weighs its size (the clues and facts it names).  Calibrated on the
** rated sudokus of tests/grade: a guess outweighs any number of
** contradictions a human would still follow, as in their ratings.
*/
static const unsigned level_weight[] = { 0, 1, 5, 50, 1000, 0 };

ExGrade explain_grade(const Explanation *e)
{
  ExGrade gr = { .level = 1 };
  for (size_t i = 0; i < e->steps.len; i++) {
    const ExStep *st = &e->steps.data[i];
    if (st->level == EX_GIVEN || st->level == EX_CONFLICT)
      continue;
    gr.steps++;
    if (st->level > gr.level)
      gr.level = st->level;
    gr.score += level_weight[st->level];
    if (st->level >= EX_TWO_CLUES && st->level <= EX_CONTRADICTION)
      gr.score += st->nclues + st->npremises;
  }
  return gr;
}

/* The "status" of the JSON (doc/json.md) for each outcome. */
static const char *const outcome_status[] = { "solved", "solved", "unsatisfiable", "limit" };

/* {"version": 1, "status": ..., : the start of each JSON object of this file */
static void json_open(Buf *b, ExOutcome outcome, bool interrupted)
{
  buf_printf(b, "{\"version\": %d, \"status\": \"%s\", ", PZ_JSON_VERSION,
             outcome == EX_STOPPED && interrupted ? "interrupted" : outcome_status[outcome]);
}

/* The same for an explanation or a grade: status "limit" (or "interrupted")
   when a limit (or the host) stopped explain_verify's checks of the steps. */
static void json_open_explanation(Buf *b, const Explanation *e)
{
  json_open(b, e->checks_stopped ? EX_STOPPED : e->outcome, e->interrupted);
}

/* The 1-based number a step is shown with (givens are not counted). */
static size_t step_number(const Explanation *e, size_t index)
{
  size_t n = 0;
  for (size_t i = 0; i <= index && i < e->steps.len; i++)
    n += e->steps.data[i].level != EX_GIVEN;
  return n;
}

/* The steps (as numbered) checked before a limit stopped the checks, at
   the step of index e->checks_stopped - 1. */
static size_t checked_steps(const Explanation *e)
{
  size_t n = 0;
  for (size_t i = 0; i + 1 < e->checks_stopped && i < e->steps.len; i++)
    n += e->steps.data[i].level != EX_GIVEN;
  return n;
}

/* ", \"checks_stopped_after\": K" when a limit stopped the checks. */
static void json_checks_stopped(Buf *b, const Explanation *e)
{
  if (e->checks_stopped)
    buf_printf(b, ", \"checks_stopped_after\": %zu", checked_steps(e));
}

/* One line saying that a limit stopped the checks of the steps, when it did. */
static void checks_stopped_text(const Explanation *e, Buf *b)
{
  if (!e->checks_stopped)
    return;
  size_t k = checked_steps(e), n = step_number(e, e->steps.len - 1);
  const char *limit = e->checks_stopped_nodes ? "the node limit"
                    : e->interrupted ? "an interruption" : "the time limit";
  if (k == 0)
    buf_printf(b, "Not checked: %s stopped the checks of the steps before the first, so no "
               "step was checked.\n", limit);
  else if (k + 1 >= n)
    buf_printf(b, "Not checked: %s stopped the checks after step %zu, so step %zu was not "
               "checked.\n", limit, k, n);
  else
    buf_printf(b, "Not checked: %s stopped the checks after step %zu, so steps %zu to %zu "
               "were not checked.\n", limit, k, k + 1, n);
}

/* "level": L, "score": S; both null when the puzzle has no solution:
   there is nothing to grade (as the text says). */
static void json_grade(Buf *b, const Explanation *e, const ExGrade *gr)
{
  if (e->outcome == EX_NONE)
    buf_puts(b, "\"level\": null, \"score\": null");
  else
    buf_printf(b, "\"level\": %u, \"score\": %lu", gr->level, gr->score);
}

static const char *const grade_words[] = {
  "", "every step follows from one clue", "some steps need clues together",
  "some steps need a contradiction", "it needs guessing",
};

void explain_grade_text(const Explanation *e, bool json, Buf *b)
{
  ExGrade gr = explain_grade(e);
  if (json) {
    json_open_explanation(b, e);
    json_grade(b, e, &gr);
    buf_printf(b, ", \"steps\": %zu", gr.steps);
    json_checks_stopped(b, e);
    buf_puts(b, "}\n");
  } else if (e->outcome == EX_NONE) {   /* not "level 1, score 0": there is nothing to solve */
    buf_puts(b, "grade: none, the puzzle has no solution\n");
  } else {
    buf_printf(b, "grade: level %u (%s), score %lu, %zu steps\n",
               gr.level, grade_words[gr.level], gr.score, gr.steps);
  }
  if (!json)
    checks_stopped_text(e, b);
}

/* --- facts in words --- */

static void values(const Ground *g, const Explanation *e, VarId x, uint32_t at, uint32_t n, Buf *b)
{
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      buf_puts(b, i + 1 == n ? " or " : ", ");
    trace_value(g, x, e->ints.data[at + i], b);
  }
}

/* "x = v", "x is not a, b", or "x is one of a, b, c". */
static void fact_words(const Ground *g, const Model *m, const Explanation *e, const ExFact *f, Buf *b)
{
  trace_var_name(m, f->x, b);
  if (f->nafter == 1) {
    buf_puts(b, " = ");
    trace_value(g, f->x, e->ints.data[f->after], b);
    return;
  }
  uint32_t gone = f->nbefore - f->nafter;
  if (gone && gone <= f->nafter) {
    buf_puts(b, " is not ");
    uint32_t j = 0, k = 0;
    for (uint32_t i = 0; i < f->nbefore; i++) {
      int32_t v = e->ints.data[f->before + i];
      while (j < f->nafter && e->ints.data[f->after + j] < v)
        j++;
      if (j < f->nafter && e->ints.data[f->after + j] == v)
        continue;
      if (k++)
        buf_puts(b, k == gone ? " or " : ", ");
      trace_value(g, f->x, v, b);
    }
    return;
  }
  buf_puts(b, " is ");
  values(g, e, f->x, f->after, f->nafter, b);
}

static void clue_words(const Ground *g, const Model *m, const ExClue *c, Buf *b)
{
  trace_origin(g, c->origin, b);
  trace_binding(g, m, c->binding, b);
}

static void json_str(Buf *b, Buf *text)
{
  buf_json_string(b, buf_str(text));
}

/* --- text --- */

/* A contradiction's chain shows this many links, then its last. */
#define EX_CHAIN_SHOWN 12

static void step_text(const Ground *g, const Model *m, const Explanation *e, const ExStep *st,
                      size_t number, Buf *b)
{
  if (st->level == EX_GIVEN)
    buf_puts(b, "Given: ");
  else if (st->level == EX_CONFLICT)
    buf_printf(b, "Step %zu: impossible", number);
  else if (st->level == EX_GUESS)
    buf_printf(b, "Step %zu: guess ", number);
  else
    buf_printf(b, "Step %zu: ", number);
  for (uint32_t i = 0; i < st->nfacts; i++) {
    if (i)
      buf_puts(b, "; ");
    fact_words(g, m, e, &e->facts.data[st->facts + i], b);
  }
  if (st->level == EX_GIVEN) {
    buf_puts(b, "  (");
    for (uint32_t i = 0; i < st->nclues; i++) {
      if (i)
        buf_puts(b, "; ");
      clue_words(g, m, &e->clues.data[st->clues + i], b);
    }
    buf_puts(b, ")\n");
    return;
  }
  buf_putc(b, '\n');
  if (st->level == EX_GUESS && st->cut) {
    buf_puts(b, "  no contradiction among the suppositions pz tries per step on a board this big;\n"
                "  this is the value of the solution\n");
    return;
  }
  if (st->level == EX_GUESS) {
    buf_puts(b, "  nothing else follows without a guess; this is the value of the solution\n");
    return;
  }
  if (st->level == EX_CONTRADICTION) {
    buf_puts(b, "  suppose ");
    trace_var_name(m, st->x, b);
    buf_puts(b, " = ");
    trace_value(g, st->x, st->v, b);
    buf_puts(b, "; then\n");
    for (uint32_t i = 0; i < st->nchain; i++) {
      const ExFact *f = &e->facts.data[st->chain + i];
      if (i == EX_CHAIN_SHOWN && st->nchain > EX_CHAIN_SHOWN + 1) {
        buf_printf(b, "    ... (%u more)\n", st->nchain - EX_CHAIN_SHOWN - 1);
        i = st->nchain - 2;
        continue;
      }
      if (f->x == UINT32_MAX) {
        buf_puts(b, "    impossible: ");
        clue_words(g, m, &e->clues.data[f->clue], b);
        buf_puts(b, " cannot hold\n");
        continue;
      }
      buf_puts(b, "    ");
      fact_words(g, m, e, f, b);
      buf_puts(b, "  (");
      clue_words(g, m, &e->clues.data[f->clue], b);
      buf_puts(b, ")\n");
    }
  }
  /* "; " between the clues: a clue's own words hold commas ("clue 3, R = 2",
     "clue 5, next_to(a, b)", "the logic grid of colour: each house has one, no two alike") */
  buf_puts(b, "  by ");
  for (uint32_t i = 0; i < st->nclues; i++) {
    if (i)
      buf_puts(b, "; ");
    clue_words(g, m, &e->clues.data[st->clues + i], b);
  }
  if (st->searched)
    buf_puts(b, " (no step shows it: a search finds no solution left)");
  else if (st->level != EX_ONE_CLUE)
    buf_printf(b, " (%s)", level_words[st->level]);
  buf_putc(b, '\n');
  if (st->npremises) {
    buf_puts(b, "  knowing ");
    for (uint32_t i = 0; i < st->npremises; i++) {
      if (i)
        buf_puts(b, "; ");
      fact_words(g, m, e, &e->facts.data[st->premises + i], b);
    }
    buf_putc(b, '\n');
  }
}

static size_t counted_steps(const Explanation *e)
{
  size_t n = 0;
  for (size_t i = 0; i < e->steps.len; i++)
    n += e->steps.data[i].level != EX_GIVEN && e->steps.data[i].level != EX_CONFLICT;
  return n;
}

static void verdict_text(const Ground *g, const Model *m, const Explanation *e, Buf *b)
{
  size_t n = counted_steps(e);
  switch (e->outcome) {
  case EX_SOLVED:
    if (e->first_guess && e->unchecked) {
      buf_printf(b, "Verdict: solved, with a guess at step %zu.\n"
                 "  There pz finds no step without one: no clue alone, no two clues together\n"
                 "  and no supposition that all the clues refute gives a new fact.\n"
                 "  pz did not check whether the puzzle has other solutions: its search for a\n",
                 step_number(e, e->first_guess - 1));
      if (e->unchecked_nodes)           /* the user's --nodes, not explain's own bound */
        buf_printf(b, "  second one gave up after the %llu choices --nodes allows.\n",
                   (unsigned long long)e->unchecked_nodes);
      else
        buf_puts(b, "  second one gave up after a fixed number of choices.\n");
    } else if (e->first_guess)
      buf_printf(b, "Verdict: the solution is unique, but it needs a guess at step %zu.\n"
                 "  There pz finds no step without one: no clue alone, no two clues together\n"
                 "  and no supposition that all the clues refute gives a new fact.\n",
                 step_number(e, e->first_guess - 1));
    else if (e->hardest == EX_ONE_CLUE)
      buf_printf(b, "Verdict: solved without guessing in %zu step%s; each step uses one clue.\n", n,
                 n == 1 ? "" : "s");
    else if (e->hardest)
      buf_printf(b, "Verdict: solved without guessing in %zu step%s; the hardest, step %zu, "
                 "needs %s.\n", n, n == 1 ? "" : "s", step_number(e, e->hardest_step - 1), level_words[e->hardest]);
    else
      buf_puts(b, "Verdict: solved by the givens alone.\n");
    break;
  case EX_SEVERAL:
    buf_printf(b, "Verdict: more than one solution; it needs a guess at step %zu.\n",
               step_number(e, e->first_guess - 1));
    if (e->open.len) {
      buf_puts(b, "  Open (they differ between solutions): ");
      for (size_t i = 0; i < e->open.len; i++) {
        if (i)
          buf_puts(b, ", ");
        trace_var_name(m, e->open.data[i], b);
      }
      buf_puts(b, e->open_cut ? ", ... (only the first 64 unknowns were tried)" : "");
      buf_puts(b, e->open_unsure ? " (and perhaps others: some tests gave up)\n" : "\n");
    }
    if (e->has_fix) {
      buf_puts(b, "  Giving ");
      trace_var_name(m, e->fix_x, b);
      buf_puts(b, " = ");
      trace_value(g, e->fix_x, e->fix_v, b);
      buf_puts(b, " would make the solution unique.\n");
    } else if (e->fix_unsure) {
      buf_puts(b, "  pz found no single given of the open unknowns that makes the solution\n"
               "  unique, but some of its tests gave up.\n");
    } else {
      buf_puts(b, "  No single given of the open unknowns makes the solution unique.\n");
    }
    break;
  case EX_NONE:
    buf_puts(b, "Verdict: no solution.");
    if (e->conflict.len) {
      buf_puts(b, " These clues cannot all hold: ");
      for (size_t i = 0; i < e->conflict.len; i++) {
        if (i)
          buf_puts(b, "; ");             /* as the steps' "by" lists */
        trace_origin(g, e->conflict.data[i], b);
      }
      buf_puts(b, e->conflict_minimal ? " (without any one of them, the rest can).\n"
                  : e->interrupted ? " (an interruption stopped the search for fewer).\n"
                                   : " (the time limit stopped the search for fewer).\n");
    } else {
      buf_puts(b, " The rules alone cannot all hold.\n");
    }
    break;
  case EX_STOPPED:
    buf_printf(b, "Verdict: %s after %zu steps.\n",
               e->interrupted ? "interrupted" : "stopped by the limit", n);
    break;
  }
}

static const char *const outcome_words[] = { "solved", "several", "none", "stopped" };

static void json_text(const Ground *g, const Model *m, const Explanation *e, const ExTextOptions *o, Buf *b)
{
  Buf w = {0};
  json_open_explanation(b, e);
  if (!o->verdict_only) {
    buf_puts(b, "\"steps\": [");
    for (size_t i = 0; i < e->steps.len; i++) {
      const ExStep *st = &e->steps.data[i];
      buf_printf(b, "%s\n  {\"step\": %zu, \"level\": %u, \"kind\": \"%s\", \"facts\": [",
                 i ? "," : "", step_number(e, i), st->level, level_words[st->level]);
      for (uint32_t k = 0; k < st->nfacts; k++) {
        buf_clear(&w);
        fact_words(g, m, e, &e->facts.data[st->facts + k], &w);
        buf_puts(b, k ? ", " : "");
        json_str(b, &w);
      }
      buf_puts(b, "], \"clues\": [");
      for (uint32_t k = 0; k < st->nclues; k++) {
        buf_clear(&w);
        clue_words(g, m, &e->clues.data[st->clues + k], &w);
        buf_puts(b, k ? ", " : "");
        json_str(b, &w);
      }
      buf_puts(b, "], \"knowing\": [");
      for (uint32_t k = 0; k < st->npremises; k++) {
        buf_clear(&w);
        fact_words(g, m, e, &e->facts.data[st->premises + k], &w);
        buf_puts(b, k ? ", " : "");
        json_str(b, &w);
      }
      buf_puts(b, "]");
      if (st->level == EX_CONTRADICTION || st->level == EX_GUESS) {
        buf_clear(&w);
        trace_var_name(m, st->x, &w);
        buf_puts(&w, " = ");
        trace_value(g, st->x, st->v, &w);
        buf_puts(b, st->level == EX_GUESS ? ", \"guess\": " : ", \"suppose\": ");
        json_str(b, &w);
        if (st->cut)
          buf_puts(b, ", \"budget_spent\": true");
      }
      buf_puts(b, "}");
    }
    buf_puts(b, "],\n");
  }
  buf_printf(b, "\"verdict\": {\"outcome\": \"%s\", \"steps\": %zu, \"hardest_level\": %u, "
             "\"hardest_step\": %zu, \"first_guess\": %zu",
             outcome_words[e->outcome], counted_steps(e), e->hardest,
             e->hardest_step ? step_number(e, e->hardest_step - 1) : 0,
             e->first_guess ? step_number(e, e->first_guess - 1) : 0);
  if (e->outcome == EX_SOLVED && e->unchecked) {
    buf_puts(b, ", \"unique\": null");   /* not checked: the search gave up */
    if (e->unchecked_nodes)
      buf_printf(b, ", \"node_limit\": %llu", (unsigned long long)e->unchecked_nodes);
  }
  if (e->outcome == EX_SEVERAL) {
    buf_puts(b, ", \"open\": [");
    for (size_t i = 0; i < e->open.len; i++) {
      buf_clear(&w);
      trace_var_name(m, e->open.data[i], &w);
      buf_puts(b, i ? ", " : "");
      json_str(b, &w);
    }
    buf_puts(b, "], \"unique_with\": ");
    if (e->has_fix) {
      buf_clear(&w);
      trace_var_name(m, e->fix_x, &w);
      buf_puts(&w, " = ");
      trace_value(g, e->fix_x, e->fix_v, &w);
      json_str(b, &w);
    } else {
      buf_puts(b, "null");
    }
  }
  if (e->outcome == EX_NONE) {
    buf_puts(b, ", \"conflict\": [");
    for (size_t i = 0; i < e->conflict.len; i++) {
      buf_clear(&w);
      trace_origin(g, e->conflict.data[i], &w);
      buf_puts(b, i ? ", " : "");
      json_str(b, &w);
    }
    buf_printf(b, "], \"minimal\": %s", e->conflict_minimal ? "true" : "false");
  }
  ExGrade gr = explain_grade(e);
  buf_puts(b, "},\n\"grade\": {");
  json_grade(b, e, &gr);
  buf_puts(b, "}");
  json_checks_stopped(b, e);
  buf_puts(b, "}\n");
  buf_free(&w);
}

void explain_text(const Ground *g, const Model *m, const Explanation *e,
                  const ExTextOptions *o, Buf *b)
{
  if (o->json) {
    json_text(g, m, e, o, b);
    return;
  }
  Buf w = {0};
  if (!o->verdict_only) {
    size_t shown = 0;
    for (size_t i = 0; i < e->steps.len; i++) {
      const ExStep *st = &e->steps.data[i];
      step_text(g, m, e, st, step_number(e, i), b);
      if (st->level != EX_GIVEN && st->level != EX_CONFLICT && o->board && o->show_every &&
          ++shown % o->show_every == 0 && i + 1 < e->steps.len) {
        buf_putc(b, '\n');
        o->board(o->board_ctx, i + 1, b);
        buf_putc(b, '\n');
      }
    }
    if (o->board && e->outcome != EX_NONE && e->outcome != EX_STOPPED) {
      buf_putc(b, '\n');
      o->board(o->board_ctx, e->steps.len, b);
    }
    buf_putc(b, '\n');
  }
  verdict_text(g, m, e, b);
  checks_stopped_text(e, b);
  buf_free(&w);
}

void explain_redundant_text(const Ground *g, const Explanation *e, bool stopped, bool json, Buf *b)
{
  if (json) {
    json_open(b, stopped ? EX_STOPPED : e->nsolutions == 0 ? EX_NONE : EX_SOLVED, e->interrupted);
    buf_puts(b, "\"redundant\": [");
    Buf w = {0};
    for (size_t i = 0; i < e->redundant.len; i++) {
      buf_clear(&w);
      trace_origin(g, e->redundant.data[i], &w);
      buf_puts(b, i ? ", " : "");
      buf_json_string(b, buf_str(&w));
    }
    buf_free(&w);
    buf_puts(b, "]}\n");
    return;
  }
  if (stopped) {   /* the counts below are unfinished: nothing to say of them */
    buf_printf(b, "%s before every clue was tried\n",
               e->interrupted ? "interrupted" : "stopped by the limit");
    return;
  }
  if (e->nsolutions > 1) {
    buf_puts(b, "the puzzle has more than one solution: no clue can be dropped keeping a unique one\n");
    return;
  }
  if (e->nsolutions == 0) {
    if (!e->redundant.len) {
      buf_puts(b, "the puzzle has no solution, and it has none or several without any one clue\n");
      return;
    }
    buf_puts(b, "the puzzle has no solution; without any one of these clues it has exactly one:\n");
    for (size_t i = 0; i < e->redundant.len; i++) {
      buf_puts(b, "  ");
      trace_origin(g, e->redundant.data[i], b);
      buf_putc(b, '\n');
    }
    return;
  }
  if (!e->redundant.len) {
    buf_puts(b, "no clue can be dropped: without any one of them the solution is not unique\n");
    return;
  }
  buf_puts(b, "each of these clues can be dropped, the solution staying unique:\n");
  for (size_t i = 0; i < e->redundant.len; i++) {
    buf_puts(b, "  ");
    trace_origin(g, e->redundant.data[i], b);
    buf_putc(b, '\n');
  }
}
