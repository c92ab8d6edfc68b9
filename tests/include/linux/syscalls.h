/* A syscall is defined as SYSCALL_DEFINEn(name, type, arg, ...): the function
 * the kernel links is sys_name, called only from the syscall table. */
#ifndef _LINUX_SYSCALLS_H
#define _LINUX_SYSCALLS_H
#define SYSCALL_DEFINE1(name, t1, a1) long sys_##name(t1 a1)
#define SYSCALL_DEFINE2(name, t1, a1, t2, a2) long sys_##name(t1 a1, t2 a2)
#endif
