//! What theory says of a misère position too large for the exact search: Bouton's rule for
//! Nim ([`super::nim`]), the tame rule for heap games whose heaps are tame
//! ([`super::genus`]), and, where some heap is wild, the game's misère quotient
//! ([`crate::misere_quotient`]). Each gives the outcome and every winning move, not the remoteness;
//! the quotient also gives the element of the position and of each move's result
//! ([`quotient_reading`]). Quotients are built once in the process and kept
//! ([`crate::misere_quotient::cache`]), so a game's moves and a page's move list pay for one build.
//!
//! Theory applies to the positions that say they are sums of heaps
//! ([`GameState::heap_sum`]): it asks nothing else of the game, and never which game it is.

use super::genus::{tame_to_move_wins, tame_up_to, Genus, GenusSearch, MAX_GENUS_HEAP};
use super::nim;
use super::value::SearchError;
use crate::game::GameState;
use crate::heap::{HeapMove, HeapRuleset, HeapSum};
use crate::misere_quotient::{shared_quotient, QuotientError};
use crate::stop::Stop;

/// The most positions the genus search behind the tame rule keeps.
pub const GENUS_LIMIT: usize = 2_000_000;

/// The largest heap bound a solve computes a misère quotient for (Kayles' quotient to heap
/// 200, proved periodic, takes about 8 s); a position with larger heaps needs the quotient
/// proved periodic by then.
pub const QUOTIENT_HEAPS: u64 = 200;

/// The outcome and winning moves of a misère position, from a theorem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TheoryAnswer {
    /// Whether the player to move wins.
    pub wins: bool,
    /// Every winning move in the game's notation (one per distinct heap size and result).
    pub winning_moves: Vec<String>,
    /// Which theorem answered, for a person.
    pub theorem: &'static str,
    /// When the misère quotient answered: the position's element and each move's result's
    /// (`None` when Bouton's rule or the tame rule answered: those give the outcome, not an
    /// element of a computed quotient).
    pub quotient: Option<QuotientReading>,
}

/// An element of a misère quotient, as a person reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotientElement {
    /// Its normal form, a word in the quotient's generators
    /// ([`Presentation::element_word`](crate::misere_quotient::Presentation::element_word)): `ab^2`,
    /// or `1` for the identity.
    pub word: String,
    /// Whether it is in the P-portion: the sums it stands for are lost by the player to
    /// move.
    pub p_portion: bool,
}

/// What a misère quotient says of a sum of heaps: the sum's element and the element of the
/// sum after each move. The element of a sum is the product of its heaps' elements, and the
/// player to move loses exactly when it is in the P-portion, so a move wins exactly when it
/// leads to an element of the P-portion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotientReading {
    /// Which quotient, for a person: `the misère quotient of 0.137 on heaps up to 32 (order
    /// 638, 109 elements in the P-portion; generators a = heap 1, …)`.
    pub quotient: String,
    /// The position's element.
    pub position: QuotientElement,
    /// Each move (in the game's notation, one per distinct heap size and result, in the
    /// order of the heaps and of the rules' options) with the element of the sum it leaves.
    pub moves: Vec<(String, QuotientElement)>,
}

/// Why no theorem answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoTheory {
    /// The game has no misère theory here.
    None,
    /// The game has one but it does not reach this position; the reason, for a person.
    OutOfReach(String),
    /// The stop was raised.
    Stopped(SearchError),
}

/// What theory says of `state` (a game under normal-play rules, read as misère): for a sum
/// of heaps ([`GameState::heap_sum`]), Bouton's rule when the ruleset is Nim
/// ([`HeapRuleset::is_nim`]), else the tame rule, else the misère quotient.
pub fn by_theory(state: &dyn GameState, stop: &Stop) -> Result<TheoryAnswer, NoTheory> {
    let Some(position) = state.heap_sum() else {
        return Err(NoTheory::None);
    };
    if position.rules.is_nim() {
        let heaps = &position.heaps;
        return Ok(TheoryAnswer {
            wins: nim::to_move_wins(heaps),
            winning_moves: nim::winning_moves(heaps)
                .into_iter()
                .map(|(heap, rest)| {
                    let left = if rest == 0 { Vec::new() } else { vec![rest] };
                    HeapMove { heap, left }.to_string()
                })
                .collect(),
            theorem: "Bouton's rule for misère Nim",
            quotient: None,
        });
    }
    let largest = position.heaps.iter().copied().max().unwrap_or(0);
    if let Some(known) = position
        .rules
        .largest_heap()
        .filter(|known| *known < largest)
    {
        return Err(NoTheory::OutOfReach(format!(
            "the rules {} know heaps up to {known} only, and this position has a heap of \
             {largest}",
            position.rules.name()
        )));
    }
    match tame_answer(&position, stop) {
        Err(NoTheory::OutOfReach(untamed)) => {
            quotient_answer(&position, stop).map_err(|reason| match reason {
                NoTheory::OutOfReach(beyond) => {
                    NoTheory::OutOfReach(format!("{untamed}; {beyond}"))
                }
                other => other,
            })
        }
        answered => answered,
    }
}

/// The tame rule on a sum of heaps.
fn tame_answer(position: &HeapSum, stop: &Stop) -> Result<TheoryAnswer, NoTheory> {
    let largest = position.heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_GENUS_HEAP {
        return Err(NoTheory::OutOfReach(format!(
            "the genus is computed for heaps up to {MAX_GENUS_HEAP}, and this position has a \
             heap of {largest}"
        )));
    }
    let mut search = GenusSearch::new(position.rules.as_ref(), GENUS_LIMIT, stop);
    let reached = |error: SearchError| match error {
        SearchError::Stopped(_) => NoTheory::Stopped(error),
        other => NoTheory::OutOfReach(format!("computing the genus of its heaps: {other}")),
    };
    if !tame_up_to(&mut search, largest).map_err(reached)? {
        return Err(NoTheory::OutOfReach(format!(
            "some heap up to {largest} has a genus that is not tame, so the tame rule does not \
             apply"
        )));
    }
    let mut genera: Vec<Genus> = Vec::with_capacity(largest as usize + 1);
    for heap in 0..=largest {
        genera.push(search.genus(heap).map_err(reached)?);
    }
    let wins_after = |heaps: &[u64]| {
        let chosen: Vec<&Genus> = heaps.iter().map(|heap| &genera[*heap as usize]).collect();
        tame_to_move_wins(&chosen).unwrap_or(false)
    };
    Ok(answer_by(
        position,
        wins_after,
        "the tame rule (every heap up to the largest has a tame genus)",
    ))
}

/// The misère quotient of the game on heaps up to the largest of `position` (or up to
/// [`QUOTIENT_HEAPS`], proved periodic), on a sum of heaps.
fn quotient_answer(position: &HeapSum, stop: &Stop) -> Result<TheoryAnswer, NoTheory> {
    let reading = quotient_reading(position, stop)?;
    let winning_moves = reading
        .moves
        .iter()
        .filter(|(_, after)| after.p_portion)
        .map(|(mv, _)| mv.clone())
        .collect();
    Ok(TheoryAnswer {
        wins: !reading.position.p_portion,
        winning_moves,
        theorem: QUOTIENT_THEOREM,
        quotient: Some(reading),
    })
}

/// How a report names the misère quotient as the theorem that answered.
pub const QUOTIENT_THEOREM: &str = "the misère quotient of the game (Plambeck and Siegel)";

/// The misère quotient of `position`'s rules on heaps up to its largest heap (at most
/// [`QUOTIENT_HEAPS`]; larger heaps are read through a proved period), built once in the
/// process ([`shared_quotient`]): the element of the position, as a word in the quotient's
/// generators, and of the sum each move leaves, each with whether it is in the P-portion.
///
/// This is the quotient whatever the rules: [`by_theory`] gives it for the sums that neither
/// Bouton's rule (Nim) nor the tame rule decides, and only then shows it.
///
/// ```
/// use grundy::misere_play::theory::quotient_reading;
/// use grundy::registry;
/// use grundy::stop::Stop;
///
/// // Misère Kayles on heaps up to 2 is misère Nim on *1 and *2: heaps 1 and 2 are the
/// // generators a and b, with a^2 = 1 and P-portion {a, b^2}.
/// let game = registry::find("takebreak").unwrap().start("0.77:1+2").unwrap();
/// let reading = quotient_reading(&game.heap_sum().unwrap(), &Stop::NEVER).unwrap();
/// assert_eq!(reading.position.word, "ab");
/// assert!(!reading.position.p_portion);
/// // Taking both pins leaves a heap of 1, which the opponent must take: a win.
/// let (_, after) = reading.moves.iter().find(|(mv, _)| mv == "2->0").unwrap();
/// assert_eq!((after.word.as_str(), after.p_portion), ("a", true));
/// let (_, after) = reading.moves.iter().find(|(mv, _)| mv == "2->1").unwrap();
/// assert_eq!((after.word.as_str(), after.p_portion), ("1", false));
/// ```
pub fn quotient_reading(position: &HeapSum, stop: &Stop) -> Result<QuotientReading, NoTheory> {
    let largest = position.heaps.iter().copied().max().unwrap_or(0);
    let rules = position.rules.as_ref();
    let shared = shared_quotient(rules, largest.min(QUOTIENT_HEAPS), &mut |_| {}, stop)
        .map_err(|error| quotient_unreached(rules, error))?;
    let monoid = shared.quotient().monoid();
    let element = |heaps: &[u64]| {
        let element = shared.element_of(heaps).map_err(|beyond| {
            NoTheory::OutOfReach(format!("the misère quotient does not reach it: {beyond}"))
        })?;
        Ok(QuotientElement {
            word: shared.word(element),
            p_portion: monoid.is_p(element),
        })
    };
    // Every heap of every option is at most the largest heap, so the position's element
    // is read first: when it is beyond the quotient, so is every move's.
    let position_element = element(&position.heaps)?;
    let mut afters: Vec<(String, Vec<u64>)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for_each_heap_move(position, &mut |mv, after| {
        if seen.insert(mv.clone()) {
            afters.push((mv, after.to_vec()));
        }
    });
    let moves = afters
        .into_iter()
        .map(|(mv, after)| Ok((mv, element(&after)?)))
        .collect::<Result<Vec<_>, NoTheory>>()?;
    let presentation = shared.presentation();
    let generators: Vec<String> = presentation
        .generators
        .iter()
        .map(|generator| format!("{} = heap {}", generator.name, generator.heap))
        .collect();
    let quotient = shared.quotient();
    let reach = match shared.periodic() {
        Some(periodic) => format!(
            "heaps up to {}, proved periodic (period {} from heap {})",
            quotient.bound(),
            periodic.period,
            periodic.preperiod
        ),
        None => format!("heaps up to {}", quotient.bound()),
    };
    Ok(QuotientReading {
        quotient: format!(
            "the misère quotient of {} on {reach} (order {}, {} elements in the P-portion; \
             generators {})",
            quotient.rules_name(),
            monoid.order(),
            monoid.p_portion().len(),
            if generators.is_empty() {
                "none".to_string()
            } else {
                generators.join(", ")
            }
        ),
        position: position_element,
        moves,
    })
}

/// Why the misère quotient did not answer.
fn quotient_unreached(rules: &dyn HeapRuleset, error: QuotientError) -> NoTheory {
    match error {
        QuotientError::Stopped(stopped) => NoTheory::Stopped(SearchError::Stopped(stopped)),
        other => NoTheory::OutOfReach(format!("the misère quotient of {}: {other}", rules.name())),
    }
}

/// The answer of a rule that tells, for any sum of heaps, whether the player to move wins:
/// the outcome of `position` and every move to a sum the mover loses.
fn answer_by(
    position: &HeapSum,
    wins_after: impl Fn(&[u64]) -> bool,
    theorem: &'static str,
) -> TheoryAnswer {
    let wins = wins_after(&position.heaps);
    let mut winning_moves = Vec::new();
    if wins {
        for_each_heap_move(position, &mut |mv, after| {
            if !wins_after(after) {
                winning_moves.push(mv);
            }
        });
    }
    TheoryAnswer {
        wins,
        winning_moves,
        theorem,
        quotient: None,
    }
}

/// Calls `visit` with each move of `position` (one per distinct heap size and option of it,
/// in the game's notation) and the heaps it leaves.
fn for_each_heap_move(position: &HeapSum, visit: &mut dyn FnMut(String, &[u64])) {
    let mut sizes = position.heaps.clone();
    sizes.sort_unstable();
    sizes.dedup();
    for heap in sizes {
        let mut rest = position.heaps.clone();
        if let Some(at) = rest.iter().position(|size| *size == heap) {
            rest.remove(at);
        }
        position.rules.for_each_option(heap, &mut |left| {
            let mut after = rest.clone();
            after.extend_from_slice(left);
            let mv = HeapMove {
                heap,
                left: left.to_vec(),
            }
            .to_string();
            visit(mv, &after);
        });
    }
}

/// Whether the exact search of `state` certainly passes `limit` positions, so that it need
/// not be tried: a lower bound on the positions it must value is above the limit.
///
/// In a sum of heaps `h1 … hk` whose game can always take `r` tokens from a heap of more
/// than `r` and leave one heap ([`HeapRuleset::single_heap_step`]), each heap can be brought to any of its sizes `hi − mi·r`
/// above `r` (`⌈hi / r⌉ − 1` of them), each of which still has that move, so every choice
/// of them is a reachable position. A sum is met at most `k!` times among those choices
/// (the search keys sums by their sorted heaps), so at least `∏ (⌈hi / r⌉ − 1) / k!`
/// distinct positions are reachable, and the search values every one of them. Nim is the
/// case `r = 1`.
pub fn search_certainly_too_large(state: &dyn GameState, limit: usize) -> bool {
    reachable_lower_bound(state).is_some_and(|bound| bound > limit as f64)
}

/// The lower bound of [`search_certainly_too_large`] on the positions reachable from
/// `state`, for the sums of heaps whose rules have a
/// [`single_heap_step`](HeapRuleset::single_heap_step).
pub fn reachable_lower_bound(state: &dyn GameState) -> Option<f64> {
    let position = state.heap_sum()?;
    let step = position.rules.single_heap_step()?;
    let mut bound = 1f64;
    for (index, heap) in position.heaps.iter().enumerate() {
        let sizes = heap.div_ceil(step).saturating_sub(1).max(1);
        bound *= sizes as f64 / (index + 1) as f64;
    }
    Some(bound)
}
