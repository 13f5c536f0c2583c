#!/usr/bin/env bash
# CI under load, run after run: clones the repository's main branch afresh for each run and runs
# `.ci/run` there on two cores while a second process keeps one of them busy, as a shared CI
# machine would. Stops at the first failing run. A test that passes only on a quiet or fast machine
# fails here.
#
#   bash scripts/ci-soak.sh [runs] [branch]     # default: 5 runs of main
#
# Each run's output goes to <logs>/run-<n>.log (the folder is printed first; SOAK_LOG_DIR names
# another); a summary line per run is printed and appended to <logs>/summary.txt. Exit 0 only when
# every run passed. Needs git, and taskset (util-linux) to pin the run to cores 0 and 1 on a
# larger machine; without taskset the run and the busy loop share whatever cores there are.
set -euo pipefail

runs="${1:-5}"
branch="${2:-main}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
logs="${SOAK_LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/boq-bridge-soak-XXXXXX")}"
mkdir -p "$logs"
echo "ci-soak: $runs run(s) of $branch from $repo, logs in $logs"

pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 0,1); fi

busy_pid=""
clone=""
cleanup() {
  if [[ -n "$busy_pid" ]]; then kill "$busy_pid" 2>/dev/null || true; fi
  if [[ -n "$clone" && -d "$clone" ]]; then rm -rf "$clone"; fi
}
trap cleanup EXIT INT TERM

# One core kept busy for the whole soak (pinned to core 1 where taskset exists).
busy=(node -e "for(;;){}")
if ((${#pin[@]} > 0)); then busy=(taskset -c 1 "${busy[@]}"); fi
"${busy[@]}" &
busy_pid=$!

for ((n = 1; n <= runs; n++)); do
  clone="$(mktemp -d "${TMPDIR:-/tmp}/boq-bridge-soak-clone-XXXXXX")"
  git clone --quiet --branch "$branch" "$repo" "$clone"
  commit="$(git -C "$clone" rev-parse --short HEAD)"
  started=$(date +%s)
  status=0
  (cd "$clone" && "${pin[@]}" bash .ci/run) >"$logs/run-$n.log" 2>&1 || status=$?
  seconds=$(($(date +%s) - started))
  line="run $n of $runs at $commit: $([[ $status -eq 0 ]] && echo passed || echo "FAILED (exit $status)") in ${seconds} s, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
  echo "ci-soak: $line"
  echo "$line" >>"$logs/summary.txt"
  rm -rf "$clone"
  clone=""
  if ((status != 0)); then
    echo "ci-soak: stopped at the first failure; see $logs/run-$n.log" >&2
    exit 1
  fi
done
echo "ci-soak: $runs of $runs runs passed"
