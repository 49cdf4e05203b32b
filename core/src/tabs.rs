//! What the app's open tabs on one device say to each other (over a `BroadcastChannel`, which
//! reaches only pages of the same origin): one sign-in shared by every tab, sign-outs that
//! reach every tab, and use in any tab holding off the idle sign-out in the others.

use crate::config::Environment;

/// Why every tab was emptied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emptied {
    /// Someone pressed Sign out everywhere.
    Pressed,
    /// The app went unused for the configuration's `idleMinutes`.
    Idle,
}

/// One message between the tabs. A key travels only between tabs of one deployment: the
/// messages about an environment name its address (`base`), and a tab configured with another
/// address for it ignores them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TabMessage {
    /// A tab without a key for `env` asks the open ones for theirs.
    Ask {
        /// The environment.
        env: Environment,
        /// Its address in the asking tab's configuration.
        base: String,
        /// A word of the asking tab's own, which the answer repeats: a tab takes only the
        /// answer to its own question.
        nonce: String,
    },
    /// An open tab's answer: the key it holds for `env`, not refused by the service.
    Key {
        /// The environment.
        env: Environment,
        /// Its address in the answering tab's configuration.
        base: String,
        /// The question's word.
        nonce: String,
        /// The key.
        key: String,
    },
    /// Sign out of `env` in every tab.
    SignOut {
        /// The environment.
        env: Environment,
        /// Its address.
        base: String,
    },
    /// Empty every tab of the deployment whose production address is `base`: both keys,
    /// drafts, import records, activity.
    Everywhere {
        /// Why, for each tab to say.
        why: Emptied,
        /// Production's address in the emptying tab's configuration.
        base: String,
    },
    /// Someone used the app in one of the tabs just now.
    Active,
}

impl TabMessage {
    /// The message as the channel carries it: its words one per line (`key`, the
    /// environment, its address, the question's word, the key). Neither an address nor a key
    /// holds a line break, and plain lines read as simply as serde's enum form would.
    pub fn to_text(&self) -> String {
        let fields: Vec<&str> = match self {
            TabMessage::Ask { env, base, nonce } => vec!["ask", env.as_str(), base, nonce],
            TabMessage::Key {
                env,
                base,
                nonce,
                key,
            } => vec!["key", env.as_str(), base, nonce, key],
            TabMessage::SignOut { env, base } => vec!["signOut", env.as_str(), base],
            TabMessage::Everywhere { why, base } => {
                let why = match why {
                    Emptied::Pressed => "pressed",
                    Emptied::Idle => "idle",
                };
                vec!["everywhere", why, base]
            }
            TabMessage::Active => vec!["active"],
        };
        fields.join("\n")
    }

    /// A message read from the channel; `None` for anything else (another version's, say).
    pub fn parse(text: &str) -> Option<TabMessage> {
        let fields: Vec<&str> = text.split('\n').collect();
        let env = || fields.get(1).and_then(|e| Environment::parse(e));
        let base = || fields.get(2).map(|b| (*b).to_owned());
        Some(match fields[..] {
            ["ask", _, _, nonce] => TabMessage::Ask {
                env: env()?,
                base: base()?,
                nonce: nonce.to_owned(),
            },
            ["key", _, _, nonce, key] => TabMessage::Key {
                env: env()?,
                base: base()?,
                nonce: nonce.to_owned(),
                key: key.to_owned(),
            },
            ["signOut", _, _] => TabMessage::SignOut {
                env: env()?,
                base: base()?,
            },
            ["everywhere", why, base] => TabMessage::Everywhere {
                why: match why {
                    "pressed" => Emptied::Pressed,
                    "idle" => Emptied::Idle,
                    _ => return None,
                },
                base: base.to_owned(),
            },
            ["active"] => TabMessage::Active,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_travel_as_lines_and_strangers_are_ignored() {
        let key = TabMessage::Key {
            env: Environment::Staging,
            base: "https://staging.example/v1".into(),
            nonce: "n1".into(),
            key: "k-1".into(),
        };
        let text = key.to_text();
        assert_eq!(text, "key\nstaging\nhttps://staging.example/v1\nn1\nk-1");
        assert_eq!(TabMessage::parse(&text), Some(key));
        for message in [
            TabMessage::Everywhere {
                why: Emptied::Idle,
                base: "https://pets.example/v1".into(),
            },
            TabMessage::Everywhere {
                why: Emptied::Pressed,
                base: "https://pets.example/v1".into(),
            },
            TabMessage::Active,
            TabMessage::SignOut {
                env: Environment::Production,
                base: "https://pets.example/v1".into(),
            },
        ] {
            assert_eq!(TabMessage::parse(&message.to_text()), Some(message));
        }
        assert_eq!(TabMessage::parse("key\nqa\nhttps://x/v1\nn1\nk"), None);
        assert_eq!(
            TabMessage::parse("key\nstaging\nhttps://x/v1\nk"),
            None,
            "no word"
        );
        assert_eq!(TabMessage::parse("key\nstaging"), None);
        assert_eq!(TabMessage::parse("hello"), None);
    }
}
