//! The explained page: one self-contained HTML file (its style sheet, drawings and a small
//! script inline, nothing fetched) with the puzzle's verdict and grade at the top, then one
//! drawn grid per step or run of singles, each with its notation, technique, level and
//! base score underneath. The arrow keys (or `j`/`k`) move from step to step; printed,
//! each step keeps to one piece of a page.

use super::scene::{Role, SceneError};
use super::{Picture, escape, pictures, svg};
use serde_json::Value;
use std::fmt::Write;

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:64rem;margin:1.5rem auto;\
padding:0 1rem;color:#222;line-height:1.4}header dl,figcaption dl{display:grid;\
grid-template-columns:max-content minmax(0,1fr);gap:.1rem 1rem;margin:.5rem 0}dt{color:#666}\
dd{margin:0;overflow-wrap:anywhere}ol.singles li{overflow-wrap:anywhere}\
.puzzle{font-family:ui-monospace,monospace;font-size:.8rem;overflow-wrap:anywhere}\
section{border-top:1px solid #ddd;padding:1rem 0;scroll-margin-top:.5rem}\
section:focus{outline:2px solid #8ec1ea;outline-offset:2px}h2{font-size:1.1rem;margin:0 0 .5rem}\
figure{display:flex;flex-wrap:wrap;gap:1rem;margin:0;align-items:flex-start}\
figure svg{width:100%;max-width:400px;height:auto;flex:0 1 400px}\
figcaption{flex:1 1 16rem;min-width:0}.notation{font-family:ui-monospace,monospace;\
font-size:.85rem;overflow-wrap:anywhere}ol.singles{font-family:ui-monospace,monospace;\
font-size:.8rem;padding-left:2.5rem}.legend span{display:inline-block;margin:0 .6rem .2rem 0;\
font-size:.8rem}.legend i{display:inline-block;width:.8rem;height:.8rem;border-radius:50%;\
vertical-align:-.1rem;margin-right:.25rem}.keys{color:#666;font-size:.85rem}\
@media print{.keys{display:none}body{margin:0;max-width:none}\
section{break-inside:avoid;page-break-inside:avoid}figure svg{max-width:11cm}}";

/// Moves between the steps with the arrow keys, `j`/`k`, Home and End.
const SCRIPT: &str = "(function(){var s=[].slice.call(document.querySelectorAll('section.step'));\
function at(){var y=window.scrollY+10,i=0;s.forEach(function(e,j){if(e.offsetTop<=y)i=j;});\
return i;}function go(i){i=Math.max(0,Math.min(s.length-1,i));s[i].focus();\
s[i].scrollIntoView({block:'start'});}document.addEventListener('keydown',function(e){\
if(e.altKey||e.ctrlKey||e.metaKey)return;var k=e.key;\
if(k==='ArrowRight'||k==='ArrowDown'||k==='j'){go(at()+1);e.preventDefault();}\
else if(k==='ArrowLeft'||k==='ArrowUp'||k==='k'){go(at()-1);e.preventDefault();}\
else if(k==='Home'){go(0);e.preventDefault();}else if(k==='End'){go(s.length-1);\
e.preventDefault();}});})();";

/// The page of `explanation` (as `explain --format json --grid` gives it); `se` is Sudoku
/// Explainer's rating, when it was asked for.
pub fn page(explanation: &Value, all_steps: bool, se: Option<&str>) -> Result<String, SceneError> {
    let steps = explanation["steps"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    let pictures = pictures(steps, all_steps)?;
    let puzzle = explanation["puzzle"].as_str().unwrap_or_default();
    let mut html = String::with_capacity(4096 + pictures.len() * 24 * 1024);
    write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>sudolab explain {}</title>\n<style>{STYLE}{}</style>\n</head>\n<body>\n",
        escape(puzzle),
        svg::style()
    )
    .unwrap();
    header(&mut html, explanation, se, steps.len(), pictures.len());
    for (i, picture) in pictures.iter().enumerate() {
        section(&mut html, picture, i);
    }
    write!(html, "<script>{SCRIPT}</script>\n</body>\n</html>\n").unwrap();
    Ok(html)
}

fn text<'v>(value: &'v Value, key: &str) -> &'v str {
    value[key].as_str().unwrap_or_default()
}

fn header(html: &mut String, json: &Value, se: Option<&str>, steps: usize, pictures: usize) {
    let status = text(json, "status");
    let verdict = match status {
        "solved" | "stuck" => format!(
            "{status} in {steps} steps ({} placements, {} eliminations)",
            json["placements"], json["eliminations"]
        ),
        other => other.to_string(),
    };
    let grade = match (&json["level"], &json["score"]) {
        // SE's path: its rating is the grade.
        _ if json["er"].is_string() => format!(
            "ER {} / EP {} / ED {}",
            text(json, "er"),
            text(json, "ep"),
            text(json, "ed")
        ),
        (Value::String(level), score) => format!("{level} (score {score})"),
        (_, Value::Number(score)) => format!("none: not solved (score so far {score})"),
        _ => "none".to_string(),
    };
    html.push_str("<header>\n<h1>sudolab explain</h1>\n");
    write!(
        html,
        "<p class=\"puzzle\">{}</p>\n<dl>",
        escape(text(json, "puzzle"))
    )
    .unwrap();
    let mut row = |term: &str, value: &str| {
        write!(html, "<dt>{term}</dt><dd>{}</dd>", escape(value)).unwrap();
    };
    row("Source", text(json, "source"));
    let ladder = match json["policy"].as_str() {
        Some(policy) => format!("{}, policy {policy}", text(json, "ladder")),
        None => format!("{}: Sudoku Explainer's path", text(json, "ladder")),
    };
    row("Ladder", &ladder);
    row("Verdict", &verdict);
    row("Grade", &grade);
    if let Some(hardest) = json["hardest"].as_str() {
        row("Hardest", hardest);
    }
    if let Some(se) = se {
        row("Sudoku Explainer", se);
    }
    html.push_str("</dl>\n");
    if pictures > 0 {
        writeln!(
            html,
            "<p class=\"keys\">{pictures} pictures. Arrow keys or j / k: next and previous \
             step; Home, End: first and last.</p>"
        )
        .unwrap();
    }
    html.push_str("</header>\n");
}

fn section(html: &mut String, picture: &Picture, index: usize) {
    let (first, last) = picture.numbers();
    let step = &picture.steps[0];
    let title = if picture.is_folded() {
        format!("Steps {first}–{last}: {} singles", picture.steps.len())
    } else {
        let name = step["label"].as_str().or(step["name"].as_str());
        format!("Step {first}: {}", name.unwrap_or_default())
    };
    let id = picture.name();
    write!(
        html,
        "<section class=\"step\" id=\"{id}\" tabindex=\"-1\">\n<h2>{}</h2>\n<figure>",
        escape(&title)
    )
    .unwrap();
    html.push_str(&svg::render(
        &picture.scene,
        &format!("p{index}"),
        &title,
        false,
    ));
    html.push_str("<figcaption>");
    if picture.is_folded() {
        write!(html, "<ol class=\"singles\" start=\"{first}\">").unwrap();
        for step in picture.steps {
            write!(html, "<li>{}</li>", escape(text(step, "text"))).unwrap();
        }
        html.push_str("</ol>");
    } else if step["difficulty"].is_string() {
        write!(
            html,
            "<p class=\"notation\">{}</p><dl><dt>Rule</dt><dd>{}</dd>\
             <dt>SE difficulty</dt><dd>{}</dd></dl>",
            escape(text(step, "text")),
            escape(text(step, "rule")),
            escape(text(step, "difficulty"))
        )
        .unwrap();
    } else {
        write!(
            html,
            "<p class=\"notation\">{}</p><dl><dt>Technique</dt><dd>{} ({})</dd>\
             <dt>Level</dt><dd>{}</dd><dt>Base score</dt><dd>{}</dd></dl>",
            escape(text(step, "text")),
            escape(text(step, "technique")),
            escape(text(step, "code")),
            escape(text(step, "level")),
            step["score"]
        )
        .unwrap();
    }
    legend(html, picture);
    html.push_str("</figcaption></figure>\n</section>\n");
}

/// The roles the drawing colours, each with its colour.
fn legend(html: &mut String, picture: &Picture) {
    let scene = &picture.scene;
    let mut roles: Vec<Role> = Vec::new();
    let used = scene
        .candidates
        .iter()
        .map(|(_, r)| *r)
        .chain(scene.houses.iter().map(|(_, r)| *r));
    for role in used {
        if !roles.contains(&role) {
            roles.push(role);
        }
    }
    if roles.is_empty() && scene.arrows.is_empty() {
        return;
    }
    html.push_str("<p class=\"legend\">");
    for role in roles {
        let name = role.name();
        write!(
            html,
            "<span><i class=\"m-{name}\" style=\"background:{}\"></i>{name}</span>",
            svg::mark_colour(role)
        )
        .unwrap();
    }
    if !scene.arrows.is_empty() {
        html.push_str("<span>→ strong link (solid), weak link (dashed)</span>");
    }
    html.push_str("</p>");
}
