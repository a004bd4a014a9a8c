/* libFuzzer target: the FEN/EPD line parser.  Any input must be either
 * rejected with a message or parsed into a position whose FEN parses back
 * to the same position. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    struct position position, again;
    char error[256];
    if (parse_position(text, &position, error, sizeof error) == 0) {
        char fen[128];
        format_fen(&position, fen, sizeof fen);
        if (parse_position(fen, &again, error, sizeof error) != 0 ||
            memcmp(position.pieces, again.pieces, sizeof position.pieces) != 0 ||
            position.side_to_move != again.side_to_move || position.castling != again.castling ||
            position.en_passant != again.en_passant)
            abort();
    } else if (error[0] == '\0') {
        abort(); /* a rejection always says why */
    }
    free(text);
    return 0;
}
