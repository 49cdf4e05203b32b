//! The size of every file of the release build, raw and compressed as a CDN would serve it.

use std::io::Write;
use std::path::Path;

/// One file's sizes in bytes.
pub struct FileSize {
    /// The file name within `dist/`.
    pub name: String,
    /// As stored.
    pub raw: usize,
    /// gzip, level 9.
    pub gzip: usize,
    /// brotli, quality 11.
    pub brotli: usize,
}

fn compress_gz(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(data).expect("compress in memory");
    encoder.finish().expect("compress in memory")
}

/// `data` compressed with brotli at quality 11, as a CDN serves it.
fn compress_br(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &data[..], &mut out, &params).expect("compress in memory");
    out
}

/// Every file of `dist`, its folders' too (the app's build folder), sorted by name.
pub fn measure(dist: &Path) -> Vec<FileSize> {
    let mut files: Vec<FileSize> = walk(dist)
        .into_iter()
        .map(|name| {
            let data = std::fs::read(dist.join(&name)).expect("read a dist file");
            FileSize {
                raw: data.len(),
                gzip: compress_gz(&data).len(),
                brotli: compress_br(&data).len(),
                name,
            }
        })
        .collect();
    files.sort_by(|a, b| a.name.cmp(&b.name));
    files
}

/// The paths of every file below `dir`, relative to it, with `/` between folders.
fn walk(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .filter_map(Result::ok)
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() {
            found.extend(
                walk(&entry.path())
                    .into_iter()
                    .map(|n| format!("{name}/{n}")),
            );
        } else {
            found.push(name);
        }
    }
    found
}

/// Whether the file is a lazy page's code, or code only lazy pages share (wasm-split-cli's
/// names): fetched after the first screen, not for it.
pub fn is_lazy(name: &str) -> bool {
    let file = name.rsplit('/').next().unwrap_or(name);
    file.ends_with(".wasm") && (file.starts_with("split_") || file.starts_with("chunk_"))
}

/// Copies every file of `dist` into `out`, with `.br` and `.gz` siblings, so the benchmark's
/// server answers compressed copies the way a CDN does (compressing on every request instead
/// would add its own time to each cold load).
pub fn precompress(dist: &Path, out: &Path) {
    for name in walk(dist) {
        let data = std::fs::read(dist.join(&name)).expect("read a dist file");
        let copy = out.join(&name);
        std::fs::create_dir_all(copy.parent().expect("a folder")).expect("create a folder");
        std::fs::write(&copy, &data).expect("write a copy");
        std::fs::write(out.join(format!("{name}.br")), compress_br(&data)).expect("write .br");
        std::fs::write(out.join(format!("{name}.gz")), compress_gz(&data)).expect("write .gz");
    }
}

/// Prints the table, the whole of `dist/` and what of it the first screen needs.
pub fn report(files: &[FileSize]) {
    println!("\nSizes of dist/ (bytes)");
    println!("{:<48} {:>9} {:>9} {:>9}", "file", "raw", "gzip", "brotli");
    for f in files {
        let lazy = if is_lazy(&f.name) { "  (later)" } else { "" };
        println!(
            "{:<48} {:>9} {:>9} {:>9}{lazy}",
            f.name, f.raw, f.gzip, f.brotli
        );
    }
    let sum = |files: &[&FileSize], pick: fn(&FileSize) -> usize| -> usize {
        files.iter().map(|f| pick(f)).sum()
    };
    let all: Vec<&FileSize> = files.iter().collect();
    let first: Vec<&FileSize> = files.iter().filter(|f| !is_lazy(&f.name)).collect();
    let main: Vec<&FileSize> = files
        .iter()
        .filter(|f| f.name.ends_with("main_bg.wasm"))
        .collect();
    for (label, set) in [
        ("the whole of dist/", &all),
        ("all but the lazy pages' code", &first),
        ("main_bg.wasm alone", &main),
    ] {
        println!(
            "{label:<48} {:>9} {:>9} {:>9}",
            sum(set, |f| f.raw),
            sum(set, |f| f.gzip),
            sum(set, |f| f.brotli)
        );
    }
}

/// Prints the floor app's sizes (the smallest Leptos + router app, built the same way) and
/// how far the app's first screen (all but the lazy pages' code) is above it, per kind of file.
pub fn report_floor(app: &[FileSize], floor: &[FileSize]) {
    let kind = |files: &[FileSize], ext: &str| -> usize {
        files
            .iter()
            .filter(|f| f.name.ends_with(ext) && !is_lazy(&f.name))
            .map(|f| f.brotli)
            .sum()
    };
    println!("\nFloor: the smallest Leptos 0.8 + leptos_router app (bench/floor), brotli bytes");
    println!(
        "{:<12} {:>18} {:>9} {:>9}",
        "", "app (first screen)", "floor", "above"
    );
    // Every name ends with "": the last row is the whole of each build.
    for (label, ext) in [("wasm", ".wasm"), ("JS", ".js"), ("all files", "")] {
        let (a, f) = (kind(app, ext), kind(floor, ext));
        println!("{label:<12} {a:>18} {f:>9} {:>9}", a as i64 - f as i64);
    }
}
