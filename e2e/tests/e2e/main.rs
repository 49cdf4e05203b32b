//! The end-to-end tests of the release build, one binary (one link): each module below is one
//! suite, its first lines say what it checks. Every test starts its own site, service and
//! browser, so the harness runs them side by side (the test command runs the randomized
//! session on its own, after the others).

mod cards;
mod compare;
mod engines;
mod header;
mod hold;
mod installable;
mod language_look;
mod languages;
mod live;
mod long_tab;
mod look;
mod offline;
mod offline_keys;
mod phone;
mod pseudo_locale;
mod random_session;
mod release_site;
mod scanning;
mod split_pages;
mod start_frame;
mod store;
mod tabs;
