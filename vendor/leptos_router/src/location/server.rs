use super::{Url, BASE};
use crate::params::ParamsMap;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestUrl(Arc<str>);

impl RequestUrl {
    /// Creates a server-side request URL from a path.
    pub fn new(path: &str) -> Self {
        Self(path.into())
    }
}

impl AsRef<str> for RequestUrl {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Default for RequestUrl {
    fn default() -> Self {
        Self::new("/")
    }
}

impl RequestUrl {
    pub fn parse(&self) -> Result<Url, url::ParseError> {
        self.parse_with_base(BASE)
    }

    pub fn parse_with_base(&self, base: &str) -> Result<Url, url::ParseError> {
        let base = url::Url::parse(base)?;
        let url = url::Url::options().base_url(Some(&base)).parse(&self.0)?;

        // petstore-admin patch (backport of leptos-rs/leptos 1cf4453, in leptos_router
        // 0.9.0): `query_pairs` has decoded the pairs already; insert them as they are.
        let mut search_params = ParamsMap::new();
        for (k, v) in url.query_pairs() {
            search_params.insert_decoded(k.to_string(), v.to_string());
        }

        Ok(Url {
            origin: url.origin().unicode_serialization(),
            path: url.path().to_string(),
            search: url.query().unwrap_or_default().to_string(),
            search_params,
            hash: Default::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::RequestUrl;

    #[test]
    pub fn should_parse_url_without_origin() {
        let url = RequestUrl::new("/foo/bar").parse().unwrap();
        assert_eq!(url.path(), "/foo/bar");
    }

    #[test]
    pub fn should_not_parse_url_without_slash() {
        let url = RequestUrl::new("foo/bar").parse().unwrap();
        assert_eq!(url.path(), "/foo/bar");
    }

    #[test]
    pub fn should_parse_with_base() {
        let url = RequestUrl::new("https://www.example.com/foo/bar")
            .parse()
            .unwrap();
        assert_eq!(url.origin(), "https://www.example.com");
        assert_eq!(url.path(), "/foo/bar");
    }

    // petstore-admin patch: each query value is decoded once, as typed.
    #[test]
    pub fn query_values_are_decoded_once() {
        let cases = [
            ("%2541", "%41"),
            ("%25", "%"),
            ("100%25", "100%"),
            ("a%2Bb", "a+b"),
            ("a+b", "a b"),
            ("%231", "#1"),
            ("%26", "&"),
            ("%3D", "="),
        ];
        for (sent, typed) in cases {
            let url =
                RequestUrl::new(&format!("/pets?q={sent}")).parse().unwrap();
            let got = url.search_params().get("q");
            assert_eq!(got.as_deref(), Some(typed), "{sent}");
        }
    }
}
