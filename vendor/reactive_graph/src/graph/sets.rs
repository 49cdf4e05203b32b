//! Types that hold the set of sources or subscribers affiliated with a reactive node.
//!
//! At the moment, these are implemented as linear maps built on a `Vec<_>`. This is for the sake
//! of minimizing binary size as much as possible, and on the assumption that the M:N relationship
//! between sources and subscribers usually consists of fairly small numbers, such that the cost of
//! a linear search is not significantly more expensive than a hash and lookup.

use super::{AnySource, AnySubscriber, Source};
use indexmap::IndexSet;
use rustc_hash::FxHasher;
use std::{hash::BuildHasherDefault, mem};

type FxIndexSet<T> = IndexSet<T, BuildHasherDefault<FxHasher>>;

#[derive(Default, Clone, Debug)]
pub struct SourceSet(FxIndexSet<AnySource>);

impl SourceSet {
    pub fn new() -> Self {
        Self(Default::default())
    }

    pub fn insert(&mut self, source: AnySource) {
        self.0.insert(source);
    }

    pub fn remove(&mut self, source: &AnySource) {
        self.0.shift_remove(source);
    }

    pub fn take(&mut self) -> FxIndexSet<AnySource> {
        mem::take(&mut self.0)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn clear_sources(&mut self, subscriber: &AnySubscriber) {
        for source in self.take() {
            source.remove_subscriber(subscriber);
        }
    }
}

impl IntoIterator for SourceSet {
    type Item = AnySource;
    type IntoIter = <FxIndexSet<AnySource> as IntoIterator>::IntoIter;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a SourceSet {
    type Item = &'a AnySource;
    type IntoIter = <&'a FxIndexSet<AnySource> as IntoIterator>::IntoIter;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
#[derive(Debug, Default, Clone)]
pub struct SubscriberSet(FxIndexSet<AnySubscriber>);

impl SubscriberSet {
    pub fn new() -> Self {
        Self(FxIndexSet::with_capacity_and_hasher(2, Default::default()))
    }

    pub fn subscribe(&mut self, subscriber: AnySubscriber) {
        // petstore-admin patch: a subscriber that is dropped (an effect or a
        // memo of a view that was replaced) never unsubscribes, so a
        // long-lived source kept an entry, and through its `Weak` the
        // subscriber's allocation, for every view that ever read it. Forget
        // the dead ones when the set is full and a new one would make it grow,
        // then keep room for as many again, so a set that stays full is not
        // rescanned on every read: amortised constant, as reactive_graph 0.3
        // does for an owner's children (leptos-rs/leptos e343b2c).
        if !self.0.is_empty()
            && self.0.len() == self.0.capacity()
            && !self.0.contains(&subscriber)
        {
            self.0.retain(|s| s.1.strong_count() > 0);
            self.0.reserve(self.0.len());
        }
        self.0.insert(subscriber);
    }

    pub fn unsubscribe(&mut self, subscriber: &AnySubscriber) {
        // note: do not use `.swap_remove()` here.
        // using `.remove()` is slower because it shifts other items
        // but it maintains the order of the subscribers, which is important
        // to correctness when you're using this to drive something like a UI,
        // which can have nested effects, where the inner one assumes the outer
        // has already run (for example, an outer effect that checks .is_some(),
        // and an inner effect that unwraps)
        self.0.shift_remove(subscriber);
    }

    pub fn take(&mut self) -> FxIndexSet<AnySubscriber> {
        mem::take(&mut self.0)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl IntoIterator for SubscriberSet {
    type Item = AnySubscriber;
    type IntoIter = <FxIndexSet<AnySubscriber> as IntoIterator>::IntoIter;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a SubscriberSet {
    type Item = &'a AnySubscriber;
    type IntoIter = <&'a FxIndexSet<AnySubscriber> as IntoIterator>::IntoIter;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

// petstore-admin patch: the set's growth and pruning.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{ReactiveNode, Subscriber};
    use std::sync::Arc;

    struct Node;

    impl ReactiveNode for Node {
        fn mark_dirty(&self) {}
        fn mark_check(&self) {}
        fn mark_subscribers_check(&self) {}
        fn update_if_necessary(&self) -> bool {
            false
        }
    }

    impl Subscriber for Node {
        fn add_source(&self, _: AnySource) {}
        fn clear_sources(&self, _: &AnySubscriber) {}
    }

    fn node(id: usize) -> (Arc<Node>, AnySubscriber) {
        let node = Arc::new(Node);
        let weak = Arc::downgrade(&node);
        (node, AnySubscriber(id, weak))
    }

    fn ids(set: &SubscriberSet) -> Vec<usize> {
        set.into_iter().map(|s| s.0).collect()
    }

    #[test]
    fn dropped_subscribers_are_forgotten_and_live_ones_kept_in_order() {
        let mut set = SubscriberSet::new();
        let live: Vec<_> = (0..5).map(node).collect();
        for (_, s) in &live {
            set.subscribe(s.clone());
        }
        for id in 5..10_005 {
            let (dropped, s) = node(id);
            set.subscribe(s);
            drop(dropped);
        }
        assert!(set.len() <= 32, "{} entries", set.len());
        let alive: Vec<_> = ids(&set)
            .into_iter()
            .filter(|id| *id < 5)
            .collect();
        assert_eq!(alive, vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn a_read_by_a_member_never_rescans_the_set() {
        // At every length, with one dead entry in the set: a member's read
        // again leaves the dead one for the next time the set would grow.
        for len in 2..300 {
            let mut set = SubscriberSet::new();
            let (dead, s) = node(0);
            set.subscribe(s);
            drop(dead);
            let live: Vec<_> = (1..len).map(node).collect();
            for (_, s) in &live {
                set.subscribe(s.clone());
            }
            let before = set.len();
            for _ in 0..3 {
                set.subscribe(live[0].1.clone());
            }
            assert_eq!(set.len(), before, "a read pruned at {len}");
        }
    }

    #[test]
    fn a_full_set_of_live_subscribers_makes_room_for_as_many_again() {
        let mut set = SubscriberSet::new();
        let live: Vec<_> = (0..1000).map(node).collect();
        for (_, s) in &live {
            set.subscribe(s.clone());
        }
        assert_eq!(ids(&set), (0..1000).collect::<Vec<_>>());
        let more: Vec<_> = (1000..set.0.capacity()).map(node).collect();
        for (_, s) in &more {
            set.subscribe(s.clone());
        }
        let full = set.0.capacity();
        assert_eq!(set.len(), full);
        let (_next, s) = node(usize::MAX);
        set.subscribe(s);
        assert_eq!(set.len(), full + 1);
        assert!(set.0.capacity() >= 2 * full, "{}", set.0.capacity());
    }
}
