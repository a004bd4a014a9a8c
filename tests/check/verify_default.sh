#!/usr/bin/env bash
# Every backend and formulation against the reference at the default
# strength of --verify-only (a million random boards, 30,000 random
# sides) and on every position of data/positions.fen: tests/cli/verify.sh,
# which make test runs with 30,000 boards and the first 2,000 positions.
ATTACKBENCH_VERIFY_BOARDS=1000000 ATTACKBENCH_VERIFY_POSITIONS=0 exec bash "$(dirname "$0")/../cli/verify.sh"
