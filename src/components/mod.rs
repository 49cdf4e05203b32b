//! Small pieces shared by the pages.

mod card_scanner;
mod compare_groups;
mod create_outcome;
mod download;
mod env_bar;
mod error_alert;
mod export_buttons;
mod find_pet;
mod freshness;
mod header_menu;
mod held_pet;
mod idle_guard;
mod import_view;
mod language_select;
mod load_failed;
mod lookup_notice;
mod menu_contents;
mod offline;
mod pet_card;
mod pet_table;
mod print_rows;
mod print_sheets;
mod round_line;
mod run_panel;
mod sign_in;
mod sign_out_everywhere;
mod stock_sheet;
mod store_chart;
mod text_field;
mod title;
mod unknown_rows;
mod update_banner;

pub(crate) use crate::i18n::clock_time;
pub use card_scanner::CardScanner;
pub use compare_groups::{Chosen, CompareGroups, Names};
pub use create_outcome::CreateOutcome;
pub use download::download;
pub use env_bar::EnvironmentBar;
pub use error_alert::{error_fallback, ErrorAlert};
pub(crate) use export_buttons::preload_export;
pub use export_buttons::ExportButtons;
pub use find_pet::{FindPet, ListSearch};
pub(crate) use freshness::iso_time;
pub use freshness::Freshness;
pub use header_menu::HeaderMenu;
pub use held_pet::HeldPet;
pub use idle_guard::IdleGuard;
pub use import_view::{ImportProgress, ImportTable};
pub use language_select::{LanguageNote, LanguageSelect};
pub use load_failed::LoadFailed;
pub use lookup_notice::LookupNotice;
pub(crate) use menu_contents::prefetch_menu_contents;
pub use offline::{ConnectionNote, OfflineWrites};
pub use pet_card::{CardPet, PrintCard};
pub use pet_table::{
    category_options, status_badge, status_options, ListChanges, ListView, PetTable,
};
pub use print_rows::PrintRows;
pub use round_line::RoundLine;
pub use run_panel::RunPanel;
pub use sign_in::{KeyForm, SignIn};
pub use sign_out_everywhere::SignOutEverywhere;
pub use store_chart::{category_label, Patterns, StoreChart, StoreCounts};
pub use text_field::TextField;
pub use title::{env_icon, page_title};
pub use unknown_rows::SendUnknownAgain;
pub use update_banner::{update_ready, UpdateBanner};

/// Moves the keyboard (and a screen reader) to the element with this id, if it is there.
pub fn focus(id: &str) {
    use wasm_bindgen::JsCast;
    if let Some(element) = leptos::prelude::document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}
