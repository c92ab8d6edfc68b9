/* schema_table.h - generated from facts.def by schema_table.awk (make
 * facts-schema): do not edit. SCHEMA_<ID> is row ID's FIELDS parsed, the
 * designated initializers of struct fact_schema's nfields, minf, maxf and f;
 * schema.c builds its const table from them and facts.def. */
#define SCHEMA_MAGIC .nfields = 1, .minf = 1, .maxf = 1, .f = {{"VERSION", FT_UINT, FR_ONE, 1, 2, ""}}
#define SCHEMA_FRONTEND .nfields = 1, .minf = 1, .maxf = 1, .f = {{"WHO", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_SOURCE .nfields = 2, .minf = 2, .maxf = 2, .f = {{"HASH", FT_HASH, FR_ONE, 0, 0, ""}, {"SIZE", FT_SIZE, FR_ONE, 0, 0, ""}}
#define SCHEMA_STATUS .nfields = 1, .minf = 1, .maxf = 1, .f = {{"STATUS", FT_WORD, FR_ONE, 0, 0, "ok|partial"}}
#define SCHEMA_SKIPPED .nfields = 2, .minf = 2, .maxf = 2, .f = {{"WHAT", FT_TEXT, FR_ONE, 0, 0, ""}, {"REASON", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_FN .nfields = 5, .minf = 4, .maxf = 5, .f = {{"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"LINKAGE", FT_WORD, FR_ONE, 0, 0, "static|extern"}, {"START", FT_POS, FR_ONE, 0, 0, ""}, {"END", FT_OPOS, FR_ONE, 0, 0, ""}, {"RET", FT_TEXT, FR_OPT, 0, 0, ""}}
#define SCHEMA_PARAM .nfields = 4, .minf = 4, .maxf = 4, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"IDX", FT_UINT, FR_ONE, 0, 255, ""}, {"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"TYPE", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_LOCAL .nfields = 4, .minf = 4, .maxf = 4, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"TYPE", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_CALL .nfields = 6, .minf = 5, .maxf = -1, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"END", FT_POS, FR_ONE, 0, 0, ""}, {"CALLEE", FT_NAME, FR_ONE, 0, 0, ""}, {"NARGS", FT_UINT, FR_ONE, 0, 256, ""}, {"ARG", FT_TEXT, FR_COUNTED, 0, 0, ""}}
#define SCHEMA_ICALL .nfields = 7, .minf = 6, .maxf = -1, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"END", FT_POS, FR_ONE, 0, 0, ""}, {"FIELD", FT_NAME, FR_ONE, 0, 0, ""}, {"RECV", FT_TEXT, FR_ONE, 0, 0, ""}, {"NARGS", FT_UINT, FR_ONE, 0, 256, ""}, {"ARG", FT_TEXT, FR_COUNTED, 0, 0, ""}}
#define SCHEMA_ASSIGN .nfields = 3, .minf = 3, .maxf = 3, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"VAR", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_GFP .nfields = 4, .minf = 4, .maxf = 4, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"END", FT_POS, FR_ONE, 0, 0, ""}, {"TOKEN", FT_NAME, FR_ONE, 0, 0, ""}}
#define SCHEMA_GFPARG .nfields = 3, .minf = 3, .maxf = 3, .f = {{"POS", FT_POS, FR_ONE, 0, 0, ""}, {"CALLPOS", FT_POS, FR_ONE, 0, 0, ""}, {"IDX", FT_UINT, FR_ONE, 0, 255, ""}}
#define SCHEMA_GFPVAR .nfields = 2, .minf = 2, .maxf = 2, .f = {{"POS", FT_POS, FR_ONE, 0, 0, ""}, {"VAR", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_GFPVAL .nfields = 2, .minf = 2, .maxf = 2, .f = {{"POS", FT_POS, FR_ONE, 0, 0, ""}, {"VALUE", FT_HEX, FR_ONE, 0, 0, ""}}
#define SCHEMA_REF .nfields = 4, .minf = 4, .maxf = 4, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"HOW", FT_NAME, FR_ONE, 0, 0, ""}}
#define SCHEMA_EXPORT .nfields = 2, .minf = 2, .maxf = 2, .f = {{"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}}
#define SCHEMA_PROTO .nfields = 3, .minf = 2, .maxf = 3, .f = {{"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"KIND", FT_WORD, FR_OPT, 0, 0, "extern|static|static-inline|extern-inline"}}
#define SCHEMA_DEFINE .nfields = 3, .minf = 2, .maxf = -1, .f = {{"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"CALLED", FT_NAME, FR_REST, 0, 0, ""}}
#define SCHEMA_DEFVAL .nfields = 3, .minf = 3, .maxf = 3, .f = {{"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"VALUE", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_STRUCT .nfields = 4, .minf = 3, .maxf = -1, .f = {{"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"NMEMBERS", FT_UINT, FR_ONE, 0, 4096, ""}, {"MEMBER", FT_TEXT, FR_COUNTED, 0, 0, ""}}
#define SCHEMA_IF .nfields = 10, .minf = 9, .maxf = 10, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"CSTART", FT_POS, FR_ONE, 0, 0, ""}, {"CEND", FT_POS, FR_ONE, 0, 0, ""}, {"TSTART", FT_POS, FR_ONE, 0, 0, ""}, {"TEND", FT_POS, FR_ONE, 0, 0, ""}, {"ESTART", FT_OPOS, FR_ONE, 0, 0, ""}, {"EEND", FT_OPOS, FR_ONE, 0, 0, ""}, {"COND", FT_COND, FR_ONE, 0, 0, ""}, {"CTEXT", FT_TEXT, FR_OPT, 0, 0, ""}}
#define SCHEMA_LOOP .nfields = 5, .minf = 5, .maxf = 5, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"BSTART", FT_POS, FR_ONE, 0, 0, ""}, {"BEND", FT_POS, FR_ONE, 0, 0, ""}, {"KIND", FT_WORD, FR_ONE, 0, 0, "for|while|do|iter|forever"}}
#define SCHEMA_SWITCH .nfields = 4, .minf = 4, .maxf = 4, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"BSTART", FT_POS, FR_ONE, 0, 0, ""}, {"BEND", FT_POS, FR_ONE, 0, 0, ""}}
#define SCHEMA_CASE .nfields = 2, .minf = 2, .maxf = 2, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}}
#define SCHEMA_RETURN .nfields = 2, .minf = 2, .maxf = 2, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}}
#define SCHEMA_GOTO .nfields = 3, .minf = 3, .maxf = 3, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"LABEL", FT_NAME, FR_ONE, 0, 0, ""}}
#define SCHEMA_LABEL .nfields = 3, .minf = 3, .maxf = 3, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"LABEL", FT_NAME, FR_ONE, 0, 0, ""}}
#define SCHEMA_BREAK .nfields = 2, .minf = 2, .maxf = 2, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}}
#define SCHEMA_CONTINUE .nfields = 2, .minf = 2, .maxf = 2, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}}
#define SCHEMA_CFG .nfields = 4, .minf = 4, .maxf = 4, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"NBLOCKS", FT_UINT, FR_ONE, 1, 1000000, ""}, {"ENTRY", FT_UINT, FR_ONE, 0, 999999, ""}, {"EXIT", FT_UINT, FR_ONE, 0, 999999, ""}}
#define SCHEMA_BB .nfields = 5, .minf = 5, .maxf = 5, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"ID", FT_UINT, FR_ONE, 0, 999999, ""}, {"SUCCS", FT_SUCCS, FR_ONE, 0, 0, ""}, {"CALLS", FT_CALLS, FR_ONE, 0, 0, ""}, {"IF", FT_OPOS, FR_ONE, 0, 0, ""}}
#define SCHEMA_SUPPRESS .nfields = 3, .minf = 3, .maxf = 3, .f = {{"POS", FT_POS, FR_ONE, 0, 0, ""}, {"END", FT_POS, FR_ONE, 0, 0, ""}, {"DIRECTIVE", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_CTXFN .nfields = 5, .minf = 5, .maxf = 5, .f = {{"NAME", FT_NAME, FR_ONE, 0, 0, ""}, {"IN", FT_UINT, FR_ONE, 0, 255, ""}, {"OUT", FT_UINT, FR_ONE, 0, 255, ""}, {"EXPR", FT_TEXT, FR_ONE, 0, 0, ""}, {"CLASS", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_CTX .nfields = 6, .minf = 6, .maxf = 6, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"BB", FT_UINT, FR_ONE, 0, 999999, ""}, {"CHANGE", FT_WORD, FR_ONE, 0, 0, "acquire|release"}, {"EXPR", FT_TEXT, FR_ONE, 0, 0, ""}, {"CLASS", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_GFPFLOW .nfields = 5, .minf = 5, .maxf = 5, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"CALLPOS", FT_POS, FR_ONE, 0, 0, ""}, {"IDX", FT_UINT, FR_ONE, 0, 255, ""}, {"VIA", FT_NAME, FR_ONE, 0, 0, ""}, {"VALUES", FT_NAME, FR_ONE, 0, 0, ""}}
#define SCHEMA_GFPRET .nfields = 2, .minf = 2, .maxf = 2, .f = {{"FUNC", FT_NAME, FR_ONE, 0, 0, ""}, {"VALUES", FT_NAME, FR_ONE, 0, 0, ""}}
#define SCHEMA_GFPSTORE .nfields = 4, .minf = 4, .maxf = 4, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"POS", FT_POS, FR_ONE, 0, 0, ""}, {"FIELD", FT_NAME, FR_ONE, 0, 0, ""}, {"VALUE", FT_NAME, FR_ONE, 0, 0, ""}}
#define SCHEMA_TARGET .nfields = 2, .minf = 2, .maxf = 2, .f = {{"PTRSIZE", FT_UINT, FR_ONE, 1, 16, ""}, {"PAGESHIFT", FT_UINT, FR_ONE, 0, 39, ""}}
#define SCHEMA_ARGVAL .nfields = 6, .minf = 5, .maxf = 6, .f = {{"FN", FT_FN, FR_ONE, 0, 0, ""}, {"CALLPOS", FT_POS, FR_ONE, 0, 0, ""}, {"CALLEE", FT_NAME, FR_ONE, 0, 0, ""}, {"IDX", FT_UINT, FR_ONE, 0, 255, ""}, {"LO", FT_SIZE, FR_ONE, 0, 0, ""}, {"HI", FT_SIZE, FR_OPT, 0, 0, ""}}
#define SCHEMA_TEXT .nfields = 1, .minf = 1, .maxf = 1, .f = {{"SIZE", FT_SIZE, FR_ONE, 0, 0, ""}}
#define SCHEMA_END .nfields = 0, .minf = 0, .maxf = 0
#define SCHEMA_TREE .nfields = 1, .minf = 1, .maxf = 1, .f = {{"ROOT", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_KERNEL .nfields = 1, .minf = 1, .maxf = 1, .f = {{"VERSION", FT_TEXT, FR_ONE, 0, 0, ""}}
#define SCHEMA_SCANNED .nfields = 1, .minf = 1, .maxf = 1, .f = {{"PATH", FT_TEXT, FR_ONE, 0, 0, ""}}
