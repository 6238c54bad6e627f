/* parser.y -- the grammar of .pz.  Each action is one ast_*() call. */
%code requires {
#include "front/ast.h"
#include "front/parse.h"
}
%code {
/* lexer.h calls the scanner yylex, a name bison's prefix gave the
   parser's own yylex below: include it under flex's name, then give the
   name back. */
#undef yylex
#include "lexer.h"
#undef yylex
#define yylex pz_parse_lex
#include "base/mem.h"
/* The parser's stacks come from mem.c; they grow to at most YYMAXDEPTH
   entries, which no tree within AST_MAX_DEPTH levels reaches (a level
   takes at most a handful of entries; 10,000 brackets around one term
   fit too): a deeper one is reported as nested too deeply, never as
   "memory exhausted". */
#define YYMALLOC xmalloc
#define YYFREE xfree
#define YYMAXDEPTH 20000
static int yylex(YYSTYPE *lval, YYLTYPE *lloc, Parser *ps);
static void yyerror(YYLTYPE *lloc, Parser *ps, const char *msg);
#define YYLLOC_DEFAULT(Cur, Rhs, N) \
  ((Cur) = (N) ? loc_span(YYRHSLOC(Rhs, 1), YYRHSLOC(Rhs, N)) \
               : (Loc){YYRHSLOC(Rhs, 0).src, YYRHSLOC(Rhs, 0).off + YYRHSLOC(Rhs, 0).len, 0})
#define AST ps->ast
}
%define api.pure full
%define api.prefix {pz_parse_}
%define api.location.type {Loc}
%define api.token.prefix {TOK_}
%define parse.error custom
%define parse.lac full
%locations
%param {Parser *ps}
%expect 0

%union {
  int64_t num;
  Sym sym;
  Node *node;
  NodeList list;
  Stmt *stmt;
}

%token <num> NUMBER "number"
%token <sym> ATOM "name" VARIABLE "variable" STRING "string"
%token WILD "'_'" IF "':-'" DOTDOT "'..'" IMPLIES "'->'" IFF "'<->'"
%token NE "'!='" LE "'<='" GE "'>='"
%token IMPORT "import" VARKW "var" BOARD "board" CONST "const" SHOW "show"
%token ENTITIES "entities" ATTRIBUTE "attribute" LAYOUT "layout"
%token CANDIDATE "candidate"
%token MINIMIZE "minimize" MAXIMIZE "maximize"
%token FUNCTION "function"
%token AS "as" PROPERTY "property"
%token CONCAT "'++'"
%token PIECE "piece" PIECES "pieces" TILE "tile" WITH "with"
%token CLUE "clue" FORALL "forall" EXISTS "exists" IN "in" AND "and" OR "or"
%token NOT "not" MOD "mod" IFKW "if" THEN "then" ELSE "else" TRUE "true" FALSE "false"

%type <node> expr postfix primary body disj conj decl label show_item
%type <list> expr_list decl_list picture tile_options tile_words show_list
%type <stmt> stmt

%precedence FORALL IFKW
%right IFF
%right IMPLIES
%left OR
%left AND
%precedence NOT
%nonassoc '=' NE '<' LE '>' GE IN
%nonassoc DOTDOT
%left '+' '-' CONCAT
%left '*' '/' MOD
%precedence UMINUS
%right '^'

%%

program
  : %empty
  | program stmt                       { parse_add_stmt(ps, $2); }
  ;

/* --- clauses --- */
stmt
  : IMPORT ATOM '.'                    { $$ = ast_import(AST, @$, ast_name(AST, @2, $2)); }
  | IMPORT STRING '.'                  { $$ = ast_import(AST, @$, ast_string(AST, @2, $2)); }
  | VARKW decl_list IN expr '.'        { $$ = ast_var_decl(AST, @$, $2, $4, false); }
  | BOARD decl_list IN expr '.'        { $$ = ast_var_decl(AST, @$, $2, $4, true); }
  | BOARD ATOM LAYOUT STRING IN expr '.'
                                       { $$ = ast_layout_decl(AST, @$, ast_name(AST, @2, $2),
                                                              ast_picture(AST, @4, ast_list_one(AST, ast_string(AST, @4, $4))), $6); }
  | BOARD ATOM LAYOUT picture IN expr '.'
                                       { $$ = ast_layout_decl(AST, @$, ast_name(AST, @2, $2), ast_picture(AST, @4, $4), $6); }
  | CONST ATOM '=' expr '.'            { $$ = ast_const(AST, @$, ast_name(AST, @2, $2), $4); }
  | expr IF body '.'                   { $$ = ast_rule(AST, @$, $1, $3); }
  | FUNCTION ATOM '(' expr_list ')' '=' expr '.'
                                       { $$ = ast_function(AST, @$, ast_call(AST, loc_span(@2, @5), $2, $4), $7); }
  | FUNCTION ATOM '=' expr '.'         { $$ = ast_function(AST, @$, ast_name(AST, @2, $2), $4); }
  | CLUE label ':' body '.'            { $$ = ast_constraint(AST, @$, $2, $4); }
  | CANDIDATE CLUE label ':' body '.'  { $$ = ast_constraint(AST, @$, $3, $5); $$->candidate = true; }
  | body '.'                           { $$ = ast_constraint(AST, @$, NULL, $1); }
  | SHOW show_list '.'                 { $$ = ast_show(AST, @$, $2); }
  | MINIMIZE expr '.'                  { $$ = ast_objective(AST, @$, $2, false); }
  | MAXIMIZE expr '.'                  { $$ = ast_objective(AST, @$, $2, true); }
  | ENTITIES ATOM ':' expr_list '.'    { $$ = ast_grid_decl(AST, @$, ST_ENTITIES, ast_name(AST, @2, $2), $4); }
  | ATTRIBUTE ATOM ':' expr_list '.'   { $$ = ast_grid_decl(AST, @$, ST_ATTRIBUTE, ast_name(AST, @2, $2), $4); }
  | PROPERTY ATOM ':' expr_list '.'    { $$ = ast_grid_decl(AST, @$, ST_ATTRIBUTE, ast_name(AST, @2, $2), $4); $$->repeats = true; }
  | PIECE ATOM '=' expr '.'            { $$ = ast_pieces(AST, @$, ast_name(AST, @2, $2), $4, true); }
  | PIECES ATOM '=' expr '.'           { $$ = ast_pieces(AST, @$, ast_name(AST, @2, $2), $4, false); }
  | TILE decl WITH expr tile_options '.'
                                       { $$ = ast_tile(AST, @$, $2, NULL, $4, $5); }
  | TILE ATOM '=' expr WITH expr tile_options '.'
                                       { $$ = ast_tile(AST, @$, ast_name(AST, @2, $2), $4, $6, $7); }
  | error '.'                          { $$ = NULL; yyerrok; }
  ;

/* the options of a tile statement: ", no flips", ", up to symmetry" */
tile_options
  : %empty                             { $$ = ast_list_new(); }
  | tile_options ',' tile_words        { $$ = ast_list_append(AST, $1, ast_list(AST, @3, $3)); }
  ;

tile_words
  : ATOM                               { $$ = ast_list_one(AST, ast_name(AST, @1, $1)); }
  | NUMBER                             { $$ = ast_list_one(AST, ast_int(AST, @1, $1)); }
  | tile_words ATOM                    { $$ = ast_list_append(AST, $1, ast_name(AST, @2, $2)); }
  | tile_words NUMBER                  { $$ = ast_list_append(AST, $1, ast_int(AST, @2, $2)); }
  ;

/* show NAME: EXPR as DRAWING -- the label and the drawing are optional */
show_list
  : show_item                          { $$ = ast_list_one(AST, $1); }
  | show_list ',' show_item            { $$ = ast_list_append(AST, $1, $3); }
  ;

show_item
  : expr                               { $$ = $1; }
  | expr AS expr                       { $$ = ast_show_item(AST, @$, NULL, $1, $3); }
  | label ':' expr                     { $$ = ast_show_item(AST, @$, $1, $3, NULL); }
  | label ':' expr AS expr             { $$ = ast_show_item(AST, @$, $1, $3, $5); }
  ;

decl_list
  : decl                               { $$ = ast_list_one(AST, $1); }
  | decl_list ',' decl                 { $$ = ast_list_append(AST, $1, $3); }
  ;

decl
  : ATOM                               { $$ = ast_name(AST, @$, $1); }
  | ATOM '[' expr_list ']'             { $$ = ast_index(AST, @$, ast_name(AST, @1, $1), $3); }
  ;

label
  : NUMBER                             { $$ = ast_int(AST, @$, $1); }
  | ATOM                               { $$ = ast_name(AST, @$, $1); }
  | STRING                             { $$ = ast_string(AST, @$, $1); }
  ;

/* --- bodies: ',' is and, ';' is or, as in Prolog --- */
body
  : disj
  ;

disj
  : conj
  | disj ';' conj                      { $$ = ast_binary(AST, @$, OP_OR, $1, $3); }
  ;

conj
  : expr
  | conj ',' expr                      { $$ = ast_binary(AST, @$, OP_AND, $1, $3); }
  ;

/* --- expressions --- */
expr
  : FORALL expr_list ':' expr %prec FORALL { $$ = ast_quant(AST, @$, OP_FORALL, $2, $4); }
  | EXISTS expr_list ':' expr %prec FORALL { $$ = ast_quant(AST, @$, OP_EXISTS, $2, $4); }
  | IFKW expr THEN expr ELSE expr %prec IFKW { $$ = ast_if(AST, @$, $2, $4, $6); }
  | expr IFF expr                      { $$ = ast_binary(AST, @$, OP_IFF, $1, $3); }
  | expr IMPLIES expr                  { $$ = ast_binary(AST, @$, OP_IMPLIES, $1, $3); }
  | expr OR expr                       { $$ = ast_binary(AST, @$, OP_OR, $1, $3); }
  | expr AND expr                      { $$ = ast_binary(AST, @$, OP_AND, $1, $3); }
  | NOT expr                           { $$ = ast_unary(AST, @$, OP_NOT, $2); }
  | expr '=' expr                      { $$ = ast_binary(AST, @$, OP_EQ, $1, $3); }
  | expr NE expr                       { $$ = ast_binary(AST, @$, OP_NE, $1, $3); }
  | expr '<' expr                      { $$ = ast_binary(AST, @$, OP_LT, $1, $3); }
  | expr LE expr                       { $$ = ast_binary(AST, @$, OP_LE, $1, $3); }
  | expr '>' expr                      { $$ = ast_binary(AST, @$, OP_GT, $1, $3); }
  | expr GE expr                       { $$ = ast_binary(AST, @$, OP_GE, $1, $3); }
  | expr IN expr                       { $$ = ast_binary(AST, @$, OP_IN, $1, $3); }
  | expr DOTDOT expr                   { $$ = ast_binary(AST, @$, OP_RANGE, $1, $3); }
  | expr '+' expr                      { $$ = ast_binary(AST, @$, OP_ADD, $1, $3); }
  | expr '-' expr                      { $$ = ast_binary(AST, @$, OP_SUB, $1, $3); }
  | expr '*' expr                      { $$ = ast_binary(AST, @$, OP_MUL, $1, $3); }
  | expr '/' expr                      { $$ = ast_binary(AST, @$, OP_DIV, $1, $3); }
  | expr MOD expr                      { $$ = ast_binary(AST, @$, OP_MOD, $1, $3); }
  | expr '^' expr                      { $$ = ast_binary(AST, @$, OP_POW, $1, $3); }
  | expr CONCAT expr                   { $$ = ast_binary(AST, @$, OP_CONCAT, $1, $3); }
  | '-' expr %prec UMINUS              { $$ = ast_unary(AST, @$, OP_NEG, $2); }
  | postfix
  ;

postfix
  : primary
  | postfix '[' expr_list ']'          { $$ = ast_index(AST, @$, $1, $3); }
  ;

primary
  : NUMBER                             { $$ = ast_int(AST, @$, $1); }
  | TRUE                               { $$ = ast_bool(AST, @$, true); }
  | FALSE                              { $$ = ast_bool(AST, @$, false); }
  | ATOM                               { $$ = ast_name(AST, @$, $1); }
  | VARIABLE                           { $$ = ast_var(AST, @$, $1); }
  | WILD                               { $$ = ast_wild(AST, @$); }
  | STRING                             { $$ = ast_string(AST, @$, $1); }
  | picture                            { $$ = ast_picture(AST, @$, $1); }
  | ATOM '(' expr_list ')'             { $$ = ast_call(AST, @$, $1, $3); }
  | '(' body ')'                       { $$ = $2; }
  | '[' ']'                            { $$ = ast_list(AST, @$, ast_list_new()); }
  | '[' expr_list ']'                  { $$ = ast_list(AST, @$, $2); }
  | '[' expr ':' expr_list ']'         { $$ = ast_comprehension(AST, @$, $2, $4); }
  | '{' expr_list '}'                  { $$ = ast_list(AST, @$, $2); }
  ;

/* two or more strings in a row draw a picture: one string per row */
picture
  : STRING STRING                      { $$ = ast_list_append(AST, ast_list_one(AST, ast_string(AST, @1, $1)), ast_string(AST, @2, $2)); }
  | picture STRING                     { $$ = ast_list_append(AST, $1, ast_string(AST, @2, $2)); }
  ;

expr_list
  : expr                               { $$ = ast_list_one(AST, $1); }
  | expr_list ',' expr                 { $$ = ast_list_append(AST, $1, $3); }
  ;

%%

static int yylex(YYSTYPE *lval, YYLTYPE *lloc, Parser *ps)
{
  unsigned lex_errors = ps->lex.errors;
  int tok = pz_yylex(lval, lloc, ps->scanner);
  parse_saw_token(ps, tok, *lloc, tok == TOK_ATOM || tok == TOK_VARIABLE ? lval->sym : 0, lex_errors);
  return tok;
}

/* With parse.error custom, bison calls this only when its stack is full. */
static void yyerror(YYLTYPE *lloc, Parser *ps, const char *msg)
{
  (void)msg;
  parse_report_too_deep(ps, *lloc);
}

static int yyreport_syntax_error(const yypcontext_t *ctx, Parser *ps)
{
  yysymbol_kind_t expected[YYNTOKENS];
  int n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
  const char *names[YYNTOKENS];
  for (int i = 0; i < n; i++)
    names[i] = yysymbol_name(expected[i]);
  parse_report_syntax_error(ps, *yypcontext_location(ctx),
                            yypcontext_token(ctx) == YYSYMBOL_YYEOF, names, n);
  return 0;
}
