/* gfpcheck: ignore nofs-in-scope -- reason */
// gfpcheck: ignore missing-nofs -- why
/* gfpcheck: ignore */
/* gfpcheck: ignore nofs-in-scope */ /* gfpcheck: ignore missing-nofs -- second */
x = "/* gfpcheck: ignore nofs-in-scope -- in a string */";
/*gfpcheck:ignore nofs-in-scope--*/
// gfpcheck: ignore a,b -- why
