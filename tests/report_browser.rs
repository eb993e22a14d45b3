//! The HTML report in a real browser: headless Chromium lays the page out at 1280 px and
//! the test reads back what it measured (nothing wider than the window: tables scroll
//! inside the page, and only once they are as wide as the window; charts shrink to fit;
//! no cell wraps; every section is in the table of contents, every link of which leads
//! to its section), and saves a screenshot beside the report for a person to look at. Skips, saying so, where Chromium is not installed (`.ci/run`
//! installs Debian's `chromium` when it can).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The Chromium binary, if there is one.
fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .map(|name| Path::new("/usr/bin").join(name))
        .find(|path| path.exists());
    if found.is_none() {
        common::skip::skip_unless_ci("no Chromium in /usr/bin (apt-get install chromium)");
    }
    found
}

fn headless(browser: &Path, args: &[&str], page: &Path) -> std::process::Output {
    Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(["--window-size=1280,900", "--virtual-time-budget=2000"])
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap()
}

#[test]
fn the_report_fits_a_1280_pixel_window_in_chromium() {
    let Some(browser) = chromium() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let sudolab = assert_cmd::cargo::cargo_bin("sudolab");
    let corpus = common::data_file("sudoku_exchange_4k.txt");
    let mut results = Vec::new();
    // Four runs side by side: the usage table is wider than the text column.
    for ladder in ["singles", "standard", "blog", "lcm"] {
        let out = dir.path().join(format!("{ladder}.csv"));
        let status = Command::new(&sudolab)
            .arg("run")
            .arg(&corpus)
            .args(["-q", "--limit", "500", "-l", ladder, "-o"])
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success());
        results.push(out);
    }
    let report = dir.path().join("report");
    let status = Command::new(&sudolab)
        .arg("report")
        .args(&results)
        .arg("-q")
        .arg("-o")
        .arg(&report)
        .status()
        .unwrap();
    assert!(status.success());

    // The page, with a script that writes what the browser measured into the DOM.
    let html = std::fs::read_to_string(report.join("report.html")).unwrap();
    let probe = "<script>window.addEventListener('load',()=>{const d=document.documentElement;\
        const all=s=>[...document.querySelectorAll(s)];\
        const widest=Math.max(...all('div.table,figure,svg,p,h1,h2,nav').map(e=>e.getBoundingClientRect().right));\
        const lines=e=>{const r=document.createRange();r.selectNodeContents(e);\
          return new Set([...r.getClientRects()].map(x=>Math.round(x.top))).size};\
        const wrapped=all('td,th').filter(c=>c.textContent.trim()&&lines(c)>1).length;\
        const links=all('nav.toc a').map(a=>a.getAttribute('href').slice(1));\
        const lost=links.filter(id=>!document.getElementById(id)).length;\
        const unlisted=all('h2,h3').filter(h=>!h.id||!links.includes(h.id)).length;\
        const boxes=all('div.table');\
        const early=boxes.filter(b=>b.scrollWidth>b.clientWidth&&b.clientWidth<innerWidth-40).length;\
        const widestTable=Math.max(...all('table').map(t=>Math.ceil(t.getBoundingClientRect().width)));\
        const textColumn=Math.ceil(all('p')[0].getBoundingClientRect().width);\
        document.body.dataset.measured=[d.scrollWidth,Math.ceil(widest),all('svg').length,\
        wrapped,links.length,lost,unlisted,early,widestTable,textColumn].join(' ')})</script>";
    let measured_page = report.join("measured.html");
    std::fs::write(
        &measured_page,
        html.replace("</body>", &format!("{probe}</body>")),
    )
    .unwrap();
    let output = headless(&browser, &["--dump-dom"], &measured_page);
    let dom = String::from_utf8_lossy(&output.stdout);
    let measured: Vec<u32> = dom
        .split("data-measured=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("the probe ran: {}", String::from_utf8_lossy(&output.stderr)))
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let [
        scroll_width,
        widest,
        charts,
        wrapped,
        links,
        lost,
        unlisted,
        early,
        widest_table,
        text_column,
    ] = measured[..]
    else {
        panic!("{measured:?}")
    };
    assert!(
        scroll_width <= 1280,
        "the page scrolls sideways: {scroll_width} px"
    );
    assert!(
        widest <= 1280,
        "an element runs off the window: {widest} px"
    );
    assert_eq!(charts, 5, "every chart inline");
    assert_eq!(wrapped, 0, "cells whose text wraps");
    assert!(links >= 8, "a table of contents: {links} links");
    assert_eq!(lost, 0, "contents links to no section");
    assert_eq!(unlisted, 0, "sections without an anchor in the contents");
    assert!(
        widest_table > text_column,
        "a table wider than the text ({widest_table} px, text {text_column} px) for the test"
    );
    assert_eq!(
        early, 0,
        "tables that scroll before taking the window's width"
    );

    let shot = report.join("report-1280.png");
    let output = headless(
        &browser,
        &[&format!("--screenshot={}", shot.display())],
        &report.join("report.html"),
    );
    let png = std::fs::read(&shot)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    assert!(png.starts_with(b"\x89PNG"));
    // Width and height of the screenshot, from its IHDR chunk.
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    assert_eq!(width, 1280);
}
