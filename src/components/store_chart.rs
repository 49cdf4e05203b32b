//! The Store page's figures: the counts per status, and per category a horizontal stacked bar
//! drawn as SVG with the table it is drawn from (one `Glance` for both). Each bar, segment and
//! count leads to the list filtered by its category and status. Colour is never the only
//! cue: each status has its own pattern, shown beside its count as its key, each segment its
//! count and each bar a line naming them in words. Bars and rows are keyed, so a read again
//! that changes nothing redraws nothing (and the keyboard stays where it was); one that
//! changes the longest bar redraws the bars, whose lengths all follow it.

use leptos::prelude::*;
use petstore_core::{Bar, Categories, Count, Glance, Kind, Page, Segment, READ_LIMIT};

use crate::config::Environment;
use crate::i18n::{language, number, status_name, t, words, Language};
use crate::session::{absolute, CurrentEnv};
use leptos_router::hooks::use_navigate;

/// Below this share of the chart's width a segment is too narrow to hold its count (the bar's
/// line of words still says it).
const LABELLED_WIDTH: f64 = 6.0;

/// What a list shows for category `id` on this page: its name, else "Category 7".
pub fn category_label(names: &Categories, id: i64) -> String {
    names.name(id).map_or_else(
        || words::store_category_number(&id.to_string()),
        str::to_owned,
    )
}

/// A count as the page writes it: "12", or "100+" where the reads may have left some out.
fn count_text(count: Count) -> String {
    match count.more {
        true => format!("{}+", number(count.pets as u64)),
        false => number(count.pets as u64),
    }
}

/// The status's word, for a kind ("no status" for pets with none).
fn kind_name(kind: Kind) -> String {
    match kind {
        Kind::NoStatus => words::no_status().into_owned(),
        kind => status_name(kind.status().as_ref()).into_owned(),
    }
}

/// The status's word beside a count of `pets` ("11 disponibles").
fn kind_counted(kind: Kind, pets: usize) -> String {
    let count = pets as u64;
    match kind {
        Kind::Available => words::store_kind_available(count),
        Kind::Pending => words::store_kind_pending(count),
        Kind::Sold => words::store_kind_sold(count),
        Kind::NoStatus => words::store_kind_none(count),
    }
    .into_owned()
}

/// The list of `env` showing `category` (if any) and `kind` (if it is a status the list can
/// ask for), as many pets as a read gives.
fn list_link(
    current: CurrentEnv,
    env: Environment,
    category: Option<i64>,
    kind: Option<Kind>,
) -> String {
    let mut href = format!("{}&limit={READ_LIMIT}", current.link(&Page::List, env));
    if let Some(status) = kind.and_then(Kind::status) {
        href.push_str(&format!("&status={}", status.as_str()));
    }
    if let Some(category) = category {
        href.push_str(&format!("&category={category}"));
    }
    href
}

/// The class that gives a kind its colour.
fn kind_class(kind: Kind) -> &'static str {
    match kind {
        Kind::Available => "available",
        Kind::Pending => "pending",
        Kind::Sold => "sold",
        Kind::NoStatus => "none",
    }
}

/// The fill of a kind's segments: its pattern (available's colour is the style sheet's; a
/// `url(#…)` there would name the style sheet itself).
fn pattern(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Available => None,
        Kind::Pending => Some("url(#pattern-pending)"),
        Kind::Sold => Some("url(#pattern-sold)"),
        Kind::NoStatus => Some("url(#pattern-none)"),
    }
}

/// A kind's colour and pattern, as a rectangle filling its SVG.
fn swatch(kind: Kind) -> impl IntoView {
    view! {
        <rect
            class=format!("segment kind-{}", kind_class(kind))
            fill=pattern(kind)
            width="100%"
            height="100%"
        />
    }
}

/// The counts per status, each with its pattern (the chart's key) and a link to the list of
/// that status.
#[component]
pub fn StoreCounts(glance: Memo<Glance>, env: Environment, current: CurrentEnv) -> impl IntoView {
    let item = move |kind: Kind| {
        let count = move || glance.with(|g| count_text(g.counts[kind.index()]));
        let inner = view! {
            <svg class="swatch" aria-hidden="true" focusable="false">
                {swatch(kind)}
            </svg>
            <strong class="store-count">{count}</strong>
            " "
            <span>{move || glance.with(|g| kind_counted(kind, g.counts[kind.index()].pets))}</span>
        };
        // The list cannot ask the service for pets with no status.
        let body = match kind {
            Kind::NoStatus => inner.into_any(),
            _ => view! { <a href=list_link(current, env, None, Some(kind))>{inner}</a> }.into_any(),
        };
        view! { <li class="store-kind">{body}</li> }
    };
    view! {
        <ul class="store-counts">{Kind::ALL.into_iter().map(item).collect_view()}</ul>
    }
}

/// One bar as drawn: the category's counts, the chart's scale and the language, which are
/// all it is drawn from (its key).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Drawn {
    bar: Bar,
    scale: usize,
    language: Language,
}

/// The chart and its table, for `glance` of `env` with its category `names`.
#[component]
pub fn StoreChart(
    glance: Memo<Glance>,
    env: Environment,
    current: CurrentEnv,
    names: Categories,
) -> impl IntoView {
    let names = StoredValue::new(names);
    let navigate = use_navigate();
    // The router follows an HTML link by itself, not an SVG one: a plain click on a segment is
    // followed the same way (with Ctrl, Shift or the middle button it is the browser's).
    let follow = Callback::new(move |(ev, href): (web_sys::MouseEvent, String)| {
        let modified = ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key();
        if ev.button() == 0 && !modified {
            ev.prevent_default();
            navigate(&href, absolute(false));
        }
    });
    let drawn = move || {
        let language = language();
        glance.with(|g| {
            let scale = g.scale();
            g.bars
                .iter()
                .map(|bar| Drawn {
                    bar: bar.clone(),
                    scale,
                    language,
                })
                .collect::<Vec<_>>()
        })
    };
    let bar = move |Drawn { bar, scale, .. }: Drawn| {
        let name = names.with_value(|n| category_label(n, bar.category));
        let link = |kind| list_link(current, env, Some(bar.category), kind);
        let segments = bar
            .segments(scale)
            .into_iter()
            .map(|s| segment_view(&s, &name, link(Some(s.kind)), follow))
            .collect_view();
        view! {
            <li class="store-bar">
                <p class="bar-label">
                    <a href=link(None)>{name.clone()}</a>
                    {words::store_bar_counts(&counts_said(&bar))}
                </p>
                <svg class="bar" role="group" aria-label=name>
                    {segments}
                </svg>
            </li>
        }
    };
    let empty = move || {
        glance
            .with(|g| g.bars.is_empty())
            .then(|| view! { <p class="note">{t(words::store_empty)}</p> })
    };
    view! {
        {empty}
        <ul class="store-chart">
            <For each=drawn key=Drawn::clone children=bar />
        </ul>
        <StoreTable glance env current names />
    }
}

/// A bar's counts in words: "5 available, 1 pending, 1 sold".
fn counts_said(bar: &Bar) -> String {
    Kind::ALL
        .into_iter()
        .filter(|k| bar.counts[k.index()] > 0)
        .map(|k| {
            let pets = bar.counts[k.index()];
            format!("{} {}", number(pets as u64), kind_counted(k, pets))
        })
        .collect::<Vec<_>>()
        .join(&words::list_separator())
}

/// One segment of category `name`'s bar, a link to `href`: an SVG of its own placed in the
/// bar's, which keeps its count inside it and makes its link an SVG one.
fn segment_view(
    s: &Segment,
    name: &str,
    href: String,
    follow: Callback<(web_sys::MouseEvent, String)>,
) -> impl IntoView {
    let pets = number(s.pets as u64);
    let label = words::store_segment(name, &pets, &kind_name(s.kind));
    let text = (s.width >= LABELLED_WIDTH).then(|| view! { <text x="50%" y="50%">{pets}</text> });
    let to = href.clone();
    view! {
        <svg x=format!("{}%", s.start) width=format!("{}%", s.width) height="100%">
            <a href=href aria-label=label on:click=move |ev| follow.run((ev, to.clone()))>
                {swatch(s.kind)}
                {text}
            </a>
        </svg>
    }
}

/// The patterns that tell the statuses apart without colour (available is plain).
#[component]
pub fn Patterns() -> impl IntoView {
    view! {
        <svg class="store-patterns" width="0" height="0" aria-hidden="true" focusable="false">
            <defs>
                <pattern
                    id="pattern-pending"
                    width="8"
                    height="8"
                    patternUnits="userSpaceOnUse"
                    patternTransform="rotate(45)"
                >
                    <rect class="kind-pending" width="8" height="8" />
                    <rect class="pattern-mark" width="3" height="8" />
                </pattern>
                <pattern id="pattern-sold" width="8" height="8" patternUnits="userSpaceOnUse">
                    <rect class="kind-sold" width="8" height="8" />
                    <circle class="pattern-mark" cx="4" cy="4" r="1.6" />
                </pattern>
                <pattern id="pattern-none" width="8" height="8" patternUnits="userSpaceOnUse">
                    <rect class="kind-none" width="8" height="8" />
                    <rect class="pattern-mark" width="8" height="2" />
                </pattern>
            </defs>
        </svg>
    }
}

/// The chart's figures as a table: a row per category, a column per status, and the counts
/// per status at its foot.
#[component]
fn StoreTable(
    glance: Memo<Glance>,
    env: Environment,
    current: CurrentEnv,
    names: StoredValue<Categories>,
) -> impl IntoView {
    let head = Kind::ALL
        .into_iter()
        .map(|kind| view! { <th scope="col">{move || kind_name(kind)}</th> })
        .collect_view();
    // Rows keyed by what they show and the language: a read again that changes a category
    // redraws its row alone.
    let rows = move || {
        let language = language();
        glance.with(|g| {
            g.bars
                .iter()
                .map(|b| (b.clone(), language))
                .collect::<Vec<_>>()
        })
    };
    let row = move |(bar, _): (Bar, Language)| {
        let name = names.with_value(|n| category_label(n, bar.category));
        let cells = Kind::ALL
            .into_iter()
            .map(|kind| {
                view! {
                    <td data-label=move || kind_name(kind)>
                        {number(bar.counts[kind.index()] as u64)}
                    </td>
                }
            })
            .collect_view();
        view! {
            <tr>
                <th scope="row">
                    <a href=list_link(current, env, Some(bar.category), None)>{name}</a>
                </th>
                {cells}
                <td data-label=words::store_total>{number(bar.total() as u64)}</td>
            </tr>
        }
    };
    let foot = move || {
        glance.with(|g| {
            let cells = Kind::ALL
                .into_iter()
                .map(|kind| {
                    let count = count_text(g.counts[kind.index()]);
                    view! { <td data-label=move || kind_name(kind)>{count}</td> }
                })
                .collect_view();
            let all = g.counts.iter().map(|c| c.pets).sum::<usize>();
            let more = g.any_more();
            view! {
                {cells}
                <td data-label=words::store_total>
                    {count_text(Count { pets: all, more })}
                </td>
            }
        })
    };
    view! {
        <table class="store-table">
            <caption>{t(words::store_table_caption)}</caption>
            <thead>
                <tr>
                    <th scope="col">{t(words::column_category)}</th>
                    {head}
                    <th scope="col">{t(words::store_total)}</th>
                </tr>
            </thead>
            <tbody>
                <For each=rows key=Clone::clone children=row />
            </tbody>
            <tfoot>
                <tr>
                    <th scope="row">{t(words::store_total)}</th>
                    {foot}
                </tr>
            </tfoot>
        </table>
    }
}
