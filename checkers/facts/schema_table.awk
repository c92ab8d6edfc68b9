# schema_table.awk - facts.def's FIELDS strings parsed into C initializers for
# the const schema table of schema.c: writes checkers/facts/schema_table.h
# (`make facts-schema`). One macro per row, SCHEMA_<ID>, holding the designated
# initializers .nfields, .minf, .maxf and .f. The unit tests check the header
# against facts.def (every field written back as NAME:TYPE gives the row's
# FIELDS again), and a row without its macro does not compile.
#   awk -f checkers/facts/schema_table.awk checkers/facts/facts.def
function die(why) {
	printf "schema_table.awk: facts.def row %s: %s\n", id, why > "/dev/stderr"
	failed = 1
	exit 1
}
# The type of a field: sets ftype, fmin, fmax and fwords.
function type_of(t,    a) {
	fmin = 0; fmax = 0; fwords = ""
	if (t in simple) {
		ftype = simple[t]
	} else if (t ~ /^uint\([0-9]+\)$/) {
		ftype = "FT_UINT"
		fmax = substr(t, 6, length(t) - 6)
	} else if (t ~ /^uint\([0-9]+,[0-9]+\)$/) {
		split(substr(t, 6, length(t) - 6), a, ",")
		if (a[1] + 0 > a[2] + 0)
			die("bad uint(MIN,MAX)")
		ftype = "FT_UINT"
		fmin = a[1]
		fmax = a[2]
	} else if (t ~ /^[a-z-]+(\|[a-z-]+)+$/) {
		if (length(t) >= 48)
			die("word list too long")
		ftype = "FT_WORD"
		fwords = t
	} else {
		die("unknown field type '" t "'")
	}
	if (ftype == "FT_UINT" && fmax + 0 > 2147483647)
		die("uint MAX above 2^31 - 1")
}
BEGIN {
	split("fn FN name NAME text TEXT pos POS opos OPOS size SIZE hash HASH hex HEX cond COND succs SUCCS calls CALLS", w, " ")
	for (i = 1; i in w; i += 2)
		simple[w[i]] = "FT_" w[i + 1]
	print "/* schema_table.h - generated from facts.def by schema_table.awk (make"
	print " * facts-schema): do not edit. SCHEMA_<ID> is row ID's FIELDS parsed, the"
	print " * designated initializers of struct fact_schema's nfields, minf, maxf and f;"
	print " * schema.c builds its const table from them and facts.def. */"
}
/^FACT\(/ {
	id = $0
	sub(/^FACT\( */, "", id)
	sub(/ *,.*/, "", id)
	spec = $0
	sub(/"\) *$/, "", spec)
	sub(/.*"/, "", spec)
	n = split(spec, tok, " ")
	if (n > 12)
		die("too many fields")
	nf = 0; minf = 0; variable = 0; fields = ""
	for (i = 1; i <= n; i++) {
		t = tok[i]
		if (variable)
			die("a repeated or optional field must be the last")
		rep = "FR_ONE"
		if (t ~ /^\[/) {
			if (t !~ /\]$/)
				die("unclosed [")
			t = substr(t, 2, length(t) - 2)
			rep = "FR_OPT"
		} else if (length(t) > 3 && t ~ /\.\.\.$/) {
			t = substr(t, 1, length(t) - 3)
			rep = "FR_REST"
		} else if (t ~ /\*$/) {
			t = substr(t, 1, length(t) - 1)
			rep = "FR_COUNTED"
			if (nf < 1 || prevtype != "FT_UINT")
				die("a counted field must follow a uint field")
		}
		c = index(t, ":")
		if (c < 2 || c > 16)
			die("field must be NAME:TYPE")
		type_of(substr(t, c + 1))
		prevtype = ftype
		# struct fact_field: name, type, rep, min, max, words
		fields = fields sprintf("%s{\"%s\", %s, %s, %s, %s, \"%s\"}", nf ? ", " : "", substr(t, 1, c - 1),
					ftype, rep, fmin, fmax, fwords)
		nf++
		if (rep == "FR_ONE")
			minf++
		else
			variable = 1
		if (rep == "FR_COUNTED" || rep == "FR_REST")
			maxf_open = 1
	}
	maxf = maxf_open ? -1 : nf
	maxf_open = 0
	printf "#define SCHEMA_%s .nfields = %d, .minf = %d, .maxf = %d", id, nf, minf, maxf
	if (nf)
		printf ", .f = {%s}", fields
	printf "\n"
}
END {
	if (failed)
		exit 1
}
