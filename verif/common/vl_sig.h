// Byte-array <-> Verilator signal copies for the C shims, written once:
// a signal of any storage type (CData..QData, or VlWide for wider ones) is
// little-endian bytes on the C side. field() reads bits [lsb, lsb+bits).
#ifndef VL_SIG_H
#define VL_SIG_H

#include <cstddef>
#include <cstdint>

#include "verilated.h"

template <typename T> static void to_sig(T &s, const uint8_t *b, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n && i < 8; i++)
        v |= (uint64_t)b[i] << (8 * i);
    s = (T)v;
}
template <std::size_t W> static void to_sig(VlWide<W> &s, const uint8_t *b, unsigned n)
{
    for (std::size_t w = 0; w < W; w++) {
        uint32_t v = 0;
        for (unsigned i = 0; i < 4 && 4 * w + i < n; i++)
            v |= (uint32_t)b[4 * w + i] << (8 * i);
        s[w] = v;
    }
}
template <typename T> static void from_sig(const T &s, uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n && i < 8; i++)
        b[i] = (uint8_t)((uint64_t)s >> (8 * i));
}
template <std::size_t W> static void from_sig(const VlWide<W> &s, uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        b[i] = (uint8_t)(s[i / 4] >> (8 * (i % 4)));
}
template <typename T> static uint64_t field(const T &s, unsigned lsb, unsigned bits)
{
    uint8_t b[64] = {0};
    from_sig(s, b, sizeof b < sizeof(T) ? sizeof b : sizeof(T));
    uint64_t v = 0;
    for (unsigned i = 0; i < bits; i++)
        v |= (uint64_t)(b[(lsb + i) / 8] >> ((lsb + i) % 8) & 1) << i;
    return v;
}
template <std::size_t W> static uint64_t field(const VlWide<W> &s, unsigned lsb, unsigned bits)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bits; i++)
        v |= (uint64_t)(s[(lsb + i) / 32] >> ((lsb + i) % 32) & 1) << i;
    return v;
}

#endif
