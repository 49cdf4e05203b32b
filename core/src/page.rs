//! The app's pages, by path: one type names every address, for links, the router's lazy
//! pages and the checks of which page is shown.

/// A page of the app, by its path below the site's base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Page {
    /// `/pets`: the list.
    List,
    /// `/pets/new`: the add form.
    New,
    /// `/pets/import`: the import.
    Import,
    /// `/pets/{id}`: one pet, its id as written in the address (the page says when it is not
    /// one).
    Pet(String),
    /// `/compare`: staging and production side by side.
    Compare,
    /// `/activity`: what this tab did.
    Activity,
    /// `/store`: the store at a glance.
    Store,
}

impl Page {
    /// Pet `id`'s page.
    pub fn pet(id: i64) -> Page {
        Page::Pet(id.to_string())
    }

    /// The path, from the site's base: `/pets/new`.
    pub fn path(&self) -> String {
        match self {
            Page::List => "/pets".to_owned(),
            Page::New => "/pets/new".to_owned(),
            Page::Import => "/pets/import".to_owned(),
            Page::Pet(id) => format!("/pets/{id}"),
            Page::Compare => "/compare".to_owned(),
            Page::Activity => "/activity".to_owned(),
            Page::Store => "/store".to_owned(),
        }
    }

    /// The page at `path` (below the site's base; a trailing slash allowed), if it is one.
    pub fn at(path: &str) -> Option<Page> {
        match path.trim_end_matches('/') {
            "/pets" => Some(Page::List),
            "/pets/new" => Some(Page::New),
            "/pets/import" => Some(Page::Import),
            "/compare" => Some(Page::Compare),
            "/activity" => Some(Page::Activity),
            "/store" => Some(Page::Store),
            other => other
                .strip_prefix("/pets/")
                .filter(|id| !id.is_empty() && !id.contains('/'))
                .map(|id| Page::Pet(id.to_owned())),
        }
    }

    /// Whether `pathname` (the browser's, with whatever base the site is served under) shows
    /// this page.
    pub fn is_at(&self, pathname: &str) -> bool {
        pathname.trim_end_matches('/').ends_with(&self.path())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_is_found_at_its_own_path() {
        let pages = [
            Page::List,
            Page::New,
            Page::Import,
            Page::pet(9_007_199_254_740_993),
            Page::Compare,
            Page::Activity,
            Page::Store,
        ];
        for page in pages {
            assert_eq!(Page::at(&page.path()), Some(page.clone()));
            assert_eq!(Page::at(&format!("{}/", page.path())), Some(page.clone()));
            assert!(page.is_at(&format!("/admin{}", page.path())));
        }
    }

    #[test]
    fn a_pet_page_is_any_one_segment_and_nothing_else_is_a_page() {
        assert_eq!(Page::at("/pets/abc"), Some(Page::Pet("abc".into())));
        for other in ["/", "/pets/1/2", "/other", "/petsx"] {
            assert_eq!(Page::at(other), None, "{other}");
        }
        assert!(!Page::New.is_at("/pets"));
        assert!(!Page::List.is_at("/pets/new"));
    }
}
