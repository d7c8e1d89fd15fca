# usage: cmp.py REPO OLD NEW [--negative]; OLD, NEW: "hash subject" lines of the kernel
# commits before and after the move (git log --reverse --format='%H %s' pristine..pre19 | head -35)
import subprocess, re, sys
repo = sys.argv[1]
# --negative: leave one substitution out, so that the check must fail (its negative control)
NEG = '--negative' in sys.argv
if NEG:
    sys.argv.remove('--negative')
def show(c, p):
    r = subprocess.run(['git','-C',repo,'show',f'{c}:{p}'],capture_output=True,text=True)
    return r.stdout if r.returncode == 0 else ''
names = ['seccomp_bitmap_is_ancestor','seccomp_bitmap_can_sync_threads','seccomp_bitmap_sync_threads',
         'seccomp_attach_bitmap','seccomp_set_mode_bitmap','prctl_seccomp_filter',
         'seccomp_set_mode_bitmap_user','prctl_set_seccomp_bitmap']
def funcs(text):
    lines = text.split('\n'); out = {}
    for i,l in enumerate(lines):
        for n in names:
            if re.match(r'^(static |long |bool |void |pid_t)?.*\b'+n+r'\(', l) and not l.startswith(' ') and not l.startswith('\t') and not l.rstrip().endswith(';') and 'inline' not in l and not l.startswith(' *'):
                s = i
                if not re.match(r'^(static|long|bool|void)', l): s = i-1
                j = i
                while lines[j] != '}': j += 1
                out[n] = '\n'.join(lines[s:j+1])
    return out
def norm(t):
    t = t.replace('static long seccomp_set_mode_bitmap_user(', 'long seccomp_set_mode_bitmap_user(')
    t = t.replace('static long prctl_set_seccomp_bitmap(', 'long prctl_set_seccomp_bitmap(')
    t = re.sub(r'\n\s*const unsigned long seccomp_mode = SECCOMP_MODE_BITMAP;', '', t)
    if not NEG:
        t = t.replace('seccomp_may_assign_mode(seccomp_mode)', 'seccomp_bitmap_may_assign_mode()')
    t = t.replace('seccomp_assign_mode(current, seccomp_mode, 0)', 'seccomp_bitmap_assign_mode(current)')
    t = t.replace('seccomp_assign_mode(thread, SECCOMP_MODE_BITMAP, 0)', 'seccomp_bitmap_assign_mode(thread)')
    t = re.sub(r'\(thread->seccomp\.mode == SECCOMP_MODE_DISABLED \|\|\s*seccomp_mode_stacks\(thread->seccomp\.mode\)\)', 'seccomp_bitmap_may_sync_thread(thread)', t)
    t = re.sub(r'[ \t]+', ' ', t)
    t = re.sub(r'\(\s+', '(', t)
    return t
old = [l.split(' ',1) for l in open(sys.argv[2]).read().split('\n') if l]
new = [l.split(' ',1) for l in open(sys.argv[3]).read().split('\n') if l]
import difflib
for (oh,os_),(nh,ns) in zip(old,new):
    assert os_==ns
    fo = funcs(show(oh,'kernel/seccomp.c'))
    fn = funcs(show(nh,'kernel/seccomp_bitmap_syscalls.c'))
    left = funcs(show(nh,'kernel/seccomp.c'))
    msg = []
    if set(fo) != set(fn): msg.append(f'sets differ old={sorted(fo)} new={sorted(fn)}')
    if left: msg.append(f'still in seccomp.c: {sorted(left)}')
    for n in fo:
        if n in fn and norm(fo[n]) != norm(fn[n]):
            d = difflib.unified_diff(norm(fo[n]).split('\n'), norm(fn[n]).split('\n'), lineterm='', n=0)
            msg.append(n + ' DIFFERS:\n' + '\n'.join(d))
    print(nh[:9], ns[:60], 'funcs=%d'%len(fo), 'OK' if not msg else '\n  '+'\n  '.join(msg))
