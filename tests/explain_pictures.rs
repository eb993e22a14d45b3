//! `explain --format svg` and `--format html` checked against the steps they draw, on real
//! solves of every family the bundled Sudoku Exchange sample meets: each SVG is parsed and
//! its marks compared with the step's JSON (`--format json --grid`), so that a drawing
//! that drops a link or colours a wrong cell fails, and the page is checked to fetch
//! nothing.

mod common;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

fn sudolab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_sudolab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// One line of the sample per hardest technique of its first 1,600 puzzles.
fn one_line_per_hardest_technique() -> Vec<String> {
    let sample = common::data_file("sudoku_exchange_4k.txt");
    let out = sudolab(&["run", sample.to_str().unwrap(), "--limit", "1600", "-q"]);
    assert_eq!(out.status.code(), Some(0));
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (hardest, line) = (column("hardest"), column("line"));
    let mut first: BTreeMap<String, String> = BTreeMap::new();
    for row in reader.records() {
        let row = row.unwrap();
        first
            .entry(row[hardest].to_string())
            .or_insert_with(|| format!("{}:{}", sample.display(), &row[line]));
    }
    first.into_values().collect()
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// `r1c2:5` for each `{"cell", "digit"}`.
fn candidates(value: &Value) -> BTreeSet<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("{}:{}", c["cell"].as_str().unwrap(), c["digit"]))
        .collect()
}

/// `r1c2,r1c3:5`: a chain node as the drawing names it.
fn node(link: &Value) -> String {
    format!(
        "{}:{}",
        strings(&link["node"]["cells"]).join(","),
        link["digit"]
    )
}

/// The links of a step's chains: (from, to, strong), each link once per chain.
fn links(pattern: &Value) -> BTreeMap<(String, String, bool), usize> {
    let mut all = BTreeMap::new();
    let chains = std::iter::once(&pattern["chain"])
        .chain(pattern["branches"].as_array().into_iter().flatten());
    for chain in chains {
        let Some(chain) = chain.as_array() else {
            continue;
        };
        for pair in chain.windows(2) {
            let key = (node(&pair[0]), node(&pair[1]), pair[1]["link"] == "strong");
            *all.entry(key).or_insert(0) += 1;
        }
    }
    all
}

/// Every value of `attribute` on the drawing's elements that have it.
fn marks(svg: &roxmltree::Document, attribute: &str) -> Vec<(String, Option<String>)> {
    svg.descendants()
        .filter_map(|n| {
            n.attribute(attribute)
                .map(|v| (v.to_string(), n.attribute("data-role").map(String::from)))
        })
        .collect()
}

/// Whether the drawing `svg` shows `step` and nothing else: every cell it names filled and
/// no other, its removed candidates struck out, its placements ringed, every link of its
/// chains an arrow of the right kind, group and ALS nodes boxed, the houses of its pattern
/// outlined, its chain candidates and fins coloured, and only candidates of its cells
/// coloured.
fn check(svg: &str, step: &Value) -> Result<(), String> {
    let doc = roxmltree::Document::parse(svg).map_err(|e| e.to_string())?;
    let pattern = &step["pattern"];
    let same = |what: &str, drawn: BTreeSet<String>, expected: BTreeSet<String>| {
        if drawn == expected {
            Ok(())
        } else {
            Err(format!(
                "{what}: drawn {drawn:?}, the step has {expected:?}"
            ))
        }
    };
    let cell_marks = marks(&doc, "data-cell");
    let filled: BTreeSet<String> = cell_marks.iter().map(|(c, _)| c.clone()).collect();
    if filled.len() != cell_marks.len() {
        return Err("a cell is filled twice".into());
    }
    let cells: BTreeSet<String> = strings(&step["cells"]).into_iter().collect();
    same("cells", filled, cells.clone())?;
    let removed = marks(&doc, "data-removed")
        .into_iter()
        .map(|m| m.0)
        .collect();
    same("removed", removed, candidates(&step["removed"]))?;
    let strikes = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("strike"))
        .count();
    if strikes != step["removed"].as_array().unwrap().len() {
        return Err(format!("{strikes} strikes"));
    }
    let placed = marks(&doc, "data-placed")
        .into_iter()
        .map(|m| m.0)
        .collect();
    same("placed", placed, candidates(&step["placed"]))?;
    let mut arrows = BTreeMap::new();
    for n in doc.descendants().filter(|n| n.has_attribute("data-from")) {
        let strong = n.attribute("class") == Some("arrow strong");
        let key = (
            n.attribute("data-from").unwrap().to_string(),
            n.attribute("data-to").unwrap().to_string(),
            strong,
        );
        *arrows.entry(key).or_insert(0) += 1;
    }
    if arrows != links(pattern) {
        return Err(format!(
            "links: drawn {arrows:?}, the step has {:?}",
            links(pattern)
        ));
    }
    let all_links = std::iter::once(&pattern["chain"])
        .chain(pattern["branches"].as_array().into_iter().flatten())
        .filter_map(Value::as_array)
        .flatten();
    let mut boxed = BTreeSet::new();
    let coloured: BTreeMap<String, String> = marks(&doc, "data-cand")
        .into_iter()
        .map(|(c, role)| (c, role.unwrap()))
        .collect();
    let grid = step["grid"].as_array().unwrap();
    let has = |candidate: &str| {
        let (cell, digit) = candidate.split_once(':').unwrap();
        let b = cell.as_bytes();
        let index = usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1');
        let digit: u64 = digit.parse().unwrap();
        grid[index]["candidates"]
            .as_array()
            .is_some_and(|c| c.iter().any(|d| d.as_u64() == Some(digit)))
    };
    for link in all_links {
        if link["node"]["kind"] != "cell" {
            boxed.insert(node(link));
        }
        for cell in strings(&link["node"]["cells"]) {
            let candidate = format!("{cell}:{}", link["digit"]);
            // A Kraken Fish colours its fish first, fins and base candidates included.
            let role = coloured.get(&candidate).map(String::as_str);
            let on_or_off = matches!(role, Some("on" | "off"))
                || (pattern["kind"] == "kraken" && role.is_some());
            if has(&candidate) && !on_or_off {
                return Err(format!("the chain's {candidate} is not coloured on or off"));
            }
        }
    }
    let nodes = marks(&doc, "data-node").into_iter().map(|m| m.0).collect();
    same("boxed nodes", nodes, boxed)?;
    for fin in strings(&pattern["fins"]) {
        for digit in pattern["digits"].as_array().unwrap() {
            let candidate = format!("{fin}:{digit}");
            if has(&candidate) && coloured.get(&candidate).map(String::as_str) != Some("fin") {
                return Err(format!("the fin {candidate} is not coloured"));
            }
        }
    }
    for candidate in coloured.keys() {
        let cell = candidate.split_once(':').unwrap().0;
        if !cells.contains(cell) || !has(candidate) {
            return Err(format!("{candidate} is coloured but not in the pattern"));
        }
    }
    let houses: BTreeSet<String> = ["base", "cover", "houses"]
        .iter()
        .flat_map(|role| strings(&pattern[*role]))
        .collect();
    let outlined = marks(&doc, "data-house").into_iter().map(|m| m.0).collect();
    same("houses", outlined, houses)
}

/// Steps of `spec` as JSON, and the directory of its SVG files, one per step.
fn drawn(spec: &str, dir: &Path) -> Vec<Value> {
    let out = sudolab(&["explain", spec, "--format", "json", "--grid"]);
    assert_eq!(out.status.code(), Some(0), "{spec}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let out = sudolab(&[
        "explain",
        spec,
        "--format",
        "svg",
        "--all-steps",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{spec}");
    json["steps"].as_array().unwrap().clone()
}

fn svg_of(dir: &Path, step: &Value) -> String {
    let path = dir.join(format!("step-{:03}.svg", step["number"].as_u64().unwrap()));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_drawing_shows_its_step_and_nothing_else() {
    let tmp = tempfile::tempdir().unwrap();
    let mut families = BTreeSet::new();
    let mut node_kinds = BTreeSet::new();
    // One step of each kind, to mutate below.
    let mut samples: BTreeMap<String, (String, Value)> = BTreeMap::new();
    for (i, spec) in one_line_per_hardest_technique().iter().enumerate() {
        let dir = tmp.path().join(i.to_string());
        for step in drawn(spec, &dir) {
            let svg = svg_of(&dir, &step);
            if let Err(why) = check(&svg, &step) {
                panic!("{spec} step {}: {why}\n{step}", step["number"]);
            }
            families.insert(step["code"].as_str().unwrap().to_string());
            for link in step["pattern"]["chain"].as_array().into_iter().flatten() {
                node_kinds.insert(link["node"]["kind"].as_str().unwrap().to_string());
            }
            let kind = step["pattern"]["kind"].as_str().unwrap().to_string();
            samples.entry(kind).or_insert((svg, step));
        }
    }
    // Singles, intersections, subsets, basic and finned fish, single-digit patterns,
    // wings, uniqueness, colouring, X- and XY-chains, nice loops and AICs, ALS moves,
    // Sue de Coq, forcing chains and nets.
    for code in [
        "fh", "h1", "n1", "lc1", "lc2", "l2", "n2", "h2", "n3", "bf2", "bf3", "fbf2", "sbf3",
        "fff3", "sk", "2sk", "er", "xy", "xyz", "w", "u1", "u2", "u3", "sc", "mc", "tf", "xyc",
        "rp", "nl", "gnl", "axz", "axy", "ach", "sdc", "fc", "fn",
    ] {
        assert!(families.contains(code), "no step of {code}: {families:?}");
    }
    assert!(node_kinds.contains("group"), "{node_kinds:?}");
    assert!(node_kinds.contains("als"), "{node_kinds:?}");
    mutations_fail(&samples);
}

/// Changing a step, or its drawing, makes the check fail.
fn mutations_fail(samples: &BTreeMap<String, (String, Value)>) {
    let mut tried = 0;
    for (kind, (svg, step)) in samples {
        let mut mutants: Vec<(&str, Value)> = Vec::new();
        let mut extra_cell = step.clone();
        let free = (1..=9)
            .flat_map(|r| (1..=9).map(move |c| format!("r{r}c{c}")))
            .find(|c| !strings(&step["cells"]).contains(c))
            .unwrap();
        extra_cell["cells"]
            .as_array_mut()
            .unwrap()
            .push(free.into());
        mutants.push(("a cell more", extra_cell));
        if !step["removed"].as_array().unwrap().is_empty() {
            let mut fewer = step.clone();
            fewer["removed"].as_array_mut().unwrap().pop();
            mutants.push(("a removal less", fewer));
        }
        if step["pattern"]["chain"]
            .as_array()
            .is_some_and(|c| c.len() > 2)
        {
            let mut shorter = step.clone();
            shorter["pattern"]["chain"].as_array_mut().unwrap().pop();
            mutants.push(("a link less", shorter));
            let mut flipped = step.clone();
            let link = &mut flipped["pattern"]["chain"][1]["link"];
            *link = if *link == "strong" { "weak" } else { "strong" }.into();
            mutants.push(("a link of the other kind", flipped));
        }
        if step["pattern"]["fins"]
            .as_array()
            .is_some_and(|f| !f.is_empty())
        {
            let mut finless = step.clone();
            finless["pattern"]["fins"] = Value::Array(Vec::new());
            finless["cells"] = step["cells"].clone();
            mutants.push(("no fins", finless));
        }
        if let Some(base) = step["pattern"]["base"].as_array().filter(|b| !b.is_empty()) {
            let mut moved = step.clone();
            let other = if base[0] == "r9" { "r8" } else { "r9" };
            moved["pattern"]["base"][0] = other.into();
            mutants.push(("another house", moved));
        }
        for (what, mutant) in mutants {
            assert!(
                check(svg, &mutant).is_err(),
                "{kind}: the check misses {what}"
            );
            tried += 1;
        }
        // The drawing without its last arrow, or with a cell coloured twice.
        if svg.contains("data-from") {
            let at = svg.rfind("<path class=\"arrow").unwrap();
            let end = at + svg[at..].find("/>").unwrap() + 2;
            let cut = format!("{}{}", &svg[..at], &svg[end..]);
            assert!(check(&cut, step).is_err(), "{kind}: a dropped arrow passes");
            tried += 1;
        }
    }
    assert!(tried > 20, "{tried} mutations");
}

#[test]
fn the_page_is_self_contained_and_folds_singles() {
    let tmp = tempfile::tempdir().unwrap();
    let sample = common::data_file("sudoku_exchange_4k.txt");
    let spec = format!("{}:56", sample.display());
    let page = tmp.path().join("page.html");
    let out = sudolab(&[
        "explain",
        &spec,
        "--format",
        "html",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    // The SVG namespace names a vocabulary; nothing else may point outside the page.
    let outside = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    for pointer in ["http:", "https:", "//", " src=", "href=", "@import"] {
        let pointer_outside = match pointer {
            "//" => outside.contains("\"//") || outside.contains("url(//"),
            other => outside.contains(other),
        };
        assert!(
            !pointer_outside,
            "the page refers outside itself: {pointer}"
        );
    }
    let json: Value =
        serde_json::from_slice(&sudolab(&["explain", &spec, "--format", "json"]).stdout).unwrap();
    assert!(html.contains(&format!(
        "Grade</dt><dd>{} (score {})",
        json["level"].as_str().unwrap(),
        json["score"]
    )));
    let steps = json["steps"].as_array().unwrap();
    let singles = steps
        .iter()
        .filter(|s| s["pattern"]["kind"] == "single")
        .count();
    let sections = html.matches("<section class=\"step\"").count();
    assert!(
        sections < steps.len() && sections > steps.len() - singles,
        "{sections}"
    );
    for step in steps.iter().filter(|s| s["pattern"]["kind"] != "single") {
        let text = step["text"]
            .as_str()
            .unwrap()
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(html.contains(&text), "{text}");
    }
    assert!(
        !html.contains("Sudoku Explainer"),
        "SE's rating only when asked for"
    );
    let rated = tmp.path().join("rated.html");
    sudolab(&[
        "explain",
        &spec,
        "--format",
        "html",
        "--se",
        "-o",
        rated.to_str().unwrap(),
    ]);
    let rated = std::fs::read_to_string(&rated).unwrap();
    let er = rated
        .split("Sudoku Explainer</dt><dd>ER ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .expect("SE's rating at the top");
    assert!(er.parse::<f64>().is_ok_and(|er| er > 1.0), "{er}");
    // svg needs a directory, and --next is text only.
    let out = sudolab(&["explain", &spec, "--format", "svg"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("-o DIR"));
    let out = sudolab(&["explain", &spec, "--format", "html", "--next"]);
    assert_ne!(out.status.code(), Some(0));
    // -o takes the other formats too.
    let text = tmp.path().join("path.txt");
    sudolab(&["explain", &spec, "-o", text.to_str().unwrap()]);
    let text = std::fs::read_to_string(&text).unwrap();
    assert_eq!(
        text,
        String::from_utf8(sudolab(&["explain", &spec]).stdout).unwrap()
    );
    let all = tmp.path().join("all.html");
    sudolab(&[
        "explain",
        &spec,
        "--format",
        "html",
        "--all-steps",
        "-o",
        all.to_str().unwrap(),
    ]);
    let all = std::fs::read_to_string(&all).unwrap();
    assert_eq!(all.matches("<section class=\"step\"").count(), steps.len());
    // A drawing per section, each with its own arrowhead.
    let ids: BTreeSet<&str> = all
        .split("<marker id=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect();
    assert_eq!(ids.len(), steps.len());
}

/// Whether `a` and `b` (`r1c2`) share a row, a column or a box.
fn see(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (ar, ac, br, bc) = (a[1] - b'1', a[3] - b'1', b[1] - b'1', b[3] - b'1');
    ar == br || ac == bc || (ar / 3 == br / 3 && ac / 3 == bc / 3)
}

#[test]
fn forcing_chains_carry_their_branches_in_text_json_and_drawing() {
    let sample = common::data_file("sudoku_exchange_4k.txt");
    // Lines of the sample whose path takes Forcing Chain and Net steps of both kinds.
    let mut kinds = BTreeSet::new();
    for line in [27, 198, 202, 369] {
        let spec = format!("{}:{line}", sample.display());
        let json: Value =
            serde_json::from_slice(&sudolab(&["explain", &spec, "--format", "json"]).stdout)
                .unwrap();
        let text = String::from_utf8(sudolab(&["explain", &spec]).stdout).unwrap();
        for step in json["steps"].as_array().unwrap() {
            let net = step["code"] == "fn";
            if step["code"] != "fc" && !net {
                continue;
            }
            kinds.insert(step["label"].as_str().unwrap().to_string());
            let branches = step["pattern"]["branches"].as_array().unwrap();
            assert!(!branches.is_empty(), "{step}");
            let contradiction = step["label"].as_str().unwrap().contains("Contradiction");
            // The literal the step concludes: a cell set or a candidate removed.
            let (cell, digit, on) = match (step["placed"].get(0), step["removed"].get(0)) {
                (Some(p), _) => (p["cell"].clone(), p["digit"].clone(), true),
                (None, Some(r)) => (r["cell"].clone(), r["digit"].clone(), false),
                _ => panic!("{step}"),
            };
            for (i, branch) in branches.iter().enumerate() {
                let links = branch.as_array().unwrap();
                // One link when the premise is the conclusion itself (a verity's case).
                assert!(!links.is_empty(), "{step}");
                let first = &links[0];
                // A net's first branch is a main chain; its side chains join others.
                if net && i > 0 {
                    // Checked below, link by link.
                } else if contradiction {
                    // Every branch starts from the conclusion's negation.
                    assert_eq!(first["node"]["cells"][0], cell, "{step}");
                    assert_eq!(first["digit"], digit, "{step}");
                    assert_eq!(first["on"], !on, "{step}");
                } else {
                    let last = &links[links.len() - 1];
                    assert_eq!(last["node"]["cells"][0], cell, "{step}");
                    assert_eq!((&last["digit"], last["on"].as_bool()), (&digit, Some(on)));
                }
                // Each link follows from the one before: in one cell, or one digit in
                // cells that see each other.
                for pair in links.windows(2) {
                    let (a, b) = (&pair[0], &pair[1]);
                    let cells_a = strings(&a["node"]["cells"]);
                    let cells_b = strings(&b["node"]["cells"]);
                    let same_cell = cells_a == cells_b && cells_a.len() == 1;
                    let same_digit = a["digit"] == b["digit"]
                        && cells_a.iter().all(|x| cells_b.iter().all(|y| see(x, y)));
                    assert!(same_cell || same_digit, "{a} -> {b} in {step}");
                }
            }
            // The text gives each branch on its own line under the step.
            let number = step["number"].as_u64().unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let at = lines
                .iter()
                .position(|l| l.trim_start().starts_with(&format!("{number}. ")))
                .unwrap();
            for (i, branch) in branches.iter().enumerate() {
                let written: Vec<String> = branch
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| {
                        let sign = if l["on"] == true { "=" } else { "<>" };
                        format!("{}{sign}{}", strings(&l["node"]["cells"])[0], l["digit"])
                    })
                    .collect();
                let line = lines[at + 1 + i].trim();
                assert!(
                    line.starts_with(&written[0]) && line.ends_with(written.last().unwrap()),
                    "{line} for {branch}"
                );
                assert_eq!(line.split(' ').count(), written.len(), "{line}");
            }
        }
    }
    assert_eq!(
        kinds.len(),
        4,
        "both kinds of Forcing Chain and Net: {kinds:?}"
    );
}

#[test]
fn kraken_fish_steps_carry_their_chains_and_are_drawn() {
    let tmp = tempfile::tempdir().unwrap();
    let sample = common::data_file("sudoku_exchange_4k.txt");
    // The standard ladder with Kraken Fish before Forcing Chains, as HoDoKu orders them.
    let standard = String::from_utf8(sudolab(&["techniques", "--format", "json"]).stdout).unwrap();
    let techniques: Value = serde_json::from_str(&standard).unwrap();
    let mut codes: Vec<String> = Vec::new();
    for t in techniques.as_array().unwrap() {
        let presets = t["presets"].to_string();
        let code = t["code"].as_str().unwrap();
        if code == "fc" {
            codes.push("kf".into());
        }
        if presets.contains("\"standard\"") {
            codes.push(code.into());
        }
    }
    let ladder = codes.join(",");
    assert!(ladder.contains("kf,fc"), "{ladder}");
    let mut types = BTreeSet::new();
    for line in [27, 126] {
        let spec = format!("{}:{line}", sample.display());
        let out = sudolab(&[
            "explain", &spec, "-l", &ladder, "--format", "json", "--grid",
        ]);
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        let dir = tmp.path().join(line.to_string());
        let out = sudolab(&[
            "explain",
            &spec,
            "-l",
            &ladder,
            "--format",
            "svg",
            "-o",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0));
        for step in json["steps"].as_array().unwrap() {
            if step["code"] != "kf" {
                continue;
            }
            types.insert(step["label"].as_str().unwrap().to_string());
            let removed = &step["removed"][0];
            let digit = &step["pattern"]["digits"][0];
            let branches = step["pattern"]["branches"].as_array().unwrap();
            let fins = strings(&step["pattern"]["fins"]);
            assert!(branches.len() >= fins.len(), "{step}");
            for branch in branches {
                let links = branch.as_array().unwrap();
                let (first, last) = (&links[0], &links[links.len() - 1]);
                // From a fin or base candidate set to the candidate removed.
                assert_eq!((&first["digit"], &first["on"]), (digit, &Value::Bool(true)));
                assert_eq!(
                    strings(&last["node"]["cells"]),
                    [removed["cell"].as_str().unwrap()]
                );
                assert_eq!(
                    (&last["digit"], &last["on"]),
                    (&removed["digit"], &Value::Bool(false))
                );
            }
            let starts: BTreeSet<String> = branches
                .iter()
                .map(|b| strings(&b[0]["node"]["cells"])[0].clone())
                .collect();
            assert!(
                fins.iter().all(|f| starts.contains(f)),
                "every fin starts a chain: {step}"
            );
            if let Err(why) = check(&svg_of(&dir, step), step) {
                panic!("{why}\n{step}");
            }
        }
    }
    assert_eq!(types.len(), 2, "both types: {types:?}");
}

#[test]
fn ses_path_is_drawn_step_by_step_with_its_rating_and_difficulties() {
    let tmp = tempfile::tempdir().unwrap();
    let sample = common::data_file("sudoku_exchange_4k.txt");
    let spec = format!("{}:2", sample.display());
    let out = sudolab(&[
        "explain", &spec, "--ladder", "se", "--format", "json", "--grid",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = json["steps"].as_array().unwrap();
    let dir = tmp.path().join("svg");
    let out = sudolab(&[
        "explain",
        &spec,
        "--ladder",
        "se",
        "--format",
        "svg",
        "--all-steps",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    for step in steps {
        if let Err(why) = check(&svg_of(&dir, step), step) {
            panic!("step {}: {why}\n{step}", step["number"]);
        }
    }
    let page = tmp.path().join("se.html");
    let out = sudolab(&[
        "explain",
        &spec,
        "--ladder",
        "se",
        "--format",
        "html",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let html = std::fs::read_to_string(&page).unwrap();
    let grade =
        format!("ER {} / EP {} / ED {}", json["er"], json["ep"], json["ed"]).replace('"', "");
    assert!(html.contains(&grade), "{grade} not in the page");
    // Singles fold; every other step gets its own picture with SE's difficulty.
    let singles = |s: &&Value| matches!(s["rule"].as_str(), Some("hidden-single" | "naked-single"));
    for step in steps.iter().filter(|s| !singles(s)) {
        let caption = format!(
            "<dt>Rule</dt><dd>{}</dd><dt>SE difficulty</dt><dd>{}</dd>",
            step["rule"].as_str().unwrap(),
            step["difficulty"].as_str().unwrap()
        );
        assert!(html.contains(&caption), "{caption}");
    }
    assert!(steps.iter().any(|s| singles(&s)) && steps.iter().any(|s| !singles(&s)));
    assert!(!html.contains("<dt>Rule</dt><dd>hidden-single"));
}
