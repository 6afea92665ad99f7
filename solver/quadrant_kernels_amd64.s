#include "textflag.h"

// The AVX2 kernels of sliced.match, one per chunk count, alike but for the
// chunks matched (see matchAVX2, and the Go kernels of quadrant_kernels.go,
// which they follow).
//
// Registers: AX, BX, CX, DX, SI, DI, R8, R9, R10, R11 hold the byte offsets
// of the key's chunks 0..9 within a group (value·32; chunk j's words are
// 512·j further), R12 the table, R13 the end of the list of groups being
// walked and R14 the (negative) index in it, R15 the group. Y15 is the
// low-nibble mask, Y14 the population counts of the 16 nibbles, Y13 zero,
// Y12 the total (four 64-bit lanes), Y11 the key's counts per byte, X10 its
// weight. Locals: 0(SP)..511(SP) the spans, 32 bytes per cut; 512(SP) the
// next key, 520(SP) the end of the keys, 528(SP) the key's cut·32.

// PROLOGUE loads the table into R12 and the constants, and lays out each
// cut's span in the locals as the ends of its two lists of groups and the
// (negative) numbers of their entries.
#define PROLOGUE \
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
	JNE spans; \
	MOVQ $0x0f0f0f0f0f0f0f0f, AX; \
	VMOVQ AX, X15; \
	VPBROADCASTQ X15, Y15; \
	MOVQ $0x0302020102010100, AX; \
	VMOVQ AX, X14; \
	MOVQ $0x0403030203020201, AX; \
	VPINSRQ $1, AX, X14, X14; \
	VINSERTI128 $1, X14, Y14, Y14; \
	VPXOR Y13, Y13, Y13; \
	VPXOR Y12, Y12, Y12; \
	VPXOR Y11, Y11, Y11

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

// OFF sets reg to bits 4j..4j+3 of the key times 32: r = 4j-5 mod 64.
#define OFF(r, reg) \
	RORXQ $r, R14, reg; \
	ANDQ $0x1e0, reg

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

// POPACC adds the population counts of Y0's bytes to Y11's.
#define POPACC \
	VPSRLW $4, Y0, Y1; \
	VPAND Y15, Y0, Y0; \
	VPAND Y15, Y1, Y1; \
	VPSHUFB Y0, Y14, Y0; \
	VPSHUFB Y1, Y14, Y1; \
	VPADDB Y0, Y11, Y11; \
	VPADDB Y1, Y11, Y11

// FLUSH adds the key's counts, weighed, to the total.
#define FLUSH \
	VPSADBW Y13, Y11, Y1; \
	VPSLLQ X10, Y1, Y1; \
	VPADDQ Y1, Y12, Y12; \
	VPXOR Y11, Y11, Y11

// EPILOGUE sums the total's lanes into AX.
#define EPILOGUE \
	VEXTRACTI128 $1, Y12, X1; \
	VPADDQ X1, X12, X1; \
	VPSHUFD $0x4e, X1, X2; \
	VPADDQ X2, X1, X1; \
	VMOVQ X1, AX; \
	VZEROUPPER

// func matchAVX2x7(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
TEXT ·matchAVX2x7(SB), NOSPLIT, $536-56
	PROLOGUE

key:
	NEXTKEY(done)
	OFF(59, AX)
	OFF(63, BX)
	OFF(3, CX)
	OFF(7, DX)
	OFF(11, SI)
	OFF(15, DI)
	OFF(19, R8)
	SPANF(cut)

free:
	GROUP
	VMOVDQU 512(R15)(BX*1), Y0
	VPAND 1024(R15)(CX*1), Y0, Y0
	VPAND 1536(R15)(DX*1), Y0, Y0
	VPAND 2048(R15)(SI*1), Y0, Y0
	VPAND 2560(R15)(DI*1), Y0, Y0
	VPAND 3072(R15)(R8*1), Y0, Y0
	POPACC
	INCQ R14
	JNZ free

cut:
	SPANP(flush)

withcut:
	GROUP
	VMOVDQU (R15)(AX*1), Y0
	VPAND 512(R15)(BX*1), Y0, Y0
	VPAND 1024(R15)(CX*1), Y0, Y0
	VPAND 1536(R15)(DX*1), Y0, Y0
	VPAND 2048(R15)(SI*1), Y0, Y0
	VPAND 2560(R15)(DI*1), Y0, Y0
	VPAND 3072(R15)(R8*1), Y0, Y0
	POPACC
	INCQ R14
	JNZ withcut

flush:
	FLUSH
	JMP key

done:
	EPILOGUE
	MOVQ AX, ret+48(FP)
	RET

// func matchAVX2x8(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
TEXT ·matchAVX2x8(SB), NOSPLIT, $536-56
	PROLOGUE

key:
	NEXTKEY(done)
	OFF(59, AX)
	OFF(63, BX)
	OFF(3, CX)
	OFF(7, DX)
	OFF(11, SI)
	OFF(15, DI)
	OFF(19, R8)
	OFF(23, R9)
	SPANF(cut)

free:
	GROUP
	VMOVDQU 512(R15)(BX*1), Y0
	VPAND 1024(R15)(CX*1), Y0, Y0
	VPAND 1536(R15)(DX*1), Y0, Y0
	VPAND 2048(R15)(SI*1), Y0, Y0
	VPAND 2560(R15)(DI*1), Y0, Y0
	VPAND 3072(R15)(R8*1), Y0, Y0
	VPAND 3584(R15)(R9*1), Y0, Y0
	POPACC
	INCQ R14
	JNZ free

cut:
	SPANP(flush)

withcut:
	GROUP
	VMOVDQU (R15)(AX*1), Y0
	VPAND 512(R15)(BX*1), Y0, Y0
	VPAND 1024(R15)(CX*1), Y0, Y0
	VPAND 1536(R15)(DX*1), Y0, Y0
	VPAND 2048(R15)(SI*1), Y0, Y0
	VPAND 2560(R15)(DI*1), Y0, Y0
	VPAND 3072(R15)(R8*1), Y0, Y0
	VPAND 3584(R15)(R9*1), Y0, Y0
	POPACC
	INCQ R14
	JNZ withcut

flush:
	FLUSH
	JMP key

done:
	EPILOGUE
	MOVQ AX, ret+48(FP)
	RET

// func matchAVX2x9(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
TEXT ·matchAVX2x9(SB), NOSPLIT, $536-56
	PROLOGUE

key:
	NEXTKEY(done)
	OFF(59, AX)
	OFF(63, BX)
	OFF(3, CX)
	OFF(7, DX)
	OFF(11, SI)
	OFF(15, DI)
	OFF(19, R8)
	OFF(23, R9)
	OFF(27, R10)
	SPANF(cut)

free:
	GROUP
	VMOVDQU 512(R15)(BX*1), Y0
	VPAND 1024(R15)(CX*1), Y0, Y0
	VPAND 1536(R15)(DX*1), Y0, Y0
	VPAND 2048(R15)(SI*1), Y0, Y0
	VPAND 2560(R15)(DI*1), Y0, Y0
	VPAND 3072(R15)(R8*1), Y0, Y0
	VPAND 3584(R15)(R9*1), Y0, Y0
	VPAND 4096(R15)(R10*1), Y0, Y0
	POPACC
	INCQ R14
	JNZ free

cut:
	SPANP(flush)

withcut:
	GROUP
	VMOVDQU (R15)(AX*1), Y0
	VPAND 512(R15)(BX*1), Y0, Y0
	VPAND 1024(R15)(CX*1), Y0, Y0
	VPAND 1536(R15)(DX*1), Y0, Y0
	VPAND 2048(R15)(SI*1), Y0, Y0
	VPAND 2560(R15)(DI*1), Y0, Y0
	VPAND 3072(R15)(R8*1), Y0, Y0
	VPAND 3584(R15)(R9*1), Y0, Y0
	VPAND 4096(R15)(R10*1), Y0, Y0
	POPACC
	INCQ R14
	JNZ withcut

flush:
	FLUSH
	JMP key

done:
	EPILOGUE
	MOVQ AX, ret+48(FP)
	RET

// func matchAVX2x10(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
TEXT ·matchAVX2x10(SB), NOSPLIT, $536-56
	PROLOGUE

key:
	NEXTKEY(done)
	OFF(59, AX)
	OFF(63, BX)
	OFF(3, CX)
	OFF(7, DX)
	OFF(11, SI)
	OFF(15, DI)
	OFF(19, R8)
	OFF(23, R9)
	OFF(27, R10)
	OFF(31, R11)
	SPANF(cut)

free:
	GROUP
	VMOVDQU 512(R15)(BX*1), Y0
	VPAND 1024(R15)(CX*1), Y0, Y0
	VPAND 1536(R15)(DX*1), Y0, Y0
	VPAND 2048(R15)(SI*1), Y0, Y0
	VPAND 2560(R15)(DI*1), Y0, Y0
	VPAND 3072(R15)(R8*1), Y0, Y0
	VPAND 3584(R15)(R9*1), Y0, Y0
	VPAND 4096(R15)(R10*1), Y0, Y0
	VPAND 4608(R15)(R11*1), Y0, Y0
	POPACC
	INCQ R14
	JNZ free

cut:
	SPANP(flush)

withcut:
	GROUP
	VMOVDQU (R15)(AX*1), Y0
	VPAND 512(R15)(BX*1), Y0, Y0
	VPAND 1024(R15)(CX*1), Y0, Y0
	VPAND 1536(R15)(DX*1), Y0, Y0
	VPAND 2048(R15)(SI*1), Y0, Y0
	VPAND 2560(R15)(DI*1), Y0, Y0
	VPAND 3072(R15)(R8*1), Y0, Y0
	VPAND 3584(R15)(R9*1), Y0, Y0
	VPAND 4096(R15)(R10*1), Y0, Y0
	VPAND 4608(R15)(R11*1), Y0, Y0
	POPACC
	INCQ R14
	JNZ withcut

flush:
	FLUSH
	JMP key

done:
	EPILOGUE
	MOVQ AX, ret+48(FP)
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
