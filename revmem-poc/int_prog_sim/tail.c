/*
 * revmem: compacted (int_prog) vs uncompacted (->prog) evaluation of the
 * same folded program, vs the unfolded program, vs C; ftrace_filter_size()
 * against what the filter holds; every allocation failure of the parse
 * and the compaction frees all it charged.
 */
struct event_filter {
	struct prog_entry __rcu	*prog;
	struct int_prog_entry	*int_prog;
	char			*filter_string;
	bool			int_preds;
	bool			one_pred;
};

static int MODE;
static int FOFF;		/* offset of field f */
static int W, SGN, W2, S2;	/* f: W bytes, SGN; h: W2 bytes, S2 */
static struct ftrace_event_field ff, fg, fh;
static unsigned char recbuf[70000 + 64];

static int parse_pred(const char *str, void *data, int pos,
		      struct filter_parse_error *pe, struct filter_pred **pred_ptr)
{
	int i = 0, op; struct filter_pred *pred; struct ftrace_event_field *field; char *end; u64 val;
	while (isspace(str[i])) i++;
	if (str[i] == 'f') field = &ff; else if (str[i] == 'g') field = &fg;
	else if (str[i] == 'h') field = &fh; else return -EINVAL;
	i++;
	while (isspace(str[i])) i++;
	for (op = 0; ops[op]; op++) if (!strncmp(str + i, ops[op], strlen(ops[op]))) break;
	if (!ops[op]) return -EINVAL;
	i += strlen(ops[op]);
	while (isspace(str[i])) i++;
	val = strtoull(str + i, &end, 0); i = end - str;
	pred = kmem_cache_zalloc(filter_pred_cachep, pe->gfp);
	if (!pred) return -ENOMEM;
	pred->field = field; pred->offset = field->offset; pred->op = op; pred->val = val;
	pred->fn_num = select_comparison_fn(op, field->size, field->is_signed);
	if (op == OP_NE) pred->not = 1;
	*pred_ptr = pred;
	return i;
}
static int run(struct prog_entry *prog, void *rec)
{
	int i;
	for (i = 0; prog[i].pred; i++) {
		int m = filter_pred_fn_call(prog[i].pred, rec);
		if (m == prog[i].when_to_branch) i = prog[i].target;
	}
	return prog[i].target;
}
/* process_preds() and __ftrace_parse_filter() with the shim parser */
static int build(const char *str, int compact, gfp_t gfp, struct event_filter **fp)
{
	struct filter_parse_error pe = { .gfp = gfp };
	struct event_filter *filter;
	struct prog_entry *prog;
	int npreds = 0, i, ret = 0;

	for (i = 0; str[i]; i++) if (str[i] == 'f' || str[i] == 'g' || str[i] == 'h') npreds++;
	filter = kzalloc(sizeof(*filter), gfp);
	if (!filter) return -ENOMEM;
	filter->filter_string = kmalloc(strlen(str) + 1, gfp);
	if (!filter->filter_string) { ret = -ENOMEM; goto err; }
	strcpy(filter->filter_string, str);
	prog = predicate_parse(str, 64, npreds, parse_pred, NULL, &pe);
	if (IS_ERR(prog)) { ret = PTR_ERR(prog); goto err; }
	prog = fold_set_preds(prog, gfp);
	if (IS_ERR(prog)) { ret = PTR_ERR(prog); goto err; }
	filter->int_preds = true;
	for (i = 0; prog[i].pred; i++)
		if (!is_int_pred(prog[i].pred))
			filter->int_preds = false;
	filter->one_pred = i == 1 && prog[0].target == 1;
	rcu_assign_pointer(filter->prog, prog);
	if (compact && filter->int_preds)
		ret = compact_int_prog(filter, gfp);
	if (ret) goto err;
	*fp = filter;
	return 0;
err:
	__free_filter(filter);
	return ret;
}
/* random expression */
static unsigned long long st = 1;
static unsigned rnd(void){ st = st*6364136223846793005ULL+1442695040888963407ULL; return st>>33; }
static u64 pool[40]; static int NPOOL = 8, CH = 20;
enum { EQ, NE, LT, LE, GT, GE, BAND, NOT, AND, OR };
static const char *opstr[] = { "==", "!=", "<", "<=", ">", ">=", "&" };
struct node { int k, fld; u64 v; int l, r; } T[512]; int nn;
static u64 trunc_(u64 v, int w){ return w==8?v:(v & ((1ULL<<(w*8))-1)); }
static s64 sext(u64 v, int w){ return (s64)(v<<(64-8*w))>>(64-8*w); }
static int fw(int fld){ return fld==0?W:fld==1?8:W2; }
static int fs(int fld){ return fld==0?SGN:fld==1?0:S2; }
static int leaf(int eq, int fld){ int i=nn++; unsigned r=rnd()%20; T[i].k = eq?EQ:r<7?EQ:r<10?NE:(LT+(r-10)%5); T[i].fld=fld;
	T[i].v = rnd()%5==0 ? trunc_(((u64)rnd()<<32)^rnd(), fw(fld)) : pool[rnd()%NPOOL]; if (fs(fld) && rnd()%3==0) T[i].v = -(u64)(rnd()%9); T[i].v = fs(fld) ? (u64)sext(trunc_(T[i].v,fw(fld)),fw(fld)) : trunc_(T[i].v,fw(fld)); return i; }
static int rfld(void){ unsigned r = rnd()%8; return r<5?0:r<6?1:2; }
static int chain(int len,int ne){ int fld=rfld(); int c=leaf(1,fld),i; if(ne)T[c].k=NE; for(i=1;i<len&&nn<400;i++){int l=leaf(1,fld),o; if(ne)T[l].k=NE; if(rnd()%8==0){o=nn++;T[o].k=NOT;T[o].l=l;T[l].k=ne?EQ:NE;l=o;} o=nn++; T[o].k=ne?AND:OR; T[o].l=c;T[o].r=l;c=o;} return c; }
static int gen(int d){ unsigned r=rnd()%10; int i; if(nn>300||d>7||r<2)return leaf(0,rfld()); if(r<5)return chain(2+rnd()%CH,rnd()%4==0); if(r<6){i=nn++;T[i].k=NOT;T[i].l=gen(d+1);return i;} i=nn++;T[i].k=r<8?OR:AND;T[i].l=gen(d+1);T[i].r=gen(d+1);return i; }
static int cmp(int k, u64 x, u64 c, int w, int s){
	x=trunc_(x,w); c=trunc_(c,w);
	if (k == BAND) return !!(x & c);
	if(s){ s64 a=sext(x,w), b=sext(c,w); switch(k){case LT:return a<b;case LE:return a<=b;case GT:return a>b;default:return a>=b;} }
	switch(k){case LT:return x<c;case LE:return x<=c;case GT:return x>c;default:return x>=c;} }
static int ev(int i,const u64*fv){ struct node*n=&T[i]; u64 x=fv[n->fld]; int w=fw(n->fld), s=fs(n->fld);
 switch(n->k){case EQ:return trunc_(x,w)==trunc_(n->v,w);case NE:return trunc_(x,w)!=trunc_(n->v,w);
 case LT:case LE:case GT:case GE:case BAND:return cmp(n->k,x,n->v,w,s);
 case NOT:return !ev(n->l,fv);case AND:return ev(n->l,fv)&&ev(n->r,fv);case OR:return ev(n->l,fv)||ev(n->r,fv);} return 0;}
static int pr(int i,char*s){ struct node*n=&T[i]; const char*fld=n->fld==0?"f":n->fld==1?"g":"h"; int o=0;
 switch(n->k){case NOT:o+=sprintf(s+o,"!(");o+=pr(n->l,s+o);o+=sprintf(s+o,")");return o;
 case AND:case OR:o+=sprintf(s+o,"(");o+=pr(n->l,s+o);o+=sprintf(s+o,n->k==AND?" && ":" || ");o+=pr(n->r,s+o);o+=sprintf(s+o,")");return o;
 default:return sprintf(s,"%s %s 0x%llx",fld,opstr[n->k],(unsigned long long)n->v);} }
static void put(int fld, u64 v){ int off = fld==0?FOFF:fld==1?8:16; int w = fw(fld); memcpy(recbuf+off, &v, w); }
static int count_preds(struct prog_entry *p){int n=0;while(p[n].pred)n++;return n;}
int main(int argc,char**argv)
{
	static char buf[65536]; int t; long compacted=0, fallback=0, onepred=0, sets=0, hashes=0, checks=0, nomem_runs=0;
	int N = argc>1?atoi(argv[1]):20000;
	setvbuf(stdout, NULL, _IONBF, 0);
	st = argc>2?strtoull(argv[2],0,0):1; MODE = argc>3?atoi(argv[3]):0;
	FOFF = MODE==1 ? 70000 : 0;
	for (t = 0; t < N; t++) {
		struct event_filter *fu = NULL, *fc = NULL; struct prog_entry *p1; struct filter_parse_error pe = {0};
		int root, i, j, ret; long before, held;
		static const int ws[4]={1,2,4,8}; W = ws[rnd()%4]; SGN = rnd()%2; W2 = ws[rnd()%4]; S2 = rnd()%2;
		ff = (struct ftrace_event_field){"f",FOFF,W,SGN}; fg = (struct ftrace_event_field){"g",8,8,0};
		fh = (struct ftrace_event_field){"h",16,W2,S2};
		for (i=0;i<NPOOL;i++){ u64 v; switch(rnd()%4){case 0:v=rnd()%8;break;case 1:v=-(u64)(rnd()%8);break;case 2:v=1ULL<<(rnd()%64);break;default:v=((u64)rnd()<<32)|rnd();} pool[i]=v; }
		nn=0; root=gen(0); pr(root,buf);
		{ int np=0; for (i=0; buf[i]; i++) if (buf[i]=='f'||buf[i]=='g'||buf[i]=='h') np++;
		  p1 = predicate_parse(buf, 64, np, parse_pred, NULL, &pe); }
		if (IS_ERR(p1)) { printf("parse error %s\n", buf); return 1; }
		if (MODE == 2) {
			/* every charged allocation of the compacting parse fails once, in turn */
			for (j = 1; ; j++) {
				before = acct_live; fail_at = j; fc = NULL;
				ret = build(buf, 1, GFP_ACCT, &fc);
				fail_at = 0;
				if (!ret) { __free_filter(fc); if (acct_live != before) { printf("LEAK after success %ld\n", acct_live-before); return 1; } break; }
				nomem_runs++;
				if (ret != -ENOMEM) { printf("ret %d at %d\n", ret, j); return 1; }
				if (acct_live != before) { printf("LEAK: failure at charged allocation %d left %ld bytes\n%s\n", j, acct_live - before, buf); return 1; }
			}
		}
		if (build(buf, 0, GFP_ACCT, &fu)) { printf("build u\n"); return 1; }
		before = acct_live;
		if (build(buf, 1, GFP_ACCT, &fc)) { printf("build c\n"); return 1; }
		held = acct_live - before;
		if (fc->int_prog) compacted++; else if (fc->int_preds) fallback++;
		if (fc->one_pred) onepred++;
		if (fc->int_prog) for (i = 0; fc->int_prog[i].fn_num; i++) { int fn = fc->int_prog[i].fn_num; if (fn>=FILTER_PRED_FN_SET_64&&fn<=FILTER_PRED_FN_SET_8) sets++; if (fn>=FILTER_PRED_FN_HASH_64&&fn<=FILTER_PRED_FN_HASH_8) hashes++; }
		if ((long)ftrace_filter_size(fc) != held) { printf("SIZE: ftrace_filter_size %zu, holds %ld\n%s\n", ftrace_filter_size(fc), held, buf); return 1; }
		if (MODE == 1) {	/* a predicate on f (offset 70000) keeps ->prog */
			int onf = 0;
			for (i = 0; fu->prog[i].pred; i++) onf |= fu->prog[i].pred->offset == 70000;
			if (onf == !!fc->int_prog) { printf("offset 70000: int_prog %p, predicate on f %d\n", (void *)fc->int_prog, onf); return 1; }
		}
		for (i = 0; i < NPOOL*6+8; i++) {
			u64 fv[3];
			for (j = 0; j < 3; j++) {
				unsigned r = rnd()%8; u64 base = pool[rnd()%NPOOL];
				if (i >= NPOOL*6) base = (u64[]){0, ~0ULL, 1ULL<<63, 1ULL<<31, 1ULL<<15, 1ULL<<7, 0x7f, 0x80}[i-NPOOL*6];
				else if (r < 3) base = T[rnd()%nn].v;
				fv[j] = base + (r==3) - (r==4) + (r==5 ? 1ULL<<40 : 0);
				if (rnd()%2) fv[j] = trunc_(fv[j], fw(j));
			}
			memset(recbuf, 0x5a, sizeof(recbuf));
			put(0, fv[0]); put(1, fv[1]); put(2, fv[2]);
			{ int want = ev(root, fv), a = run(p1, recbuf), b = filter_match_preds(fu, recbuf), c = filter_match_preds(fc, recbuf);
			  checks++;
			  if (a != want || b != want || c != want) { printf("MISMATCH W=%d S=%d W2=%d S2=%d f=0x%llx g=0x%llx h=0x%llx want %d unfolded %d folded %d compacted %d (int_prog %p one_pred %d)\n%s\n", W, SGN, W2, S2, (unsigned long long)fv[0], (unsigned long long)fv[1], (unsigned long long)fv[2], want, a, b, c, (void*)fc->int_prog, fc->one_pred, buf); return 1; } }
		}
		for (i=0;p1[i].pred;i++) free_predicate(p1[i].pred); kfree(p1);
		before = acct_live;
		__free_filter(fc);
		if (before - acct_live != held) { printf("FREE: held %ld, freed %ld\n", held, before - acct_live); return 1; }
		__free_filter(fu);
		if (acct_live) { printf("live %ld after freeing\n", acct_live); return 1; }
	}
	printf("ok: mode %d seed %llu: %d expressions, %ld compacted (%ld one-predicate, %ld sets, %ld hashes), %ld kept ->prog (u16 fallback), %ld nomem runs, %ld evaluations\n",
	       MODE, (unsigned long long)(argc>2?strtoull(argv[2],0,0):1), N, compacted, onepred, sets, hashes, fallback, nomem_runs, checks);
	return 0;
}
