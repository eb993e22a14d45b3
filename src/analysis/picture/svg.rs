//! A [`Scene`] drawn as SVG, the way HoDoKu's window draws a step: givens, set digits and
//! candidates in their places, the pattern's cells and candidates coloured by role, houses
//! outlined, removed candidates struck through, placements ringed, and a chain's links as
//! arrows between candidates (strong solid, weak dashed), group and ALS nodes boxed.
//!
//! Every mark carries what it stands for in `data-` attributes (`data-cell`, `data-cand`,
//! `data-removed`, `data-placed`, `data-house`, `data-from`/`data-to`, `data-node`, and
//! `data-role`), so that a test or a script can check the drawing against the step.

use super::scene::{At, Candidate, ChainNode, Role, Scene, Square};
use std::fmt::Write;

/// A cell's side, in SVG units.
const SIDE: f32 = 42.0;
/// Room for the row and column numbers.
const MARGIN: f32 = 18.0;
/// The whole drawing's side.
pub const SIZE: f32 = MARGIN + 9.0 * SIDE + 4.0;
/// A candidate's radius (marks and the shortening of arrows).
const RADIUS: f32 = 6.5;

/// Colours of the roles: (cell fill, candidate mark).
fn colours(role: Role) -> (&'static str, &'static str) {
    match role {
        Role::Pattern => ("#dcebf7", "#8ec1ea"),
        Role::Base => ("#d6e6fb", "#6fa4ea"),
        Role::Cover => ("#fde3c3", "#f2a54a"),
        Role::Fin => ("#f8d7f3", "#dc7fd0"),
        Role::EndoFin => ("#e7d9f7", "#a77fdc"),
        Role::Pivot => ("#fbefc2", "#e8c13a"),
        Role::Pincer => ("#d9f1d9", "#6cc36c"),
        Role::Link => ("#fbefc2", "#e8c13a"),
        Role::Corner => ("#dcebf7", "#8ec1ea"),
        Role::Subset => ("#fde3c3", "#f2a54a"),
        Role::Color(0) => ("#d9f1d9", "#5cbf5c"),
        Role::Color(1) => ("#fde3c3", "#f2a54a"),
        Role::Color(2) => ("#d6e6fb", "#6fa4ea"),
        Role::Color(_) => ("#f8d7f3", "#dc7fd0"),
        Role::Set(0) => ("#d6e6fb", "#6fa4ea"),
        Role::Set(1) => ("#d9f1d9", "#6cc36c"),
        Role::Set(2) => ("#fde3c3", "#f2a54a"),
        Role::Set(_) => ("#f8d7f3", "#dc7fd0"),
        Role::Rc => ("#fbefc2", "#e8c13a"),
        Role::On => ("#e3f3e3", "#5cbf5c"),
        Role::Off => ("#e0ecfa", "#6fa4ea"),
        Role::House => ("#eef4fb", "#8ec1ea"),
    }
}

/// The colour of a role's candidates (for a legend).
pub fn mark_colour(role: Role) -> &'static str {
    colours(role).1
}

/// The style sheet of the drawings: inside each SVG file, once in a page.
pub fn style() -> String {
    let mut css = String::from(
        ".sg text{font-family:Helvetica,Arial,sans-serif;text-anchor:middle;dominant-baseline:central}\
         .sg .bg{fill:#fff}.sg .thin{stroke:#999;stroke-width:.6;fill:none}\
         .sg .thick{stroke:#222;stroke-width:2;fill:none}\
         .sg .given{font-size:26px;font-weight:bold;fill:#111}.sg .set{font-size:26px;fill:#1f5fbf}\
         .sg .cand{font-size:11px;fill:#555}.sg .lbl{font-size:10px;fill:#888}\
         .sg .removed{fill:#f4b4b4}.sg .strike{stroke:#d22;stroke-width:1.6}\
         .sg .placed{fill:#b6e8b6;stroke:#1c8c1c;stroke-width:1.6}\
         .sg .house{fill:none;stroke-width:2.5}\
         .sg .node{fill:none;stroke:#c33;stroke-width:1.2}\
         .sg .arrow{fill:none;stroke:#d22;stroke-width:1.4}.sg .weak{stroke-dasharray:4 3}\
         .sg .head{fill:#d22}",
    );
    for role in Role::ALL {
        let (fill, mark) = colours(role);
        let name = role.name();
        write!(
            css,
            ".sg .f-{name}{{fill:{fill}}}.sg .m-{name}{{fill:{mark}}}"
        )
        .unwrap();
        write!(css, ".sg .h-{name}{{stroke:{mark}}}").unwrap();
    }
    css
}

/// The centre of a candidate.
fn spot((cell, digit): Candidate) -> (f32, f32) {
    let d = f32::from(digit.max(1) - 1);
    let x = MARGIN + cell.col() as f32 * SIDE + (d % 3.0) * SIDE / 3.0 + SIDE / 6.0;
    let y = MARGIN + cell.row() as f32 * SIDE + (d / 3.0).floor() * SIDE / 3.0 + SIDE / 6.0;
    (x, y)
}

fn corner(cell: At) -> (f32, f32) {
    (
        MARGIN + cell.col() as f32 * SIDE,
        MARGIN + cell.row() as f32 * SIDE,
    )
}

/// The box around a node's candidates: (x, y, width, height).
fn node_box(node: &ChainNode) -> (f32, f32, f32, f32) {
    let spots: Vec<(f32, f32)> = node.cells.iter().map(|&c| spot((c, node.digit))).collect();
    let min_x = spots.iter().map(|s| s.0).fold(f32::MAX, f32::min) - RADIUS - 1.0;
    let max_x = spots.iter().map(|s| s.0).fold(f32::MIN, f32::max) + RADIUS + 1.0;
    let min_y = spots.iter().map(|s| s.1).fold(f32::MAX, f32::min) - RADIUS - 1.0;
    let max_y = spots.iter().map(|s| s.1).fold(f32::MIN, f32::max) + RADIUS + 1.0;
    (min_x, min_y, max_x - min_x, max_y - min_y)
}

/// Where an arrow starts or ends at a node: the middle of its candidates.
fn node_point(node: &ChainNode) -> (f32, f32) {
    let (x, y, w, h) = node_box(node);
    (x + w / 2.0, y + h / 2.0)
}

/// `scene` as one `<svg>` element; `id` keeps its marker's id apart from other drawings
/// in the same page. `standalone` adds the XML declaration and the style sheet, for a
/// file of its own.
pub fn render(scene: &Scene, id: &str, title: &str, standalone: bool) -> String {
    let mut svg = String::with_capacity(16 * 1024);
    if standalone {
        svg.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    }
    write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sg\" viewBox=\"0 0 {SIZE} {SIZE}\" \
         width=\"{SIZE}\" height=\"{SIZE}\" role=\"img\"><title>{}</title>",
        super::escape(title)
    )
    .unwrap();
    if standalone {
        write!(svg, "<style>{}</style>", style()).unwrap();
    }
    write!(
        svg,
        "<defs><marker id=\"{id}-a\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
         markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path class=\"head\" \
         d=\"M0,1L10,5L0,9z\"/></marker></defs>"
    )
    .unwrap();
    write!(
        svg,
        "<rect class=\"bg\" width=\"{SIZE}\" height=\"{SIZE}\"/>"
    )
    .unwrap();
    fills(&mut svg, scene);
    lines(&mut svg);
    digits(&mut svg, scene);
    outlines(&mut svg, scene);
    chains(&mut svg, scene, id);
    svg.push_str("</svg>");
    svg
}

/// Coloured cells, then marks under the candidates: roles, removals, placements.
fn fills(svg: &mut String, scene: &Scene) {
    for &(cell, role) in &scene.cells {
        let (x, y) = corner(cell);
        let name = role.name();
        write!(
            svg,
            "<rect class=\"f-{name}\" data-cell=\"{cell}\" data-role=\"{name}\" x=\"{x}\" \
             y=\"{y}\" width=\"{SIDE}\" height=\"{SIDE}\"/>"
        )
        .unwrap();
    }
    for &(candidate, role) in &scene.candidates {
        let (x, y) = spot(candidate);
        let name = role.name();
        write!(
            svg,
            "<circle class=\"m-{name}\" data-cand=\"{}:{}\" data-role=\"{name}\" cx=\"{x}\" \
             cy=\"{y}\" r=\"{RADIUS}\"/>",
            candidate.0, candidate.1
        )
        .unwrap();
    }
    for &candidate in &scene.removed {
        let (x, y) = spot(candidate);
        write!(
            svg,
            "<circle class=\"removed\" data-removed=\"{}:{}\" cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\"/>",
            candidate.0, candidate.1
        )
        .unwrap();
    }
    for &candidate in &scene.placed {
        let (x, y) = spot(candidate);
        write!(
            svg,
            "<circle class=\"placed\" data-placed=\"{}:{}\" cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\"/>",
            candidate.0, candidate.1
        )
        .unwrap();
    }
}

/// The cell lines, the box lines, and the row and column numbers.
fn lines(svg: &mut String) {
    let end = MARGIN + 9.0 * SIDE;
    let mut thin = String::new();
    let mut thick = String::new();
    for i in 0..=9 {
        let at = MARGIN + i as f32 * SIDE;
        let path = if i % 3 == 0 { &mut thick } else { &mut thin };
        write!(path, "M{MARGIN},{at}H{end}M{at},{MARGIN}V{end}").unwrap();
    }
    write!(
        svg,
        "<path class=\"thin\" d=\"{thin}\"/><path class=\"thick\" d=\"{thick}\"/>"
    )
    .unwrap();
    for i in 0..9 {
        let mid = MARGIN + (i as f32 + 0.5) * SIDE;
        let half = MARGIN / 2.0;
        write!(
            svg,
            "<text class=\"lbl\" x=\"{half}\" y=\"{mid}\">{n}</text><text class=\"lbl\" \
             x=\"{mid}\" y=\"{half}\">{n}</text>",
            n = i + 1
        )
        .unwrap();
    }
}

/// Givens, set digits and candidates; removed candidates struck through.
fn digits(svg: &mut String, scene: &Scene) {
    for (i, square) in scene.grid.iter().enumerate() {
        let cell = At(i as u8);
        let (x, y) = corner(cell);
        let (mx, my) = (x + SIDE / 2.0, y + SIDE / 2.0);
        match *square {
            Square::Given(d) => write!(
                svg,
                "<text class=\"given\" x=\"{mx}\" y=\"{my}\">{d}</text>"
            )
            .unwrap(),
            Square::Set(d) => {
                write!(svg, "<text class=\"set\" x=\"{mx}\" y=\"{my}\">{d}</text>").unwrap()
            }
            Square::Open(bits) => {
                for d in (1..=9u8).filter(|d| bits & 1 << d != 0) {
                    let (cx, cy) = spot((cell, d));
                    write!(svg, "<text class=\"cand\" x=\"{cx}\" y=\"{cy}\">{d}</text>").unwrap();
                }
            }
        }
    }
    for &candidate in &scene.removed {
        let (x, y) = spot(candidate);
        let r = RADIUS;
        write!(
            svg,
            "<path class=\"strike\" d=\"M{},{}L{},{}\"/>",
            x - r,
            y + r,
            x + r,
            y - r
        )
        .unwrap();
    }
}

/// The houses the pattern lies in or covers, outlined just inside their borders.
fn outlines(svg: &mut String, scene: &Scene) {
    for (i, &(house, role)) in scene.houses.iter().enumerate() {
        let (row, col, rows, cols) = house.span();
        // Houses outlined in turn sit a little further in, so that two stay apart.
        let inset = 2.0 + (i % 3) as f32 * 2.5;
        let x = MARGIN + col as f32 * SIDE + inset;
        let y = MARGIN + row as f32 * SIDE + inset;
        let w = cols as f32 * SIDE - 2.0 * inset;
        let h = rows as f32 * SIDE - 2.0 * inset;
        let name = role.name();
        write!(
            svg,
            "<rect class=\"house h-{name}\" data-house=\"{house}\" data-role=\"{name}\" \
             x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"3\"/>"
        )
        .unwrap();
    }
}

/// Group and ALS nodes boxed, then an arrow per link.
fn chains(svg: &mut String, scene: &Scene, id: &str) {
    for node in &scene.boxes {
        let (x, y, w, h) = node_box(node);
        write!(
            svg,
            "<rect class=\"node\" data-node=\"{node}\" x=\"{x}\" y=\"{y}\" width=\"{w}\" \
             height=\"{h}\" rx=\"4\"/>"
        )
        .unwrap();
    }
    for arrow in &scene.arrows {
        let (x0, y0) = node_point(&arrow.from);
        let (x1, y1) = node_point(&arrow.to);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let length = (dx * dx + dy * dy).sqrt().max(1.0);
        // Bent a little to one side, so that it passes beside the candidates on its way.
        let bend = (length * 0.15).min(18.0);
        let (cx, cy) = (
            (x0 + x1) / 2.0 - dy / length * bend,
            (y0 + y1) / 2.0 + dx / length * bend,
        );
        let shorten = |(px, py): (f32, f32)| {
            let (ux, uy) = (cx - px, cy - py);
            let l = (ux * ux + uy * uy).sqrt().max(1.0);
            (px + ux / l * RADIUS, py + uy / l * RADIUS)
        };
        let (sx, sy) = shorten((x0, y0));
        let (ex, ey) = shorten((x1, y1));
        let kind = if arrow.strong { "strong" } else { "weak" };
        write!(
            svg,
            "<path class=\"arrow {kind}\" data-from=\"{}\" data-to=\"{}\" data-branch=\"{}\" \
             d=\"M{sx:.1},{sy:.1}Q{cx:.1},{cy:.1} {ex:.1},{ey:.1}\" marker-end=\"url(#{id}-a)\"/>",
            arrow.from, arrow.to, arrow.branch
        )
        .unwrap();
    }
}
