//! One request as the client sends it, kept as data: so it can be sent again (a retry) and
//! written down (the activity log, as a `curl` command that never holds the key).

use super::error::ApiError;
use super::models::Pet;

/// The environment variable the `curl` commands read the key from.
pub const KEY_VARIABLE: &str = "PETSTORE_API_KEY";

/// A request of the interface: method, address, query and JSON body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sent {
    /// `GET` or `POST`.
    pub method: &'static str,
    /// The address without its query.
    pub url: String,
    /// The query pairs, already checked (see [`crate::list_query`]).
    pub query: Vec<(&'static str, String)>,
    /// The JSON body, for a create.
    pub body: Option<String>,
}

impl Sent {
    /// A `GET` of `url` with `query`.
    pub fn get(url: String, query: Vec<(&'static str, String)>) -> Sent {
        Sent {
            method: "GET",
            url,
            query,
            body: None,
        }
    }

    /// A `POST` of `body` (JSON) to `url`.
    pub fn post(url: String, body: String) -> Sent {
        Sent {
            method: "POST",
            url,
            query: Vec::new(),
            body: Some(body),
        }
    }

    /// The whole address, query included. The query's values are the ones
    /// [`crate::list_query`] allows (digits and the status words), so they need no encoding.
    pub fn address(&self) -> String {
        let query: Vec<String> = self.query.iter().map(|(k, v)| format!("{k}={v}")).collect();
        match query.is_empty() {
            true => self.url.clone(),
            false => format!("{}?{}", self.url, query.join("&")),
        }
    }

    /// The request as a `curl` command for a shell, the key read from `$PETSTORE_API_KEY`: it
    /// can be handed to someone else without handing over the key.
    pub fn curl(&self) -> String {
        let mut parts = vec!["curl".to_owned()];
        if self.method != "GET" {
            parts.push(format!("-X {}", self.method));
        }
        parts.push(shell_quote(&self.address()));
        parts.push(format!("-H \"Authorization: Bearer ${KEY_VARIABLE}\""));
        if let Some(body) = &self.body {
            parts.push("-H 'Content-Type: application/json'".to_owned());
            parts.push(format!("--data {}", shell_quote(body)));
        }
        parts.join(" ")
    }

    /// Whether sending it again cannot change anything (a read).
    pub fn is_read(&self) -> bool {
        self.method == "GET"
    }
}

/// `text` in single quotes for a POSIX shell: nothing in it is expanded.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Who is told of every exchange (the app's client tells it).
pub type Observer = std::rc::Rc<dyn Fn(&Exchange)>;

/// A request and what came of it, as the client reports it to whoever watches (see
/// the app's client).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// What was sent.
    pub sent: Sent,
    /// The pet created, for a create that succeeded; `None` for a read that succeeded.
    pub outcome: Result<Option<Pet>, ApiError>,
    /// For a read answered with a kept answer instead of the network's (the service was out
    /// of reach, or slow): that answer; `None` for a fresh answer.
    pub kept: Option<Kept>,
}

/// A read's answer that the service worker kept, given instead of the network's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// When it was received (an ISO 8601 time, as the service worker kept it).
    pub at: String,
    /// Given because the service was slow to answer (its answer is still on its way), not
    /// because it could not be reached.
    pub slow: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curl_reads_the_key_from_the_environment_and_quotes_for_the_shell() {
        let list = Sent::get(
            "https://pets.example/v1/pets".into(),
            vec![("limit", "20".into()), ("status", "sold".into())],
        );
        assert_eq!(
            list.curl(),
            "curl 'https://pets.example/v1/pets?limit=20&status=sold' \
             -H \"Authorization: Bearer $PETSTORE_API_KEY\""
        );
        let create = Sent::post(
            "https://pets.example/v1/pets".into(),
            r#"{"name":"O'Malley $HOME","categoryId":1}"#.into(),
        );
        let text = create.curl();
        assert!(text.starts_with("curl -X POST 'https://pets.example/v1/pets' "));
        assert!(text.ends_with(r#"--data '{"name":"O'\''Malley $HOME","categoryId":1}'"#));
        assert!(text.contains("Content-Type: application/json"));
        assert!(list.is_read() && !create.is_read());
    }
}
