//! The random steps: what a store manager does and what the service does meanwhile, each
//! performed for real and folded into the model.

use std::time::Duration;

use fantoccini::Client;
use petstore_dev_service::control::Mode;

use super::bulk::{export_matches_rows, import, import_fixed, import_mid_run, MidRun};
use super::compare;
use super::find::{self, Scan};
use super::held::{self, HeldEnd};
use super::model::{url_env, Model, ENVS};
use super::page::{self, snapshot};
use super::print::{self, Printed};
use super::store::LeftBehind;

/// One step of a session.
#[derive(Clone, Debug)]
pub enum Step {
    SignIn,
    SignInPasted,
    SignInWrong,
    SignInBadCharacter,
    TypeKeyWithoutSubmitting,
    SignOut,
    SwitchEnvironment,
    Status(&'static str),
    Limit(&'static str),
    OpenRow(usize),
    OpenById(i64),
    GotoList,
    GotoNew,
    AddValid,
    AddInvalid,
    AddThenLeave,
    AddDoubleClick,
    /// "Add and add another"; `true`: by Enter in the name field once a round has begun (the
    /// button before that).
    AddAnother(bool),
    /// A pet's "Add one like this", on its page.
    AddLikeThis,
    /// Add pet, its moment to take it back ended as drawn (performed by `held.rs`).
    AddHeld(HeldEnd),
    /// Find a pet, given what a scanner reads (performed by `find.rs`).
    Find(Scan),
    /// Print card, Print cards or Print list, its preview checked and closed (`print.rs`).
    Print(Printed),
    Export,
    Import,
    /// Imports a row and an invalid one, fixes the invalid one in the box and runs the rows
    /// again.
    ImportFixed,
    /// Imports three rows while something happens mid-run (`bulk.rs`).
    ImportMidRun(MidRun),
    /// Another manager fills production with more available pets than a read reaches, once a
    /// session: copies into production then meet a crowded store.
    CrowdProduction,
    /// A pet held, the tab duplicated meanwhile, Add pet pressed in the copy (which asks
    /// first, the record of sent pets being the device's), the copy closed, and the pet sent
    /// from the first tab (`held.rs`).
    DuplicateMidHold,
    Reload,
    Back,
    Forward,
    RotateKey(usize),
    FaultOn(usize),
    SlowOn(usize),
    BackToNormal(usize),
    // Daily use (drawn from a stream of their own, see `draw_daily`).
    Search(&'static str),
    Sort(&'static str),
    OpenActivity,
    /// The Store page, from the header.
    OpenStore,
    TryAgain,
    /// Sign out everywhere; `true` answers its question with Forget everything, `false`
    /// with Keep everything.
    SignOutEverywhere(bool),
    BusyOnce(usize),
    GetPetOff(usize),
    GetPetOn(usize),
    /// Opens a page whose code is downloaded on first use from its address, in a new document
    /// (so the page's code is fetched anew, before anything else has asked for it).
    DeepLink(&'static str),
    // The all-day tablet (drawn and performed by `tablet.rs`).
    /// The network drops: the page's, the service worker's and the site's.
    Offline,
    /// The network comes back.
    Online,
    /// A build (an index into `tablet::BUILDS`) is deployed under the open tab.
    Deploy(usize),
    /// Presses the Reload of "A new version of this app is ready", if it shows.
    UpdateReload,
    /// The tab is closed without signing out and a new one opened on the same address with a
    /// made-up key of the right form for its environment (while offline).
    FreshTabMadeUpKey,
    // The compare page (drawn and performed by `compare.rs`).
    /// Follows the Compare link.
    OpenCompare,
    /// Signs in to the other environment in the compare page's own form.
    SignInInPage,
    /// Copies up to `.1` pets only environment `.0` holds into the other.
    CopyPets(usize, usize),
    /// Presses Close on a copy's panel, if it is offered (nothing is being sent).
    CloseCopy,
    // The live list (drawn and performed by `live.rs`).
    /// Another manager adds a pet to environment `.0` with status `.1`.
    OtherAdds(usize, &'static str),
    /// Another manager (or the till) gives the `.1`-th pet of environment `.0` status `.2`.
    OtherChanges(usize, usize, &'static str),
    /// Another tab is brought to the front for `.0` ms (another manager adds a pet to
    /// production meanwhile if `.1`); then this tab comes back.
    Hidden(u64, bool),
    // Other tabs of the app (drawn and performed by `tabs.rs`).
    /// A new tab opened on the address shown, then closed.
    NewTab,
    /// A new tab opened on the address shown, and Sign out pressed there.
    SignOutInOtherTab,
    // The store's language (drawn and checked by `language.rs`).
    /// Chooses the language `.0` in the header's control.
    Language(&'static str),
}

impl Step {
    /// Whether this step may change the environment in the URL (the app itself never may).
    pub fn may_switch_environment(&self) -> bool {
        matches!(
            self,
            Step::SwitchEnvironment
                | Step::Back
                | Step::Forward
                | Step::AddHeld(HeldEnd::Switch(_))
        )
    }
}

/// A small deterministic generator (SplitMix64), so a seed replays the same session.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Draws the next step. Signing in is likelier while the form shows, so sessions get far.
pub fn draw(rng: &mut Rng, dialog: bool) -> Step {
    if dialog && rng.below(3) > 0 {
        return match rng.below(10) {
            0 => Step::SignInWrong,
            1 => Step::SignInBadCharacter,
            2 => Step::SignInPasted,
            3 => Step::TypeKeyWithoutSubmitting,
            4 => Step::SwitchEnvironment,
            _ => Step::SignIn,
        };
    }
    let env = rng.below(2);
    match rng.below(24) {
        0 => Step::SignOut,
        1 | 2 => Step::SwitchEnvironment,
        3 | 4 => Step::Status(rng.pick(&["", "available", "pending", "sold"])),
        5 => Step::Limit(rng.pick(&["3", "20", "100", "0", "abc"])),
        6 | 7 => Step::OpenRow(rng.below(5)),
        8 => Step::OpenById(rng.pick(&[1, 2, 9_007_199_254_740_993, 424_242])),
        9 => Step::GotoList,
        10 | 11 => Step::GotoNew,
        12 | 13 => Step::AddValid,
        14 => Step::AddInvalid,
        15 => Step::AddThenLeave,
        16 => Step::AddDoubleClick,
        17 => Step::Reload,
        18 => Step::Back,
        19 => Step::Forward,
        20 => Step::RotateKey(env),
        21 => Step::FaultOn(env),
        22 => Step::SlowOn(env),
        _ => Step::BackToNormal(env),
    }
}

impl Step {
    /// Whether the step loads a page anew: the page before it is then unloaded, and may go
    /// before it takes in an answer already on its way.
    pub fn loads_page(&self) -> bool {
        matches!(
            self,
            Step::OpenById(_)
                | Step::DeepLink(_)
                | Step::Reload
                | Step::Back
                | Step::Forward
                | Step::UpdateReload
        )
    }
}

/// Draws a step of adding more like the last: the next pet of a round (by the button, or by
/// Enter once a round has begun), or a pet's "Add one like this".
pub fn draw_more(rng: &mut Rng) -> Step {
    match rng.below(3) {
        0 => Step::AddAnother(false),
        1 => Step::AddAnother(true),
        _ => Step::AddLikeThis,
    }
}

/// Draws a daily-use step: search, sort, the activity page, Try again, sign out everywhere,
/// the service answering 429 once or losing `getPet`, and a page opened from its address.
pub fn draw_daily(rng: &mut Rng) -> Step {
    let env = rng.below(2);
    match rng.below(13) {
        0 | 1 => Step::Search(rng.pick(&["", "re", "RND", "zz", "a", "É"])),
        2 | 3 => Step::Sort(rng.pick(&["ID", "Name", "Category", "Status"])),
        // Either page, by the draw already made (neither uses it otherwise), so the fixed
        // seeds' sequences stay as they were.
        4 if env == 0 => Step::OpenActivity,
        4 => Step::OpenStore,
        5 | 6 => Step::TryAgain,
        // From the draw already made, so the fixed seeds' sequences stay as they were.
        7 => Step::SignOutEverywhere(env == 0),
        8 | 9 => Step::BusyOnce(env),
        10 => Step::GetPetOff(env),
        11 => Step::GetPetOn(env),
        _ => Step::DeepLink(rng.pick(&["pets/new", "pets/import", "activity", "compare", "store"])),
    }
}

/// The sign-in dialog's own button (the compare page may show another form's).
const DIALOG_SIGN_IN: &str = "//*[@role='dialog']//button[@type='submit']";

/// Performs `step` (numbered `n` in the session of `seed`) and updates the model.
pub async fn perform(c: &Client, site: &str, model: &mut Model, step: &Step, tag: &str) {
    model.wiped = false;
    model.closed_copy = false;
    let snap = snapshot(c).await;
    let env = url_env(&snap).unwrap_or(0);
    match step {
        Step::SignIn | Step::SignInPasted | Step::SignInWrong => {
            if !snap.dialog {
                return;
            }
            let key = match step {
                Step::SignInWrong => format!("wrong-{}-{tag}", ENVS[env]),
                _ => model.service_key[env].clone(),
            };
            let typed = match step {
                Step::SignInPasted => format!("\u{200B}{key} "),
                _ => key.clone(),
            };
            if page::type_into(c, "API key", &typed).await && page::click(c, DIALOG_SIGN_IN).await {
                model.app_key[env] = Some(key);
                model.fresh_tab = None;
            }
        }
        Step::SignInBadCharacter => {
            let typed = format!("“{}”", model.service_key[env]);
            if page::type_into(c, "API key", &typed).await {
                page::click(c, DIALOG_SIGN_IN).await;
            }
        }
        Step::TypeKeyWithoutSubmitting => {
            page::type_into(c, "API key", &model.service_key[env]).await;
        }
        Step::SignOut => {
            if page::button(c, "Sign out").await {
                model.app_key[env] = None;
            }
        }
        Step::SwitchEnvironment => {
            page::choose(c, "Environment", ENVS[1 - env]).await;
        }
        Step::Status(value) => {
            if !snap.dialog {
                page::choose(c, "Status", value).await;
            }
        }
        Step::Limit(value) => {
            if !snap.dialog && page::type_into(c, "Limit", value).await {
                page::enter(c, "Limit").await;
            }
        }
        Step::OpenRow(k) => {
            // The list's rows: the compare page's tables also link to the other environment's
            // pets, which is a switch the model does not follow.
            let xpath = format!("(//table//tbody/tr/td[1]/a)[{}]", k + 1);
            if !snap.dialog && snap.path.ends_with("/pets") {
                page::click(c, &xpath).await;
            }
        }
        Step::OpenById(id) => {
            let url = format!("{site}pets/{id}?env={}", ENVS[env]);
            c.goto(&url).await.expect("open a deep link");
        }
        Step::GotoList => {
            page::nav(c, "Pets").await;
        }
        Step::GotoNew => {
            page::nav(c, "New pet").await;
        }
        Step::AddValid | Step::AddThenLeave | Step::AddDoubleClick => {
            add(c, model, &snap, env, step, tag).await;
        }
        Step::AddAnother(_) => {
            // From the add form, opened first if need be, so that rounds happen often.
            let mut snap = snap;
            if !snap.dialog && !snap.path.ends_with("/pets/new") {
                page::nav(c, "New pet").await;
            }
            // Until Add can be pressed (not while offline, or while another pet is on its way).
            if !snap.dialog {
                snap = page::wait_for(c, Duration::from_secs(5), |s| s.add_disabled == Some(false))
                    .await
                    .1;
            }
            add(c, model, &snap, env, step, tag).await;
        }
        Step::AddLikeThis => {
            // On a pet's page: the list's first pet's, opened first if need be.
            let pet_id = |s: &page::Snapshot| s.path.strip_prefix("/pets/")?.parse::<i64>().ok();
            let mut snap = snap;
            if snap.dialog {
                return;
            }
            let on_list = snap.path.ends_with("/pets");
            if on_list && page::click(c, "(//table//tbody/tr/td[1]/a)[1]").await {
                snap = page::wait_for(c, Duration::from_secs(5), |s| {
                    pet_id(s).is_some() && !s.h1.is_empty()
                })
                .await
                .1;
            }
            let pet = pet_id(&snap).and_then(|id| model.pets(env).into_iter().find(|p| p.id == id));
            if let Some(pet) = pet {
                if page::button(c, "Add one like this").await {
                    page::wait_for(c, Duration::from_secs(5), |s| {
                        s.path.ends_with("/pets/new")
                            && s.values.iter().any(|(id, _)| id == "pet-name")
                    })
                    .await;
                    model.liked = Some((env, pet.category_id));
                }
            }
        }
        Step::AddHeld(end) => held::perform(c, model, snap, env, *end, tag).await,
        Step::Find(scan) => find::perform(c, site, model, &snap, *scan).await,
        Step::Print(what) => print::perform(c, model, &snap, *what).await,
        Step::AddInvalid => {
            if page::type_into(c, "Name", "   ").await {
                page::button(c, "Add pet").await;
            }
        }
        Step::Export => {
            if snap.dialog {
                return;
            }
            if !snap.path.ends_with("/pets") {
                page::nav(c, "Pets").await;
            }
            // Until the list has settled: rows, an error, the sign-in form, or no pets.
            let (listed, snap) = page::wait_for(c, Duration::from_secs(5), |s| {
                s.path.ends_with("/pets")
                    && !s.busy
                    && (!s.rows.is_empty() || !s.alerts.is_empty() || s.dialog || s.empty)
            })
            .await;
            if listed && !snap.dialog && !snap.rows.is_empty() {
                model.export_problem = export_matches_rows(c, &snap).await.err();
                model.exports_checked += 1;
            }
        }
        Step::Import => import(c, model, &snap, env, tag).await,
        Step::ImportFixed => import_fixed(c, model, &snap, env, tag).await,
        Step::ImportMidRun(what) => import_mid_run(c, model, &snap, env, tag, *what).await,
        Step::CrowdProduction => {
            for n in 0..CROWD {
                model
                    .deployment(0)
                    .add_pet(&format!("Crowd {n}"), 6, Some("available"));
            }
            model.changed_at = super::live::now_ms();
        }
        Step::DuplicateMidHold => {}
        Step::Reload => c.refresh().await.expect("reload"),
        Step::Back => {
            c.back().await.expect("back");
            // Back past the app's first page leaves the site: come straight back, as a
            // person who pressed it once too often does.
            let url = c.current_url().await.expect("the address");
            if !url.as_str().starts_with(site) {
                c.forward().await.expect("forward");
            }
        }
        Step::Forward => c.forward().await.expect("forward"),
        Step::RotateKey(e) => {
            let key = format!("{}-key-{tag}", ENVS[*e]);
            model.deployment(*e).set_key(key.clone());
            model.service_key[*e] = key.clone();
            model.issued[*e].push(key);
        }
        Step::FaultOn(e) => set_mode(model, *e, Mode::Error503),
        Step::SlowOn(e) => set_mode(model, *e, Mode::Slow(Duration::from_millis(600))),
        Step::BackToNormal(e) => set_mode(model, *e, Mode::Normal),
        Step::Search(text) => {
            if !snap.dialog && snap.path.ends_with("/pets") {
                page::type_into(c, "Find a pet", text).await;
            }
        }
        Step::Sort(column) => {
            if !snap.dialog {
                let column = page::say(c, column).await;
                page::click(c, &format!("//th/button[normalize-space()=\"{column}\"]")).await;
            }
        }
        Step::OpenActivity => {
            page::nav(c, "Activity").await;
        }
        Step::OpenStore => {
            let left = LeftBehind::of(model, env, &snap);
            model.store_opened = Some((env, model.log(env).len(), left));
            page::nav(c, "Store").await;
        }
        Step::DeepLink(path) => {
            if *path == "store" {
                model.store_opened = Some((env, model.log(env).len(), LeftBehind::Nothing));
            }
            let url = format!("{site}{path}?env={}", ENVS[env]);
            c.goto(&url).await.expect("open a deep link");
        }
        Step::TryAgain => {
            page::button(c, "Try again").await;
        }
        Step::SignOutEverywhere(forget) => {
            if !page::button(c, "Sign out everywhere").await {
                return;
            }
            // A tab that keeps nothing signs out at once; otherwise it asks first.
            let asked = page::wait_for_button(c, "Keep everything").await;
            if asked && !forget {
                page::button(c, "Keep everything").await;
                return;
            }
            if !asked || page::button(c, "Forget everything").await {
                model.wipe();
            }
        }
        Step::BusyOnce(e) => {
            model.busy_from[*e] = Some(model.log(*e).len());
            model.deployment(*e).set_mode(Mode::TooMany(1, Some(1)));
            model.mode[*e] = Mode::Normal;
        }
        Step::GetPetOff(e) => model.deployment(*e).set_get_pet(false),
        Step::GetPetOn(e) => model.deployment(*e).set_get_pet(true),
        Step::OpenCompare | Step::SignInInPage | Step::CopyPets(..) | Step::CloseCopy => {
            compare::perform(c, model, step, &snap).await;
        }
        Step::Offline
        | Step::Online
        | Step::Deploy(_)
        | Step::UpdateReload
        | Step::FreshTabMadeUpKey => {}
        // (The live list's, performed by `live.rs`.)
        Step::OtherAdds(..)
        | Step::OtherChanges(..)
        | Step::Hidden(..)
        | Step::Language(_)
        | Step::NewTab
        | Step::SignOutInOtherTab => {}
    }
}

/// How many available pets another manager adds to production to crowd it: more than a read
/// of one status reaches.
const CROWD: usize = 110;

fn set_mode(model: &mut Model, env: usize, mode: Mode) {
    model.deployment(env).set_mode(mode);
    model.mode[env] = mode;
}

/// Types a new pet into the add form of `env` (a name of the step's `tag`, category 3), if
/// the form is shown and Add can be pressed: its name, and whether the service should create
/// it when sent (a good key, no fault mode).
pub async fn fill_new(
    c: &Client,
    model: &Model,
    snap: &page::Snapshot,
    env: usize,
    tag: &str,
) -> Option<(String, bool)> {
    if snap.dialog || !snap.path.ends_with("/pets/new") || snap.add_disabled != Some(false) {
        return None;
    }
    let name = format!("Rnd {tag}");
    if !page::type_into(c, "Name", &name).await || !page::type_into(c, "Category ID", "3").await {
        return None;
    }
    let should_create = matches!(model.mode[env], Mode::Normal | Mode::Slow(_))
        && !model.busy_pending(env)
        && model.app_key[env].as_deref() == Some(model.service_key[env].as_str());
    Some((name, should_create))
}

/// Waits until the pet just added is held (its line shows, up to 5 s) where the session
/// holds pets: whether it is.
pub async fn held(c: &Client, model: &Model) -> bool {
    model.holds
        && page::wait_for(c, Duration::from_secs(5), |s| s.held)
            .await
            .0
}

async fn add(
    c: &Client,
    model: &mut Model,
    snap: &page::Snapshot,
    env: usize,
    step: &Step,
    tag: &str,
) {
    let Some((name, should_create)) = fill_new(c, model, snap, env, tag).await else {
        return;
    };
    let pressed = match step {
        // Enter adds the next pet only once a round has begun: before that it is Add pet's.
        Step::AddAnother(true) if page::has(c, ".round").await => {
            page::enter(c, "Name").await;
            true
        }
        Step::AddAnother(_) => page::button(c, "Add and add another").await,
        _ => page::button(c, "Add pet").await,
    };
    if !pressed {
        return;
    }
    if matches!(step, Step::AddAnother(_)) && should_create {
        model.rounded = Some((env, name.clone()));
    }
    model.allow(env, name, should_create);
    // A second press finds the pet held: nothing more is sent.
    let double = matches!(step, Step::AddDoubleClick);
    if double && page::button(c, "Add pet").await {
        model.sends_allowed[env] += 1;
    }
    if matches!(step, Step::AddThenLeave) {
        page::nav(c, "Pets").await;
    }
    // The session's hold is long: sent now, from wherever the step left the manager.
    if held(c, model).await {
        page::button(c, "Send now").await;
    }
}
