use super::*;
use crate::categories::Categories;

fn pet(id: i64, name: &str, category: i64, status: Option<PetStatus>) -> Pet {
    Pet {
        id,
        name: name.into(),
        category_id: category,
        status,
    }
}

const A: Option<PetStatus> = Some(PetStatus::Available);
const P: Option<PetStatus> = Some(PetStatus::Pending);

fn pair() -> (Vec<Pet>, Vec<Pet>) {
    let staging = vec![
        pet(1, "Rex", 1, A),
        pet(2, "  mittens ", 2, A),
        pet(3, "Luna", 2, P),
        pet(4, "Only Here", 5, None),
        pet(5, "Twin", 1, A),
        pet(6, "Solo", 1, A),
    ];
    let production = vec![
        pet(10, "REX", 1, A),
        pet(11, "Mittens", 2, P),
        pet(12, "Luna", 3, P),
        pet(13, "Twin", 1, A),
        pet(14, "twin ", 1, A),
        pet(15, "Prod Only", 1, A),
    ];
    (staging, production)
}

#[test]
fn names_match_without_case_or_spaces_into_groups() {
    let (s, p) = pair();
    let c = compare(&s, &p);
    let names = |pets: &[Pet]| pets.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&c.only_staging), ["Only Here", "Solo"]);
    assert_eq!(names(&c.only_production), ["Prod Only"]);
    assert_eq!(c.same.len(), 1);
    assert_eq!((c.same[0].staging.id, c.same[0].production.id), (1, 10));
    let different: Vec<_> = c
        .different
        .iter()
        .map(|d| (d.staging.id, d.category_differs(), d.status_differs()))
        .collect();
    assert_eq!(different, [(3, true, false), (2, false, true)]);
    assert_eq!(c.ambiguous.len(), 1);
    assert_eq!(c.ambiguous[0].name, "Twin");
    assert_eq!(
        (
            c.ambiguous[0].staging.len(),
            c.ambiguous[0].production.len()
        ),
        (1, 2)
    );
}

#[test]
fn the_search_and_status_keep_a_pair_when_either_side_matches() {
    let (s, p) = pair();
    let c = compare(&s, &p);
    let shown = Shown {
        search: " MITT".into(),
        status: None,
    }
    .apply(&c);
    assert_eq!(shown.different.len(), 1);
    assert!(shown.only_staging.is_empty() && shown.same.is_empty());
    let pending = Shown {
        search: String::new(),
        status: P,
    }
    .apply(&c);
    assert_eq!(
        pending.different.len(),
        2,
        "Mittens is pending in production"
    );
    assert!(pending.only_staging.is_empty() && pending.ambiguous.is_empty());
    assert_eq!(Shown::default().apply(&c), c);
}

#[test]
fn differences_csv_leaves_the_same_out_and_neutralises() {
    let staging = vec![pet(1, "=Sum", 1, A), pet(2, "Rex, Jr", 2, None)];
    let production = vec![pet(9, "Rex, jr", 3, None), pet(10, "Same", 1, A)];
    let mut c = compare(&staging, &production);
    c.same.push(Pair {
        staging: pet(4, "Same", 1, A),
        production: pet(10, "Same", 1, A),
    });
    let none = Categories::default();
    assert_eq!(
        differences_csv(&c, &none, &none),
        "group,name,stagingId,stagingCategoryId,stagingStatus,productionId,productionCategoryId,productionStatus\n\
         only in staging,'=Sum,1,1,available,,,\n\
         only in production,Same,,,,10,1,available\n\
         different,\"Rex, Jr\",2,2,,9,3,\n"
    );
}

#[test]
fn differences_csv_names_each_sides_category_in_its_own_names() {
    let staging = vec![pet(2, "Rex", 2, None)];
    let production = vec![pet(9, "Rex", 3, A), pet(10, "Nemo", 7, A)];
    let c = compare(&staging, &production);
    let names = |pairs: &[(&str, &str)]| {
        let map = pairs
            .iter()
            .map(|(n, name)| (n.to_string(), name.to_string()))
            .collect();
        Categories::from_map(map).expect("good names")
    };
    // Production names 3 and not 7; staging names 2 "=Cats" (neutralised as any cell).
    let csv = differences_csv(&c, &names(&[("2", "=Cats")]), &names(&[("3", "Birds")]));
    assert_eq!(
        csv,
        "group,name,stagingId,stagingCategoryId,stagingCategory,stagingStatus,\
         productionId,productionCategoryId,productionCategory,productionStatus\n\
         only in production,Nemo,,,,,10,7,,available\n\
         different,Rex,2,2,'=Cats,,9,3,Birds,available\n"
    );
}
