#include "textflag.h"
#include "kernels_amd64.h"

// The AVX-512 kernels of sliced.match, one per chunk count (see
// matchAVX512): KERNEL, as for matchAVX2, on groups of eight blocks, 512
// keys, ANDed 512 bits at a time, their bits counted by VPOPCNTQ and added
// in 64-bit lanes; OFFSn, FREEn and ALLn are those of n-1 chunks and one
// more.
//
// Registers and locals: see kernels_amd64.h. A group's word for
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

// PACK stores the lanes of z that mask k selects, packed to the low lanes
// (VPCOMPRESSQ into the register out: into memory it is slow on some
// processors), as eight keys at DI, and moves DI on past those it kept.
// AX is scratch.
#define PACK(z, k, out) \
	VPCOMPRESSQ z, k, out; \
	VMOVDQU64 out, (DI); \
	KMOVQ k, AX; \
	POPCNTQ AX, AX; \
	LEAQ (DI)(AX*8), DI

// LOWMASK sets mask k to the low r lanes (r < 8). DX is scratch.
#define LOWMASK(r, k) \
	MOVQ $1, DX; \
	SHLXQ r, DX, DX; \
	DECQ DX; \
	KMOVQ DX, k

// STORED returns the number of keys stored from R12 to DI, as the result
// at ret+56(FP).
#define STORED \
	SUBQ R12, DI; \
	SHRQ $3, DI; \
	MOVQ DI, ret+56(FP); \
	VZEROUPPER; \
	RET

// func matchAVX512x8(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
#define OFFS8 \
	OFF(58, AX); \
	OFF(62, BX); \
	OFF(2, CX); \
	OFF(6, DX); \
	OFF(10, SI); \
	OFF(14, DI); \
	OFF(18, R8); \
	OFF(22, R9)

// MIDDLE8 ANDs chunks 2 to 7 into Z0: what FREE8 and ALL8 share.
#define MIDDLE8 \
	VPANDQ 2048(R15)(CX*1), Z0, Z0; \
	VPANDQ 3072(R15)(DX*1), Z0, Z0; \
	VPANDQ 4096(R15)(SI*1), Z0, Z0; \
	VPANDQ 5120(R15)(DI*1), Z0, Z0; \
	VPANDQ 6144(R15)(R8*1), Z0, Z0; \
	VPANDQ 7168(R15)(R9*1), Z0, Z0

#define FREE8 \
	VMOVDQU64 1024(R15)(BX*1), Z0; \
	MIDDLE8

#define ALL8 \
	VMOVDQU64 (R15)(AX*1), Z0; \
	VPANDQ 1024(R15)(BX*1), Z0, Z0; \
	MIDDLE8

TEXT ·matchAVX512x8(SB), NOSPLIT, $536-56
	KERNEL(OFFS8, FREE8, ALL8)

// func matchAVX512x9(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
#define OFFS9 \
	OFFS8; \
	OFF(26, R10)

#define FREE9 \
	FREE8; \
	VPANDQ 8192(R15)(R10*1), Z0, Z0

#define ALL9 \
	ALL8; \
	VPANDQ 8192(R15)(R10*1), Z0, Z0

TEXT ·matchAVX512x9(SB), NOSPLIT, $536-56
	KERNEL(OFFS9, FREE9, ALL9)

// func matchAVX512x10(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
#define OFFS10 \
	OFFS9; \
	OFF(30, R11)

#define FREE10 \
	FREE9; \
	VPANDQ 9216(R15)(R11*1), Z0, Z0

#define ALL10 \
	ALL9; \
	VPANDQ 9216(R15)(R11*1), Z0, Z0

TEXT ·matchAVX512x10(SB), NOSPLIT, $536-56
	KERNEL(OFFS10, FREE10, ALL10)

// func groupWordsAVX512(zg *[40][8]uint64, valid *[8]uint64, nc int, out *uint64)
//
// For each chunk j: Z0 the blocks' keys (c0), Z1..Z4 the keys without
// bits 4j..4j+3 (valid &^ planes), and the sixteen words of the values,
// c_v = c0 AND each Z for a bit of v, stored 64 bytes apart: 1024 bytes a
// chunk.
TEXT ·groupWordsAVX512(SB), NOSPLIT, $0-32
	MOVQ zg+0(FP), SI
	MOVQ valid+8(FP), AX
	MOVQ nc+16(FP), CX
	MOVQ out+24(FP), DI
	VMOVDQU64 (AX), Z0

chunk:
	VMOVDQU64 0(SI), Z1
	VPANDNQ Z0, Z1, Z1
	VMOVDQU64 64(SI), Z2
	VPANDNQ Z0, Z2, Z2
	VMOVDQU64 128(SI), Z3
	VPANDNQ Z0, Z3, Z3
	VMOVDQU64 192(SI), Z4
	VPANDNQ Z0, Z4, Z4
	VPANDQ Z0, Z1, Z5
	VPANDQ Z0, Z2, Z6
	VPANDQ Z5, Z2, Z7
	VPANDQ Z0, Z3, Z8
	VPANDQ Z5, Z3, Z9
	VPANDQ Z6, Z3, Z10
	VPANDQ Z7, Z3, Z11
	VMOVDQU64 Z0, 0(DI)
	VMOVDQU64 Z5, 64(DI)
	VMOVDQU64 Z6, 128(DI)
	VMOVDQU64 Z7, 192(DI)
	VMOVDQU64 Z8, 256(DI)
	VMOVDQU64 Z9, 320(DI)
	VMOVDQU64 Z10, 384(DI)
	VMOVDQU64 Z11, 448(DI)
	VPANDQ Z0, Z4, Z12
	VPANDQ Z5, Z4, Z13
	VPANDQ Z6, Z4, Z14
	VPANDQ Z7, Z4, Z15
	VMOVDQU64 Z12, 512(DI)
	VMOVDQU64 Z13, 576(DI)
	VMOVDQU64 Z14, 640(DI)
	VMOVDQU64 Z15, 704(DI)
	VPANDQ Z8, Z4, Z12
	VPANDQ Z9, Z4, Z13
	VPANDQ Z10, Z4, Z14
	VPANDQ Z11, Z4, Z15
	VMOVDQU64 Z12, 768(DI)
	VMOVDQU64 Z13, 832(DI)
	VMOVDQU64 Z14, 896(DI)
	VMOVDQU64 Z15, 960(DI)
	ADDQ $256, SI
	ADDQ $1024, DI
	DECQ CX
	JNZ chunk
	VZEROUPPER
	RET

// func joinKeysAVX512(out *uint64, ws, es []uint64) int
//
// For each x of ws (Z1; Z2 its key bits, x&keyBits): the keys y of es eight
// at a time (Z3), the lanes with no key bit in common (K1, VPTESTNMQ) of
// x|y (Z4) packed and stored (PACK). The last 1 to 7 keys of es are loaded
// under a mask (K2).
TEXT ·joinKeysAVX512(SB), NOSPLIT, $0-64
	MOVQ out+0(FP), DI
	MOVQ DI, R12
	MOVQ ws_base+8(FP), SI
	MOVQ ws_len+16(FP), CX
	MOVQ es_base+32(FP), R8
	MOVQ es_len+40(FP), R10
	MOVQ R10, R13
	ANDQ $7, R13
	SHRQ $3, R10
	LOWMASK(R13, K2)
	MOVQ $0xff00ffffffffffff, AX
	VPBROADCASTQ AX, Z10
	TESTQ CX, CX
	JEQ done

x:
	VPBROADCASTQ (SI), Z1
	VPANDQ Z10, Z1, Z2
	MOVQ R8, R11
	MOVQ R10, BX
	TESTQ BX, BX
	JEQ tail

eight:
	VMOVDQU64 (R11), Z3
	VPTESTNMQ Z3, Z2, K1
	VPORQ Z3, Z1, Z4
	PACK(Z4, K1, Z5)
	ADDQ $64, R11
	DECQ BX
	JNZ eight

tail:
	TESTQ R13, R13
	JEQ next
	VMOVDQU64.Z (R11), K2, Z3
	VPTESTNMQ Z3, Z2, K2, K1
	VPORQ Z3, Z1, Z4
	PACK(Z4, K1, Z5)

next:
	ADDQ $8, SI
	DECQ CX
	JNZ x

done:
	STORED

// func keepIfAVX512(out *uint64, keys []uint64, test, keep, or uint64) int
//
// Eight keys at a time (Z4): the lanes with every bit of test (Z1; K1,
// VPCMPEQQ of key&test with test) of key&keep|or (Z2, Z3) packed and
// stored (PACK). The last 1 to 7 keys are loaded under a mask (K2).
TEXT ·keepIfAVX512(SB), NOSPLIT, $0-64
	MOVQ out+0(FP), DI
	MOVQ DI, R12
	MOVQ keys_base+8(FP), SI
	MOVQ keys_len+16(FP), CX
	MOVQ test+32(FP), AX
	VPBROADCASTQ AX, Z1
	MOVQ keep+40(FP), AX
	VPBROADCASTQ AX, Z2
	MOVQ or+48(FP), AX
	VPBROADCASTQ AX, Z3
	MOVQ CX, R13
	ANDQ $7, R13
	SHRQ $3, CX
	JEQ tail

eight:
	VMOVDQU64 (SI), Z4
	VPANDQ Z1, Z4, Z5
	VPCMPEQQ Z1, Z5, K1
	VPANDQ Z2, Z4, Z6
	VPORQ Z3, Z6, Z6
	PACK(Z6, K1, Z7)
	ADDQ $64, SI
	DECQ CX
	JNZ eight

tail:
	TESTQ R13, R13
	JEQ done
	LOWMASK(R13, K2)
	VMOVDQU64.Z (SI), K2, Z4
	VPANDQ Z1, Z4, Z5
	VPCMPEQQ Z1, Z5, K2, K1
	VPANDQ Z2, Z4, Z6
	VPORQ Z3, Z6, Z6
	PACK(Z6, K1, Z7)

done:
	STORED
