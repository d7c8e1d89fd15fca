/* Architectural equivalence of patch 0030's masked set/hash search and clamped walk
 * versus the pre-patch versions (x86-64 mask asm copied from arch/x86/include/asm/barrier.h). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
typedef uint64_t u64; typedef uint32_t u32; typedef uint16_t u16; typedef uint8_t u8;
static inline unsigned long array_index_mask_nospec(unsigned long index, unsigned long size)
{ unsigned long mask; asm volatile ("cmp %1,%2; sbb %0,%0;" : "=r" (mask) : "g"(size),"r" (index) : "cc"); return mask; }
#define READ_ONCE(x) (*(volatile typeof(x) *)&(x))
#define array_index_nospec(i, s) ((i) & array_index_mask_nospec((i), (s)))
enum { NOP = 0, EQ64 = 1, SET64 = 13, HASH64 = 17 };
struct e { u64 val; const void *set; u16 offset; u8 fn_num, op, bits, branch; u16 target; };
static int set_old(const u64 *v, unsigned long len, u64 key)
{ unsigned long half; for (half = len / 2; half; half /= 2) v = v[half] <= key ? v + half : v; return *v == key; }
static int set_new(const u64 *v, unsigned long len, unsigned long keep, u64 key)
{ unsigned long half; v = (const u64 *)((unsigned long)v & keep);
  for (half = (len & keep) / 2; half; half /= 2) v = v[half] <= key ? v + half : v; return *v == key; }
static int hash_old(const u64 *h, unsigned shift, u64 key)
{ const u64 *slot = h + 1; u64 i = ((key * h[0]) >> shift) & 63; return slot[i] == key; }
static int hash_new(const u64 *h, unsigned shift, unsigned long keep, u64 key)
{ h = (const u64 *)((unsigned long)h & keep); const u64 *slot = h + 1; u64 i = ((key * h[0]) >> shift) & 63; return slot[i] == key; }
#define MASK(e, fn) array_index_mask_nospec((unsigned long)(READ_ONCE((e)->fn_num) ^ fn), 1)
static int match(const struct e *e, const u64 *rec, int new)
{ u64 f = rec[e->offset / 8];
  switch (e->fn_num) {
  case EQ64: return f == e->val;
  case SET64: return new ? set_new(e->set, 1UL << e->bits, MASK(e, SET64), f) : set_old(e->set, 1UL << e->bits, f);
  case HASH64: return new ? hash_new(e->set, 64 - e->bits, MASK(e, HASH64), f) : hash_old(e->set, 64 - e->bits, f);
  default: return 0; } }
static int walk_old(const struct e *p, const u64 *rec)
{ long i; for (i = 0; p[i].fn_num != NOP; i++) if (match(&p[i], rec, 0) == p[i].branch) i = p[i].target; return p[i].target; }
static int walk_new(const struct e *p, unsigned long len, const u64 *rec)
{ unsigned long i; for (i = 0; ; i++) { i = array_index_nospec(i, len); if (p[i].fn_num == NOP) return p[i].target;
    if (match(&p[i], rec, 1) == p[i].branch) i = p[i].target; } }
int main(void)
{ srand(1); long diffs = 0, runs = 0;
  for (int t = 0; t < 20000; t++) {
    int n = 1 + rand() % 12; struct e p[16]; memset(p, 0, sizeof p);
    u64 *sets[16] = {0};
    for (int i = 0; i < n; i++) {
      int k = rand() % 3; p[i].offset = 8 * (rand() % 4); p[i].branch = rand() & 1;
      p[i].target = i + rand() % (n - i + 1);  /* forward: i .. n (n = FALSE-1 .. TRUE) */
      if (p[i].target < i) p[i].target = i;
      if (k == 0) { p[i].fn_num = EQ64; p[i].val = rand() % 8; }
      else if (k == 1) { int b = rand() % 4; u64 *s = malloc(8 << b); u64 x = 0;
        for (int j = 0; j < (1 << b); j++) { x += rand() % 3; s[j] = x; } p[i].fn_num = SET64; p[i].bits = b; p[i].set = s; sets[i] = s; }
      else { int b = 1 + rand() % 6; u64 *h = malloc(8 + (8 << b)); h[0] = 0x9e3779b97f4a7c15ULL * (2 * (rand() % 64) + 1);
        for (int j = 0; j < (1 << b); j++) h[1 + j] = rand() % 8; p[i].fn_num = HASH64; p[i].bits = b; p[i].set = h; sets[i] = h; } }
    p[n].fn_num = NOP; p[n].target = 1; p[n + 1].fn_num = NOP; p[n + 1].target = 0;
    for (int r = 0; r < 50; r++) { u64 rec[4]; for (int j = 0; j < 4; j++) rec[j] = rand() % 9;
      runs++; if (walk_old(p, rec) != walk_new(p, n + 2, rec)) diffs++; }
    for (int i = 0; i < n; i++) free(sets[i]); }
  printf("runs %ld, verdicts differing %ld\n", runs, diffs);
  /* masks */
  struct e x = { .fn_num = SET64 }; printf("mask SET64 on SET64 %lx, on HASH64 %lx\n", MASK(&x, SET64), MASK(&x, HASH64));
  return diffs != 0; }
