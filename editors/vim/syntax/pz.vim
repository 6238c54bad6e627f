" Vim syntax file
" Language:    pz, the puzzle language (doc/language.md)
" Filenames:   *.pz
" The words and operators are those of grammar/lexer.l, and the built-ins
" those of interp/front/builtins.def: tests/editors.sh checks that every
" one of them is highlighted here.

if exists("b:current_syntax")
  finish
endif

syn case match

" Words that start or shape a clause.
syn keyword pzStatement   import var board const show entities attribute layout
syn keyword pzStatement   clue candidate piece pieces tile with minimize maximize function property as
syn keyword pzRepeat      forall exists
syn keyword pzConditional if then else
syn keyword pzOperatorWord in and or not mod
syn keyword pzBoolean     true false

" A built-in, where it is called: sum(...), but not an unknown named sum.
syn match pzBuiltin "\<\%(sum\|count\|product\|reverse\|min\|max\|abs\|len\|rows\|columns\|cols\|row\|column\|col\|diagonal\|antidiagonal\|diagonals\|cells\|distinct\|all_different\|first\|last\|middle\|who\|lines\|pairs\|neighbours\|regions\|cell_of\|step\|runs\|regular\|connected\|areas\|sizes\|circuit\)\ze\s*("

" Variables start with a capital letter, or with '_' and more; '_' alone
" matches anything.
syn match pzVariable "\<[A-Z][A-Za-z0-9_]*\>"
syn match pzVariable "\<_[A-Za-z0-9_]\+\>"
syn match pzWildcard "\<_\>"

syn match pzNumber "\<[0-9]\+\>"

" Operators, the longest first; then the punctuation of clauses.
syn match pzOperator  "<->\|->\|:-\|\.\.\|!=\|\\=\|<=\|=<\|>=\|==\|++\|[-+*/<>=|^]"
" (a match defined later wins where two start at one place: ':' and '.'
" give way to ':-' and '..')
syn match pzDelimiter "[()[\]{},;]"
syn match pzDelimiter ":-\@!"
syn match pzDelimiter "\.\.\@!"

" Strings: '\' takes the next character as it is; one line at most.
syn match  pzEscape  "\\." contained
syn region pzString  start=+"+ skip=+\\.+ end=+"+ end=+$+ oneline contains=pzEscape

syn keyword pzTodo    TODO FIXME XXX NOTE contained
syn match   pzComment "%.*$" contains=pzTodo,@Spell

hi def link pzStatement    Statement
hi def link pzRepeat       Repeat
hi def link pzConditional  Conditional
hi def link pzOperatorWord Operator
hi def link pzBoolean      Boolean
hi def link pzBuiltin      Function
hi def link pzVariable     Identifier
hi def link pzWildcard     Special
hi def link pzNumber       Number
hi def link pzOperator     Operator
hi def link pzDelimiter    Delimiter
hi def link pzEscape       SpecialChar
hi def link pzString       String
hi def link pzTodo         Todo
hi def link pzComment      Comment

let b:current_syntax = "pz"
