// Macros shared by the kernels of kernels_amd64.s (matchAVX2) and
// kernels_avx512_amd64.s (matchAVX512), which walk the same spans
// and lists of groups (see sliced, and KERNEL below) and differ in the
// width of a group.
//
// Registers: AX, BX, CX, DX, SI, DI, R8, R9, R10, R11 hold the byte offsets
// of the key's chunks 0..9 within a group (value times the bytes of a
// group's word for one value), R12 the table, R13 the end of the list of
// groups being walked and R14 the (negative) index in it, R15 the group,
// X10 the key's weight. Locals: 0(SP)..511(SP) the spans, 32 bytes per
// cut; 512(SP) the next key, 520(SP) the end of the keys, 528(SP) the key's
// cut·32.

// SPANS loads the table into R12 and lays out each cut's span in the locals
// as the ends of its two lists of groups and the (negative) numbers of their
// entries.
#define SPANS \
	MOVQ tab+0(FP), R12; \
	MOVQ south_base+8(FP), AX; \
	MOVQ AX, 512(SP); \
	MOVQ south_len+16(FP), BX; \
	LEAQ (AX)(BX*8), BX; \
	MOVQ BX, 520(SP); \
	MOVQ spans+40(FP), SI; \
	MOVQ list+32(FP), DI; \
	XORQ CX, CX; \
spans: \
	MOVL 0(SI), AX; \
	MOVL 4(SI), BX; \
	MOVL 8(SI), DX; \
	LEAQ (DI)(BX*4), R8; \
	MOVQ R8, 0(SP)(CX*1); \
	SUBQ BX, AX; \
	MOVQ AX, 8(SP)(CX*1); \
	LEAQ (DI)(DX*4), R8; \
	MOVQ R8, 16(SP)(CX*1); \
	SUBQ DX, BX; \
	MOVQ BX, 24(SP)(CX*1); \
	ADDQ $16, SI; \
	ADDQ $32, CX; \
	CMPQ CX, $512; \
	JNE spans

// NEXTKEY loads the next key into R14 and its weight into X10, or jumps to
// done when there is none.
#define NEXTKEY(done) \
	MOVQ 512(SP), R15; \
	CMPQ R15, 520(SP); \
	JEQ done; \
	MOVQ (R15), R14; \
	ADDQ $8, R15; \
	MOVQ R15, 512(SP); \
	MOVQ R14, R15; \
	SHRQ $62, R15; \
	POPCNTQ R15, R15; \
	VMOVQ R15, X10

// SPANF sets R13 and R14 to walk the key's groups matched without the cut
// chunk, or jumps to none.
#define SPANF(none) \
	ANDQ $15, R14; \
	SHLQ $5, R14; \
	MOVQ R14, 528(SP); \
	MOVQ 0(SP)(R14*1), R13; \
	MOVQ 8(SP)(R14*1), R14; \
	TESTQ R14, R14; \
	JEQ none

// SPANP sets R13 and R14 to walk those matched with it, or jumps to none.
#define SPANP(none) \
	MOVQ 528(SP), R14; \
	MOVQ 16(SP)(R14*1), R13; \
	MOVQ 24(SP)(R14*1), R14; \
	TESTQ R14, R14; \
	JEQ none

// GROUP loads the address of the next group into R15.
#define GROUP \
	MOVL (R13)(R14*4), R15; \
	ADDQ R12, R15

// KERNEL is a whole kernel of sliced.match, given three macros of the
// including file: offs sets the offsets of the key's chunks (OFF), free
// loads into the accumulator the AND of a group's words for all chunks but
// the cut (chunk 0), and all the AND for all chunks. For each key
// (NEXTKEY), the groups of its cut's two lists (SPANF, SPANP) are ANDed and
// counted (POPACC), and the key's counts added to the total (FLUSH); the
// total is returned (EPILOGUE). PROLOGUE, POPACC, FLUSH and EPILOGUE are
// the including file's.
#define KERNEL(offs, free, all) \
	PROLOGUE; \
key: \
	NEXTKEY(done); \
	offs; \
	SPANF(cut); \
freegroups: \
	GROUP; \
	free; \
	POPACC; \
	INCQ R14; \
	JNZ freegroups; \
cut: \
	SPANP(flush); \
withcut: \
	GROUP; \
	all; \
	POPACC; \
	INCQ R14; \
	JNZ withcut; \
flush: \
	FLUSH; \
	JMP key; \
done: \
	EPILOGUE; \
	MOVQ AX, ret+48(FP); \
	RET
