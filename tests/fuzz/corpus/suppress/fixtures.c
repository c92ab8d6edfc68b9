	/* EXPECT: bad-suppression */ // gfpcheck: ignore -- no rule at all
	/* gfpcheck: ignore missing-nofs -- reviewed: no lock here */ /* EXPECT-NOT: bad-suppression: a valid suppression of another rule */
	/* gfpcheck: ignore nofs-in-scop -- typo in the rule */ /* EXPECT: bad-suppression */
	/* gfpcheck: ignore nofs-in-scope */ /* EXPECT: bad-suppression */
	/* gfpcheck: ignore nofs-in-scope -- */ /* EXPECT: bad-suppression */
	/* gfpcheck: ignore nofs-in-scope -- the caller's scope may go away */
	/* gfpcheck: ignore nofs-in-scope -- the first one only */
	// gfpcheck: ignore nofs-in-scope -- documented in myfs.rst
	return kzalloc(n, GFP_NOFS); /* gfpcheck: ignore nofs-in-scope -- kept until the 6.x backport */ /* EXPECT-NOT: nofs-in-scope: suppressed with a reason */
