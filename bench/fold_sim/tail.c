static int W; /* field f: 1,2,4,8 bytes; signed? */
static int SGN;
static struct ftrace_event_field ff, fg;
static int parse_pred(const char *str, void *data, int pos, struct filter_parse_error *pe, struct filter_pred **pred_ptr)
{
	int i = 0, op; struct filter_pred *pred; struct ftrace_event_field *field; char *end; u64 val;
	while (isspace(str[i])) i++;
	if (str[i] == 'f') field = &ff; else if (str[i] == 'g') field = &fg; else return -EINVAL;
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
/* random expression */
static unsigned long long st = 1;
static unsigned rnd(void){ st = st*6364136223846793005ULL+1442695040888963407ULL; return st>>33; }
static u64 pool[40]; static int NPOOL = 6, CH = 6;
enum { EQ, NE, LT, NOT, AND, OR };
struct node { int k, other; u64 v; int l, r; } T[256]; int nn;
static u64 trunc_(u64 v, int w){ return w==8?v:(v & ((1ULL<<(w*8))-1)); }
static int leaf(int eq){ int i=nn++; unsigned r=rnd()%16; T[i].k = eq||r<9?EQ:r<12?NE:LT; T[i].v=pool[rnd()%NPOOL]; T[i].other = rnd()%8==0; return i; }
static int chain(int len,int ne){ int c=leaf(1),i; if(ne)T[c].k=NE; for(i=1;i<len&&nn<200;i++){int l=leaf(1),o; if(ne)T[l].k=NE; o=nn++; T[o].k=ne?AND:OR; T[o].l=c;T[o].r=l;c=o;} return c; }
static int gen(int d){ unsigned r=rnd()%10; int i; if(nn>150||d>3||r<2)return leaf(0); if(r<5)return chain(2+rnd()%CH,rnd()%4==0); if(r<6){i=nn++;T[i].k=NOT;T[i].l=gen(d+1);return i;} i=nn++;T[i].k=r<8?OR:AND;T[i].l=gen(d+1);T[i].r=gen(d+1);return i; }
static int lt(u64 x,u64 c,int w,int s){ x=trunc_(x,w); c=trunc_(c,w); if(s){ s64 a=(s64)(x<<(64-8*w))>>(64-8*w), b=(s64)(c<<(64-8*w))>>(64-8*w); return a<b;} return x<c; }
static int ev(int i,u64 f,u64 g){ struct node*n=&T[i]; u64 x=n->other?g:f; int w=n->other?8:W, s=n->other?0:SGN;
 switch(n->k){case EQ:return trunc_(x,w)==trunc_(n->v,w);case NE:return trunc_(x,w)!=trunc_(n->v,w);case LT:return lt(x,n->v,w,s);case NOT:return !ev(n->l,f,g);case AND:return ev(n->l,f,g)&&ev(n->r,f,g);case OR:return ev(n->l,f,g)||ev(n->r,f,g);} return 0;}
static int pr(int i,char*s){ struct node*n=&T[i]; const char*fld=n->other?"g":"f"; int o=0;
 switch(n->k){case EQ:return sprintf(s,"%s == 0x%llx",fld,(unsigned long long)n->v);case NE:return sprintf(s,"%s != 0x%llx",fld,(unsigned long long)n->v);case LT:return sprintf(s,"%s < 0x%llx",fld,(unsigned long long)n->v);
 case NOT:o+=sprintf(s+o,"!(");o+=pr(n->l,s+o);o+=sprintf(s+o,")");return o;
 default:o+=sprintf(s+o,"(");o+=pr(n->l,s+o);o+=sprintf(s+o,n->k==AND?" && ":" || ");o+=pr(n->r,s+o);o+=sprintf(s+o,")");return o;} }
static int count_preds(struct prog_entry *p){int n=0;while(p[n].pred)n++;return n;}
int main(int argc,char**argv)
{
	static char buf[16384]; int t, folded_total=0, preds_total=0, hashed=0, searched=0;
	int N = argc>1?atoi(argv[1]):20000; if(argc>2){NPOOL=atoi(argv[2]);CH=atoi(argv[3]);}
	for (t = 0; t < N; t++) {
		struct filter_parse_error pe = {0}; struct prog_entry *p1, *p2; int root, i, j, np, nf;
		static const int ws[4]={1,2,4,8}; W = ws[rnd()%4]; SGN = rnd()%2;
		ff = (struct ftrace_event_field){"f",0,W,SGN}; fg = (struct ftrace_event_field){"g",8,8,0};
		for (i=0;i<NPOOL;i++){ u64 v; switch(rnd()%3){case 0:v=rnd()%8;break;case 1:v=-(u64)(rnd()%8);break;default:v=((u64)rnd()<<32)|rnd();} pool[i]=trunc_(v,W); }
		nn=0; root=gen(0); pr(root,buf);
		{ int parens, npreds, err; /* count like calc_stack: generous */
		  npreds = 0; for (i=0; buf[i]; i++) if (buf[i]=='f'||buf[i]=='g') npreds++;
		  parens = 64;
		  p1 = predicate_parse(buf, parens, npreds, parse_pred, NULL, &pe);
		  p2 = predicate_parse(buf, parens, npreds, parse_pred, NULL, &pe); }
		if (IS_ERR(p1)||IS_ERR(p2)) { printf("parse error %s\n", buf); return 1; }
		np = count_preds(p2);
		p2 = fold_set_preds(p2, 0);
		if (IS_ERR(p2)) { printf("fold error\n"); return 1; }
		nf = count_preds(p2); preds_total += np; folded_total += nf;
		for (i=0;p2[i].pred;i++){ int fn=p2[i].pred->fn_num; if(fn>=FILTER_PRED_FN_HASH_64&&fn<=FILTER_PRED_FN_HASH_8)hashed++; if(fn>=FILTER_PRED_FN_SET_64&&fn<=FILTER_PRED_FN_SET_8)searched++; }
		for (i = 0; i < NPOOL*4+4; i++) {
			u64 f = i<NPOOL*4 ? pool[i/4] + (i%4==1) - (i%4==2) + (i%4==3 ? (1ULL<<40) : 0) : (i==NPOOL*4?0:i==NPOOL*4+1?~0ULL:i==NPOOL*4+2?(1ULL<<(W*8-1)):rnd());
			for (j = 0; j < 2; j++) {
				struct { u64 f, g; } rec = { f, 999 + j };
				int want = ev(root, f, rec.g), a = run(p1, &rec), b = run(p2, &rec);
				if (nf == 1 && p2[0].target == 1 && (filter_pred_fn_call(p2[0].pred, &rec) ^ p2[0].when_to_branch) != want) { printf("ONE_PRED mismatch %s\n", buf); return 1; }
				if (nf == 1 && p2[0].target != 1) { printf("one pred, target %d\n", p2[0].target); return 1; }
				if (a != want || b != want) { printf("MISMATCH W=%d S=%d f=0x%llx g=%llu want %d unfolded %d folded %d\n%s\n", W, SGN, (unsigned long long)f, (unsigned long long)rec.g, want, a, b, buf); return 1; }
			}
		}
		for (i=0;p1[i].pred;i++) free_predicate(p1[i].pred); free(p1);
		for (i=0;p2[i].pred;i++) free_predicate(p2[i].pred); free(p2);
	}
	printf("ok: %d expressions, %d predicates -> %d after folding (%d hashed sets, %d searched)\n", N, preds_total, folded_total, hashed, searched);
	return 0;
}
