//! The report as one self-contained HTML page: the Markdown rendered with pulldown-cmark,
//! each chart image replaced by the chart's SVG inline, a table of contents linking to
//! every section (each heading gets an id), and a small stylesheet. Tables keep to the
//! text column while they fit; a wider one takes the window's width (less a margin)
//! before it scrolls inside the page, and no cell breaks a technique name.

use super::markdown::Chart;
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};

/// The stylesheet. A table sits in a `div.table` as wide as the window (less 1rem each
/// side), whose shrinkable spacer keeps a narrow table in line with the text and gives
/// way, down to nothing, before a wide one has to scroll.
const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;\
padding:0 1rem;color:#222;line-height:1.45}\
div.table{display:flex;width:calc(100vw - 2rem);margin:1rem 0 1rem calc(50% - 50vw + 1rem);\
overflow-x:auto}div.table::before{content:\"\";flex:0 1 calc(50vw - 33rem)}\
table{flex:none;border-collapse:collapse;margin:0}\
th,td{border:1px solid #ccc;padding:.25rem .6rem;white-space:nowrap}th{background:#f3f3f3}\
td[style*=right],th[style*=right]{font-variant-numeric:tabular-nums}\
code{font-size:.85em;background:#f6f6f6;padding:0 .2em}figure{margin:1rem 0}\
svg{max-width:100%;height:auto}nav.toc ul{margin:.25rem 0}";

/// The page for `markdown`, whose images name the files of `charts`.
pub fn page(title: &str, markdown: &str, charts: &[(Chart, String)]) -> String {
    let events = with_anchors(inline_charts(markdown, charts));
    let mut body = String::new();
    html::push_html(&mut body, events.into_iter());
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )
}

/// The Markdown's events, each chart image replaced by the chart's SVG and each table
/// wrapped in a `div.table`.
fn inline_charts<'a>(markdown: &'a str, charts: &[(Chart, String)]) -> Vec<Event<'a>> {
    let mut events = Vec::new();
    let mut in_image = false;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Image { dest_url, .. }) => {
                if let Some((_, svg)) = charts.iter().find(|(c, _)| *c.file == *dest_url) {
                    // The SVG without its XML prolog, inside a figure.
                    let body = svg.find("<svg").map_or(svg.as_str(), |i| &svg[i..]);
                    events.push(Event::InlineHtml(format!("<figure>{body}</figure>").into()));
                    in_image = true;
                } else {
                    events.push(Event::Start(Tag::Image {
                        link_type: pulldown_cmark::LinkType::Inline,
                        dest_url,
                        title: "".into(),
                        id: "".into(),
                    }));
                }
            }
            Event::End(TagEnd::Image) if in_image => in_image = false,
            _ if in_image => {} // the alt text, now the chart's own title
            Event::Start(Tag::Table(alignments)) => {
                events.push(Event::Html("<div class=\"table\">".into()));
                events.push(Event::Start(Tag::Table(alignments)));
            }
            Event::End(TagEnd::Table) => {
                events.push(Event::End(TagEnd::Table));
                events.push(Event::Html("</div>\n".into()));
            }
            other => events.push(other),
        }
    }
    events
}

/// `events` with an id on every section heading, and after the title a table of contents
/// linking to them (sections, and their subsections nested).
fn with_anchors(mut events: Vec<Event<'_>>) -> Vec<Event<'_>> {
    let mut sections: Vec<(HeadingLevel, String, String)> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        if let Event::Start(Tag::Heading { level, .. }) = &events[i]
            && *level > HeadingLevel::H1
        {
            let level = *level;
            let text: String = events[i + 1..]
                .iter()
                .take_while(|e| !matches!(e, Event::End(TagEnd::Heading(_))))
                .filter_map(|e| match e {
                    Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                    _ => None,
                })
                .collect();
            let id = unique(slug(&text), &sections);
            if let Event::Start(Tag::Heading { id: anchor, .. }) = &mut events[i] {
                *anchor = Some(CowStr::from(id.clone()));
            }
            sections.push((level, id, text));
        }
        i += 1;
    }
    if sections.is_empty() {
        return events;
    }
    let mut toc = String::from("<nav class=\"toc\"><strong>Contents</strong>\n<ul>\n");
    // A section's item stays open for its subsections' list.
    let (mut item_open, mut nested) = (false, false);
    for (level, id, text) in &sections {
        let link = format!("<a href=\"#{id}\">{}</a>", escape(text));
        if *level > HeadingLevel::H2 {
            if !nested {
                toc += "<ul>\n";
                nested = true;
            }
            toc += &format!("<li>{link}</li>\n");
            continue;
        }
        if nested {
            toc += "</ul>";
            nested = false;
        }
        if item_open {
            toc += "</li>\n";
        }
        toc += &format!("<li>{link}");
        item_open = true;
    }
    if nested {
        toc += "</ul>";
    }
    if item_open {
        toc += "</li>\n";
    }
    toc += "</ul></nav>\n";
    // After the title, or first of all when there is none.
    let at = events
        .iter()
        .position(|e| matches!(e, Event::End(TagEnd::Heading(HeadingLevel::H1))))
        .map_or(0, |i| i + 1);
    events.insert(at, Event::Html(toc.into()));
    events
}

/// A heading's anchor: its words in lower case, joined by dashes.
fn slug(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    match words.is_empty() {
        true => "section".to_string(),
        false => words.join("-"),
    }
}

/// `id`, or `id-2`, `id-3`, ... when an earlier section has it.
fn unique(id: String, sections: &[(HeadingLevel, String, String)]) -> String {
    let taken = |candidate: &str| sections.iter().any(|(_, s, _)| s == candidate);
    if !taken(&id) {
        return id;
    }
    (2..)
        .map(|n| format!("{id}-{n}"))
        .find(|candidate| !taken(candidate))
        .expect("some suffix is free")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_section_gets_an_anchor_and_a_line_in_the_contents() {
        let markdown = "# Title\n\nIntro.\n\n## Runs\n\n## Slowest puzzles\n\n### a.csv\n\n\
                        ### b.csv\n\n## Runs\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
        let html = page("t", markdown, &[]);
        for id in ["runs", "slowest-puzzles", "a-csv", "b-csv", "runs-2"] {
            assert!(html.contains(&format!(" id=\"{id}\"")), "{id}: {html}");
            assert!(
                html.contains(&format!("<a href=\"#{id}\">")),
                "{id}: {html}"
            );
        }
        let contents = html.find("<nav class=\"toc\">").unwrap();
        assert!(html.find("</h1>").unwrap() < contents, "after the title");
        assert!(contents < html.find("<h2").unwrap(), "before the sections");
        // Subsections nest in their section's item.
        assert!(
            html.contains(
                "<li><a href=\"#slowest-puzzles\">Slowest puzzles</a><ul>\n\
                 <li><a href=\"#a-csv\">a.csv</a></li>\n<li><a href=\"#b-csv\">b.csv</a></li>\n\
                 </ul></li>\n"
            ),
            "{html}"
        );
        assert!(html.contains("<div class=\"table\"><table>"), "{html}");
    }
}
