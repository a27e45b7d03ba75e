//! A hint to the processor to start loading memory the search will read soon (a table entry
//! that is seldom in cache), so that the work done meanwhile hides the wait.

/// Starts loading the cache line holding `*item`; does nothing where no such hint exists.
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of every x86-64 processor, and a prefetch only hints: it reads
        // nothing into the program and never faults (here the address is a live reference).
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
