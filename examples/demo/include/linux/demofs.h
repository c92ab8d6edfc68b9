/* Public interface of demofs: functions declared here have callers gfpcheck cannot see. */
int demofs_public_lookup(void *dir, const char *name);
