//! A partizan subtraction position's components: each heap in which someone can move, as a
//! position of the same sets and that heap alone.

use super::PartizanSubtraction;

/// The heaps at least as large as the least amount of either set, one position each, in
/// the order of the heaps.
pub(super) fn components(position: &PartizanSubtraction) -> Vec<PartizanSubtraction> {
    let Some(least) = position.least_amount() else {
        return Vec::new();
    };
    position
        .heaps()
        .iter()
        .filter(|&&heap| heap >= least)
        .map(|&heap| position.with_heaps(vec![heap]))
        .collect()
}
