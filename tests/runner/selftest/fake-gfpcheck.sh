#!/bin/sh
# Stand-in for bin/gfpcheck in the runner's self-test: prints <case>/fake-output
# (with CASE replaced by the case path) and exits with <case>/fake-status (default 0).
for a; do dir=$a; done
[ -f "$dir/fake-stderr" ] && cat "$dir/fake-stderr" >&2
[ -f "$dir/fake-output" ] && sed "s|CASE|$dir|g" "$dir/fake-output"
if [ -f "$dir/fake-status" ]; then exit "$(cat "$dir/fake-status")"; fi
exit 0
