#!/bin/bash
# 13.21: SIGINT/SIGTERM during extraction kill spatch's process group and remove the run's temporary files; stale ones of dead runs go at the next start
export GFPCHECK_CACHE=$T/cache
demo_tree tree
for i in 1 2 3; do nofs_file "tree/fs/more/f$i.c" "more$i"; done
# a process whose command line names this case's run directory (spatch)
spatch_of_run() {
	for p in /proc/[0-9]*; do
		case "$(tr '\0' ' ' 2>/dev/null <"$p/cmdline")" in *"$T/cache/tmp/run-"*) echo "$p/cmdline"; return ;; esac
	done
}
for sig in INT TERM; do
	rm -rf cache
	# (a background job of a script starts with SIGINT ignored: undo that)
	"$PY" -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
		"$G" -q -j 1 tree >/dev/null 2>&1 &
	pid=$!
	# wait for spatch on a batch: a child of gfpcheck given --file-groups
	started=
	for t in $(seq 1 300); do
		for c in $(pgrep -P $pid); do
			tr '\0' ' ' 2>/dev/null <"/proc/$c/cmdline" | grep -q -- --file-groups && started=$c
		done
		[ -n "$started" ] && break
		sleep 0.05
	done
	[ -n "$started" ] || fail "spatch never started"
	kill -$sig $pid
	wait $pid
	rc=$?
	[ $rc -ge 128 ] || fail "SIG$sig: exit status $rc, expected death by the signal"
	sleep 0.3
	left=$(spatch_of_run)
	[ -z "$left" ] || fail "SIG$sig: spatch still running: $(tr '\0' ' ' <"$left")"
	[ -z "$(ls cache/tmp)" ] || fail "SIG$sig: temporary files left: $(ls -R cache/tmp | head)"
done
# a dead run's leftovers (no process holds its lock) and an old version's files
mkdir -p cache/tmp/run-999999-0/b0
: >cache/tmp/run-999999-0/lock
echo x >cache/tmp/run-999999-0/b0/0.c
: >cache/tmp/12345-0.groups
# a run that died after making its directory, before locking and naming it
mkdir -p cache/tmp/mk-999999-0
touch -d '2 hours ago' cache/tmp/mk-999999-0
touch -d '2 hours ago' cache/tmp/12345-0.groups
g -q tree
expect_rc 1
[ -z "$(ls cache/tmp)" ] || fail "stale temporary files not removed: $(ls cache/tmp)"
