use super::*;

const HERE: &str = "https://shop.example/admin";

fn pet(id: i64, env: Option<Environment>) -> Scanned {
    Scanned::Pet { id, env }
}

#[test]
fn a_number_is_a_pet_of_the_environment_shown() {
    assert_eq!(read_scanned("42", HERE), pet(42, None));
    assert_eq!(read_scanned("  42\n", HERE), pet(42, None));
    assert_eq!(read_scanned("#42", HERE), pet(42, None));
    // Exact beyond what a JavaScript number holds.
    assert_eq!(
        read_scanned("9007199254740993", HERE),
        pet(9_007_199_254_740_993, None)
    );
    assert_eq!(
        read_scanned("99999999999999999999", HERE),
        Scanned::NoSuchNumber
    );
}

#[test]
fn a_cards_address_names_its_pet_and_environment() {
    assert_eq!(
        read_scanned("https://shop.example/admin/pets/7?env=staging", HERE),
        pet(7, Some(Environment::Staging))
    );
    assert_eq!(
        read_scanned("HTTPS://SHOP.EXAMPLE/admin/pets/7?env=production#top", HERE),
        pet(7, Some(Environment::Production))
    );
    // A link without its environment opens the pet where the manager is.
    assert_eq!(
        read_scanned("http://shop.example/admin/pets/7/", HERE),
        pet(7, None)
    );
    assert_eq!(
        read_scanned("https://shop.example/admin/pets/7?q=x&env=Staging", HERE),
        pet(7, Some(Environment::Staging))
    );
    // An environment that does not exist opens no pet: ids belong to one environment.
    assert_eq!(
        read_scanned("https://shop.example/admin/pets/7?env=moon", HERE),
        Scanned::Text
    );
    // Served at the root.
    assert_eq!(
        read_scanned(
            "http://127.0.0.1:8080/pets/3?env=staging",
            "http://127.0.0.1:8080"
        ),
        pet(3, Some(Environment::Staging))
    );
}

#[test]
fn what_is_not_a_pet_says_what_it_is() {
    assert_eq!(read_scanned("   ", HERE), Scanned::Nothing);
    assert_eq!(read_scanned("Rex", HERE), Scanned::Text);
    assert_eq!(read_scanned("-3", HERE), Scanned::Text);
    assert_eq!(read_scanned("mailto:a@b.example", HERE), Scanned::Text);
    assert_eq!(
        read_scanned("https://shop.example/admin/pets?env=staging", HERE),
        Scanned::OtherPage
    );
    assert_eq!(
        read_scanned("https://shop.example/other/pets/7", HERE),
        Scanned::OtherPage
    );
    assert_eq!(
        read_scanned("https://shop.example/admin/pets/rex", HERE),
        Scanned::OtherPage
    );
    assert_eq!(
        read_scanned("https://shop.example/admin/pets/99999999999999999999", HERE),
        Scanned::NoSuchNumber
    );
    assert_eq!(
        read_scanned("https://shop.example/administrator/pets/7", HERE),
        Scanned::OtherPage
    );
    // The port is part of the site; a user name is not.
    assert_eq!(
        read_scanned("https://shop.example:8443/admin/pets/7", HERE),
        Scanned::OtherSite("shop.example:8443".into())
    );
    assert_eq!(
        read_scanned("https://shop.example@evil.example/admin/pets/7", HERE),
        Scanned::OtherSite("evil.example".into())
    );
    assert_eq!(
        read_scanned("https://elsewhere.example/admin/pets/7", HERE),
        Scanned::OtherSite("elsewhere.example".into())
    );
}

/// The squares drawn as a picture, one pixel each, as a camera would see the printed card.
fn decode(squares: &QrSquares) -> String {
    let mut dark = vec![false; squares.size * squares.size];
    for square in squares.path.split('M').filter(|s| !s.is_empty()) {
        let xy = square.trim_end_matches("h1v1h-1z");
        let (x, y) = xy.split_once(' ').expect("x and y");
        let (x, y): (usize, usize) = (x.parse().expect("x"), y.parse().expect("y"));
        dark[y * squares.size + x] = true;
    }
    // Three pixels a square, as a reader needs more than one.
    let scale = 3;
    let side = squares.size * scale;
    let grey: Vec<u8> = (0..side * side)
        .map(|at| {
            let (x, y) = (at % side / scale, at / side / scale);
            if dark[y * squares.size + x] {
                0
            } else {
                255
            }
        })
        .collect();
    let code = read_code(side, side, &grey).expect("the code reads");
    // The same picture as a canvas holds it, in colour: dark blue on cream.
    let rgba: Vec<u8> = grey
        .iter()
        .flat_map(|&g| {
            if g == 0 {
                [20, 30, 90, 255]
            } else {
                [250, 245, 225, 255]
            }
        })
        .collect();
    assert_eq!(read_code_in_rgba(side, side, &rgba).as_ref(), Some(&code));
    code
}

#[test]
fn a_cards_code_reads_back_as_its_address() {
    let address = "https://shop.example/admin/pets/9007199254740993?env=staging";
    let squares = qr_squares(address).expect("fits a code");
    assert_eq!(decode(&squares), address);
    assert_eq!(
        read_scanned(&decode(&squares), HERE),
        pet(9_007_199_254_740_993, Some(Environment::Staging))
    );
    // A QR code holds at most about 2 KB.
    assert_eq!(qr_squares(&"x".repeat(5000)), None);
    // A picture with no code in it, and one too small for its size.
    assert_eq!(read_code(40, 30, &[255; 1200]), None);
    assert_eq!(read_code(40, 30, &[255; 10]), None);
}

#[test]
fn a_sheet_is_on_the_paper_a_device_likely_has() {
    assert_eq!(Paper::likely_for("en-US"), Paper::Letter);
    assert_eq!(Paper::likely_for("fr-CA"), Paper::Letter);
    assert_eq!(Paper::likely_for("en-GB"), Paper::A4);
    assert_eq!(Paper::likely_for("de"), Paper::A4);
    assert_eq!(Paper::likely_for("es-us"), Paper::Letter);
    assert_eq!(Paper::likely_for("es-MX"), Paper::Letter);
    assert_eq!(Paper::likely_for("en-US-u-ca-gregory"), Paper::Letter);
    assert_eq!(Paper::likely_for("en-US-posix"), Paper::Letter);
    assert_eq!(Paper::likely_for("zh-Hant-TW"), Paper::A4);
    // Catalan, no country: not Canada.
    assert_eq!(Paper::likely_for("ca"), Paper::A4);
    assert_eq!(Paper::likely_for("es-419"), Paper::A4);
    for paper in Paper::ALL {
        assert_eq!(Paper::parse(paper.as_str()), Some(paper));
    }
    for layout in Layout::ALL {
        assert_eq!(Layout::parse(layout.as_str()), Some(layout));
    }
    assert_eq!(Layout::Cards.per_page() * 2, Layout::Labels.per_page());
}

#[test]
fn a_name_is_searched_for_and_the_start_of_an_address_or_number_is_not() {
    let here = "https://shop.example/admin";
    for name in ["Luna", "Rex the second", "", "Hugo", "https dog"] {
        assert!(is_a_name(name, here), "{name}");
    }
    // A scanner typing a card's address, a character at a time; a number, its `#` first.
    for begun in [
        "h", "ht", "HTTP", "https:", "https:/", "http://", "#", "#4", "42",
    ] {
        assert!(!is_a_name(begun, here), "{begun}");
    }
    assert!(!is_a_name("https://shop.example/admin/pets/3", here));
}
