#include "textflag.h"

// The AVX2 kernels of sliced.match, one per chunk count, alike but for the
// chunks matched (see matchAVX2; the Go kernels of quadrant_kernels.go count
// the same pairs on another layout).
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

// func bitPlanesAVX2(keys *[64]uint64, planes *[40]uint64)
//
// Each half of 32 keys is transposed bytewise first: VPSHUFB pairs the bytes
// of the two keys of a lane, and three rounds of unpacking (words, double
// words, quadwords) gather byte p of the 32 keys into Y0..Y4 (p = 0..4), in
// the order 0,1,4,5,8,9,12,13,16,…; VPERMQ and VPSHUFB put them in order.
// Then bit b of byte p, shifted to the top of each byte, is taken by
// VPMOVMSKB: 32 bits of plane 8p+b.
TEXT ·bitPlanesAVX2(SB), NOSPLIT, $0-16
	MOVQ keys+0(FP), SI
	MOVQ planes+8(FP), DI
	MOVQ $0x0b030a0209010800, AX
	VMOVQ AX, X15
	MOVQ $0x0f070e060d050c04, AX
	VPINSRQ $1, AX, X15, X15
	VINSERTI128 $1, X15, Y15, Y15
	MOVQ $0x0b0a030209080100, AX
	VMOVQ AX, X14
	MOVQ $0x0f0e07060d0c0504, AX
	VPINSRQ $1, AX, X14, X14
	VINSERTI128 $1, X14, Y14, Y14
	XORQ CX, CX

half:
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU 128(SI), Y4
	VMOVDQU 160(SI), Y5
	VMOVDQU 192(SI), Y6
	VMOVDQU 224(SI), Y7
	VPSHUFB Y15, Y0, Y0
	VPSHUFB Y15, Y1, Y1
	VPSHUFB Y15, Y2, Y2
	VPSHUFB Y15, Y3, Y3
	VPSHUFB Y15, Y4, Y4
	VPSHUFB Y15, Y5, Y5
	VPSHUFB Y15, Y6, Y6
	VPSHUFB Y15, Y7, Y7
	VPUNPCKLWD Y1, Y0, Y8
	VPUNPCKHWD Y1, Y0, Y9
	VPUNPCKLWD Y3, Y2, Y10
	VPUNPCKHWD Y3, Y2, Y11
	VPUNPCKLWD Y5, Y4, Y0
	VPUNPCKHWD Y5, Y4, Y1
	VPUNPCKLWD Y7, Y6, Y2
	VPUNPCKHWD Y7, Y6, Y3
	VPUNPCKLDQ Y10, Y8, Y4
	VPUNPCKHDQ Y10, Y8, Y5
	VPUNPCKLDQ Y2, Y0, Y6
	VPUNPCKHDQ Y2, Y0, Y7
	VPUNPCKLDQ Y11, Y9, Y8
	VPUNPCKLDQ Y3, Y1, Y10
	VPUNPCKLQDQ Y6, Y4, Y0
	VPUNPCKHQDQ Y6, Y4, Y1
	VPUNPCKLQDQ Y7, Y5, Y2
	VPUNPCKHQDQ Y7, Y5, Y3
	VPUNPCKLQDQ Y10, Y8, Y4
	VPERMQ $0xd8, Y0, Y0
	VPSHUFB Y14, Y0, Y0
	VPERMQ $0xd8, Y1, Y1
	VPSHUFB Y14, Y1, Y1
	VPERMQ $0xd8, Y2, Y2
	VPSHUFB Y14, Y2, Y2
	VPERMQ $0xd8, Y3, Y3
	VPSHUFB Y14, Y3, Y3
	VPERMQ $0xd8, Y4, Y4
	VPSHUFB Y14, Y4, Y4
	VPSLLW $7, Y0, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 0(DI)(CX*1)
	VPSLLW $6, Y0, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 8(DI)(CX*1)
	VPSLLW $5, Y0, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 16(DI)(CX*1)
	VPSLLW $4, Y0, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 24(DI)(CX*1)
	VPSLLW $3, Y0, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 32(DI)(CX*1)
	VPSLLW $2, Y0, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 40(DI)(CX*1)
	VPSLLW $1, Y0, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 48(DI)(CX*1)
	VPMOVMSKB Y0, AX
	MOVL AX, 56(DI)(CX*1)
	VPSLLW $7, Y1, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 64(DI)(CX*1)
	VPSLLW $6, Y1, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 72(DI)(CX*1)
	VPSLLW $5, Y1, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 80(DI)(CX*1)
	VPSLLW $4, Y1, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 88(DI)(CX*1)
	VPSLLW $3, Y1, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 96(DI)(CX*1)
	VPSLLW $2, Y1, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 104(DI)(CX*1)
	VPSLLW $1, Y1, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 112(DI)(CX*1)
	VPMOVMSKB Y1, AX
	MOVL AX, 120(DI)(CX*1)
	VPSLLW $7, Y2, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 128(DI)(CX*1)
	VPSLLW $6, Y2, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 136(DI)(CX*1)
	VPSLLW $5, Y2, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 144(DI)(CX*1)
	VPSLLW $4, Y2, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 152(DI)(CX*1)
	VPSLLW $3, Y2, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 160(DI)(CX*1)
	VPSLLW $2, Y2, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 168(DI)(CX*1)
	VPSLLW $1, Y2, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 176(DI)(CX*1)
	VPMOVMSKB Y2, AX
	MOVL AX, 184(DI)(CX*1)
	VPSLLW $7, Y3, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 192(DI)(CX*1)
	VPSLLW $6, Y3, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 200(DI)(CX*1)
	VPSLLW $5, Y3, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 208(DI)(CX*1)
	VPSLLW $4, Y3, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 216(DI)(CX*1)
	VPSLLW $3, Y3, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 224(DI)(CX*1)
	VPSLLW $2, Y3, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 232(DI)(CX*1)
	VPSLLW $1, Y3, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 240(DI)(CX*1)
	VPMOVMSKB Y3, AX
	MOVL AX, 248(DI)(CX*1)
	VPSLLW $7, Y4, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 256(DI)(CX*1)
	VPSLLW $6, Y4, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 264(DI)(CX*1)
	VPSLLW $5, Y4, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 272(DI)(CX*1)
	VPSLLW $4, Y4, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 280(DI)(CX*1)
	VPSLLW $3, Y4, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 288(DI)(CX*1)
	VPSLLW $2, Y4, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 296(DI)(CX*1)
	VPSLLW $1, Y4, Y9
	VPMOVMSKB Y9, AX
	MOVL AX, 304(DI)(CX*1)
	VPMOVMSKB Y4, AX
	MOVL AX, 312(DI)(CX*1)
	ADDQ $256, SI
	ADDQ $4, CX
	CMPQ CX, $8
	JNE half
	VZEROUPPER
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
