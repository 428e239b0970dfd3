//! The misère quotients built so far in this process, so that the engine, the web page and
//! repeated questions of the misère theory build each quotient once (Dawson's chess to
//! heap 32 takes seconds; a page that values every move of a position asks for it once per
//! move).
//!
//! A quotient is kept under its rules' name ([`HeapRuleset::name`]), a fingerprint of the
//! rules' options on every heap up to its bound (two user rulesets of the same name, or one
//! ruleset edited and loaded again under its name, are never confused: a quotient is
//! reused only for rules with the same options on every heap it covers) and its heap
//! bound. A quotient of a larger bound answers for a smaller one: it
//! is proved on every sum of its heaps, so it decides every sum of smaller heaps as well,
//! and a game whose largest heap shrinks move by move keeps using the quotient it started
//! with.
//!
//! The cache is bounded: at most [`MAX_CACHED`] quotients and [`MAX_CACHED_BYTES`] of product
//! tables, the least recently used dropped first; a quotient larger than that on its own is
//! built and used but not kept. A build that was stopped is not kept, and nor is its error:
//! the next question builds again. Other errors are deterministic (the same rules and bound
//! fail the same way under the same memory limit) and are kept, so that a quotient out of
//! reach is not attempted again on every question.
//!
//! Two threads asking for the same quotient at once build it once: the second waits for
//! the first (looking at its own stop while it waits), then reads the cache.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use super::monoid::Element;
use super::outcome::{heap_element, BeyondQuotient};
use super::presentation::Presentation;
use super::quotient::{misere_quotient_within, MisereQuotient, QuotientError, QuotientProgress};
use super::stable::{prove_periodicity, Periodic};
use crate::heap::HeapRuleset;
use crate::stop::Stop;

/// The most quotients kept.
pub const MAX_CACHED: usize = 16;

/// The most bytes of product tables kept in all (a quotient of `n` elements holds `4·n²`
/// bytes: 1.6 MB for Dawson's chess to heap 32, 64 MB for 4 096 elements).
pub const MAX_CACHED_BYTES: usize = 256 * 1024 * 1024;

/// A proved quotient with what its readers need beside it: its proved period, if any, and
/// its presentation (made on first use).
#[derive(Debug)]
pub struct SharedQuotient {
    quotient: MisereQuotient,
    periodic: Option<Periodic>,
    presentation: OnceLock<Presentation>,
}

impl SharedQuotient {
    /// `quotient` with its period proved where the periodicity theorem applies.
    pub fn new(quotient: MisereQuotient) -> Self {
        let periodic = prove_periodicity(&quotient);
        SharedQuotient {
            quotient,
            periodic,
            presentation: OnceLock::new(),
        }
    }

    /// The quotient.
    pub fn quotient(&self) -> &MisereQuotient {
        &self.quotient
    }

    /// Its proved period, when the periodicity theorem proved one.
    pub fn periodic(&self) -> Option<&Periodic> {
        self.periodic.as_ref()
    }

    /// Its generators, relations and normal forms (computed once).
    pub fn presentation(&self) -> &Presentation {
        self.presentation
            .get_or_init(|| Presentation::of(&self.quotient))
    }

    /// The element of the sum of `heaps`: the product of its heaps' elements, each computed
    /// or read through the proved period.
    pub fn element_of(&self, heaps: &[u64]) -> Result<Element, BeyondQuotient> {
        let monoid = self.quotient.monoid();
        let mut total = 0;
        for heap in heaps {
            total = monoid.multiply(total, heap_element(&self.quotient, self.periodic(), *heap)?);
        }
        Ok(total)
    }

    /// The normal form of `element` as a word in the generators (`ab^2`, `1`).
    pub fn word(&self, element: Element) -> String {
        self.presentation().element_word(element)
    }

    /// Whether a heap of `largest` tokens, and so every smaller one, has an element here:
    /// computed, or read through the proved period.
    pub fn reaches(&self, largest: u64) -> bool {
        largest <= self.quotient.bound() || self.periodic.is_some()
    }

    /// The bytes its product table holds.
    fn bytes(&self) -> usize {
        let order = self.quotient.monoid().order();
        order
            .saturating_mul(order)
            .saturating_mul(std::mem::size_of::<Element>())
    }
}

/// One quotient kept, or the error its build ended with.
#[derive(Debug)]
struct Kept {
    name: String,
    /// A hash of each heap's options, heaps 1 to the bound.
    fingerprint: Vec<u64>,
    bound: u64,
    built: Result<Arc<SharedQuotient>, QuotientError>,
    /// When it was last used, by the cache's clock.
    used: u64,
}

/// The kept quotients and the builds under way.
#[derive(Debug, Default)]
struct Cache {
    kept: Vec<Kept>,
    building: HashSet<(String, u64)>,
    clock: u64,
}

static CACHE: OnceLock<(Mutex<Cache>, Condvar)> = OnceLock::new();

fn cache() -> &'static (Mutex<Cache>, Condvar) {
    CACHE.get_or_init(|| (Mutex::new(Cache::default()), Condvar::new()))
}

/// A hash of the options of each heap from 1 to `bound` (each heap's option lists sorted,
/// so the order a ruleset visits them in does not matter).
fn fingerprint(
    rules: &dyn HeapRuleset,
    bound: u64,
    stop: &Stop,
) -> Result<Vec<u64>, QuotientError> {
    let mut hashes = Vec::new();
    for heap in 1..=bound {
        stop.check()?;
        let mut options: Vec<Vec<u64>> = Vec::new();
        rules.for_each_option(heap, &mut |left| {
            let mut left = left.to_vec();
            left.sort_unstable();
            options.push(left);
        });
        options.sort_unstable();
        options.dedup();
        let mut hasher = DefaultHasher::new();
        options.hash(&mut hasher);
        hashes.push(hasher.finish());
    }
    Ok(hashes)
}

impl Cache {
    /// The kept answer for `name` with options `fingerprint` to `bound`: a quotient of at
    /// least that bound with the same options up to it, or the error of a build of exactly
    /// that bound.
    fn find(
        &mut self,
        name: &str,
        fingerprint: &[u64],
        bound: u64,
    ) -> Option<Result<Arc<SharedQuotient>, QuotientError>> {
        self.clock += 1;
        let now = self.clock;
        let found = self.kept.iter_mut().find(|kept| {
            kept.name == name
                && kept.fingerprint.starts_with(fingerprint)
                && match kept.built {
                    Ok(_) => kept.bound >= bound,
                    Err(_) => kept.bound == bound,
                }
        })?;
        found.used = now;
        Some(found.built.clone())
    }

    /// Keeps a finished build, dropping what it makes useless (the same rules' quotients of
    /// smaller bounds) and then the least recently used until the cache is within bounds.
    fn keep(&mut self, kept: Kept) {
        let size = match &kept.built {
            Ok(shared) => shared.bytes(),
            Err(_) => 0,
        };
        if size > MAX_CACHED_BYTES {
            return;
        }
        if kept.built.is_ok() {
            self.kept.retain(|old| {
                !(old.name == kept.name
                    && kept.fingerprint.starts_with(&old.fingerprint)
                    && old.bound <= kept.bound)
            });
        }
        self.kept.push(kept);
        loop {
            let bytes: usize = self
                .kept
                .iter()
                .map(|kept| match &kept.built {
                    Ok(shared) => shared.bytes(),
                    Err(_) => 0,
                })
                .sum();
            if self.kept.len() <= MAX_CACHED && bytes <= MAX_CACHED_BYTES {
                break;
            }
            let Some(oldest) = self
                .kept
                .iter()
                .enumerate()
                .min_by_key(|(_, kept)| kept.used)
                .map(|(at, _)| at)
            else {
                break;
            };
            self.kept.remove(oldest);
        }
    }
}

/// How long a thread waiting for another's build sleeps between looks at its own stop.
const WAIT_STEP: Duration = Duration::from_millis(20);

/// The memory limit of the quotients built here, for play and analysis: ample for every
/// quotient the construction reaches (Dawson's chess to heap 32, order 638, peaks at 67 MB),
/// and small enough that one out of reach is refused in seconds, not minutes (Dawson's chess
/// to heap 33: refused after 12 s here, against 7 minutes under the default 4000 MB). A
/// larger quotient is built by `grundy misere-quotient --memory-limit MB`.
pub const SHARED_MEMORY_LIMIT: usize = 512_000_000;

/// The misère quotient of `rules` on the heaps of at most `bound` tokens (built by
/// [`misere_quotient_within`] with [`SHARED_MEMORY_LIMIT`]), or a kept one of a larger bound for
/// the same rules; built at most once in the process while it stays in the cache.
/// `progress` is told of a build's steps, as by [`misere_quotient_within`], when this call builds.
pub fn shared_quotient(
    rules: &dyn HeapRuleset,
    bound: u64,
    progress: &mut dyn FnMut(QuotientProgress),
    stop: &Stop,
) -> Result<Arc<SharedQuotient>, QuotientError> {
    let name = rules.name();
    let reach = rules
        .largest_heap()
        .map_or(bound, |largest| bound.min(largest));
    // Every heap the quotient covers: a ruleset that differs from a kept one only on large
    // heaps (a user's class edited and loaded again under its name) must not be answered
    // by the kept quotient.
    let prints = fingerprint(rules, reach, stop)?;
    let key = (name.clone(), bound);
    let (lock, changed) = cache();
    {
        let mut cache = lock.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(found) = cache.find(&name, &prints, bound) {
                return found;
            }
            if !cache.building.contains(&key) {
                cache.building.insert(key.clone());
                break;
            }
            stop.check()?;
            cache = changed
                .wait_timeout(cache, WAIT_STEP)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
    // Whatever happens to the build (a panic included), the key is no longer being built
    // once it ends, and the threads waiting for it look again.
    let building = Building { key };
    let built = misere_quotient_within(rules, bound, progress, stop, SHARED_MEMORY_LIMIT)
        .map(|quotient| Arc::new(SharedQuotient::new(quotient)));
    let mut cache = lock.lock().unwrap_or_else(PoisonError::into_inner);
    if !matches!(built, Err(QuotientError::Stopped(_))) {
        cache.clock += 1;
        let used = cache.clock;
        cache.keep(Kept {
            name,
            fingerprint: prints,
            bound,
            built: built.clone(),
            used,
        });
    }
    drop(cache);
    drop(building);
    built
}

/// A build under way: dropped when it ends, however it ends, taking its key out of the
/// builds under way and waking the threads that wait for it.
struct Building {
    key: (String, u64),
}

impl Drop for Building {
    fn drop(&mut self) {
        let (lock, changed) = cache();
        let mut cache = lock.lock().unwrap_or_else(PoisonError::into_inner);
        cache.building.remove(&self.key);
        changed.notify_all();
    }
}

/// The number of quotients (and kept errors) in the cache now, for tests and reports.
pub fn cached_count() -> usize {
    let (lock, _) = cache();
    lock.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .kept
        .len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(name: &str, bound: u64, used: u64) -> Kept {
        Kept {
            name: name.to_string(),
            fingerprint: vec![bound; bound as usize],
            bound,
            built: Err(QuotientError::Unproved(bound)),
            used,
        }
    }

    #[test]
    fn the_cache_keeps_at_most_its_bound_and_drops_the_least_recently_used() {
        let mut cache = Cache::default();
        for bound in 1..=(MAX_CACHED as u64 + 5) {
            cache.clock += 1;
            let used = cache.clock;
            cache.keep(failed("rules", bound, used));
            assert!(cache.kept.len() <= MAX_CACHED);
        }
        // The first five, least recently used, are gone; the others answer.
        assert!(cache.find("rules", &[1], 1).is_none());
        let last = MAX_CACHED as u64 + 5;
        let print = vec![last; last as usize];
        assert!(matches!(
            cache.find("rules", &print, last),
            Some(Err(QuotientError::Unproved(bound))) if bound == last
        ));
        // An error answers only for its own bound, and only for the same options.
        assert!(cache.find("rules", &print, last - 1).is_none());
        assert!(cache.find("other", &print, last).is_none());
    }
}
