#!/usr/bin/env bash
# Every backend and formulation against the reference at the default
# strength of --verify-only (a million random boards, 30,000 random
# sides): tests/cli/verify.sh, which make test runs with 30,000 boards.
ATTACKBENCH_VERIFY_BOARDS=1000000 exec bash "$(dirname "$0")/../cli/verify.sh"
