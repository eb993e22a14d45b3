//! The report as one self-contained HTML page: the Markdown rendered with pulldown-cmark,
//! each chart image replaced by the chart's SVG inline, and a small stylesheet.

use super::markdown::Chart;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, html};

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;\
padding:0 1rem;color:#222;line-height:1.45}table{border-collapse:collapse;margin:1rem 0;\
display:block;max-width:100%;overflow-x:auto}\
th,td{border:1px solid #ccc;padding:.25rem .6rem}th{background:#f3f3f3}\
td[style*=right],th[style*=right]{font-variant-numeric:tabular-nums}\
code{font-size:.85em;background:#f6f6f6;padding:0 .2em}figure{margin:1rem 0}\
svg{max-width:100%;height:auto}";

/// The page for `markdown`, whose images name the files of `charts`.
pub fn page(title: &str, markdown: &str, charts: &[(Chart, String)]) -> String {
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
            other => events.push(other),
        }
    }
    let mut body = String::new();
    html::push_html(&mut body, events.into_iter());
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )
}
