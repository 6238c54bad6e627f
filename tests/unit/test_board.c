/* tests/unit/test_board.c -- board geometry (board.c), through the pz.h pipeline. */
#include "pzrun.h"

#define assert_first(text, json, expected) assert_first_as(text, json, expected)

static void neighbourhoods_list_each_pair_once(void **state)
{
  (void)state;
  assert_first("const b = [[1, 2, 3], [4, 5, 6], [7, 8, 9]].\n"
               "show len(pairs(b, orthogonal)), len(pairs(b, diagonal)), len(pairs(b, king)),"
               " len(pairs(b, knight)), len(pairs(b, [[0, 1]])).\n",
               false,
               "len(pairs(b, orthogonal)) = 12\nlen(pairs(b, diagonal)) = 8\n"
               "len(pairs(b, king)) = 20\nlen(pairs(b, knight)) = 8\n"
               "len(pairs(b, [[0, 1]])) = 6\n");
}

static void neighbours_of_a_corner_and_the_centre(void **state)
{
  (void)state;
  assert_first("const b = [[1, 2, 3], [4, 5, 6], [7, 8, 9]].\n"
               "show neighbours(b, 1, 1, king), neighbours(b, 2, 2, knight), neighbours(b, 1, 1, knight).\n",
               false,
               "neighbours(b, 1, 1, king) = [2, 4, 5]\n"
               "neighbours(b, 2, 2, knight) = []\n"
               "neighbours(b, 1, 1, knight) = [6, 8]\n");
}

static void a_hex_layout_has_fifteen_lines(void **state)
{
  (void)state;
  assert_first("board hex layout \"..a.b.c..\" \".d.e.f.g.\" \"h.i.j.k.l\" \".m.n.o.p.\" \"..q.r.s..\""
               " in 1..19.\nconst n = 1.\nshow n.\n",
               false, "n = 1\n");
  assert_int_equal(count_solutions("board hex layout \"..a.b.c..\" \".d.e.f.g.\" \"h.i.j.k.l\""
                                   " \".m.n.o.p.\" \"..q.r.s..\" in 1..19.\n"
                                   "len(lines(hex)) = 15, len(pairs(hex, adjacent)) = 42,"
                                   " len(cells(hex)) = 19.\nforall C in cells(hex): C = 1.\n"),
                   1);
}

static void drawn_boards_print_in_their_shape(void **state)
{
  (void)state;
  assert_first("board t layout \".a.\" \"b.c\" in 1..3.\ndistinct(t).\n", false,
               "t =\n  1\n2   3\n");
  assert_first("board t layout \".a.\" \"b.c\" in 1..3.\ndistinct(t).\n", true,
               "{\"shown\": {\"t\": [[null, 1, null], [2, null, 3]]}}");
}

static void numbers_in_a_layout_are_givens(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("board t layout \"3a\" \"bc\" in 1..4.\ndistinct(t).\n"), 6);
}

static void pictures_give_blanks_and_numbers(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("board b[2, 2] in 1..2.\nb = \"1.\" \".2\".\n"), 4);
  assert_int_equal(count_solutions("board b[1, 3] in 1..20.\nb = \"12 . 7\" .\n"), -1);
  assert_int_equal(count_solutions("board b[2, 2] in 1..20.\nb = \"12 .\" \" . 7\".\n"), 400);
}

static void regions_group_cells_by_label(void **state)
{
  (void)state;
  assert_first("const b = [[1, 2, 3], [4, 5, 6]].\nshow regions(b, \"aab\" \"c.b\").\n", false,
               "regions(b, \"aab\" \"c.b\") =\n1 2\n3 6\n4\n");
}

static void cell_of_and_step_make_a_path(void **state)
{
  (void)state;
  /* 1..4 on a 2x2 board, each number orthogonally next to the one before:
     the 8 ways to walk round the square */
  assert_int_equal(count_solutions("board h[2, 2] in 1..4.\ndistinct(h).\n"
                                   "forall N in 1..3: step(h, orthogonal, cell_of(h, N), cell_of(h, N + 1)).\n"),
                   8);
  assert_first("board h[2, 2] in 1..4.\nh[1, 1] = 1.\nshow cell_of(h, 1).\n", false,
               "cell_of(h, 1) = 1\n");
}

static void list_patterns_destructure_pairs(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("board b[1, 3] in 1..3.\nforall [X, Y] in pairs(b, orthogonal): X < Y.\n"), 1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(neighbourhoods_list_each_pair_once),
    cmocka_unit_test(neighbours_of_a_corner_and_the_centre),
    cmocka_unit_test(a_hex_layout_has_fifteen_lines),
    cmocka_unit_test(drawn_boards_print_in_their_shape),
    cmocka_unit_test(numbers_in_a_layout_are_givens),
    cmocka_unit_test(pictures_give_blanks_and_numbers),
    cmocka_unit_test(regions_group_cells_by_label),
    cmocka_unit_test(cell_of_and_step_make_a_path),
    cmocka_unit_test(list_patterns_destructure_pairs),
  };
  return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
