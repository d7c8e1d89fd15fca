/* review21: adversarial generator.  Fields: f (off 0, W bytes, signed S),
 * k (off 0, W bytes, opposite signedness: same bits as f), h (off 0, width
 * W2 != W), g (off 8, 8 bytes).  Deep trees, '!' on leaves and groups,
 * double negation, long chains (up to 40: hash/search edges 16/17), chains
 * mixing f and k, constants wider than the field, duplicates. */
static int W, SGN, W2, SGN2;
static struct ftrace_event_field ff, fg, fk, fh;
static int parse_pred(const char *str, void *data, int pos, struct filter_parse_error *pe, struct filter_pred **pred_ptr)
{
	int i = 0, op; struct filter_pred *pred; struct ftrace_event_field *field; char *end; u64 val;
	while (isspace(str[i])) i++;
	switch (str[i]) { case 'f': field=&ff; break; case 'g': field=&fg; break; case 'k': field=&fk; break; case 'h': field=&fh; break; default: return -EINVAL; }
	i++;
	while (isspace(str[i])) i++;
	for (op = 0; ops[op]; op++) if (!strncmp(str + i, ops[op], strlen(ops[op]))) break;
	if (!ops[op]) return -EINVAL;
	i += strlen(ops[op]);
	while (isspace(str[i])) i++;
	val = strtoull(str + i, &end, 0); i = end - str;
	pred = calloc(1, sizeof(*pred));
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
static unsigned long long st = 12345;
static unsigned rnd(void){ st = st*6364136223846793005ULL+1442695040888963407ULL; return st>>33; }
static u64 pool[64]; static int NPOOL = 8, CH = 20, DEPTH = 6;
enum { EQ, NE, LT, BAND, NOT, AND, OR };
struct node { int k; char fld; u64 v; int l, r; } T[1024]; int nn;
static u64 trunc_(u64 v, int w){ return w==8?v:(v & ((1ULL<<(w*8))-1)); }
static char rfld(void){ unsigned r = rnd()%16; return r<10?'f':r<12?'k':r<14?'h':'g'; }
static u64 rconst(void){ unsigned r = rnd()%8; if (r==0) return pool[rnd()%NPOOL] + (1ULL<<(8*((rnd()%8)))); /* wider than the field */ if (r==1) return -(u64)(rnd()%4); return pool[rnd()%NPOOL]; }
static int leaf(int eq, char fld){ int i=nn++; unsigned r=rnd()%16; T[i].k = eq||r<8?EQ:r<11?NE:r<14?LT:BAND; T[i].v=rconst(); T[i].fld = fld ? fld : rfld(); return i; }
static int maybe_not(int c){ if (rnd()%6==0){ int i=nn++; T[i].k=NOT; T[i].l=c; return i;} return c; }
static int chain(int len,int ne){ char fl = rnd()%3 ? 'f' : 0; int c=leaf(1,fl),i; if(ne)T[c].k=NE; c = rnd()%8==0 ? maybe_not(c) : c;
  for(i=1;i<len&&nn<900;i++){int l=leaf(1, fl ? (rnd()%5==0?'k':'f') : 0),o; if(ne)T[l].k=NE; if (rnd()%10==0) { /* !(f != v) member */ T[l].k = ne?EQ:NE; int x=nn++; T[x].k=NOT; T[x].l=l; l=x; } o=nn++; T[o].k=ne?AND:OR; if (rnd()%4==0){T[o].l=l;T[o].r=c;} else {T[o].l=c;T[o].r=l;} c=o;} return c; }
static int gen(int d){ unsigned r=rnd()%10; int i; if(nn>800||d>DEPTH||r<2)return maybe_not(leaf(0,0)); if(r<5)return maybe_not(chain(2+rnd()%CH,rnd()%4==0)); if(r<6){i=nn++;T[i].k=NOT;T[i].l=gen(d+1);return i;} i=nn++;T[i].k=r<8?OR:AND;T[i].l=gen(d+1);T[i].r=gen(d+1);return i; }
static s64 sx(u64 x,int w){ return w==8?(s64)x:(s64)(x<<(64-8*w))>>(64-8*w); }
static int fw(char c){ return c=='g'?8:c=='h'?W2:W; }
static int fs(char c){ return c=='g'?0:c=='h'?SGN2:c=='k'?!SGN:SGN; }
static int ev(int i,u64 f,u64 g){ struct node*n=&T[i]; u64 x = n->fld=='g'?g:f; int w=fw(n->fld), s=fs(n->fld); u64 a=trunc_(x,w), c=trunc_(n->v,w);
 switch(n->k){case EQ:return a==c;case NE:return a!=c;case LT:return s? sx(a,w)<sx(c,w) : a<c; case BAND: return !!(a & c);case NOT:return !ev(n->l,f,g);case AND:return ev(n->l,f,g)&&ev(n->r,f,g);case OR:return ev(n->l,f,g)||ev(n->r,f,g);} return 0;}
static int prc(int i,char*s,int pk,int paren);
static int pr(int i,char*s){ struct node*n=&T[i]; int o=0; const char *op;
 switch(n->k){case EQ: op="=="; goto l; case NE: op="!="; goto l; case LT: op="<"; goto l; case BAND: op="&"; l: return sprintf(s,"%c %s 0x%llx",n->fld,op,(unsigned long long)n->v);
 case NOT: if (T[n->l].k <= BAND && rnd()%2) { o+=sprintf(s+o,"!"); o+=pr(n->l,s+o); return o; } o+=sprintf(s+o,"!(");o+=pr(n->l,s+o);o+=sprintf(s+o,")");return o;
 default: { int paren = rnd()%3; o+=prc(n->l,s+o,n->k,paren);o+=sprintf(s+o,n->k==AND?" && ":" || ");o+=prc(n->r,s+o,n->k,paren);return o;} } }
static int prc(int i,char*s,int pk,int paren){ int o=0; int need = (T[i].k==AND||T[i].k==OR) && (T[i].k!=pk || paren); if(need) o+=sprintf(s+o,"("); o+=pr(i,s+o); if(need) o+=sprintf(s+o,")"); return o; }
static int count_preds(struct prog_entry *p){int n=0;while(p[n].pred)n++;return n;}
int main(int argc,char**argv)
{
	static char buf[65536]; int t, folded_total=0, preds_total=0, hashed=0, searched=0, skipped=0;
	int N = argc>1?atoi(argv[1]):20000; if(argc>2){NPOOL=atoi(argv[2]);CH=atoi(argv[3]);} if (argc>4) DEPTH=atoi(argv[4]); if (argc>5) st=atoll(argv[5]);
	for (t = 0; t < N; t++) {
		struct filter_parse_error pe = {0}; struct prog_entry *p1, *p2; int root, i, j, np, nf;
		static const int ws[4]={1,2,4,8}; W = ws[rnd()%4]; SGN = rnd()%2; do W2 = ws[rnd()%4]; while (W2 == W); SGN2 = rnd()%2;
		ff = (struct ftrace_event_field){"f",0,W,SGN}; fk = (struct ftrace_event_field){"k",0,W,!SGN};
		fh = (struct ftrace_event_field){"h",0,W2,SGN2}; fg = (struct ftrace_event_field){"g",8,8,0};
		for (i=0;i<NPOOL;i++){ u64 v; switch(rnd()%3){case 0:v=rnd()%8;break;case 1:v=-(u64)(rnd()%8);break;default:v=((u64)rnd()<<32)|rnd();} pool[i]=trunc_(v,W); }
		nn=0; root=gen(0); pr(root,buf);
		{ int npreds = 0; for (i=0; buf[i]; i++) if (strchr("fghk", buf[i])) npreds++;
		  p1 = predicate_parse(buf, 512, npreds, parse_pred, NULL, &pe);
		  p2 = predicate_parse(buf, 512, npreds, parse_pred, NULL, &pe); }
		if (IS_ERR(p1)||IS_ERR(p2)) { skipped++; continue; }
		np = count_preds(p2);
		p2 = fold_set_preds(p2, 0);
		if (IS_ERR(p2)) { printf("fold error\n"); return 1; }
		nf = count_preds(p2); preds_total += np; folded_total += nf;
		for (i=0;p2[i].pred;i++){ int fn=p2[i].pred->fn_num; if(fn>=FILTER_PRED_FN_HASH_64&&fn<=FILTER_PRED_FN_HASH_8)hashed++; if(fn>=FILTER_PRED_FN_SET_64&&fn<=FILTER_PRED_FN_SET_8)searched++; }
		for (i = 0; i < NPOOL*6+6; i++) {
			u64 f;
			if (i < NPOOL*6) { u64 b = pool[i/6]; switch (i%6) { case 0: f=b; break; case 1: f=b+1; break; case 2: f=b-1; break; case 3: f=b|(1ULL<<40); break; case 4: f=b^(1ULL<<(W*8-1)); break; default: f = W2 == 8 ? ~b : b ^ (1ULL << (8*W2)); } }
			else f = i==NPOOL*6?0:i==NPOOL*6+1?~0ULL:i==NPOOL*6+2?(1ULL<<(W*8-1)):((u64)rnd()<<32|rnd());
			for (j = 0; j < 3; j++) {
				struct { u64 f, g; } rec = { f, j==2 ? pool[rnd()%NPOOL] : 999 + j };
				int want = ev(root, f, rec.g), a = run(p1, &rec), b = run(p2, &rec);
				if (nf == 1 && (p2[0].target != 1 || (filter_pred_fn_call(p2[0].pred, &rec) ^ p2[0].when_to_branch) != want)) { printf("ONE_PRED mismatch %s\n", buf); return 1; }
				if (a != want || b != want) { printf("MISMATCH W=%d S=%d W2=%d f=0x%llx g=0x%llx want %d unfolded %d folded %d\n%s\n", W, SGN, W2, (unsigned long long)f, (unsigned long long)rec.g, want, a, b, buf); return 1; }
			}
		}
		for (i=0;p1[i].pred;i++) free_predicate(p1[i].pred); free(p1);
		for (i=0;p2[i].pred;i++) free_predicate(p2[i].pred); free(p2);
	}
	printf("ok: %d expressions (%d unparsable), %d predicates -> %d after folding (%d hashed sets, %d searched)\n", N, skipped, preds_total, folded_total, hashed, searched);
	return 0;
}
