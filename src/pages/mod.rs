//! One file per page. Pages hold no HTTP code: they call the API client through the session.

mod activity;
mod compare;
mod config_error;
mod not_found;
mod pet_import;
mod pet_list;
mod pet_new;
mod pet_rows;
mod pet_view;
mod store;
mod wider_reads;

pub use activity::Activity;
pub use compare::Compare;
pub use config_error::ConfigErrorPage;
pub use not_found::NotFound;
pub use pet_import::PetImport;
pub use pet_list::PetList;
pub use pet_new::PetNew;
pub use pet_view::PetView;
pub use store::Store;
