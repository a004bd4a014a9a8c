/* Board diagrams (board_diagram.h). */
#include "board_diagram.h"

void print_board(FILE *out, bitboard board, int square)
{
    for (int rank = 7; rank >= 0; rank--) {
        fprintf(out, "  %d ", rank + 1);
        for (int file = 0; file < 8; file++) {
            int here = make_square(file, rank);
            char mark = here == square ? '*' : (board & square_bit(here)) ? 'x' : '.';
            fprintf(out, " %c", mark);
        }
        fputc('\n', out);
    }
    fprintf(out, "     a b c d e f g h\n");
}
