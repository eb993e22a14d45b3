//! The explained page in a real browser: headless Chromium lays it out at 1280 px and at
//! 400 px (a phone) and the test reads back what it measured (nothing wider than the
//! window, every grid whole), and saves screenshots under the target directory
//! (`explain-screenshots/`) for a person to look at. Headless Chromium's window is never
//! narrower than 500 px, so the page is laid out in a frame of each width. Skips, saying
//! so, where Chromium is not installed.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .map(|name| Path::new("/usr/bin").join(name))
        .find(|path| path.exists());
    if found.is_none() {
        eprintln!("skipping: no Chromium in /usr/bin (apt-get install chromium)");
    }
    found
}

fn headless(browser: &Path, width: u32, args: &[&str], page: &Path) -> std::process::Output {
    Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .arg(format!("--window-size={},900", width.max(500) + 20))
        .arg("--virtual-time-budget=2000")
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap()
}

#[test]
fn the_explained_page_fits_a_desktop_and_a_phone_in_chromium() {
    let Some(browser) = chromium() else {
        return;
    };
    // The target folder outlives a run: the page of an earlier run is written over.
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("explain-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let sample = common::data_file("sudoku_exchange_4k.txt");
    // A path with nice loops, a forcing chain and a forcing net among its steps.
    let spec = format!("{}:202", sample.display());
    let page = shots.join("page.html");
    let status = Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(["explain", &spec, "--format", "html", "--force", "-o"])
        .arg(&page)
        .status()
        .unwrap();
    assert!(status.success());
    let html = std::fs::read_to_string(&page).unwrap();
    let probe = "<script>window.addEventListener('load',()=>{const d=document.documentElement;\
        const grids=[...document.querySelectorAll('svg')];\
        const widest=Math.max(...grids.map(e=>e.getBoundingClientRect().right));\
        const cut=grids.filter(e=>{const r=e.getBoundingClientRect();\
        return r.width<200||r.right>window.innerWidth+0.5||Math.abs(r.width-r.height)>1}).length;\
        parent.postMessage([d.scrollWidth,Math.ceil(widest),grids.length,cut,innerWidth]\
        .join(' '),'*')})</script>";
    let measured_page = shots.join("measured.html");
    std::fs::write(
        &measured_page,
        html.replace("</body>", &format!("{probe}</body>")),
    )
    .unwrap();
    let sections = html.matches("<section class=\"step\"").count();
    for width in [1280, 400] {
        // The page in a frame `width` wide; what it measured written into the frame's parent.
        let framed = |page: &str| {
            format!(
                "<!DOCTYPE html><html><body style=\"margin:0\"><iframe src=\"{page}\" \
                 style=\"width:{width}px;height:880px;border:0\"></iframe><script>\
                 addEventListener('message',e=>{{document.body.dataset.measured=e.data}})\
                 </script></body></html>"
            )
        };
        let frame = shots.join(format!("frame-{width}.html"));
        std::fs::write(&frame, framed("measured.html")).unwrap();
        let output = headless(&browser, width, &["--dump-dom"], &frame);
        let dom = String::from_utf8_lossy(&output.stdout);
        let measured: Vec<u32> = dom
            .split("data-measured=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("the probe ran: {}", String::from_utf8_lossy(&output.stderr)))
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let [scroll_width, widest, grids, cut, inner] = measured[..] else {
            panic!("{measured:?}")
        };
        assert_eq!(inner, width, "the frame is {width} px wide");
        assert!(
            scroll_width <= width,
            "{width} px: the page scrolls sideways ({scroll_width} px)"
        );
        assert!(
            widest <= width,
            "{width} px: a grid runs off the window ({widest} px)"
        );
        assert_eq!(grids as usize, sections, "one grid per section");
        assert_eq!(
            cut, 0,
            "{width} px: {cut} grids squeezed, cut or out of shape"
        );
        let shot = shots.join(format!("page-{width}.png"));
        headless(
            &browser,
            width,
            &[&format!("--screenshot={}", shot.display())],
            &page,
        );
        let png = std::fs::read(&shot).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
    }
}
