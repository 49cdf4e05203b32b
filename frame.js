// The start frame's colour and words. index.html draws the frame (the header and "Loading
// pets…", in English and production's colour) from the HTML and the stylesheet, before the
// app's code has come, and with JavaScript off. This script, in the page's head, puts it in the
// environment the address names and in the device's language before it is first painted: it
// runs before the body is read, and fills the frame in as its elements are added (an
// observer's callbacks run before the browser paints). The app takes the frame away as it
// draws its own header in the same place.
//
// build.rs writes `start-frame.js`: this file in a block after `const WORDS`, the frame's words
// in every locale (`{ key: { locale: text } }`, from the catalogues).
(() => {
  // The app's rule: the address's environment (its last `env=`), else this tab's last choice,
  // else production.
  const named = (value) => (value === "production" || value === "staging" ? value : null);
  // Storage may refuse even to be looked at (cookies blocked): then nothing was stored.
  const stored = (storage, key) => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  };
  const env =
    named(new URLSearchParams(location.search).getAll("env").at(-1)) ||
    named(stored(() => sessionStorage, "petstore-admin.environment")) ||
    "production";
  // start.js's rule: this device's choice, else the first of the browser's languages with
  // words, else English.
  const primary = (tag) => tag.split(/[-_]/)[0].toLowerCase();
  const wanted = [
    stored(() => localStorage, "petstore-admin.language"),
    ...(navigator.languages || []).map(primary),
  ];
  const tag = wanted.find((t) => t && Object.hasOwn(WORDS.app_name, t)) || "en";
  document.documentElement.lang = tag;

  // The frame stays hidden until it has been read to its end: a paint while the page is still
  // being read would show a part of it (the menu button before its word) that then grows. With
  // JavaScript off this class is never set, and the frame shows as it is read.
  const root = document.documentElement;
  root.classList.add("start-frame-reading");
  const show = () => root.classList.remove("start-frame-reading");

  // The tab's (and an installed app's window's) colour, as the app sets it once it starts
  // (`env_icon` in src/components/title.rs: the two must agree).
  const THEME = { production: "#b42318", staging: "#0b6b73" };

  // Puts the colour and the words in what has been read of the frame so far.
  const fill = () => {
    const theme = document.querySelector('meta[name="theme-color"]');
    if (theme && theme.content !== THEME[env]) theme.content = THEME[env];
    const frame = document.getElementById("start-frame");
    if (!frame) return;
    const header = frame.querySelector("header");
    const badge = frame.querySelector(".env-badge");
    if (header) header.className = `app-header env-${env}`;
    if (badge) badge.dataset.word = env;
    for (const element of frame.querySelectorAll("[data-word]")) {
      const text = WORDS[element.dataset.word]?.[tag];
      if (text && element.textContent !== text) element.textContent = text;
    }
    // Anything after the frame (the space before `</body>`) means its end has been read.
    if (frame.nextSibling) show();
  };
  // Until the whole page is read: an element's text may come in a later piece than the
  // element itself.
  const observer = new MutationObserver(fill);
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => {
    observer.disconnect();
    show();
  });
})();
