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
pub fn compress_br(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &data[..], &mut out, &params).expect("compress in memory");
    out
}

/// Every file directly in `dist`, sorted by name. All of them are fetched on first load
/// (index.html, start.js, the JS glue, the wasm, the CSS, the icon and config.json).
pub fn measure(dist: &Path) -> Vec<FileSize> {
    let mut files: Vec<FileSize> = std::fs::read_dir(dist)
        .unwrap_or_else(|e| panic!("read {}: {e}", dist.display()))
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .map(|e| {
            let data = std::fs::read(e.path()).expect("read a dist file");
            FileSize {
                name: e.file_name().to_string_lossy().into_owned(),
                raw: data.len(),
                gzip: compress_gz(&data).len(),
                brotli: compress_br(&data).len(),
            }
        })
        .collect();
    files.sort_by(|a, b| a.name.cmp(&b.name));
    files
}

/// Copies every file of `dist` into `out`, with `.br` and `.gz` siblings, so the benchmark's
/// server answers compressed copies the way a CDN does (compressing on every request instead
/// would add its own time to each cold load).
pub fn precompress(dist: &Path, out: &Path) {
    std::fs::create_dir_all(out).expect("create the precompressed copy");
    for entry in std::fs::read_dir(dist)
        .expect("read dist")
        .filter_map(Result::ok)
    {
        if !entry.path().is_file() {
            continue;
        }
        let data = std::fs::read(entry.path()).expect("read a dist file");
        let name = entry.file_name().to_string_lossy().into_owned();
        std::fs::write(out.join(&name), &data).expect("write a copy");
        std::fs::write(out.join(format!("{name}.br")), compress_br(&data)).expect("write .br");
        std::fs::write(out.join(format!("{name}.gz")), compress_gz(&data)).expect("write .gz");
    }
}

/// Prints the table and the first-load total.
pub fn report(files: &[FileSize]) {
    println!("\nSizes of dist/ (bytes)");
    println!("{:<48} {:>9} {:>9} {:>9}", "file", "raw", "gzip", "brotli");
    for f in files {
        println!("{:<48} {:>9} {:>9} {:>9}", f.name, f.raw, f.gzip, f.brotli);
    }
    let sum = |pick: fn(&FileSize) -> usize| files.iter().map(pick).sum::<usize>();
    println!(
        "{:<48} {:>9} {:>9} {:>9}",
        "total (first load fetches every file)",
        sum(|f| f.raw),
        sum(|f| f.gzip),
        sum(|f| f.brotli)
    );
    println!(
        "first-load transfer, brotli: {:.1} KB (target: at most 130 KB)",
        sum(|f| f.brotli) as f64 / 1000.0
    );
}

/// Prints the floor app's sizes (the smallest Leptos + router app, built the same way) and
/// how far the app is above it, per kind of file.
pub fn report_floor(app: &[FileSize], floor: &[FileSize]) {
    let kind = |files: &[FileSize], ext: &str| -> usize {
        files
            .iter()
            .filter(|f| f.name.ends_with(ext))
            .map(|f| f.brotli)
            .sum()
    };
    println!("\nFloor: the smallest Leptos 0.8 + leptos_router app (bench/floor), brotli bytes");
    println!("{:<12} {:>9} {:>9} {:>9}", "", "app", "floor", "above");
    // Every name ends with "": the last row is the whole of each build.
    for (label, ext) in [("wasm", ".wasm"), ("JS", ".js"), ("all files", "")] {
        let (a, f) = (kind(app, ext), kind(floor, ext));
        println!("{label:<12} {a:>9} {f:>9} {:>9}", a as i64 - f as i64);
    }
}
