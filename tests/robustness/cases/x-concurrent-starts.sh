#!/bin/bash
# x: runs started together on one cache never remove each other's run directory (a run's directory is locked before clean_stale() of another run can see it)
export GFPCHECK_CACHE=$T/cache
demo_tree tree
for round in 1 2 3 4; do
	rm -rf cache
	pids=
	for i in 1 2 3 4 5 6; do
		# odd runs leave the lock file of their new run directory unlocked for 0.4 s (the window
		# in which a run started meanwhile used to take it for a dead one)
		delay=$(( i % 2 ? 400 : 0 ))
		GFPCHECK_TEST_START_DELAY_MS=$delay "$G" -q --format json -o "out-$round-$i.json" tree >"log-$round-$i" 2>&1 &
		pids="$pids $!"
		sleep 0.1
	done
	i=0
	for p in $pids; do
		i=$((i + 1))
		wait $p
		rc=$?
		[ $rc -eq 1 ] || fail "round $round run $i: exit status $rc, expected 1: $(head -3 "log-$round-$i")"
		"$PY" -c 'import json, sys
f = lambda p: [(x["rule"], x["file"], x["line"], x["message"]) for x in json.load(open(p))["findings"]]
sys.exit(f(sys.argv[1]) != f(sys.argv[2]) or not f(sys.argv[1]))' "out-$round-1.json" "out-$round-$i.json" ||
			fail "round $round run $i: its findings differ from run 1's (or there are none)"
	done
	[ -z "$(ls cache/tmp)" ] || fail "round $round: temporary files left: $(ls cache/tmp)"
done
exit 0
