#!/bin/sh
# mkrepo.sh DEST: builds the fixture repository of permsim check at DEST
# (git repositories cannot be committed inside this one): a base commit of
# base/ on branch main, then one branch per folder of changes/, each one
# commit on main that copies that folder's files over base's. Used by
# `make demo` and by cmd/permsim's check tests.
set -eu
src=$(cd "$(dirname "$0")" && pwd)
dest=$1
rm -rf "$dest"
mkdir -p "$dest"
cp -R "$src/base/." "$dest/"
cd "$dest"
export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=permsim GIT_AUTHOR_EMAIL=permsim@example.com \
  GIT_COMMITTER_NAME=permsim GIT_COMMITTER_EMAIL=permsim@example.com \
  GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z
# The user's own configuration must not sign, or run hooks on, these commits.
g() { git -c commit.gpgsign=false -c core.hooksPath=/dev/null "$@"; }
g init -q
g symbolic-ref HEAD refs/heads/main
g add -A
g commit -q -m "base: the agent files before the change"
for d in "$src"/changes/*/; do
  name=$(basename "$d")
  g checkout -q -b "$name" main
  cp -R "$d." .
  g add -A
  g commit -q -m "$name"
done
g checkout -q main
