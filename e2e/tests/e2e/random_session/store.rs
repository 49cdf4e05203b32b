//! The Store page's check after the step that opened it: its table adds up to its counts,
//! opening it read each status at most once (none when the list's search had just read them),
//! and a read made by the step counts what the service holds. The page left for it may read
//! by itself just then (its refresh timer reads every second here): those reads are its own.

use petstore_dev_service::control::{LogEntry, Mode};

use super::model::Model;
use super::page::Snapshot;

/// What the page left for the Store page may read by itself as it goes.
#[derive(Clone, Debug)]
pub enum LeftBehind {
    /// A page that reads nothing by itself, or a new document.
    Nothing,
    /// The list: its own address (the path's end), read again any number of times (its
    /// timer, the tab shown again).
    List(String),
    /// A pet's page, with the pet's id and its lookup in the lists (their addresses in turn,
    /// up to the first that holds the pet), which follows getPet answered 410, or goes to the
    /// lists alone where the tab has noted getPet gone.
    Pet(i64, Vec<String>),
}

impl LeftBehind {
    /// What the page `snap` shows may read by itself, in `env`.
    pub fn of(model: &Model, env: usize, snap: &Snapshot) -> LeftBehind {
        if snap.path.ends_with("/pets") {
            let status = snap.status.as_deref().filter(|s| !s.is_empty());
            let limit = snap.limit.as_deref().unwrap_or("20");
            return LeftBehind::List(list_address(limit, status));
        }
        let Some(id) = snap
            .path
            .rsplit_once("/pets/")
            .and_then(|(_, id)| id.parse::<i64>().ok())
        else {
            return LeftBehind::Nothing;
        };
        let pets = model.pets(env);
        let mut lookup = Vec::new();
        for status in [None, Some("available"), Some("pending"), Some("sold")] {
            lookup.push(list_address("100", status));
            let holds = pets
                .iter()
                .filter(|p| status.is_none() || p.status.as_deref() == status)
                .take(100)
                .any(|p| p.id == id);
            if holds {
                break;
            }
        }
        LeftBehind::Pet(id, lookup)
    }

    /// Which of `log`'s requests from `from` (where the step began) on are the page's own,
    /// and whether they are a lookup in the lists alone. A pet page's lookup is the one that
    /// follows its getPet answered 410 (in the step, or the last before it: a lookup may have
    /// begun just before), each list asked once the one before it was answered. A tab whose
    /// pet page found its pet after a 410 notes getPet gone, and its pet pages then go to
    /// the lists alone: where a getPet of the environment answered 410 before the step, the
    /// lookup's reads in the step may be those (`opening_reads` keeps them only where their
    /// address is read twice).
    fn own(&self, log: &[LogEntry], from: usize) -> (Vec<bool>, bool) {
        let from = from.min(log.len());
        let mut own = vec![false; log.len() - from];
        let mut alone = false;
        match self {
            LeftBehind::Nothing => {}
            LeftBehind::List(address) => {
                for (own, entry) in own.iter_mut().zip(&log[from..]) {
                    *own = entry.path.ends_with(address.as_str());
                }
            }
            LeftBehind::Pet(id, lookup) => {
                let single = format!("/pets/{id}");
                let gone = |e: &LogEntry| get_pet_gone(e) && e.path.ends_with(&single);
                let marker = log[from..]
                    .iter()
                    .position(gone)
                    .map(|i| i + from)
                    .or_else(|| log[..from].iter().rposition(gone));
                // Where the lookup begins, and the time its first read comes after.
                let (start, mut after) = match marker {
                    Some(marker) => (marker + 1, log[marker].answered_ms),
                    None if log[..from].iter().any(get_pet_gone) => {
                        alone = true;
                        (from, 0)
                    }
                    None => return (own, false),
                };
                let mut wanted = lookup.iter();
                let mut next = wanted.next();
                for (i, entry) in log.iter().enumerate().skip(start) {
                    let Some(address) = next else { break };
                    if entry.path.ends_with(address.as_str()) && entry.received_ms >= after {
                        if i >= from {
                            own[i - from] = true;
                        }
                        after = entry.answered_ms;
                        next = wanted.next();
                    }
                }
            }
        }
        (own, alone)
    }
}

/// Whether `entry` is a getPet (of any pet) answered 410.
fn get_pet_gone(entry: &LogEntry) -> bool {
    let id = entry.path.rsplit_once("/pets/").map(|(_, id)| id);
    entry.method == "GET"
        && entry.status == 410
        && id.is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
}

/// The list's address (below the service's base) at `limit`, of `status` if given.
fn list_address(limit: &str, status: Option<&str>) -> String {
    match status {
        Some(status) => format!("/pets?limit={limit}&status={status}"),
        None => format!("/pets?limit={limit}"),
    }
}

/// How much of `log` the opening read: up to the page's refresh timer, which reads again once
/// every read has settled and a refresh period has passed (the checks keep the page open, and
/// on a busy machine they take longer than a period). A read received that long after every
/// read since the page's first was answered is cut off as the timer's. The page's first read
/// is the first at the largest limit that is not the page left behind's (`own`).
fn opening(log: &[LogEntry], own: &[bool]) -> usize {
    let period = (super::REFRESH_SECONDS * 1000.0) as u64;
    let Some(first) = log
        .iter()
        .zip(own)
        .position(|(e, own)| e.path.contains("/pets?limit=100") && !own)
    else {
        return log.len();
    };
    let mut answered = 0;
    for (i, entry) in log.iter().enumerate().skip(first) {
        if i > first
            && log[first..i].iter().all(|e| e.answered_ms > 0)
            && entry.received_ms >= answered + period
        {
            return i;
        }
        answered = answered.max(entry.answered_ms);
    }
    log.len()
}

/// The reads of every status the Store page made on opening, in `log` from `from` (where the
/// step began), with the page left behind's own taken out (of the list's own address, one
/// read is the Store page's); and where the timer's reads begin, counted from `from`.
fn opening_reads<'a>(log: &'a [LogEntry], from: usize, left: &LeftBehind) -> (Vec<&'a str>, usize) {
    let (mut own, alone) = left.own(log, from);
    let log = &log[from.min(log.len())..];
    if alone {
        // A lookup in the lists alone is not told from the Store page's reads: a read taken
        // for it is the Store page's unless its address is read again before the timer's.
        let cut = opening(log, &own);
        let taken: Vec<usize> = (0..own.len()).filter(|&i| own[i]).collect();
        for i in taken {
            let again = (0..cut).any(|j| j != i && !own[j] && log[j].path == log[i].path);
            own[i] = again;
        }
    }
    let own = own.as_slice();
    let cut = opening(log, own);
    let is_read = |e: &LogEntry| e.method == "GET" && e.path.contains("/pets?limit=100");
    let mut reads: Vec<&str> = log[..cut]
        .iter()
        .zip(own)
        .filter(|(e, own)| is_read(e) && !**own)
        .map(|(e, _)| e.path.as_str())
        .collect();
    if let LeftBehind::List(address) = left {
        if let Some(one) = log[..cut]
            .iter()
            .find(|e| is_read(e) && e.path.ends_with(address.as_str()))
        {
            reads.push(&one.path);
        }
    }
    (reads, cut)
}

/// The Store page: its table adds up to its counts, opening it read each status at most once,
/// and a read made by this step counts what the service holds.
pub fn figures(model: &Model, snap: &Snapshot) -> Result<(), String> {
    if !snap.path.ends_with("/store") || snap.counts.len() != 4 {
        return Ok(());
    }
    let number = |s: &str| {
        s.trim_end_matches('+')
            .replace([',', '.', '\u{a0}', ' '], "")
            .parse::<usize>()
            .ok()
    };
    let more = snap.counts.iter().any(|c| c.ends_with('+'));
    let counts: Vec<usize> = snap.counts.iter().filter_map(|c| number(c)).collect();
    // Each table row: the four statuses, then the category's total.
    for (kind, count) in counts.iter().enumerate() {
        let summed: usize = snap
            .rows
            .iter()
            .filter_map(|r| r.get(kind).and_then(|c| number(c)))
            .sum();
        if summed != *count {
            return Err(format!("the store's table adds up to {summed} for column {kind}, its count says {count}: {:?} {:?}", snap.counts, snap.rows));
        }
    }
    let Some((env, from, left)) = &model.store_opened else {
        return Ok(());
    };
    let log = model.log(*env);
    let (reads, cut) = opening_reads(&log, *from, left);
    let log = &log[(*from).min(log.len())..];
    let mut distinct = reads.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if reads.len() > 4 || distinct.len() != reads.len() {
        // Every request the service saw since, the timer's after the cut.
        let seen: Vec<String> = log
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let timer = if i >= cut { "(timer) " } else { "" };
                format!(
                    "{timer}{} {} {} received {} answered {}",
                    e.method, e.path, e.status, e.received_ms, e.answered_ms
                )
            })
            .collect();
        return Err(format!(
            "opening the store read {reads:?} (the page left behind: {left:?}); \
             the service saw {seen:#?}"
        ));
    }
    let kept = ["offline_as_it_was", "unreachable_as_it_was"]
        .iter()
        .any(|key| snap.text.contains(&snap.words().part(key)));
    let healthy = matches!(model.mode[*env], Mode::Normal | Mode::Slow(_));
    if reads.len() == 4 && healthy && !kept && !more && snap.alerts.is_empty() {
        let pets = model.pets(*env);
        let of = |s: Option<&str>| {
            pets.iter()
                .filter(|p| match s {
                    Some(s) => p.status.as_deref() == Some(s),
                    None => !matches!(p.status.as_deref(), Some("available" | "pending" | "sold")),
                })
                .count()
        };
        let truth = [
            of(Some("available")),
            of(Some("pending")),
            of(Some("sold")),
            of(None),
        ];
        if counts != truth {
            return Err(format!(
                "the store counts {counts:?}, the service holds {truth:?}"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A read of `path` received at `at`, answered at once with `status`.
    fn get(path: &str, status: u16, at: u64) -> LogEntry {
        LogEntry {
            method: "GET".into(),
            path: format!("/staging/v1{path}"),
            auth: String::new(),
            status,
            received_ms: at,
            answered_ms: at + 1,
        }
    }

    /// A list read of `path` answered 200.
    fn read(path: &str, at: u64) -> LogEntry {
        get(path, 200, at)
    }

    /// Pet 17's getPet answered 410.
    fn gone(at: u64) -> LogEntry {
        get("/pets/17", 410, at)
    }

    /// Pet 17's page, looking for it in `lookup`.
    fn pet(lookup: &[&str]) -> LeftBehind {
        LeftBehind::Pet(17, lookup.iter().map(|p| p.to_string()).collect())
    }

    /// `paths` as the service logs them (below staging's base).
    fn staging(paths: [&str; 4]) -> [String; 4] {
        paths.map(|p| format!("/staging/v1{p}"))
    }

    /// The Store page's reads of `log` from `from`, the page left behind's set aside.
    fn store_reads<'a>(log: &'a [LogEntry], from: usize, left: &LeftBehind) -> Vec<&'a str> {
        opening_reads(log, from, left).0
    }

    const ALL: &str = "/pets?limit=100";
    const AVAILABLE: &str = "/pets?limit=100&status=available";
    const PENDING: &str = "/pets?limit=100&status=pending";
    const SOLD: &str = "/pets?limit=100&status=sold";

    /// Seed 55669745536's step 86: a pet's page, its getPet gone, looked for its pet in the
    /// list of all as the Store page opened and read its four.
    #[test]
    fn a_pet_pages_lookup_is_its_own() {
        let log = [
            gone(10),
            read(ALL, 20),
            read(AVAILABLE, 100),
            read(PENDING, 102),
            read(ALL, 115),
            read(SOLD, 116),
        ];
        let reads = store_reads(&log, 1, &pet(&[ALL]));
        assert_eq!(reads.len(), 4, "{reads:?}");
    }

    /// A lookup that began before the step (its getPet and its read of all) and went on
    /// through the lists in it: its reads in the step are its own, the Store page's counted.
    #[test]
    fn a_lookup_begun_before_the_step_is_its_own() {
        let log = [
            gone(10),
            read(ALL, 20),
            read(AVAILABLE, 30),
            read(PENDING, 40),
            read(AVAILABLE, 100),
            read(PENDING, 101),
            read(ALL, 102),
            read(SOLD, 103),
        ];
        let reads = store_reads(&log, 2, &pet(&[ALL, AVAILABLE, PENDING]));
        assert_eq!(reads, staging([AVAILABLE, PENDING, ALL, SOLD]));
    }

    /// A pet page left behind that read nothing: a status read twice is the Store page's,
    /// whatever the pet's lookup would read.
    #[test]
    fn without_a_lookup_a_double_read_counts() {
        let log = [
            read(ALL, 100),
            read(AVAILABLE, 101),
            read(PENDING, 102),
            read(SOLD, 103),
            read(SOLD, 150),
        ];
        let reads = store_reads(&log, 0, &pet(&[ALL, AVAILABLE, PENDING, SOLD]));
        assert_eq!(reads.len(), 5, "{reads:?}");
    }

    /// Seed 55669745536's step 86 in a fresh clone's run: getPet was gone (another pet's,
    /// steps before), so the pet's page looked in the list of all alone, without asking
    /// getPet first.
    #[test]
    fn a_lookup_after_get_pet_was_noted_gone_is_its_own() {
        let log = [
            get("/pets/5", 410, 10),
            read(ALL, 20),
            read(ALL, 100),
            read(AVAILABLE, 164),
            read(PENDING, 171),
            read(SOLD, 174),
            read(ALL, 177),
        ];
        let reads = store_reads(&log, 2, &pet(&[ALL]));
        assert_eq!(reads, staging([AVAILABLE, PENDING, SOLD, ALL]));
        // Without the earlier 410 the same reads are a double read of all.
        let reads = store_reads(&log[1..], 1, &pet(&[ALL]));
        assert_eq!(reads.len(), 5, "{reads:?}");
    }

    /// getPet gone before, but the pet's page read nothing: the Store page's four reads all
    /// count (and its counts are then checked against the service).
    #[test]
    fn after_get_pet_was_gone_a_page_that_read_nothing_leaves_the_four() {
        let log = [
            get("/pets/5", 410, 10),
            read(ALL, 100),
            read(AVAILABLE, 101),
            read(PENDING, 102),
            read(SOLD, 103),
        ];
        let reads = store_reads(&log, 1, &pet(&[ALL]));
        assert_eq!(reads, staging([ALL, AVAILABLE, PENDING, SOLD]));
    }

    /// The list left behind: any number of reads of its own address, one counted.
    #[test]
    fn the_lists_reads_of_its_address_count_once() {
        let log = [
            read(ALL, 10),
            read(AVAILABLE, 100),
            read(ALL, 101),
            read(PENDING, 102),
            read(SOLD, 103),
        ];
        let reads = store_reads(&log, 0, &LeftBehind::List(ALL.into()));
        assert_eq!(reads.len(), 4, "{reads:?}");
    }
}
