#include <stdio.h>
#include <stdbool.h>
#include <limits.h>
/* generic array_index_mask_nospec, as include/linux/nospec.h */
static unsigned long mask(unsigned long index, unsigned long size)
{ return ~(long)(index | (size - 1UL - index)) >> (sizeof(long)*8 - 1); }
/* old seccomp_bitmap_test: unsigned int idx = int nr */
static bool old_t(unsigned int size, int nr, unsigned long *out)
{ unsigned int idx = nr; if (idx >= size) return false;
  idx = idx & mask(idx, size); *out = idx; return true; }
/* new seccomp_bitmap_index via seccomp_bitmap_test(long nr) called with int */
static bool new_t(unsigned long size, long nr, unsigned long *out)
{ unsigned long i = nr; if (i >= size) return false;
  *out = i & mask(i, size); return true; }
/* old entry_allowed: unsigned long idx = long nr */
static bool old_e(long nr, unsigned long size, unsigned long *out)
{ unsigned long idx = nr; if (idx >= size) return false;
  *out = idx & mask(idx, size); return true; }
int main(void)
{
  unsigned sizes[] = {1, 335, 451, 462, 463, 1024, 0x7fffffff};
  long bad = 0, n = 0;
  for (unsigned s = 0; s < sizeof(sizes)/sizeof(*sizes); s++) {
    long long v;
    for (v = INT_MIN; v <= INT_MAX; v += (s < 6 ? 1 : 4099)) {
      int nr = (int)v; unsigned long a = ~0UL, b = ~0UL;
      bool ra = old_t(sizes[s], nr, &a), rb = new_t(sizes[s], nr, &b);
      n++;
      if (ra != rb || (ra && a != b)) { if (bad++ < 5) printf("diff size=%u nr=%d\n", sizes[s], nr); }
    }
  }
  /* entry path: long numbers, incl >= 2^31 and x32 */
  long longs[] = {0, 1, 461, 462, -1, LONG_MIN, LONG_MAX, 0x40000000L, 0x40000000L+1,
                  0x80000000L, 0xffffffffL, 0x100000000L, 0x100000001L, 0x1000001ccL, -0x100000000L+1};
  for (unsigned i = 0; i < sizeof(longs)/sizeof(*longs); i++) {
    unsigned long a=~0UL,b=~0UL; bool ra = old_e(longs[i], 462, &a), rb = new_t(462, longs[i], &b);
    n++;
    if (ra != rb || (ra && a != b)) { bad++; printf("entry diff nr=%#lx\n", longs[i]); }
    /* what the int-typed callers see (truncation at the call boundary, unchanged) */
    printf("long nr=%#18lx entry(long)=%d allowed/filter(int %d)=%d\n", longs[i], rb, (int)longs[i], new_t(462,(int)longs[i],&b));
  }
  printf("checked %ld cases, %ld differences\n", n, bad);
  return bad != 0;
}
