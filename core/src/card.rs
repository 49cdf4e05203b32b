//! A pet's cage card: the address its code holds, reading back what Find a pet is given (a
//! pet's number, or a card's code, which is the pet's page address), the code's squares, and
//! reading a code from a camera's picture.

use qrcode::{Color, EcLevel, QrCode};

use std::fmt::Write;

use crate::{parse_int64, Environment, Int64Problem, Page};

/// What a manager typed or scanned into Find a pet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scanned {
    /// Nothing but spaces.
    Nothing,
    /// Pet `id`, of `env` where the text named one (a card does; a bare number does not).
    Pet {
        /// The pet's id.
        id: i64,
        /// The environment the card was printed in, if the text says.
        env: Option<Environment>,
    },
    /// A whole number no pet can have (beyond a 64-bit id).
    NoSuchNumber,
    /// An address of this app that is not a pet's page (the list, say).
    OtherPage,
    /// An address of another site (another deployment's card, or a shop's web page): its host.
    OtherSite(String),
    /// Text that is neither a number nor an address.
    Text,
}

/// Reads `text` (typed, or typed by a barcode scanner) against `here`, this deployment's own
/// address (`https://shop.example/admin`: its origin and the path the app is served under).
pub fn read_scanned(text: &str, here: &str) -> Scanned {
    let text = text.trim();
    if text.is_empty() {
        return Scanned::Nothing;
    }
    let number = text.strip_prefix('#').unwrap_or(text);
    if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
        return pet(number, None);
    }
    let Some((host, path, query)) = split_address(text) else {
        return Scanned::Text;
    };
    let (here_host, here_base, _) = split_address(here).unwrap_or((here, "", ""));
    if !host.eq_ignore_ascii_case(here_host) {
        return Scanned::OtherSite(host.to_owned());
    }
    let below_base = path.strip_prefix(here_base.trim_end_matches('/'));
    let Some(Page::Pet(id)) = below_base.and_then(Page::at) else {
        return Scanned::OtherPage;
    };
    // Ids belong to one environment: an address naming one that does not exist opens none.
    let named = query.split('&').find_map(|pair| pair.strip_prefix("env="));
    let env = match named.map(|e| Environment::parse(&e.to_ascii_lowercase())) {
        Some(None) => return Scanned::Text,
        Some(env) => env,
        None => None,
    };
    pet(&id, env)
}

/// Whether `text`, as typed so far into Find a pet, is a name to search the list for: not a
/// number or an address, nor the start of one (a scanner types a card's address a character
/// at a time, and "ht" is not a name to search for on the way to "https://").
pub fn is_a_name(text: &str, here: &str) -> bool {
    let start = text.trim_start().to_ascii_lowercase();
    let address_begun = !start.is_empty()
        && ["https://", "http://"]
            .iter()
            .any(|scheme| scheme.starts_with(&start));
    matches!(read_scanned(text, here), Scanned::Text | Scanned::Nothing)
        && !address_begun
        && !start.starts_with('#')
}

/// Pet `id` of `env`, read from a number typed or a pet's page address: a number past a 64-bit
/// id names no pet; a page address whose id is no number is no pet's page.
fn pet(id: &str, env: Option<Environment>) -> Scanned {
    match parse_int64(id) {
        Ok(id) => Scanned::Pet { id, env },
        Err(Int64Problem::OutOfRange) => Scanned::NoSuchNumber,
        Err(Int64Problem::NotANumber) => Scanned::OtherPage,
    }
}

/// An `http(s)://` address's host, path and query (without a `#` part); `None` for any other
/// text.
fn split_address(text: &str) -> Option<(&str, &str, &str)> {
    let (scheme, rest) = text.split_once("://")?;
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return None;
    }
    let rest = rest.split('#').next().unwrap_or_default();
    let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
    let (host, path) = rest.find('/').map_or((rest, ""), |at| rest.split_at(at));
    // A user name before `@` is no part of where the address leads.
    let host = host.rsplit('@').next().unwrap_or(host);
    (!host.is_empty()).then_some((host, path, query))
}

/// A QR code's squares, as an SVG path over a `size` × `size` grid with its quiet zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrSquares {
    /// The grid's width and height, in squares, quiet zone included.
    pub size: usize,
    /// One `M x y h1v1h-1z` per dark square.
    pub path: String,
}

/// The quiet zone a reader needs around the code, in squares (the standard's four).
const QUIET: usize = 4;

/// `text` as a QR code (error correction M, which survives a scratched card), or `None` if it
/// is too long for one.
pub fn qr_squares(text: &str) -> Option<QrSquares> {
    let code = QrCode::with_error_correction_level(text, EcLevel::M).ok()?;
    let width = code.width();
    let mut path = String::new();
    for (at, color) in code.to_colors().into_iter().enumerate() {
        if color == Color::Dark {
            let (x, y) = (at % width + QUIET, at / width + QUIET);
            let _ = write!(path, "M{x} {y}h1v1h-1z");
        }
    }
    Some(QrSquares {
        size: width + 2 * QUIET,
        path,
    })
}

/// The text of the first code found in a `width` × `height` picture of grey levels (0 black,
/// 255 white), one byte a pixel, row by row; `None` when no code can be read in it.
pub fn read_code(width: usize, height: usize, grey: &[u8]) -> Option<String> {
    if width == 0 || grey.len() < width * height {
        return None;
    }
    let mut picture =
        rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| grey[y * width + x]);
    picture
        .detect_grids()
        .into_iter()
        .find_map(|grid| grid.decode().ok().map(|(_, text)| text))
}

/// [`read_code`] of a picture as a canvas gives it: four bytes a pixel (red, green, blue,
/// opacity), row by row, turned to grey by the eye's weights.
pub fn read_code_in_rgba(width: usize, height: usize, rgba: &[u8]) -> Option<String> {
    let grey: Vec<u8> = rgba
        .chunks_exact(4)
        .map(|p| ((u32::from(p[0]) * 77 + u32::from(p[1]) * 150 + u32::from(p[2]) * 29) >> 8) as u8)
        .collect();
    read_code(width, height, &grey)
}

/// The paper a device prints sheets on, chosen once per device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// 210 × 297 mm, most of the world's.
    A4,
    /// 8.5 × 11 in, the United States' and Canada's.
    Letter,
}

impl Paper {
    /// Both, in the order they are offered.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// The value kept on the device and used in the page's classes.
    pub fn as_str(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The paper named by `value` (as [`Paper::as_str`] writes it).
    pub fn parse(value: &str) -> Option<Paper> {
        Paper::ALL.into_iter().find(|p| p.as_str() == value)
    }

    /// The paper a device whose language is `tag` (`en-US`) most likely has: US Letter in
    /// the countries that use it (CLDR's list), A4 elsewhere and where the tag names no
    /// country.
    pub fn likely_for(tag: &str) -> Paper {
        /// The countries whose paper is US Letter, by their region subtags.
        const LETTER: [&str; 14] = [
            "BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE",
        ];
        // After the language: a script (four letters) may come, then the region (two letters
        // or three digits); a single letter starts the extensions.
        let region = tag
            .split(['-', '_'])
            .skip(1)
            .take_while(|part| part.len() > 1)
            .find(|part| {
                (part.len() == 2 && part.bytes().all(|b| b.is_ascii_alphabetic()))
                    || (part.len() == 3 && part.bytes().all(|b| b.is_ascii_digit()))
            });
        match region {
            Some(r) if LETTER.contains(&r.to_ascii_uppercase().as_str()) => Paper::Letter,
            _ => Paper::A4,
        }
    }
}

/// How cards sit on a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Two by two: four cage cards (A6 on A4).
    Cards,
    /// Two by four: eight smaller labels.
    Labels,
}

impl Layout {
    /// Both, in the order they are offered.
    pub const ALL: [Layout; 2] = [Layout::Cards, Layout::Labels];

    /// How many fit a page.
    pub fn per_page(self) -> usize {
        match self {
            Layout::Cards => 4,
            Layout::Labels => 8,
        }
    }

    /// The value used in the page's classes and the `<select>`.
    pub fn as_str(self) -> &'static str {
        match self {
            Layout::Cards => "cards",
            Layout::Labels => "labels",
        }
    }

    /// The layout named by `value` (as [`Layout::as_str`] writes it).
    pub fn parse(value: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.as_str() == value)
    }
}

#[cfg(test)]
mod tests;
