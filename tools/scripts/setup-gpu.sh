#!/usr/bin/env bash
# The set-up of a GPU machine (README, "On a GPU machine"): setup-debian.sh
# --gpu, which builds the CLI with the CUDA sweep backend; sourced, so that its
# messages and --help name this script.
set -- --gpu "$@"
source "$(dirname "$0")/setup-debian.sh"
