#!/bin/sh
# Stand-in for bin/gfpcheck in the runner's self-test: prints <case>/fake-output
# (a JSON report, with CASE replaced by the case path; a report without findings
# when there is none) and exits with <case>/fake-status (default 0).
# --list-rules: the rule ids this self-test's cases use (the real list comes from
# checkers/rules/rules.def through bin/gfpcheck --list-rules).
if [ "$1" = --list-rules ]; then
	printf '%s token -\n' nofs-in-scope nofs-in-transaction nofs-no-context missing-nofs scope-imbalance
	exit 0
fi
for a; do dir=$a; done
[ -f "$dir/fake-stderr" ] && cat "$dir/fake-stderr" >&2
if [ -f "$dir/fake-output" ]; then sed "s|CASE|$dir|g" "$dir/fake-output"
else printf '{"version": "0.1.0", "findings": []}\n'; fi
if [ -f "$dir/fake-status" ]; then exit "$(cat "$dir/fake-status")"; fi
exit 0
