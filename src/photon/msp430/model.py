"""Scratch: the spec and the bitsliced pair-lane model."""
RC = [1, 3, 7, 14, 13, 11, 6, 12, 9, 2, 5, 10]
IC = [0, 1, 3, 7, 15, 14, 12, 8]
SBOX = [0xC, 5, 6, 0xB, 9, 0, 0xA, 0xD, 3, 0xE, 0xF, 8, 4, 7, 1, 2]
A = [2, 4, 2, 11, 2, 8, 5, 6]

def mulx(a):
    a <<= 1
    return a ^ 0x13 if a & 16 else a

def gmul(a, c):
    r = 0
    for i in range(4):
        if c >> i & 1: r ^= a
        a = mulx(a)
    return r

def ref(state, rounds=12):
    x = [[(state[(8 * i + j) // 2] >> (4 * (j & 1))) & 15 for j in range(8)] for i in range(8)]
    for r in range(rounds):
        for i in range(8): x[i][0] ^= RC[r] ^ IC[i]
        x = [[SBOX[v] for v in row] for row in x]
        x = [[x[i][(j + i) % 8] for j in range(8)] for i in range(8)]
        for j in range(8):
            col = [x[i][j] for i in range(8)]
            for _ in range(8):
                v = 0
                for k in range(8): v ^= gmul(col[k], A[k])
                col = col[1:] + [v]
            for i in range(8): x[i][j] = col[i]
    out = bytearray(32)
    for i in range(64): out[i // 2] |= x[i // 8][i % 8] << (4 * (i & 1))
    return bytes(out)

def B(c):
    return [[(gmul(1 << p, c) >> q) & 1 for p in range(4)] for q in range(4)]

def rotr8(v, n):
    n %= 8
    return ((v >> n) | (v << (8 - n))) & 0xFF

def sbox_planes(x):
    x0, x1, x2, x3 = x
    M = 0xFFFF
    y = [0, 0, 0, 0]
    for bit in range(16):
        v = sum(((x[p] >> bit) & 1) << p for p in range(4))
        s = SBOX[v]
        for q in range(4): y[q] |= ((s >> q) & 1) << bit
    return y

def model(state, rounds=12):
    # slots: 16 x 4 plane words; slot s plane p = (r_s | r_{s+1} << 8)
    S = [[0] * 4 for _ in range(16)]
    for g in range(4):
        for p in range(4):
            w = 0
            for half in range(2):
                i = 2 * g + half
                for j in range(8):
                    cell = (state[(8 * i + j) // 2] >> (4 * (j & 1))) & 15
                    w |= ((cell >> p) & 1) << (8 * half + j)
            S[8 + 2 * g][p] = w
    for r in range(rounds):
        for g in range(4):
            x = list(S[8 + 2 * g])
            for p in range(4):
                x[p] ^= (0x0101 if RC[r] >> p & 1 else 0)
                x[p] ^= ((IC[2 * g] >> p) & 1) | (((IC[2 * g + 1] >> p) & 1) << 8)
            y = sbox_planes(x)
            for p in range(4):
                L = rotr8(y[p] & 0xFF, 2 * g)
                H = rotr8(y[p] >> 8, 2 * g + 1)
                S[2 * g][p] = L | H << 8
                if g: S[2 * g - 1][p] = (S[2 * g - 1][p] & 0xFF) | L << 8
                S[2 * g + 1][p] = H | L << 8
        for n in (8, 10, 12, 14):
            acc = [0] * 4
            for k in range(7):
                b = B(A[k])
                for p in range(4):
                    for q in range(4):
                        if b[q][p]: acc[q] ^= S[n - 8 + k][p]
            b = B(A[7])
            for p in range(4):
                t = S[n - 1][p] & 0xFF
                for q in range(4):
                    if b[q][p]: acc[q] ^= t
            for p in range(4):
                t = (acc[p] & 0xFF) << 8
                for q in range(4):
                    if b[q][p]: acc[q] ^= t
            for p in range(4):
                S[n][p] = acc[p]
                S[n - 1][p] = (S[n - 1][p] & 0xFF) | (acc[p] & 0xFF) << 8
                S[n + 1][p] = ((acc[p] >> 8) | (acc[p] << 8)) & 0xFFFF
    out = bytearray(32)
    for g in range(4):
        for half in range(2):
            i = 2 * g + half
            for j in range(8):
                cell = sum(((S[8 + 2 * g][p] >> (8 * half + j)) & 1) << p for p in range(4))
                out[(8 * i + j) // 2] |= cell << (4 * (j & 1))
    return bytes(out)

if __name__ == "__main__":
    import os
    s = bytearray(32); s[31] ^= 1 << 5
    print(ref(bytes(s)).hex())
    for _ in range(20):
        st = os.urandom(32)
        for r in range(13):
            assert ref(st, r) == model(st, r), r
    print("model ok")
