/* A parameter named after its own typedef (security_inode_init_security()'s
 * `const initxattrs initxattrs`, 6.1 security/security.c:1114; the typedef is
 * in a header spatch does not read): cocci/gfpcheck-macros.h makes the name
 * parse, the function keeps its calls, and the call through the parameter
 * stays a call of it. */
int security_inode_init_security(struct inode *inode, struct inode *dir,
				 const struct qstr *qstr,
				 const initxattrs initxattrs, void *fs_data)
{
	struct xattr *new_xattrs;
	int ret;

	if (!initxattrs)
		return 0;
	new_xattrs = kcalloc(3, sizeof(*new_xattrs), GFP_NOFS);
	ret = initxattrs(inode, new_xattrs, fs_data);
	kfree(new_xattrs);
	return ret;
}
