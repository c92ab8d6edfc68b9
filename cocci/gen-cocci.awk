# SPDX-License-Identifier: GPL-2.0
#
# gen-cocci.awk - fill a cocci/templates/*.cocci.in template from model rows.
# Called by cocci/gen-cocci.sh as
#   awk -v kver=X.Y|any -v mnames=... -v tname=... -f gen-cocci.awk DUMP... TEMPLATE
# Every file but the last (*.cocci.in) is the output of `gfpcheck --dump-model`:
# the rows that apply to kver (gfpcheck selects them by since=/until=, not this
# script), one per line, each followed by "   (FILE:LINE)"; the last NFALLBACK
# dumps are fallbacks: their rows are used only for the row kinds that no
# earlier (primary) dump has.
#
# Template directives (whole lines, removed from the output):
#   //@needs since=X.Y until=X.Y -- REASON   write nothing unless kver is in range
#   //@if since=X.Y until=X.Y   ...   //@else   ...   //@endif
# With kver=any, //@needs always holds and //@if keeps the "if" part.
# Placeholders @@NAME@@ are listed in subst() below.

function vnum(v,   a) {
	if (v == "" || v == "any")
		return -1
	split(v, a, ".")
	return a[1] * 1000 + a[2]
}

function inrange(since, until) {
	if (kv < 0)
		return 1
	if (since != "" && kv < vnum(since))
		return 0
	if (until != "" && kv >= vnum(until))
		return 0
	return 1
}

function die(msg) {
	printf "%s: error: %s (gfpcheck --dump-model printed: %s)\n", where, msg, $0 > "/dev/stderr"
	failed = 1
	exit 2
}

# sort the keys of a set (name -> 1) into arr[1..n]; returns n
function sortkeys(set, arr,   k, n, i, j, t) {
	n = 0
	for (k in set)
		arr[++n] = k
	for (i = 2; i <= n; i++) {
		t = arr[i]
		for (j = i - 1; j >= 1 && arr[j] > t; j--)
			arr[j + 1] = arr[j]
		arr[j + 1] = t
	}
	return n
}

# "\(a\|b\|c\)" or "a" for one name
function disj(set,   arr, n, i, s) {
	n = sortkeys(set, arr)
	if (n == 0)
		return "gfpcheck_no_such_function"
	if (n == 1)
		return arr[1]
	s = "\\(" arr[1]
	for (i = 2; i <= n; i++)
		s = s "\\|" arr[i]
	return s "\\)"
}

# "\(a@P\|b@P\)" : a position on each name
function disjp(set, pos,   arr, n, i, s) {
	n = sortkeys(set, arr)
	if (n == 0)
		return "gfpcheck_no_such_function@" pos
	if (n == 1)
		return arr[1] "@" pos
	s = "\\(" arr[1] "@" pos
	for (i = 2; i <= n; i++)
		s = s "\\|" arr[i] "@" pos
	return s "\\)"
}

# "{a, b, c}" for an identifier constraint
function idset(st,   arr, n, i, s) {
	n = sortkeys(st, arr)
	if (n == 0)
		return "{gfpcheck_no_such_function}"
	s = "{" arr[1]
	for (i = 2; i <= n; i++)
		s = s ", " arr[i]
	return s "}"
}

function pystr(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	return "\"" s "\""
}

# One model row (already stripped of comments); fills the tables.
function row(   n, f, i, kind, name, opt, since, until, note, k, v, eq, optk) {
	note = ""
	if ((i = index($0, " -- ")) > 0) {
		note = substr($0, i + 4)
		$0 = substr($0, 1, i - 1)
	}
	n = split($0, f, /[ \t]+/)
	if (f[1] == "") {
		for (i = 1; i < n; i++)
			f[i] = f[i + 1]
		n--
	}
	if (n == 0)
		return
	kind = f[1]
	name = f[2]
	if (is_fallback) {
		if (kind in primary_kind)
			return
		if (!(kind in fallback_note)) {
			fallback_note[kind] = 1
			printf "gen-cocci: %s: no \"%s\" rows in model/, using %s\n", tname, kind, fbname > "/dev/stderr"
		}
	} else {
		primary_kind[kind] = 1
	}
	since = ""
	until = ""
	for (k in optk)
		delete optk[k]
	for (i = 3; i <= n; i++) {
		if ((eq = index(f[i], "=")) > 0) {
			k = substr(f[i], 1, eq - 1)
			v = substr(f[i], eq + 1)
			if (k == "since")
				since = v
			else if (k == "until")
				until = v
			else
				optk[k] = v
		}
	}
	if (kind == "scope") {
		if (n < 4 || (f[3] != "save" && f[3] != "restore"))
			die("scope row needs NAME save|restore KIND")
		scope_dir[name] = f[3]
		scope_kind[name] = f[4]
		scope_arg[name] = ("arg" in optk) ? optk["arg"] : ""
	} else if (kind == "pflag") {
		if (n < 3)
			die("pflag row needs NAME nofs|noio")
		pflag[name] = f[3]
	} else if (kind == "setter") {
		if (!("close" in optk))
			die("setter row needs close=")
		setter_close[name] = optk["close"]
		setter_fs[name] = ("fs" in optk) ? optk["fs"] : ""
		setter_note[name] = note
		setter_range[name] = (since != "" ? "since " since : "") \
			(since != "" && until != "" ? ", " : "") \
			(until != "" ? "until " until : "")
	} else if (kind == "alloc") {
		if (n < 3 || (f[3] !~ /^[0-9]+$/ && f[3] != "-"))
			die("alloc row needs NAME GFP_IDX")
		# With kver=any, rows of one name with different argument layouts
		# (a signature that changed between versions) are all kept;
		# otherwise the later row wins, as docs/MODEL.md says.
		k = name
		if (kv < 0)
			k = name SUBSEP f[3] SUBSEP optk["size"] SUBSEP optk["order"]
		else
			for (a in alloc_name)
				if (alloc_name[a] == name)
					delete alloc_name[a]
		if (f[3] == "-") {
			delete alloc_name[k]
			return
		}
		alloc_name[k] = name
		alloc_gfp[k] = f[3]
		alloc_size[k] = ("size" in optk) ? optk["size"] : ""
		alloc_order[k] = ("order" in optk) ? optk["order"] : ""
		alloc_family[k] = ("family" in optk) ? optk["family"] : "other"
	}
}

# Argument list with metavariable M at index mi and N at index ni (ni may be
# -1): fixed-length "expression list[k] elK" fillers in between, "..." after.
function arglist(mi, m, ni, nn,   s, a, b, am, bm, gap) {
	if (ni < 0 || mi < ni) {
		a = mi; am = m; b = ni; bm = nn
	} else {
		a = ni; am = nn; b = mi; bm = m
	}
	s = ""
	if (a > 0) {
		s = "el" a ", "
		need_el[a] = 1
	}
	s = s am
	if (b >= 0) {
		gap = b - a - 1
		if (gap > 0) {
			s = s ", el" gap
			need_el[gap] = 1
		}
		s = s ", " bm
	}
	return s ", ..."
}

# Disjunction of call patterns over the allocators in `set`, grouped by
# argument layout.  mode: "g" (gfp only), "o" (gfp + order), "s" (gfp + size)
function callpat(set, mode, pos,   arr, n, i, nm, lay, layouts, grp, k, s, cnt, parts, li, larr, ln) {
	n = sortkeys(set, arr)
	for (k in layouts) delete layouts[k]
	for (k in grp) delete grp[k]
	for (i = 1; i <= n; i++) {
		nm = arr[i]
		if (mode == "g")
			lay = alloc_gfp[nm] ":-1"
		else if (mode == "o")
			lay = alloc_gfp[nm] ":" alloc_order[nm]
		else
			lay = alloc_gfp[nm] ":" alloc_size[nm]
		layouts[lay] = 1
		grp[lay] = grp[lay] SUBSEP alloc_name[nm]
	}
	ln = sortkeys(layouts, larr)
	if (ln == 0)
		return "gfpcheck_no_such_function@" pos "(G, ...)"
	s = ""
	cnt = 0
	for (li = 1; li <= ln; li++) {
		lay = larr[li]
		split(lay, parts, ":")
		for (k in names) delete names[k]
		split(substr(grp[lay], 2), tmpn, SUBSEP)
		for (k in tmpn) names[tmpn[k]] = 1
		if (mode == "g")
			pat = disjp(names, pos) "(" arglist(parts[1] + 0, "G", -1, "") ")"
		else if (mode == "o")
			pat = disjp(names, pos) "(" arglist(parts[1] + 0, "G", parts[2] + 0, "O") ")"
		else
			pat = disjp(names, pos) "(" arglist(parts[1] + 0, "G", parts[2] + 0, "O") ")"
		s = s (cnt ? "\n|\n" : "") pat
		cnt++
	}
	if (cnt == 1)
		return s
	return "(\n" s "\n)"
}

# declarations of the fillers the last callpat() used
function eldecls(   i, s) {
	s = ""
	for (i = 1; i <= 16; i++)
		if (i in need_el) {
			s = s "expression list[" i "] el" i ";\n"
			delete need_el[i]
		}
	return s
}

function build(   k, n, arr, i, pf, s, cl, c, carr, nc) {
	# scope API
	for (k in scope_dir) {
		if (scope_dir[k] == "save") {
			save_all[k] = 1
			if (scope_kind[k] == "nofs" || scope_kind[k] == "noio")
				save_plain[k] = 1
			else if (scope_kind[k] == "flags")
				save_flags[k] = 1
		} else {
			restore_all[k] = 1
		}
	}
	for (k in pflag)
		if (pflag[k] == "nofs" || pflag[k] == "noio")
			pf_set[k] = 1
	pf = disj(pf_set)
	# SAVE: an expression that opens a NOFS (or NOIO) scope
	for (p = 0; p < 2; p++) {
		s = ""
		n = sortkeys(save_plain, arr)
		for (i = 1; i <= n; i++)
			s = s (s != "" ? " \\| " : "") arr[i] (p ? "@ps" : "") "(...)"
		n = sortkeys(save_flags, arr)
		for (i = 1; i <= n; i++)
			s = s (s != "" ? " \\| " : "") arr[i] (p ? "@ps" : "") "(..., <+... " pf " ...+>, ...)"
		if (s == "")
			s = "gfpcheck_no_such_function" (p ? "@ps" : "") "(...)"
		val[p ? "SAVE_P" : "SAVE"] = "\\( " s " \\)"
	}
	# SAVE_NOIO: an expression that opens a NOIO scope
	s = ""
	n = sortkeys(save_plain, arr)
	for (i = 1; i <= n; i++)
		if (scope_kind[arr[i]] == "noio")
			s = s (s != "" ? " \\| " : "") arr[i] "(...)"
	for (k in pflag)
		if (pflag[k] == "noio")
			pfio[k] = 1
	n = sortkeys(save_flags, arr)
	for (i = 1; i <= n; i++)
		s = s (s != "" ? " \\| " : "") arr[i] "(..., <+... " disj(pfio) " ...+>, ...)"
	if (s == "")
		s = "gfpcheck_no_such_function(...)"
	val["SAVE_NOIO"] = "\\( " s " \\)"
	val["SAVE_FN"] = disj(save_all)
	val["SAVE_SET"] = idset(save_all)
	val["RESTORE_SET"] = idset(restore_all)
	val["SAVE_FN_P"] = disjp(save_all, "p1")
	val["RESTORE_FN"] = disj(restore_all)
	val["RESTORE"] = disj(restore_all) "(...)"
	# python: name -> (save|restore, kind)
	n = sortkeys(scope_dir, arr)
	s = "scope_api = {\n"
	for (i = 1; i <= n; i++)
		s = s "    " pystr(arr[i]) ": (" pystr(scope_dir[arr[i]]) ", " pystr(scope_kind[arr[i]]) "),\n"
	val["SCOPES_PY"] = s "}"

	# setters and closers
	n = sortkeys(setter_close, arr)
	s = "setters = {\n"
	for (i = 1; i <= n; i++) {
		setter_set[arr[i]] = 1
		nc = split(setter_close[arr[i]], carr, ",")
		for (c = 1; c <= nc; c++)
			closer_set[carr[c]] = 1
		s = s "    " pystr(arr[i]) ": (" pystr(setter_close[arr[i]]) ", " \
			pystr(setter_fs[arr[i]]) ", " pystr(setter_note[arr[i]]) ", " \
			pystr(setter_range[arr[i]]) "),\n"
	}
	val["SETTERS_PY"] = s "}"
	val["SETTER"] = disj(setter_set) "(...)"
	val["SETTER_P"] = disjp(setter_set, "ps") "(...)"
	val["CLOSER"] = disj(closer_set) "(...)"

	# allocators
	for (k in alloc_name) {
		f = alloc_family[k]
		if (f == "vmalloc" || f == "kvmalloc")
			vm_set[k] = 1
		if (alloc_order[k] != "")
			ord_set[k] = 1
		else if (alloc_size[k] != "") {
			# The size argument of an array allocator (kcalloc,
			# kmalloc_array, ...) is one element's size, not the
			# request's: such calls have no known order here.
			if (alloc_name[k] !~ /calloc|_array/)
				size_set[k] = 1
		} else if (f == "page" && alloc_name[k] !~ /bulk|contig|folio|cache|find_or_create|read_cache/)
			page0_set[k] = 1
	}
	val["VCALL"] = callpat(vm_set, "g", "pc");    val["VCALL_DECLS"] = eldecls()
	# the same calls, only with a NOFS or NOIO mask token in the gfp argument
	# (two copies: spatch 1.1.1 misses <+... \(A\|B\) ...+> in a file
	# that has only one of A and B)
	s = val["VCALL"]
	gsub(/G, \.\.\./, "<+... GFP_NOFS ...+>, ...", s)
	t = val["VCALL"]
	gsub(/G, \.\.\./, "<+... GFP_NOIO ...+>, ...", t)
	if (s ~ /^\(\n/) {
		sub(/^\(\n/, "", s); sub(/\n\)$/, "", s)
		sub(/^\(\n/, "", t); sub(/\n\)$/, "", t)
	}
	val["VCALL_MASK"] = "(\n" s "\n|\n" t "\n)"
	val["OCALL"] = callpat(ord_set, "o", "pc");   val["OCALL_DECLS"] = eldecls()
	val["SCALL"] = callpat(size_set, "s", "pc");  val["SCALL_DECLS"] = eldecls()
	val["ZCALL"] = callpat(page0_set, "g", "pc"); val["ZCALL_DECLS"] = eldecls()
	# vmalloc family: the callee names, and name -> gfp argument indexes
	for (k in vm_set)
		vm_names[alloc_name[k]] = 1
	val["VCALL_NAMES"] = disjp(vm_names, "pc")
	for (k in vm_set) {
		nm = alloc_name[k]
		if (nm in vm_idx)
			vm_idx[nm] = vm_idx[nm] ", " alloc_gfp[k]
		else
			vm_idx[nm] = alloc_gfp[k]
	}
	n = sortkeys(vm_idx, arr)
	s = "vm_gfp_args = {\n"
	for (i = 1; i <= n; i++)
		s = s "    " pystr(arr[i]) ": (" vm_idx[arr[i]] ",),\n"
	val["VMALLOC_PY"] = s "}"
	for (k in alloc_name)
		fam_of[alloc_name[k]] = alloc_family[k]
	n = sortkeys(fam_of, arr)
	s = "allocators = {\n"
	for (i = 1; i <= n; i++)
		s = s "    " pystr(arr[i]) ": " pystr(fam_of[arr[i]]) ",\n"
	val["ALLOCS_PY"] = s "}"

	val["KVER"] = (kv < 0) ? "any" : kver
	val["MODEL"] = mnames
	val["TEMPLATE"] = tname
	built = 1
}

function subst(line,   out, i, j, name) {
	out = ""
	while ((i = index(line, "@@")) > 0) {
		j = index(substr(line, i + 2), "@@")
		if (j == 0)
			break
		name = substr(line, i + 2, j - 1)
		if (name !~ /^[A-Z_0-9]+$/) {
			# SmPL's own "@@" (rule header end): copy and go on
			out = out substr(line, 1, i + 1)
			line = substr(line, i + 2)
			continue
		}
		if (!(name in val)) {
			printf "%s: unknown placeholder @@%s@@\n", tname, name > "/dev/stderr"
			failed = 1
			exit 2
		}
		out = out substr(line, 1, i - 1) val[name]
		line = substr(line, i + j + 3)
	}
	return out line
}

# since=/until= of a directive line
function dirrange(line,   f, n, i, s, u) {
	n = split(line, f, /[ \t]+/)
	s = ""; u = ""
	for (i = 1; i <= n; i++) {
		if (f[i] ~ /^since=/) s = substr(f[i], 7)
		if (f[i] ~ /^until=/) u = substr(f[i], 7)
	}
	return inrange(s, u)
}

BEGIN {
	kv = vnum(kver)
	skip = 0
	keep = 1
}

FNR == 1 {
	fileno++
	is_fallback = (fileno > ARGC - 2 - nfallback)
}

FILENAME !~ /\.cocci\.in$/ {
	# "ROW   (FILE:LINE)": where the row is written, for messages
	where = "?"
	if (match($0, /   \([^()]*:[0-9]+\)$/)) {
		where = substr($0, RSTART + 4, RLENGTH - 5)
		$0 = substr($0, 1, RSTART - 1)
	}
	sub(/#.*/, "")
	if ($0 ~ /^[ \t]*$/)
		next
	row()
	next
}

{
	if (!built)
		build()
	if (skip)
		next
	if ($0 ~ /^\/\/@needs/) {
		if (!dirrange($0)) {
			r = $0
			sub(/^[^-]*-- */, "", r)
			printf "gen-cocci: %s not generated for %s: %s\n", tname, kver, r > "/dev/stderr"
			skip = 1
		}
		next
	}
	if ($0 ~ /^\/\/@if/) { keep = dirrange($0); next }
	if ($0 ~ /^\/\/@else/) { keep = !keep; next }
	if ($0 ~ /^\/\/@endif/) { keep = 1; next }
	if (!keep)
		next
	outl[++nout] = subst($0)
}

END {
	if (failed || skip)
		exit failed ? 2 : 0
	for (i = 1; i <= nout; i++)
		print outl[i]
}
