//! The data each deployment starts with. Production and staging differ on purpose, so that
//! switching environment in the app visibly changes what is shown.

use crate::store::Pet;

/// An id above 2^53 (= 9007199254740992 + 1): a JavaScript number cannot hold it, so any
/// client that parses ids as doubles shows 9007199254740992 instead.
pub const BIG_ID: i64 = 9_007_199_254_740_993;

fn pet(id: i64, name: &str, category_id: i64, status: Option<&str>) -> Pet {
    Pet {
        id,
        name: name.to_owned(),
        category_id,
        status: status.map(str::to_owned),
    }
}

/// Production's 24 pets across all three statuses (and one without a status). The third one
/// has [`BIG_ID`], so it is within the default page of 20.
pub fn production() -> Vec<Pet> {
    let a = Some("available");
    let p = Some("pending");
    let s = Some("sold");
    vec![
        pet(1, "Rex", 1, a),
        pet(2, "Mittens", 2, a),
        pet(BIG_ID, "Big Id Barney", 1, a),
        pet(4, "Tweety", 3, p),
        pet(5, "Nemo", 4, s),
        pet(6, "Luna", 2, p),
        pet(7, "Bella", 1, s),
        pet(8, "Max", 1, a),
        pet(9, "Shelly", 5, a),
        pet(10, "Polly", 3, s),
        pet(11, "Oscar", 2, a),
        pet(12, "Daisy", 1, p),
        pet(13, "Goldie", 4, a),
        pet(14, "Spike", 5, p),
        pet(15, "Chloé", 2, s),
        pet(16, "Buddy", 1, a),
        pet(17, "Kiwi", 3, a),
        pet(18, "Bubbles", 4, p),
        pet(19, "Ziggy", 5, s),
        pet(20, "Coco", 2, None),
        pet(21, "Rocky", 1, a),
        pet(22, "Pip", 3, p),
        pet(23, "Finn", 4, a),
        pet(24, "Sunny", 3, s),
    ]
}

/// Production with exactly `count` pets: the seed's first ones (so [`BIG_ID`] is among them
/// when `count` ≥ 3), then made-up pets cycling through the statuses. For benchmarks.
pub fn production_sized(count: usize) -> Vec<Pet> {
    let statuses = ["available", "pending", "sold"];
    let mut pets = production();
    pets.truncate(count);
    let mut id = 1000;
    while pets.len() < count {
        let status = statuses[pets.len() % statuses.len()];
        pets.push(pet(id, &format!("Pet {id}"), id % 7 + 1, Some(status)));
        id += 1;
    }
    pets
}

/// Staging's handful of pets, with names that say where they are.
pub fn staging() -> Vec<Pet> {
    vec![
        pet(1, "Staging Sam", 1, Some("available")),
        pet(2, "Staging Tilly", 2, Some("pending")),
        pet(3, "Staging Olive", 3, Some("sold")),
        pet(4, "Staging Hugo", 1, Some("available")),
        pet(5, "Staging Ivy", 4, None),
    ]
}

/// A pet whose id is the largest int64 (for sandboxes that need one; no pet can be added
/// after it).
pub fn max_id_pet() -> Pet {
    pet(i64::MAX, "Max Id Milo", 2, Some("available"))
}
