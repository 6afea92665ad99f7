#include "textflag.h"
#include "kernels_amd64.h"

// The AVX2 kernels of sliced.match, one per chunk count (see matchAVX2; the
// Go kernels of kernels.go count the same pairs on another
// layout): each is KERNEL with its chunks' OFFSn, FREEn and ALLn, those of
// n-1 chunks and one more.
//
// Registers and locals: see kernels_amd64.h. A group's word for
// one chunk and value is 32 bytes (four blocks), so the offset of a key's
// chunk is its value·32, and chunk j's words are 512·j further.

// PROLOGUE lays out the spans (SPANS) and loads the constants: Y15 the
// low-nibble mask, Y14 the population counts of the 16 nibbles, Y13 zero,
// Y12 the total (four 64-bit lanes), Y11 the key's counts per byte.
#define PROLOGUE \
	SPANS; \
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

// OFF sets reg to bits 4j..4j+3 of the key times 32: r = 4j-5 mod 64.
#define OFF(r, reg) \
	RORXQ $r, R14, reg; \
	ANDQ $0x1e0, reg

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
#define OFFS7 \
	OFF(59, AX); \
	OFF(63, BX); \
	OFF(3, CX); \
	OFF(7, DX); \
	OFF(11, SI); \
	OFF(15, DI); \
	OFF(19, R8)

// MIDDLE7 ANDs chunks 2 to 6 into Y0: what FREE7 and ALL7 share.
#define MIDDLE7 \
	VPAND 1024(R15)(CX*1), Y0, Y0; \
	VPAND 1536(R15)(DX*1), Y0, Y0; \
	VPAND 2048(R15)(SI*1), Y0, Y0; \
	VPAND 2560(R15)(DI*1), Y0, Y0; \
	VPAND 3072(R15)(R8*1), Y0, Y0

#define FREE7 \
	VMOVDQU 512(R15)(BX*1), Y0; \
	MIDDLE7

#define ALL7 \
	VMOVDQU (R15)(AX*1), Y0; \
	VPAND 512(R15)(BX*1), Y0, Y0; \
	MIDDLE7

TEXT ·matchAVX2x7(SB), NOSPLIT, $536-56
	KERNEL(OFFS7, FREE7, ALL7)

// func matchAVX2x8(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
#define OFFS8 \
	OFFS7; \
	OFF(23, R9)

#define FREE8 \
	FREE7; \
	VPAND 3584(R15)(R9*1), Y0, Y0

#define ALL8 \
	ALL7; \
	VPAND 3584(R15)(R9*1), Y0, Y0

TEXT ·matchAVX2x8(SB), NOSPLIT, $536-56
	KERNEL(OFFS8, FREE8, ALL8)

// func matchAVX2x9(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
#define OFFS9 \
	OFFS8; \
	OFF(27, R10)

#define FREE9 \
	FREE8; \
	VPAND 4096(R15)(R10*1), Y0, Y0

#define ALL9 \
	ALL8; \
	VPAND 4096(R15)(R10*1), Y0, Y0

TEXT ·matchAVX2x9(SB), NOSPLIT, $536-56
	KERNEL(OFFS9, FREE9, ALL9)

// func matchAVX2x10(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64
#define OFFS10 \
	OFFS9; \
	OFF(31, R11)

#define FREE10 \
	FREE9; \
	VPAND 4608(R15)(R11*1), Y0, Y0

#define ALL10 \
	ALL9; \
	VPAND 4608(R15)(R11*1), Y0, Y0

TEXT ·matchAVX2x10(SB), NOSPLIT, $536-56
	KERNEL(OFFS10, FREE10, ALL10)

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

// packAVX2 holds, for each 4-bit mask m of lanes, the VPERMD indices that
// move the 64-bit lanes set in m, in order, to the low lanes: entry m is
// at 32·m.
DATA packAVX2<>+0(SB)/8, $0x0000000100000000
DATA packAVX2<>+8(SB)/8, $0x0000000100000000
DATA packAVX2<>+16(SB)/8, $0x0000000100000000
DATA packAVX2<>+24(SB)/8, $0x0000000100000000
DATA packAVX2<>+32(SB)/8, $0x0000000100000000
DATA packAVX2<>+40(SB)/8, $0x0000000100000000
DATA packAVX2<>+48(SB)/8, $0x0000000100000000
DATA packAVX2<>+56(SB)/8, $0x0000000100000000
DATA packAVX2<>+64(SB)/8, $0x0000000300000002
DATA packAVX2<>+72(SB)/8, $0x0000000100000000
DATA packAVX2<>+80(SB)/8, $0x0000000100000000
DATA packAVX2<>+88(SB)/8, $0x0000000100000000
DATA packAVX2<>+96(SB)/8, $0x0000000100000000
DATA packAVX2<>+104(SB)/8, $0x0000000300000002
DATA packAVX2<>+112(SB)/8, $0x0000000100000000
DATA packAVX2<>+120(SB)/8, $0x0000000100000000
DATA packAVX2<>+128(SB)/8, $0x0000000500000004
DATA packAVX2<>+136(SB)/8, $0x0000000100000000
DATA packAVX2<>+144(SB)/8, $0x0000000100000000
DATA packAVX2<>+152(SB)/8, $0x0000000100000000
DATA packAVX2<>+160(SB)/8, $0x0000000100000000
DATA packAVX2<>+168(SB)/8, $0x0000000500000004
DATA packAVX2<>+176(SB)/8, $0x0000000100000000
DATA packAVX2<>+184(SB)/8, $0x0000000100000000
DATA packAVX2<>+192(SB)/8, $0x0000000300000002
DATA packAVX2<>+200(SB)/8, $0x0000000500000004
DATA packAVX2<>+208(SB)/8, $0x0000000100000000
DATA packAVX2<>+216(SB)/8, $0x0000000100000000
DATA packAVX2<>+224(SB)/8, $0x0000000100000000
DATA packAVX2<>+232(SB)/8, $0x0000000300000002
DATA packAVX2<>+240(SB)/8, $0x0000000500000004
DATA packAVX2<>+248(SB)/8, $0x0000000100000000
DATA packAVX2<>+256(SB)/8, $0x0000000700000006
DATA packAVX2<>+264(SB)/8, $0x0000000100000000
DATA packAVX2<>+272(SB)/8, $0x0000000100000000
DATA packAVX2<>+280(SB)/8, $0x0000000100000000
DATA packAVX2<>+288(SB)/8, $0x0000000100000000
DATA packAVX2<>+296(SB)/8, $0x0000000700000006
DATA packAVX2<>+304(SB)/8, $0x0000000100000000
DATA packAVX2<>+312(SB)/8, $0x0000000100000000
DATA packAVX2<>+320(SB)/8, $0x0000000300000002
DATA packAVX2<>+328(SB)/8, $0x0000000700000006
DATA packAVX2<>+336(SB)/8, $0x0000000100000000
DATA packAVX2<>+344(SB)/8, $0x0000000100000000
DATA packAVX2<>+352(SB)/8, $0x0000000100000000
DATA packAVX2<>+360(SB)/8, $0x0000000300000002
DATA packAVX2<>+368(SB)/8, $0x0000000700000006
DATA packAVX2<>+376(SB)/8, $0x0000000100000000
DATA packAVX2<>+384(SB)/8, $0x0000000500000004
DATA packAVX2<>+392(SB)/8, $0x0000000700000006
DATA packAVX2<>+400(SB)/8, $0x0000000100000000
DATA packAVX2<>+408(SB)/8, $0x0000000100000000
DATA packAVX2<>+416(SB)/8, $0x0000000100000000
DATA packAVX2<>+424(SB)/8, $0x0000000500000004
DATA packAVX2<>+432(SB)/8, $0x0000000700000006
DATA packAVX2<>+440(SB)/8, $0x0000000100000000
DATA packAVX2<>+448(SB)/8, $0x0000000300000002
DATA packAVX2<>+456(SB)/8, $0x0000000500000004
DATA packAVX2<>+464(SB)/8, $0x0000000700000006
DATA packAVX2<>+472(SB)/8, $0x0000000100000000
DATA packAVX2<>+480(SB)/8, $0x0000000100000000
DATA packAVX2<>+488(SB)/8, $0x0000000300000002
DATA packAVX2<>+496(SB)/8, $0x0000000500000004
DATA packAVX2<>+504(SB)/8, $0x0000000700000006
GLOBL packAVX2<>(SB), RODATA|NOPTR, $512

// tailAVX2 holds, for r = 0..3, a mask of the first r 64-bit lanes: entry
// r is at 32·r.
DATA tailAVX2<>+0(SB)/8, $0x0000000000000000
DATA tailAVX2<>+8(SB)/8, $0x0000000000000000
DATA tailAVX2<>+16(SB)/8, $0x0000000000000000
DATA tailAVX2<>+24(SB)/8, $0x0000000000000000
DATA tailAVX2<>+32(SB)/8, $0xffffffffffffffff
DATA tailAVX2<>+40(SB)/8, $0x0000000000000000
DATA tailAVX2<>+48(SB)/8, $0x0000000000000000
DATA tailAVX2<>+56(SB)/8, $0x0000000000000000
DATA tailAVX2<>+64(SB)/8, $0xffffffffffffffff
DATA tailAVX2<>+72(SB)/8, $0xffffffffffffffff
DATA tailAVX2<>+80(SB)/8, $0x0000000000000000
DATA tailAVX2<>+88(SB)/8, $0x0000000000000000
DATA tailAVX2<>+96(SB)/8, $0xffffffffffffffff
DATA tailAVX2<>+104(SB)/8, $0xffffffffffffffff
DATA tailAVX2<>+112(SB)/8, $0xffffffffffffffff
DATA tailAVX2<>+120(SB)/8, $0x0000000000000000
GLOBL tailAVX2<>(SB), RODATA|NOPTR, $128
// PACK4 stores the lanes of Y4 that AX (a 4-bit mask) selects at DI, in
// order, and moves DI past them: four keys are written, those past the
// last kept to be written over.
#define PACK4 \
	MOVQ AX, DX; \
	SHLQ $5, DX; \
	VMOVDQU (R9)(DX*1), Y6; \
	VPERMD Y4, Y6, Y7; \
	VMOVDQU Y7, (DI); \
	POPCNTQ AX, AX; \
	LEAQ (DI)(AX*8), DI

// func joinKeysAVX2(out *uint64, ws, es []uint64) int
//
// For each x of ws (Y1; Y2 its key bits, x&keyBits): the keys y of es four
// at a time (Y3), the lanes with no key bit in common (VPCMPEQQ of y&Y2
// with zero, VMOVMSKPD) of x|y (Y4) packed and stored (PACK4). The last 1
// to 3 keys of es are loaded under a mask (Y9), and the mask also clears
// the lanes past them.
TEXT ·joinKeysAVX2(SB), NOSPLIT, $0-64
	MOVQ out+0(FP), DI
	MOVQ DI, R12
	MOVQ ws_base+8(FP), SI
	MOVQ ws_len+16(FP), CX
	MOVQ es_base+32(FP), R8
	MOVQ es_len+40(FP), R10
	MOVQ R10, R13
	ANDQ $3, R13
	SHRQ $2, R10
	LEAQ packAVX2<>(SB), R9
	LEAQ tailAVX2<>(SB), AX
	MOVQ R13, DX
	SHLQ $5, DX
	VMOVDQU (AX)(DX*1), Y9
	MOVQ $0xff00ffffffffffff, AX
	MOVQ AX, X10
	VPBROADCASTQ X10, Y10
	VPXOR Y13, Y13, Y13
	TESTQ CX, CX
	JEQ done

x:
	VPBROADCASTQ (SI), Y1
	VPAND Y10, Y1, Y2
	MOVQ R8, R11
	MOVQ R10, BX
	TESTQ BX, BX
	JEQ tail

four:
	VMOVDQU (R11), Y3
	VPAND Y3, Y2, Y5
	VPCMPEQQ Y13, Y5, Y5
	VMOVMSKPD Y5, AX
	VPOR Y3, Y1, Y4
	PACK4
	ADDQ $32, R11
	DECQ BX
	JNZ four

tail:
	TESTQ R13, R13
	JEQ next
	VPMASKMOVQ (R11), Y9, Y3
	VPAND Y3, Y2, Y5
	VPCMPEQQ Y13, Y5, Y5
	VPAND Y9, Y5, Y5
	VMOVMSKPD Y5, AX
	VPOR Y3, Y1, Y4
	PACK4

next:
	ADDQ $8, SI
	DECQ CX
	JNZ x

done:
	SUBQ R12, DI
	SHRQ $3, DI
	MOVQ DI, ret+56(FP)
	VZEROUPPER
	RET

// func keepIfAVX2(out *uint64, keys []uint64, test, keep, or uint64) int
//
// The keys four at a time (Y0): the lanes with every bit of test (Y1) set
// (VPCMPEQQ of k&test with test, VMOVMSKPD) of k&keep|or (Y4) packed and
// stored (PACK4). The last 1 to 3 keys are loaded under a mask (Y9), and
// the mask also clears the lanes past them.
TEXT ·keepIfAVX2(SB), NOSPLIT, $0-64
	MOVQ out+0(FP), DI
	MOVQ DI, R12
	MOVQ keys_base+8(FP), SI
	MOVQ keys_len+16(FP), CX
	VPBROADCASTQ test+32(FP), Y1
	VPBROADCASTQ keep+40(FP), Y2
	VPBROADCASTQ or+48(FP), Y3
	LEAQ packAVX2<>(SB), R9
	MOVQ CX, R13
	ANDQ $3, R13
	SHRQ $2, CX
	JEQ keeptail

keepfour:
	VMOVDQU (SI), Y0
	VPAND Y1, Y0, Y5
	VPCMPEQQ Y1, Y5, Y5
	VMOVMSKPD Y5, AX
	VPAND Y2, Y0, Y4
	VPOR Y3, Y4, Y4
	PACK4
	ADDQ $32, SI
	DECQ CX
	JNZ keepfour

keeptail:
	TESTQ R13, R13
	JEQ keepdone
	LEAQ tailAVX2<>(SB), AX
	SHLQ $5, R13
	VMOVDQU (AX)(R13*1), Y9
	VPMASKMOVQ (SI), Y9, Y0
	VPAND Y1, Y0, Y5
	VPCMPEQQ Y1, Y5, Y5
	VPAND Y9, Y5, Y5
	VMOVMSKPD Y5, AX
	VPAND Y2, Y0, Y4
	VPOR Y3, Y4, Y4
	PACK4

keepdone:
	SUBQ R12, DI
	SHRQ $3, DI
	MOVQ DI, ret+56(FP)
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
