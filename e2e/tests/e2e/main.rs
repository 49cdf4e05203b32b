//! The end-to-end tests of the release build, one binary (one link, and the test harness runs
//! them side by side across the suites): each module below is one suite, its first lines say
//! what it checks. Every test starts its own site, service and browser.

mod compare;
mod engines;
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
mod split_pages;
