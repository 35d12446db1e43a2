// What every test shim does with its Verilated model, written once:
// owns the context, the model (64-byte aligned storage) and, when a
// waveform path is given, an FST trace. A shim derives its opaque C type
// from VlDut<Vtop> and keeps only its pins and its extern "C" API.
//
//   struct foo_dut : VlDut<Vfoo> {};
//   foo_dut *d = new foo_dut;
//   d->create(wave, seed);   // or create(wave): no random power-up values
//   d->top->a = ...; d->tick(); return d->top->y;
//   delete d;                // closes the trace, frees the model
#ifndef VL_DUT_H
#define VL_DUT_H

#include <cstdint>
#include <cstdlib>
#include <new>

#include "verilated.h"
#include "verilated_fst_c.h"
#if VM_COVERAGE
#include <cstdio>
#include <unistd.h>
#include "verilated_cov.h"
#endif

template <class Model> struct VlDut {
    VerilatedContext ctx;
    Model *top = nullptr;
    VerilatedFstC *fst = nullptr;  // null: no waveform

    // Random power-up values: randReset(2) seeded before the model is built.
    void create(const char *wave, uint32_t seed)
    {
#if VM_COVERAGE
        // Coverage builds start from zeros: random power-up values would
        // toggle nearly every bit at reset and make toggle coverage mean
        // nothing.
        (void)seed;
#else
        ctx.randReset(2);
        ctx.randSeed((int)(xseed(seed) % 0x7ffffffeu) + 1);  // 0 would mean "time based"
#endif
        build(wave);
    }

    // Builds the model; wave (or null): path of the FST written. Flip-flops
    // start from zeros, unless $VL_XSEED is set (make xprop): then from
    // random values of that seed, as create(wave, seed) does.
    void create(const char *wave)
    {
#if !VM_COVERAGE
        if (getenv("VL_XSEED")) {
            ctx.randReset(2);
            ctx.randSeed((int)(xseed(0) % 0x7ffffffeu) + 1);
        }
#endif
        build(wave);
    }

    // The power-up seed: the test's, or with $VL_XSEED=N (make xprop, what
    // +verilator+rand+reset+2 +verilator+seed+N would do for a Verilated
    // main) another one per N, so that the same test (same stimulus) runs
    // from other random power-up values and other values of every X the
    // RTL assigns (the x-unique builds draw those at run time).
    static uint64_t xseed(uint64_t seed)
    {
        const char *s = getenv("VL_XSEED");
        if (!s || !*s)
            return seed;
        uint64_t x = seed + 0x9E3779B97F4A7C15ull * (strtoull(s, nullptr, 10) + 1);
        x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
        return x ^ (x >> 29);
    }

private:
    void build(const char *wave)
    {
        // the model may need 64-byte alignment: allocate it aligned
        // (out of memory: std::bad_alloc, as new would; a shim that must
        // return null instead catches it, core_dut_create for one)
        if (posix_memalign(&mem_, 64, sizeof(Model))) {
            mem_ = nullptr;
            throw std::bad_alloc();
        }
        // an empty plusarg list, loaded: $value$plusargs in the RTL
        // (rtl/core/core_mem_stall.v) aborts without one; a shim may add
        // to it before the first eval (core_dut_plusarg)
        ctx.commandArgsAdd(0, nullptr);
        top = new (mem_) Model(&ctx);
        if (wave) {
            ctx.traceEverOn(true);
            fst = new VerilatedFstC;
            top->trace(fst, 99);
            fst->open(wave);
        }
    }

public:
    // Evaluates the model and records one trace step.
    void eval()
    {
        top->eval();
        if (fst)
            fst->dump(t_);
        t_++;
    }

    // Drives clk to level, then eval().
    void edge(int level)
    {
        top->clk = level;
        eval();
    }

    // One cycle with the inputs already set: rising edge, then falling edge.
    void tick()
    {
        edge(1);
        edge(0);
    }

    // Trace steps so far: the number of eval() calls.
    uint64_t time() const { return t_; }

    ~VlDut()
    {
#if VM_COVERAGE
        // Coverage builds (make coverage): each model's counts go to a file
        // of their own in $VL_COVERAGE_DIR, written while the model still
        // exists (the counters live in it); verilator_coverage adds them up.
        if (top) {
            static unsigned n = 0;
            const char *dir = getenv("VL_COVERAGE_DIR");
            char path[512];
            snprintf(path, sizeof path, "%s/%ld_%u.dat", dir && *dir ? dir : ".", (long)getpid(), n++);
            ctx.coveragep()->write(path);
        }
#endif
        if (fst) {
            fst->close();
            delete fst;
        }
        if (top) {
            top->final();
            top->~Model();
        }
        free(mem_);  // also when the model's constructor threw
    }

private:
    void *mem_ = nullptr;  // 64-byte aligned storage of *top
    uint64_t t_ = 0;
};

#endif
