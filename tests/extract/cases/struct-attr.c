/* Struct definitions as the kernel writes them: followed by an attribute macro
 * spatch takes for a declarator (`} __randomize_layout;`: struct inode,
 * super_block, dentry, tty_struct), by a variable, or plain. Each gives a
 * `struct` record. */
struct tty_like {
	int index;
	struct mutex_like { int owner; } legacy_mutex;
} __randomize_layout;

struct counted {
	int n;
} counted_instance;

struct plain {
	long a;
	long b;
};
