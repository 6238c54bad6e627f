/*
** model.h -- the differential tester's own picture of a puzzle.
**
** A generated puzzle is a small expression tree held in one flat array of
** nodes (kids are indices), so a whole program is a plain struct: copying
** it is a memcpy, which the shrinker does for every candidate.  Nothing
** here comes from interp/: the tree, its printer and its evaluator are
** written against doc/language.md and the partial-operation semantics,
** so that they share no code with pz's grounder or propagators.
*/
#ifndef DIFF_MODEL_H
#define DIFF_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MAX_VARS     5
#define MAX_DOM      8    /* values in one unknown's domain */
#define MAX_LISTS    2    /* constant lists p, q */
#define MAX_LIST_LEN 5
#define MAX_GRID     3    /* the constant board g is at most 3 x 3 */
#define MAX_BOARD    3    /* the unknown board b is at most 3 x 3 */
#define MAX_ENT      3    /* entities e1..e3 of a logic grid */
#define MAX_PIC      3    /* the picture t is at most 3 x 3 */
#define MAX_SLOTS    (MAX_VARS + MAX_BOARD * MAX_BOARD + 2 * MAX_ENT)
#define MAX_CLAUSES  6
#define MAX_NODES    1000
#define MAX_KIDS     6
#define BOUND_DEPTH  3    /* nesting of forall/exists/comprehensions */
#define RULE_BOUND   BOUND_DEPTH   /* inside rule bodies they use bound[3..5] */
#define MAX_BOUND    (2 * BOUND_DEPTH)
#define MAX_RULES    2
#define MAX_RULE_CLAUSES 3
#define MAX_ARITY    3
#define MAX_SPACE    4000 /* assignments the brute force may visit */
#define MAX_SHOWS    3

/*
** What a puzzle shows (none: every declared unknown).  A solution is an
** answer: solutions that show the same values are one.
*/
typedef enum {
  SHOW_VAR,     /* show x (unknown a) */
  SHOW_SUM,     /* show x + y (unknowns a, b) */
  SHOW_TWICE,   /* show x * 2 */
  SHOW_LESS,    /* show x < y, a truth */
  SHOW_BOARD,   /* show b */
  SHOW_TEXT,    /* show "answer", nothing that varies */
  SHOW_KINDS
} ShowKind;
/* as: 0 plain, 1 `as "..."` (a character per value 0, 1, ...), 2 `as [V -> "t", ...]`:
   a drawing changes the text only, so the answers stay the same */
typedef struct Show { uint8_t kind; int8_t a, b; uint8_t as; } Show;

typedef enum {
  /* numbers */
  N_NUM,       /* val */
  N_VAR,       /* val = unknown's index */
  N_BOUND,     /* val = bound variable's slot (I, J, K; 3..5 inside rules) */
  N_PARAM,     /* val = a rule parameter (A, B, C), inside a rule body */
  N_NEG, N_ADD, N_SUB, N_MUL, N_DIV, N_MOD,
  N_ABS,
  N_MIN, N_MAX,       /* kids are the arguments; flag: written as min([...]) */
  N_IFNUM,            /* if kid0 then kid1 else kid2 */
  N_COUNT,            /* count([C, ...]) */
  N_SUM,              /* sum([A, ...]) */
  N_COUNT_COMP,       /* count([kid0 : I in kid1..kid2 (, I != kid3)]) */
  N_SUM_COMP,         /* sum([kid0 : I in kid1..kid2 (, I != kid3)]) */
  N_SUM_BOARD,        /* sum(b) */
  N_LIST_AT,          /* p[kid0]; val = which constant list */
  N_GRID_AT,          /* g[kid0, kid1] */
  N_BOARD_AT,         /* b[kid0, kid1] */
  N_LITLIST_AT,       /* [kid1, ...][kid0] */
  /* conditions */
  N_TRUE, N_FALSE,
  N_CMP,              /* kid0 op kid1; val = CmpOp; flag: other spelling */
  N_IN_LIST,          /* kid0 in [kid1, ...] */
  N_IN_RANGE,         /* kid0 in kid1..kid2 */
  N_IN_CONST,         /* kid0 in p; val = which constant list */
  N_DISTINCT,         /* distinct([kid0, ...]); flag: all_different */
  N_DISTINCT_BOARD,   /* distinct(b) */
  N_AND, N_OR, N_NOT, N_IMP, N_IFF,
  N_COMMA, N_SEMI,    /* the Prolog spellings of and, or */
  N_IFBOOL,           /* if kid0 then kid1 else kid2, all conditions */
  N_FORALL, N_EXISTS, /* over kid0..kid1 (or list val >= 0), filter kid2
                         or -1, body kid3; flag: print merged with a
                         directly nested quantifier of the same kind */
  N_CALL,             /* rule val called with the kids (never partial) */
  N_RUNS,             /* runs([kid0, ...]) = [...]: flag runs, their lengths in val's
                         nibbles from the lowest; a clause of its own only */
  N_CONNECTED,        /* a whole clause: the cells of b holding val form one area
                         (flag 0), with the outside (1), or areas with the clues
                         of Program.area_clue (2), or sizes(b) (3): every area
                         of equal values as large as its value */
  N_CIRCUIT,          /* a whole clause: circuit([kid0, ...]) (flag 0), circuit(b)
                         (1), circuit(b, orthogonal) (2), circuit(b, king) (3) */
  N_PROP_AT,          /* pa(eK): val = K - 1, a property with values 0..prop_max */
  N_PROP_SUM,         /* sum([pa(P) : P in e]) */
  N_PROP_IS,          /* pb(eK) = yes (flag bit 0: no; bit 1: != instead of =); val = K - 1 */
  N_PROP_COUNT,       /* count([P : P in e, pb(P) = yes]) (flag 1: no) */
  N_PIC_CMP,          /* t[kid0, kid1] op RHS, indices known: val = CmpOp; flag 0: RHS
                         is the number kid2, 1: "T", 2: "a", 3: _ (a blank) */
  N_STEP,             /* a whole clause: distinct(b), step(b, Move, cell_of(b, kid0),
                         cell_of(b, kid1)); val: 0 orthogonal, 1 king, 2 knight */
  N_KINDS
} NodeKind;

/* A picture's cells: a digit is itself, the rest are these. */
enum { PIC_BLANK = -100, PIC_T = -101, PIC_A = -102 };

typedef enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE } CmpOp;

/*
** Other spellings of the same value, for N_ADD and N_MUL: a call of a
** user function (function plus(X, Y) = X + Y.), product([a, b]), and
** a ^ 2 where both kids are the same leaf (else it prints as a * b).
*/
typedef enum { SPELL_OP, SPELL_FUNCTION, SPELL_PRODUCT, SPELL_POWER } Spelling;

typedef struct Node {
  uint8_t kind;
  uint8_t nkids;
  uint8_t flag;
  uint8_t paren;      /* print extra parentheses around it */
  uint8_t spell;      /* N_ADD, N_MUL: how it is written (Spelling) */
  int32_t val;
  int16_t kid[MAX_KIDS];
  int8_t bound;       /* quantifiers and comprehensions: the variable's depth */
  int8_t list;        /* quantifiers: over constant list p/q (>= 0) or a range (-1) */
} Node;

typedef struct Unknown {
  int n;               /* number of values */
  int vals[MAX_DOM];   /* ascending */
  bool as_list;        /* declared with a list of values, not a range */
} Unknown;

/*
** A rule: clauses whose heads hold variables (A, B, C; one written twice
** must be given equal values), `_` or a number >= 0 the argument must
** equal.  A call holds when some clause's head matches and its body holds.
*/
typedef enum { HEAD_VAR, HEAD_WILD, HEAD_NUM } HeadKind;
typedef struct Head { uint8_t kind; int8_t val; } Head;
typedef struct RuleClause { Head head[MAX_ARITY]; int body; } RuleClause;
typedef struct Rule {
  int arity, nclauses;
  RuleClause clause[MAX_RULE_CLAUSES];
} Rule;

typedef struct Program {
  int nvars;
  Unknown var[MAX_VARS];          /* named x, y, z, w, v */
  int board_rows, board_cols;     /* 0: no board */
  int board_lo, board_hi;
  int nlists;
  int list_len[MAX_LISTS];
  int list[MAX_LISTS][MAX_LIST_LEN];
  int grid_rows, grid_cols;       /* 0: no constant board */
  int grid[MAX_GRID][MAX_GRID];
  int8_t area_clue[MAX_BOARD][MAX_BOARD];  /* N_CONNECTED's areas: a size, -1 any, 0 none */
  int nent;                       /* 0: no logic grid, else entities e1..e<nent> of e */
  int prop_max;                   /* > 0: property pa: 0..prop_max. */
  bool has_pb;                    /* property pb: yes, no. (yes is 0, no 1) */
  int pic_rows, pic_cols;         /* 0: no picture t */
  int pic[MAX_PIC][MAX_PIC];      /* digits 0..3, PIC_BLANK, PIC_T, PIC_A */
  int nrules;
  Rule rule[MAX_RULES];           /* named r1, r2 */
  int nclauses;
  int clause[MAX_CLAUSES];
  int16_t label[MAX_CLAUSES];     /* 0: none, else `clue N:` */
  int nshows;
  Show show[MAX_SHOWS];
  bool has_goal;                  /* minimize (or maximize) node goal */
  bool goal_max;
  int goal;
  int nnodes;
  Node node[MAX_NODES];
} Program;

/* The unknowns in one flat array: the vars, the board row by row, then
   pa(e1..), pb(e1..).  The board's slots end at prog_board_end. */
static inline int prog_board_end(const Program *p)
{
  return p->nvars + p->board_rows * p->board_cols;
}

static inline int prog_pa(const Program *p)
{
  return prog_board_end(p);
}

static inline int prog_pb(const Program *p)
{
  return prog_pa(p) + (p->prop_max > 0 ? p->nent : 0);
}

static inline int prog_slots(const Program *p)
{
  return prog_pb(p) + (p->has_pb ? p->nent : 0);
}

/* The picture holds a label (then < and > on its cells are errors). */
static inline bool pic_has_label(const Program *p)
{
  for (int r = 0; r < p->pic_rows; r++)
    for (int c = 0; c < p->pic_cols; c++)
      if (p->pic[r][c] == PIC_T || p->pic[r][c] == PIC_A)
        return true;
  return false;
}

/* --- the pseudo-random numbers (splitmix64): same seed, same cases --- */
typedef struct Rng { uint64_t s; } Rng;
uint64_t rng_next(Rng *r);
int rng_below(Rng *r, int n);                /* 0 .. n-1 */
int rng_range(Rng *r, int lo, int hi);       /* lo .. hi */
bool rng_chance(Rng *r, int percent);
Rng rng_for_case(uint64_t seed, uint64_t case_no);

/* --- gen.c --- */
void gen_program(Program *p, Rng *r);
/* Why p is not a program pz must accept (NULL when it is valid). */
const char *prog_invalid(const Program *p);

/* --- print.c --- */
typedef struct Text { char *s; size_t len, cap; } Text;
void text_printf(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void text_free(Text *t);
void prog_print(const Program *p, Text *out);

/* --- eval.c --- */
typedef struct Value { bool defined; int v; } Value;
typedef struct Env {
  const Program *p;
  int slot[MAX_SLOTS];        /* the assignment */
  int bound[MAX_BOUND];       /* values of I, J, K */
  int param[MAX_ARITY];       /* values of A, B, C inside a rule body */
  bool saw_undefined;         /* some partial term was undefined */
} Env;
Value eval_num(Env *e, int n);
bool eval_cond(Env *e, int n);
/* Bind the head of a rule clause to args in e->param; false when it does not match. */
bool bind_head(Env *e, const Rule *r, int clause, const int *args);
/* Domain of slot i as a value array. */
int slot_domain(const Program *p, int i, int *vals);
/* Number of assignments of the declared unknowns (capped above MAX_SPACE). */
long prog_space(const Program *p);
/* Solutions by brute force; *undef set when a partial term was ever undefined. */
long brute_count(const Program *p, bool *undef);
/* Distinct answers (the shown values of the solutions); brute_count without shows. */
long brute_answers(const Program *p);
/*
** With a goal: its best value over the solutions where it is defined
** (*best), and how many of them reach it: distinct answers, or every
** assignment when all or without shows.  0 when there is none.
*/
long brute_optimum(const Program *p, bool all, int *best);

#endif
