//! A cache hint for the large tables the playouts read at random (the
//! last good replies, the shape weights): asked for early, an entry
//! arrives while other work goes on, instead of stalling the read that
//! needs it.

/// Asks the processor to start loading `table[i]` into its cache.
/// Changes nothing the program sees; does nothing where the processor
/// has no such hint, or when `i` is out of range.
#[inline]
pub fn prefetch<T>(table: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(entry) = table.get(i) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch only hints the cache: it reads nothing the
        // program sees and cannot fault, and SSE, which it needs, is part
        // of every x86_64 processor.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((entry as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, i);
}

#[cfg(test)]
mod tests {
    use super::prefetch;

    #[test]
    fn a_prefetch_changes_nothing_in_or_out_of_range() {
        let table = vec![7u16; 1000];
        prefetch(&table, 0);
        prefetch(&table, 999);
        prefetch(&table, 1000);
        prefetch(&table, usize::MAX);
        prefetch::<u64>(&[], 0);
        assert!(table.iter().all(|&v| v == 7));
    }
}
