//! Export from the list: the rows shown as CSV and JSON, ids exact, formulas neutralised, the
//! file named after the environment and saying when there may be more.

use crate::common;

use common::sandbox::Sandbox;
use common::ui::*;
use common::PROD_KEY;
use petstore_admin::api::{Client, NewPet};
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn exports_the_rows_shown_exactly_and_neutralises_formulas() {
    let sb = Sandbox::new("export");
    let formula = "=HYPERLINK(\"http://x\",\"click\")";
    let client = Client::new(&sb.base("production"), PROD_KEY);
    let pet = NewPet {
        name: formula.into(),
        category_id: 9_223_372_036_854_775_807,
        status: None,
    };
    let created = client.create_pet(&pet).await.unwrap();

    capture_downloads();
    let app = open_with("/pets?env=production&limit=100", &sb.config()).await;
    let host = &app.host;
    sign_in(host, PROD_KEY).await;
    wait_until("every row", || rows(host).len() == 25).await;
    click(&button(host, "Export CSV").unwrap()).await;
    let (name, csv) = downloaded(0).await;
    assert!(
        name.starts_with("pets-production-") && name.ends_with("Z.csv"),
        "{name}"
    );
    assert!(csv.starts_with("id,name,categoryId,status\n"), "{csv}");
    assert!(
        csv.contains("\n9007199254740993,Big Id Barney,1,available\n"),
        "{csv}"
    );
    let formula_row = format!(
        "\n{},\"'=HYPERLINK(\"\"http://x\"\",\"\"click\"\")\",9223372036854775807,\n",
        created.id
    );
    assert!(csv.contains(&formula_row), "{csv}");
    assert_eq!(csv.lines().count(), 26);

    click(&button(host, "Export JSON").unwrap()).await;
    let (name, json) = downloaded(1).await;
    assert!(name.ends_with(".json"), "{name}");
    assert!(json.contains("\"id\": 9007199254740993"), "{json}");
    assert!(json.contains(&format!("\"id\": {}", created.id)), "{json}");
    assert!(json.contains("\"mayHaveMore\": false"), "{json}");

    // A full page may have more behind it: the file says so in its name and its content.
    type_into(&input(host, "Limit").await, "3").await;
    wait_until("3 rows", || rows(host).len() == 3).await;
    click(&button(host, "Export JSON").unwrap()).await;
    let (name, json) = downloaded(2).await;
    assert!(name.starts_with("pets-production-first-3-"), "{name}");
    assert!(json.contains("\"mayHaveMore\": true"), "{json}");

    // After a filter change, what the table exports follows the list shown, status included.
    choose(&select(host, "Status").await, "sold").await;
    wait_until("sold rows only", || {
        let shown = rows(host);
        !shown.is_empty() && shown.iter().all(|r| r.get(3).is_some_and(|s| s == "sold"))
    })
    .await;
    click(&button(host, "Export CSV").unwrap()).await;
    let (name, csv) = downloaded(3).await;
    assert!(name.starts_with("pets-production-sold-"), "{name}");
    let sold = rows(host).len();
    assert_eq!(csv.lines().count(), sold + 1, "{csv}");
    assert!(csv.lines().skip(1).all(|l| l.ends_with(",sold")), "{csv}");
}
