/*
 * A stand-in for Windows' bcryptprimitives.dll, for running sanqi.exe under Wine 8 only.
 *
 * Rust's standard library gets its random numbers (the seeds of HashMap, for one) from
 * ProcessPrng in bcryptprimitives.dll, which Windows 10 and 11 ship and Wine before 9.0
 * lacks, so there sanqi.exe stops before main. scripts/smoke-windows.sh builds this file with
 * MinGW and copies the DLL into the Wine prefix; it is never shipped to real Windows.
 *
 * ProcessPrng fills the buffer from BCryptGenRandom with the system's preferred generator,
 * which Wine does provide, and, like the real one, always reports success.
 */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
    /* BCryptGenRandom takes a ULONG length: fill large buffers in pieces. */
    while (size > 0) {
        ULONG piece = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (BCryptGenRandom(NULL, data, piece, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) {
            ExitProcess(3);
        }
        data += piece;
        size -= piece;
    }
    return TRUE;
}
