//! Small pieces shared by the pages.

mod create_outcome;
mod download;
mod env_bar;
mod error_alert;
mod export_buttons;
mod idle_guard;
mod import_view;
mod load_failed;
mod lookup_notice;
mod offline;
mod pet_table;
mod sign_in;
mod sign_out_everywhere;
mod text_field;
mod title;
mod update_banner;

pub use create_outcome::CreateOutcome;
pub use download::download;
pub use env_bar::EnvironmentBar;
pub use error_alert::{error_fallback, ErrorAlert};
pub(crate) use export_buttons::preload_export;
pub use export_buttons::ExportButtons;
pub use idle_guard::IdleGuard;
pub use import_view::{ImportProgress, ImportTable};
pub use load_failed::LoadFailed;
pub use lookup_notice::LookupNotice;
pub use offline::{ConnectionNote, OfflineWrites};
pub use pet_table::{status_badge, ListView, PetTable};
pub use sign_in::SignIn;
pub use sign_out_everywhere::SignOutEverywhere;
pub use text_field::TextField;
pub use title::{env_icon, page_title};
pub use update_banner::UpdateBanner;
