#include "textflag.h"
#include "quadrant_kernels_amd64.h"

// The AVX-512 kernels of sliced.match, one per chunk count, alike but for
// the chunks matched (see matchAVX512): matchAVX2's loops on groups of eight
// blocks, 512 keys, ANDed 512 bits at a time, their bits counted by
// VPOPCNTQ and added in 64-bit lanes.
//
// Registers and locals: see quadrant_kernels_amd64.h. A group's word for
// one chunk and value is 64 bytes (eight blocks), so the offset of a key's
// chunk is its value·64, and chunk j's words are 1024·j further. Z12 holds
// the total and Z11 the key's counts, eight 64-bit lanes each.

// PROLOGUE lays out the spans and clears the total and the key's counts.
#define PROLOGUE \
	SPANS; \
	VPXORQ Z12, Z12, Z12; \
	VPXORQ Z11, Z11, Z11

// OFF sets reg to bits 4j..4j+3 of the key times 64: r = 4j-6 mod 64.
#define OFF(r, reg) \
	RORXQ $r, R14, reg; \
	ANDQ $0x3c0, reg

// POPACC adds the population counts of Z0's lanes to Z11's.
#define POPACC \
	VPOPCNTQ Z0, Z0; \
	VPADDQ Z0, Z11, Z11

// FLUSH adds the key's counts, weighed, to the total.
#define FLUSH \
	VPSLLQ X10, Z11, Z11; \
	VPADDQ Z11, Z12, Z12; \
	VPXORQ Z11, Z11, Z11

// EPILOGUE sums the total's lanes into AX.
#define EPILOGUE \
	VEXTRACTI64X4 $1, Z12, Y1; \
	VPADDQ Y1, Y12, Y1; \
	VEXTRACTI128 $1, Y1, X2; \
	VPADDQ X2, X1, X1; \
	VPSHUFD $0x4e, X1, X2; \
	VPADDQ X2, X1, X1; \
	VMOVQ X1, AX; \
	VZEROUPPER

// func matchAVX512x8(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
TEXT ·matchAVX512x8(SB), NOSPLIT, $536-56
	PROLOGUE

key:
	NEXTKEY(done)
	OFF(58, AX)
	OFF(62, BX)
	OFF(2, CX)
	OFF(6, DX)
	OFF(10, SI)
	OFF(14, DI)
	OFF(18, R8)
	OFF(22, R9)
	SPANF(cut)

free:
	GROUP
	VMOVDQU64 1024(R15)(BX*1), Z0
	VPANDQ 2048(R15)(CX*1), Z0, Z0
	VPANDQ 3072(R15)(DX*1), Z0, Z0
	VPANDQ 4096(R15)(SI*1), Z0, Z0
	VPANDQ 5120(R15)(DI*1), Z0, Z0
	VPANDQ 6144(R15)(R8*1), Z0, Z0
	VPANDQ 7168(R15)(R9*1), Z0, Z0
	POPACC
	INCQ R14
	JNZ free

cut:
	SPANP(flush)

withcut:
	GROUP
	VMOVDQU64 (R15)(AX*1), Z0
	VPANDQ 1024(R15)(BX*1), Z0, Z0
	VPANDQ 2048(R15)(CX*1), Z0, Z0
	VPANDQ 3072(R15)(DX*1), Z0, Z0
	VPANDQ 4096(R15)(SI*1), Z0, Z0
	VPANDQ 5120(R15)(DI*1), Z0, Z0
	VPANDQ 6144(R15)(R8*1), Z0, Z0
	VPANDQ 7168(R15)(R9*1), Z0, Z0
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

// func matchAVX512x9(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
TEXT ·matchAVX512x9(SB), NOSPLIT, $536-56
	PROLOGUE

key:
	NEXTKEY(done)
	OFF(58, AX)
	OFF(62, BX)
	OFF(2, CX)
	OFF(6, DX)
	OFF(10, SI)
	OFF(14, DI)
	OFF(18, R8)
	OFF(22, R9)
	OFF(26, R10)
	SPANF(cut)

free:
	GROUP
	VMOVDQU64 1024(R15)(BX*1), Z0
	VPANDQ 2048(R15)(CX*1), Z0, Z0
	VPANDQ 3072(R15)(DX*1), Z0, Z0
	VPANDQ 4096(R15)(SI*1), Z0, Z0
	VPANDQ 5120(R15)(DI*1), Z0, Z0
	VPANDQ 6144(R15)(R8*1), Z0, Z0
	VPANDQ 7168(R15)(R9*1), Z0, Z0
	VPANDQ 8192(R15)(R10*1), Z0, Z0
	POPACC
	INCQ R14
	JNZ free

cut:
	SPANP(flush)

withcut:
	GROUP
	VMOVDQU64 (R15)(AX*1), Z0
	VPANDQ 1024(R15)(BX*1), Z0, Z0
	VPANDQ 2048(R15)(CX*1), Z0, Z0
	VPANDQ 3072(R15)(DX*1), Z0, Z0
	VPANDQ 4096(R15)(SI*1), Z0, Z0
	VPANDQ 5120(R15)(DI*1), Z0, Z0
	VPANDQ 6144(R15)(R8*1), Z0, Z0
	VPANDQ 7168(R15)(R9*1), Z0, Z0
	VPANDQ 8192(R15)(R10*1), Z0, Z0
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

// func matchAVX512x10(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
TEXT ·matchAVX512x10(SB), NOSPLIT, $536-56
	PROLOGUE

key:
	NEXTKEY(done)
	OFF(58, AX)
	OFF(62, BX)
	OFF(2, CX)
	OFF(6, DX)
	OFF(10, SI)
	OFF(14, DI)
	OFF(18, R8)
	OFF(22, R9)
	OFF(26, R10)
	OFF(30, R11)
	SPANF(cut)

free:
	GROUP
	VMOVDQU64 1024(R15)(BX*1), Z0
	VPANDQ 2048(R15)(CX*1), Z0, Z0
	VPANDQ 3072(R15)(DX*1), Z0, Z0
	VPANDQ 4096(R15)(SI*1), Z0, Z0
	VPANDQ 5120(R15)(DI*1), Z0, Z0
	VPANDQ 6144(R15)(R8*1), Z0, Z0
	VPANDQ 7168(R15)(R9*1), Z0, Z0
	VPANDQ 8192(R15)(R10*1), Z0, Z0
	VPANDQ 9216(R15)(R11*1), Z0, Z0
	POPACC
	INCQ R14
	JNZ free

cut:
	SPANP(flush)

withcut:
	GROUP
	VMOVDQU64 (R15)(AX*1), Z0
	VPANDQ 1024(R15)(BX*1), Z0, Z0
	VPANDQ 2048(R15)(CX*1), Z0, Z0
	VPANDQ 3072(R15)(DX*1), Z0, Z0
	VPANDQ 4096(R15)(SI*1), Z0, Z0
	VPANDQ 5120(R15)(DI*1), Z0, Z0
	VPANDQ 6144(R15)(R8*1), Z0, Z0
	VPANDQ 7168(R15)(R9*1), Z0, Z0
	VPANDQ 8192(R15)(R10*1), Z0, Z0
	VPANDQ 9216(R15)(R11*1), Z0, Z0
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
