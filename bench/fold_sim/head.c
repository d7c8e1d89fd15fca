#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdbool.h>
#include <ctype.h>
#include <errno.h>
typedef uint64_t u64; typedef uint32_t u32; typedef uint16_t u16; typedef uint8_t u8;
typedef int64_t s64; typedef int32_t s32; typedef int16_t s16; typedef int8_t s8;
typedef unsigned gfp_t;
#define GFP_KERNEL 0
#define __rcu
#define fallthrough __attribute__((fallthrough))
#define kmalloc_array(n,s,g) malloc((n)*(s))
#define kcalloc(n,s,g) calloc((n),(s))
#define kmalloc(s,g) malloc(s)
#define kfree free
static void *kmemdup(const void *p, size_t n, gfp_t g){void *q=malloc(n);memcpy(q,p,n);return q;}
static size_t kmalloc_size_roundup(size_t s){size_t r=8;while(r<s)r*=2;return r;}
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
static struct kmem_cache *filter_pred_cachep;
static void kmem_cache_free(void *c, void *p){free(p);}
enum { MATCH_FULL };
