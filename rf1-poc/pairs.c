/*
 * For each architectural entry kind A (as compact_int_prog() builds it,
 * trace_events_filter.c:2776-2846) and each case B of int_entry_match()
 * (:1245-1294) that a mispredicted dispatch can run on it: the base, the
 * furthest byte B can load relative to the base, and how far that is past
 * A's slab object (kmalloc bucket).  Max bits: SET_8 <= 8 (256 distinct
 * u8), other sets <= 10 (a PAGE_SIZE expression holds ~525 distinct
 * "n==V||" terms), hash 1..6 (set_hash(): lo = max(order_base_2(n),1),
 * b <= lo + 2, BIT(b) <= 64).
 */
#include <stdio.h>
static unsigned long bucket(unsigned long s)
{
	static const unsigned long b[] = {8,16,32,64,96,128,192,256,512,1024,2048,4096,8192};
	for (unsigned i = 0; i < sizeof(b)/sizeof(b[0]); i++) if (s <= b[i]) return b[i];
	return s;
}
int main(void)
{
	const int W[] = {1,2,4,8};
	long worst_set = 0, worst_hash = 0;
	printf("%-8s %-4s %-9s %-7s %-9s %-8s\n","A","bits","alloc/bkt","B","reach","past-bkt");
	for (int kind = 0; kind < 2; kind++)	/* 0 set, 1 hash */
	for (int wa = 0; wa < 4; wa++) {
		int maxbits = kind ? 6 : (W[wa] == 1 ? 8 : 10);
		for (int bits = 1; bits <= maxbits; bits++) {
			unsigned long alloc = kind ? 8 + ((unsigned long)W[wa] << bits)
						   : ((unsigned long)W[wa] << bits);
			unsigned long bk = bucket(alloc);
			for (int bk_ = 0; bk_ < 2; bk_++)
			for (int wb = 0; wb < 4; wb++) {
				unsigned long reach;
				if (bk_ == 0)	/* B = SET_wb: len = 1 << bits */
					reach = (1UL << bits) * W[wb];
				else {		/* B = HASH_wb: h[0], slot i < min(2^bits,64) */
					unsigned long slots = bits >= 6 ? 64 : 1UL << bits;
					reach = 8 + slots * W[wb];
				}
				long past = (long)reach - (long)bk;
				if (past > 0 && (bits == maxbits || bits == 1)) {
					printf("%s_%-3d %-4d %4lu/%-4lu %s_%-3d %-9lu %-8ld\n",
					       kind ? "HASH" : "SET", W[wa]*8, bits, alloc, bk,
					       bk_ ? "HASH" : "SET", W[wb]*8, reach, past);
				}
				if (past > 0 && bk_ == 0 && past > worst_set) worst_set = past;
				if (past > 0 && bk_ == 1 && past > worst_hash) worst_hash = past;
			}
		}
	}
	printf("worst: set search %ld bytes past the object (data-dependent cmov chain),"
	       " hash lookup %ld bytes (compare only)\n", worst_set, worst_hash);

	printf("\nint_prog arrays: kmalloc_array(n + 2, 24) (:2799), memset of n+2 entries only\n");
	printf("%-4s %-6s %-6s %-s\n", "n", "bytes", "bucket", "stale bytes after FALSE (entry n+2 fields in slack)");
	for (int n = 2; n <= 40; n++) {
		unsigned long by = 24UL * (n + 2), bk = bucket(by), sl = bk - by;
		if (sl)
			printf("%-4d %-6lu %-6lu %lu%s\n", n, by, bk, sl,
			       sl >= 16 ? " (val and set of prog[n+2] stale)" :
			       sl >= 8 ? " (val stale, set = next object's first word)" : "");
	}
	return 0;
}
