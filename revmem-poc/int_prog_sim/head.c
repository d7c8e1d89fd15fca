/* shims for revmem-poc/int_prog_sim: the engine's text compiled in user space */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include <ctype.h>
#include <errno.h>
typedef uint64_t u64; typedef uint32_t u32; typedef uint16_t u16; typedef uint8_t u8;
typedef int64_t s64; typedef int32_t s32; typedef int16_t s16; typedef int8_t s8;
typedef unsigned gfp_t;
#define GFP_KERNEL 0u
#define GFP_ACCT 1u		/* stands for pe->gfp with __GFP_ACCOUNT */
#define __rcu
#define __always_inline inline __attribute__((always_inline))
#define noinline __attribute__((noinline))
#define fallthrough __attribute__((fallthrough))
#define U16_MAX 0xffff
#define EXPORT_SYMBOL_GPL(x)
#define rcu_dereference_raw(p) (p)
#define rcu_dereference_protected(p, c) (p)
#define rcu_access_pointer(p) (p)
#define RCU_INIT_POINTER(p, v) ((p) = (v))
#define rcu_assign_pointer(p, v) ((p) = (v))
#define ilog2(n) (63 - __builtin_clzll((unsigned long long)(n)))
/* the slab buckets of an x86-64 kernel */
static size_t kmalloc_size_roundup(size_t s)
{
	static const size_t b[] = { 8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096, 8192 };
	size_t r;
	unsigned i;
	for (i = 0; i < sizeof(b) / sizeof(b[0]); i++)
		if (s <= b[i])
			return b[i];
	for (r = 8192; r < s; r *= 2)
		;
	return r;
}
/* every allocation made with GFP_ACCT is counted as its bucket while live */
static long acct_live, acct_allocs, fail_at;
struct hdr { size_t charged; unsigned magic; unsigned pad; };
static void *xalloc_charged(size_t s, size_t charged, int zero)
{
	struct hdr *h;
	if (charged && fail_at > 0 && --fail_at == 0)
		return NULL;
	h = zero ? calloc(1, sizeof(*h) + s) : malloc(sizeof(*h) + s);
	if (!h) abort();
	if (!zero) memset(h + 1, 0xa5, s);	/* no reliance on zeroed memory */
	h->charged = charged; h->magic = 0x5eed;
	if (charged) { acct_live += charged; acct_allocs++; }
	return h + 1;
}
static void *xalloc(size_t s, gfp_t g, int zero)
{
	return xalloc_charged(s, g == GFP_ACCT ? kmalloc_size_roundup(s) : 0, zero);
}
static void kfree(const void *p)
{
	struct hdr *h;
	if (!p) return;
	h = (struct hdr *)p - 1;
	if (h->magic != 0x5eed) { fprintf(stderr, "bad free\n"); abort(); }
	h->magic = 0;
	if (h->charged) { acct_live -= h->charged; acct_allocs--; }
	free(h);
}
#define kmalloc_array(n,s,g) xalloc((size_t)(n)*(s), (g), 0)
#define kcalloc(n,s,g) xalloc((size_t)(n)*(s), (g), 1)
#define kmalloc(s,g) xalloc((s), (g), 0)
#define kzalloc(s,g) xalloc((s), (g), 1)
static void *kmemdup(const void *p, size_t n, gfp_t g){void *q=xalloc(n,g,0);if(q)memcpy(q,p,n);return q;}
#define WARN_ON(x) ({int __r=!!(x); if(__r){fprintf(stderr,"WARN %s:%d\n",__FILE__,__LINE__);abort();} __r;})
#define WARN_ON_ONCE WARN_ON
#define PRED_FUNC_START OP_LE
#define PRED_FUNC_MAX (OP_BAND - PRED_FUNC_START)
#define ERR_PTR(e) ((void*)(long)(e))
#define IS_ERR(p) ((unsigned long)(p) > (unsigned long)-4096)
#define PTR_ERR(p) ((long)(p))
#define BIT_ULL(n) (1ULL<<(n))
#define U64_MAX UINT64_MAX
#define BITS_PER_BYTE 8
#define min(a,b) ((a)<(b)?(a):(b))
#define max(a,b) ((a)>(b)?(a):(b))
static unsigned long roundup_pow_of_two(unsigned long n){unsigned long r=1;while(r<n)r*=2;return r;}
static int order_base_2(unsigned long n){int b=0;while((1UL<<b)<n)b++;return b;}
static void sort(void *b,size_t n,size_t s,int(*c)(const void*,const void*),void*x){qsort(b,n,s,c);}
struct ftrace_event_field { const char *name; int offset; int size; int is_signed; };
struct regex { int len; };
struct kmem_cache { size_t size; };
/* 6.12: CPUS{} predicates (never made by the shim parser) */
struct cpumask { unsigned long bits[1]; };
static unsigned int nr_cpu_ids = 1;
static size_t cpumask_size(void) { return sizeof(struct cpumask); }
static int do_filter_scalar_cpumask(int op, unsigned int cpu, const struct cpumask *mask) { abort(); }
static struct kmem_cache pred_cache = { 48 };
static struct kmem_cache *filter_pred_cachep = &pred_cache;
static void kmem_cache_free(struct kmem_cache *c, void *p){kfree(p);}
static size_t kmem_cache_size(struct kmem_cache *c){return c->size;}
static void *kmem_cache_zalloc(struct kmem_cache *c, gfp_t g)
{
	return xalloc_charged(c->size, g == GFP_ACCT ? c->size : 0, 1);
}
enum { MATCH_FULL };
struct prog_entry;
struct int_prog_entry;
struct event_filter {
	struct prog_entry __rcu	*prog;
	struct int_prog_entry	*int_prog;
	char			*filter_string;
	bool			int_preds;
	bool			one_pred;
};
