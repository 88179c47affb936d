//! The board: a painter shared by the game screen, the home cards and the rules diagrams,
//! the interactive widget (one clickable, accessible button per point) and the short
//! animations of moves, placements, removals and flips.
//!
//! Every board and piece is drawn in the [`Look`] the settings choose (the wood board or a
//! plain one, stones or marked pieces), noted once a frame by [`set_look`] as the theme is.

use egui::epaint::Mesh;
use egui::{
    Align2, Color32, CornerRadius, FontFamily, FontId, Pos2, Rect, Sense, Shape, Stroke,
    StrokeKind, Vec2, pos2, vec2,
};

use std::cell::Cell;

use super::exact::value_label;
use super::overlay::Overlay;
use super::settings::{BoardStyle, PieceStyle};
use super::theme;
use crate::rules::{Action, Point, Side, State};
use crate::tablebase::Value;

/// How long one animation step lasts at the usual speed, in seconds.
pub const ANIMATION_SECONDS: f64 = 0.32;

/// How boards and pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// The board.
    pub board: BoardStyle,
    /// The pieces.
    pub pieces: PieceStyle,
}

thread_local! {
    /// The look of the frame being drawn on this thread.
    static LOOK: Cell<Look> = const {
        Cell::new(Look {
            board: BoardStyle::Wood,
            pieces: PieceStyle::Stones,
        })
    };
}

/// Notes the look the boards of the frame about to be drawn take.
pub fn set_look(look: Look) {
    LOOK.with(|l| l.set(look));
}

/// The look of the frame being drawn.
pub fn look() -> Look {
    LOOK.with(Cell::get)
}

/// Runs `draw` with boards and pieces drawn in `look` (a preview of a style), then goes back
/// to the frame's own.
pub fn with_look<R>(look: Look, draw: impl FnOnce() -> R) -> R {
    let frame = self::look();
    set_look(look);
    let result = draw();
    set_look(frame);
    result
}

/// What an animation shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AnimationKind {
    /// A piece travels from one point to another.
    Slide {
        /// The point it leaves.
        from: Point,
        /// The point it reaches.
        to: Point,
        /// Whose piece it is.
        side: Side,
    },
    /// A piece is put down.
    Drop {
        /// Where it is put.
        point: Point,
        /// Whose piece it is.
        side: Side,
    },
    /// A piece leaves the board.
    Vanish {
        /// Where it was.
        point: Point,
        /// Whose piece it was.
        side: Side,
    },
    /// A piece turns over to the other colour.
    Flip {
        /// Where it is.
        point: Point,
        /// The colour it had.
        from: Side,
    },
}

/// One running animation, timed in the UI's clock (seconds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Animation {
    /// What it shows.
    pub kind: AnimationKind,
    /// When it started.
    pub start: f64,
    /// How long it lasts.
    pub duration: f64,
}

impl Animation {
    /// Progress from 0 (not started) to 1 (done).
    pub fn progress(&self, now: f64) -> f32 {
        (((now - self.start) / self.duration).clamp(0.0, 1.0)) as f32
    }

    /// Whether the animation is over at `now`.
    pub fn is_done(&self, now: f64) -> bool {
        now >= self.start + self.duration
    }

    fn point(&self) -> Point {
        match self.kind {
            AnimationKind::Slide { to, .. } => to,
            AnimationKind::Drop { point, .. }
            | AnimationKind::Vanish { point, .. }
            | AnimationKind::Flip { point, .. } => point,
        }
    }
}

/// What happened in one action, as its animations show it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// The action.
    pub action: Action,
    /// The points whose pieces it took off.
    pub removed: crate::rules::Bits,
    /// Whose pieces those were, when the position before does not say.
    pub removed_owner: Option<Side>,
    /// The points whose pieces it turned over.
    pub flipped: crate::rules::Bits,
    /// Who played it.
    pub actor: Side,
}

/// The animations that show one action, starting at `now` and lasting `pace` times their
/// usual length: the piece arrives first, then what it captured leaves or turns over.
pub fn animations_for(before: &State, change: Change, now: f64, pace: f64) -> Vec<Animation> {
    let Change {
        action,
        removed,
        removed_owner,
        flipped,
        actor,
    } = change;
    let step = ANIMATION_SECONDS * pace.clamp(0.1, 10.0);
    let mut out = Vec::new();
    let mut consequence_start = now;
    match action {
        Action::Move(from, to) => {
            out.push(Animation {
                kind: AnimationKind::Slide {
                    from,
                    to,
                    side: actor,
                },
                start: now,
                duration: step,
            });
            consequence_start = now + step * 0.8;
        }
        Action::Place(point) => {
            out.push(Animation {
                kind: AnimationKind::Drop { point, side: actor },
                start: now,
                duration: step * 0.75,
            });
            consequence_start = now + step * 0.6;
        }
        Action::Remove(_) | Action::Timeout => {}
    }
    for p in Point::ALL {
        let bit = 1u32 << p.index();
        if removed & bit != 0 {
            let side = before
                .piece_at(p)
                .or(removed_owner)
                .unwrap_or(actor.other());
            out.push(Animation {
                kind: AnimationKind::Vanish { point: p, side },
                start: consequence_start,
                duration: step,
            });
        }
        if flipped & bit != 0 {
            let from = before.piece_at(p).unwrap_or(actor.other());
            out.push(Animation {
                kind: AnimationKind::Flip { point: p, from },
                start: consequence_start,
                duration: step,
            });
        }
    }
    out
}

/// Which kind of removal the highlighted pieces stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Eligible {
    /// Enemy pieces that may be pulled or captured.
    #[default]
    Enemy,
    /// Own pieces that may be given up to make room.
    Own,
}

/// Everything the painter draws.
#[derive(Clone, Debug, Default)]
pub struct BoardScene {
    /// The piece on each point, by index.
    pub pieces: [Option<Side>; 25],
    /// Row 5 at the bottom and column `e` at the left (White's view).
    pub flipped: bool,
    /// Letters and numbers around the board.
    pub coordinates: bool,
    /// Points the last turn's pieces arrived on (a ring marks them).
    pub last_to: Vec<Point>,
    /// Where the last move started (a faint trail).
    pub last_from: Option<Point>,
    /// Points the last turn removed pieces from (a small cross).
    pub last_removed: Vec<Point>,
    /// Points marked in a diagram (captured or to be removed).
    pub marked: Vec<Point>,
    /// The selected piece.
    pub selected: Option<Point>,
    /// Where the selected piece may go.
    pub destinations: Vec<Point>,
    /// Pieces that may be removed now.
    pub eligible: Vec<Point>,
    /// Whose pieces [`BoardScene::eligible`] are.
    pub eligible_kind: Eligible,
    /// The computer's suggestion.
    pub hint: Option<Action>,
    /// The actions the engine expects after its suggestion, in order, and whether each is
    /// the suggestion's side's own (else the opponent's).
    pub hint_line: Vec<(Action, bool)>,
    /// A better action than the one played from here (in an analysed review), and its colour.
    pub better: Option<(Action, Color32)>,
    /// Exact values from the Flying table on the points moves reach, for the side to act.
    pub values: Vec<(Point, Value)>,
    /// A translucent piece where a click would place one.
    pub preview: Option<(Point, Side)>,
    /// Points where a click does something now (they answer the pointer).
    pub clickable: Vec<Point>,
    /// The moves the person may make now, from and to: a piece on a `from` point can be
    /// dragged to its destinations.
    pub moves: Vec<(Point, Point)>,
    /// A piece being dragged: where it comes from and where the pointer holds it.
    pub lifted: Option<(Point, Pos2)>,
    /// The keyboard's cursor, when the board has the keyboard.
    pub cursor: Option<Point>,
    /// Animations to draw over the position.
    pub animations: Vec<Animation>,
    /// Marks that explain the last action: the shape that captured, a pincer, a flank.
    pub overlays: Vec<Overlay>,
    /// How strongly [`BoardScene::overlays`] are drawn, from 0 (not at all) to 1, so that
    /// they can fade in and out.
    pub overlay_alpha: f32,
    /// The UI time for the animations.
    pub now: f64,
}

impl BoardScene {
    /// A scene showing a position, nothing else.
    pub fn of_state(state: &State) -> BoardScene {
        let mut scene = BoardScene::default();
        for p in Point::ALL {
            scene.pieces[p.index()] = state.piece_at(p);
        }
        scene
    }

    /// A scene of a help diagram: five rows of `B`, `W` and `.`, the top row first.
    pub fn of_rows(rows: &[String]) -> BoardScene {
        let mut scene = BoardScene::default();
        for (r, row) in rows.iter().take(5).enumerate() {
            for (c, ch) in row.chars().take(5).enumerate() {
                let side = match ch {
                    'B' | 'b' => Some(Side::Black),
                    'W' | 'w' => Some(Side::White),
                    _ => None,
                };
                if let Some(p) = Point::at(c as u8, 4 - r as u8) {
                    scene.pieces[p.index()] = side;
                }
            }
        }
        scene
    }
}

/// Where the points of a board drawn in a square lie.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// The whole board, frame included.
    pub rect: Rect,
    /// The distance between neighbouring points.
    pub step: f32,
    /// The a1 corner when not flipped.
    origin: Pos2,
    flipped: bool,
}

impl Geometry {
    /// The geometry of a board filling `rect` (a square).
    pub fn new(rect: Rect, flipped: bool, coordinates: bool) -> Geometry {
        let side = rect.width().min(rect.height());
        let rect = Rect::from_center_size(rect.center(), vec2(side, side));
        let margin = if coordinates { 0.78 } else { 0.58 };
        let step = side / (4.0 + 2.0 * margin);
        let origin = pos2(rect.left() + margin * step, rect.bottom() - margin * step);
        Geometry {
            rect,
            step,
            origin,
            flipped,
        }
    }

    /// The centre of a point on screen.
    pub fn position(&self, p: Point) -> Pos2 {
        let (mut c, mut r) = (p.column() as f32, p.row() as f32);
        if self.flipped {
            c = 4.0 - c;
            r = 4.0 - r;
        }
        pos2(self.origin.x + c * self.step, self.origin.y - r * self.step)
    }

    /// The clickable square around a point.
    pub fn cell(&self, p: Point) -> Rect {
        Rect::from_center_size(self.position(p), Vec2::splat(self.step * 0.92))
    }

    /// The radius of a piece.
    pub fn stone_radius(&self) -> f32 {
        self.step * 0.4
    }
}

/// Paints a whole board scene into `rect`.
pub fn paint(painter: &egui::Painter, rect: Rect, scene: &BoardScene) -> Geometry {
    let geo = Geometry::new(rect, scene.flipped, scene.coordinates);
    match look().board {
        BoardStyle::Wood => paint_wood(painter, geo.rect),
        BoardStyle::Plain => paint_plain(painter, geo.rect),
    }
    paint_grid(painter, &geo, scene.coordinates);
    paint_outlines(painter, &geo, scene);
    paint_markers_under(painter, &geo, scene);
    paint_pieces(painter, &geo, scene);
    paint_marks(painter, &geo, scene);
    paint_markers_over(painter, &geo, scene);
    paint_cursor(painter, &geo, scene);
    if let Some((p, at)) = scene.lifted
        && let Some(side) = scene.pieces[p.index()]
    {
        // Held a little above the board, so it is drawn larger.
        let radius = geo.stone_radius() * 1.08;
        paint_stone(painter, at, vec2(radius, radius), side, 1.0);
    }
    geo
}

/// The keyboard's cursor: a rounded square around its point, in a colour of its own.
fn paint_cursor(painter: &egui::Painter, geo: &Geometry, scene: &BoardScene) {
    let Some(p) = scene.cursor else {
        return;
    };
    let rect = Rect::from_center_size(geo.position(p), Vec2::splat(geo.step * 0.96));
    let radius = CornerRadius::same((geo.step * 0.16).min(255.0) as u8);
    painter.rect_stroke(
        rect,
        radius,
        Stroke::new(geo.step * 0.07, Color32::from_white_alpha(200)),
        StrokeKind::Middle,
    );
    painter.rect_stroke(
        rect,
        radius,
        Stroke::new(geo.step * 0.04, theme::focus()),
        StrokeKind::Middle,
    );
}

/// The outlined groups of [`BoardScene::overlays`], under the pieces: a rounded band around
/// the points, wide enough to show around the stones.
fn paint_outlines(painter: &egui::Painter, geo: &Geometry, scene: &BoardScene) {
    let alpha = scene.overlay_alpha.clamp(0.0, 1.0);
    if alpha <= 0.0 {
        return;
    }
    for overlay in &scene.overlays {
        let Overlay::Outline { corners, .. } = overlay else {
            continue;
        };
        let rect = Rect::from_two_pos(geo.position(corners[0]), geo.position(corners[1]))
            .expand(geo.step * 0.5);
        let radius = CornerRadius::same((geo.step * 0.5).min(255.0) as u8);
        painter.rect(
            rect,
            radius,
            with_alpha(theme::explain(), 0.22 * alpha),
            Stroke::new(geo.step * 0.055, with_alpha(theme::explain(), 0.95 * alpha)),
            StrokeKind::Inside,
        );
    }
}

/// The marks of [`BoardScene::overlays`] over the pieces, each with a dark edge so that it
/// shows on both colours: an arrow from the piece that arrived to each piece it pried apart, a
/// cross where a piece was taken off, a ring around a piece turned over.
fn paint_marks(painter: &egui::Painter, geo: &Geometry, scene: &BoardScene) {
    let alpha = scene.overlay_alpha.clamp(0.0, 1.0);
    if alpha <= 0.0 {
        return;
    }
    let radius = geo.stone_radius();
    let edge = Stroke::new(
        geo.step * 0.1,
        Color32::from_black_alpha((140.0 * alpha) as u8),
    );
    let mark = Stroke::new(geo.step * 0.055, with_alpha(theme::explain(), alpha));
    for overlay in &scene.overlays {
        match *overlay {
            Overlay::Split { from, to } => {
                let (a, b) = (geo.position(from), geo.position(to));
                let dir = (b - a).normalized();
                let start = a + dir * radius * 0.45;
                let end = b - dir * radius * 0.25;
                painter.arrow(start, end - start, edge);
                painter.arrow(start, end - start, mark);
            }
            // Once a piece stands there again, the point has a new story.
            Overlay::Removed(p) if scene.pieces[p.index()].is_none() => {
                let c = geo.position(p);
                let r = radius * 0.38;
                for stroke in [edge, mark] {
                    painter.line_segment([c + vec2(-r, -r), c + vec2(r, r)], stroke);
                    painter.line_segment([c + vec2(-r, r), c + vec2(r, -r)], stroke);
                }
            }
            Overlay::Flipped(p) => {
                let c = geo.position(p);
                painter.circle_stroke(c, radius * 1.1, edge);
                painter.circle_stroke(c, radius * 1.1, mark);
            }
            Overlay::Outline { .. } | Overlay::Removed(_) => {}
        }
    }
}

fn paint_wood(painter: &egui::Painter, rect: Rect) {
    let radius = (rect.width() * 0.025).clamp(3.0, 12.0);
    // A soft drop shadow under the board.
    for (grow, alpha) in [(6.0, 10u8), (3.0, 18), (1.5, 26)] {
        painter.rect_filled(
            rect.translate(vec2(0.0, grow * 0.6)).expand(grow * 0.5),
            CornerRadius::same((radius + grow) as u8),
            Color32::from_black_alpha(alpha),
        );
    }
    painter.rect_filled(rect, CornerRadius::same(radius as u8), theme::wood_edge());
    let inner = rect.shrink((rect.width() * 0.012).max(1.5));
    // The grain: a diagonal gradient with a few faint bands.
    let mut mesh = Mesh::default();
    let corners = [
        (inner.left_top(), theme::wood_light()),
        (
            inner.right_top(),
            lerp_color(theme::wood_light(), theme::wood_dark(), 0.45),
        ),
        (inner.right_bottom(), theme::wood_dark()),
        (
            inner.left_bottom(),
            lerp_color(theme::wood_light(), theme::wood_dark(), 0.55),
        ),
    ];
    for (pos, color) in corners {
        mesh.colored_vertex(pos, color);
    }
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(0, 2, 3);
    painter.add(Shape::mesh(mesh));
    let bands = 9;
    for i in 0..bands {
        let t = (i as f32 + 0.5) / bands as f32;
        let y = inner.top() + inner.height() * (t + 0.03 * (i as f32 * 1.7).sin());
        let alpha = if i % 2 == 0 { 9 } else { 6 };
        let thickness = inner.height() / bands as f32 * 0.35;
        painter.line_segment(
            [
                pos2(inner.left(), y),
                pos2(inner.right(), y + thickness * 0.6),
            ],
            Stroke::new(
                thickness,
                Color32::from_rgba_unmultiplied(120, 72, 20, alpha),
            ),
        );
    }
    painter.rect_stroke(
        inner,
        CornerRadius::same((radius * 0.7) as u8),
        Stroke::new(1.0, Color32::from_rgba_unmultiplied(255, 240, 210, 90)),
        StrokeKind::Inside,
    );
}

/// The plain board: a flat light face with a black edge, without shadow or grain, so that
/// nothing competes with the lines and the pieces.
fn paint_plain(painter: &egui::Painter, rect: Rect) {
    let radius = CornerRadius::same((rect.width() * 0.02).clamp(2.0, 8.0) as u8);
    painter.rect(
        rect,
        radius,
        theme::plain_board(),
        Stroke::new((rect.width() * 0.006).clamp(1.0, 3.0), theme::plain_line()),
        StrokeKind::Inside,
    );
}

fn paint_grid(painter: &egui::Painter, geo: &Geometry, coordinates: bool) {
    let (line, label, weight) = match look().board {
        BoardStyle::Wood => (theme::board_line(), theme::board_label(), 1.0),
        BoardStyle::Plain => (theme::plain_line(), theme::plain_line(), 1.6),
    };
    let width = (geo.step * 0.028 * weight).clamp(1.0, 2.6 * weight);
    let stroke = Stroke::new(width, line);
    let a1 = geo.position(Point::ALL[0]);
    let e5 = geo.position(Point::ALL[24]);
    let (left, right) = (a1.x.min(e5.x), a1.x.max(e5.x));
    let (top, bottom) = (a1.y.min(e5.y), a1.y.max(e5.y));
    for i in 0..5 {
        let x = left + i as f32 * geo.step;
        let y = top + i as f32 * geo.step;
        painter.line_segment([pos2(x, top), pos2(x, bottom)], stroke);
        painter.line_segment([pos2(left, y), pos2(right, y)], stroke);
    }
    // A heavier outline around the playing area.
    painter.rect_stroke(
        Rect::from_min_max(pos2(left, top), pos2(right, bottom)),
        CornerRadius::ZERO,
        Stroke::new(width * 1.6, line),
        StrokeKind::Middle,
    );
    // Small dots on every point, the centre a little larger.
    for p in Point::ALL {
        let r = if p.index() == 12 {
            width * 2.6
        } else {
            width * 1.5
        };
        painter.circle_filled(geo.position(p), r, line);
    }
    if coordinates {
        let size = (geo.step * 0.22).clamp(10.0, 17.0);
        let font = FontId::new(size, FontFamily::Proportional);
        let color = label;
        let offset = geo.step * 0.6;
        for i in 0..5u8 {
            if let Some(p) = Point::at(i, 0) {
                let pos = geo.position(p);
                let label = ((b'a' + i) as char).to_string();
                painter.text(
                    pos2(pos.x, bottom + offset),
                    Align2::CENTER_CENTER,
                    label,
                    font.clone(),
                    color,
                );
            }
            if let Some(p) = Point::at(0, i) {
                let pos = geo.position(p);
                painter.text(
                    pos2(left - offset, pos.y),
                    Align2::CENTER_CENTER,
                    (i + 1).to_string(),
                    font.clone(),
                    color,
                );
            }
        }
    }
}

fn paint_markers_under(painter: &egui::Painter, geo: &Geometry, scene: &BoardScene) {
    // The trail of the last move, under the pieces.
    if let (Some(from), Some(&to)) = (scene.last_from, scene.last_to.first()) {
        let a = geo.position(from);
        let b = geo.position(to);
        painter.line_segment(
            [a, b],
            Stroke::new(
                geo.step * 0.09,
                Color32::from_rgba_unmultiplied(216, 58, 42, 70),
            ),
        );
        painter.circle_stroke(
            a,
            geo.step * 0.14,
            Stroke::new(
                geo.step * 0.035,
                Color32::from_rgba_unmultiplied(216, 58, 42, 150),
            ),
        );
    }
    for &p in &scene.last_removed {
        if scene.pieces[p.index()].is_none() {
            let c = geo.position(p);
            let r = geo.step * 0.12;
            let stroke = Stroke::new(
                geo.step * 0.03,
                Color32::from_rgba_unmultiplied(90, 50, 20, 130),
            );
            painter.line_segment([c + vec2(-r, -r), c + vec2(r, r)], stroke);
            painter.line_segment([c + vec2(-r, r), c + vec2(r, -r)], stroke);
        }
    }
}

fn paint_pieces(painter: &egui::Painter, geo: &Geometry, scene: &BoardScene) {
    let radius = geo.stone_radius();
    let now = scene.now;
    let active: Vec<&Animation> = scene
        .animations
        .iter()
        .filter(|a| !a.is_done(now))
        .collect();
    let animated = |p: Point| active.iter().any(|a| a.point() == p);
    let lifted = scene.lifted.map(|(p, _)| p);
    for p in Point::ALL {
        if animated(p) || lifted == Some(p) {
            continue;
        }
        if let Some(side) = scene.pieces[p.index()] {
            paint_stone(painter, geo.position(p), vec2(radius, radius), side, 1.0);
        }
    }
    if let Some((p, side)) = scene.preview
        && scene.pieces[p.index()].is_none()
    {
        paint_stone(painter, geo.position(p), vec2(radius, radius), side, 0.35);
    }
    for anim in active {
        let t = anim.progress(now);
        match anim.kind {
            AnimationKind::Slide { from, to, side } => {
                let e = ease(t);
                let pos = geo.position(from).lerp(geo.position(to), e);
                let lift = 1.0 + 0.08 * (std::f32::consts::PI * e).sin();
                paint_stone(painter, pos, vec2(radius, radius) * lift, side, 1.0);
            }
            AnimationKind::Drop { point, side } => {
                let e = ease(t);
                let scale = 1.25 - 0.25 * e;
                paint_stone(
                    painter,
                    geo.position(point),
                    vec2(radius, radius) * scale,
                    side,
                    0.3 + 0.7 * e,
                );
            }
            AnimationKind::Vanish { point, side } => {
                let e = ease(t);
                let scale = 1.0 + 0.25 * e;
                paint_stone(
                    painter,
                    geo.position(point),
                    vec2(radius, radius) * scale,
                    side,
                    1.0 - e,
                );
            }
            AnimationKind::Flip { point, from } => {
                // A coin turning over: the old face narrows, the new one widens.
                let angle = (t * std::f32::consts::PI).cos();
                let side = if t < 0.5 { from } else { from.other() };
                let width = angle.abs().max(0.06);
                let lift = 1.0 + 0.12 * (t * std::f32::consts::PI).sin();
                paint_stone(
                    painter,
                    geo.position(point),
                    vec2(radius * width, radius) * lift,
                    side,
                    1.0,
                );
            }
        }
    }
}

fn paint_markers_over(painter: &egui::Painter, geo: &Geometry, scene: &BoardScene) {
    let radius = geo.stone_radius();
    for &p in &scene.last_to {
        let c = geo.position(p);
        let color = match scene.pieces[p.index()] {
            Some(Side::Black) => Color32::from_rgb(0xF0, 0x6A, 0x55),
            _ => theme::last_move(),
        };
        if scene.pieces[p.index()].is_some() {
            painter.circle_filled(c, radius * 0.2, color);
        } else {
            painter.circle_stroke(c, radius * 0.55, Stroke::new(geo.step * 0.045, color));
        }
    }
    for &p in &scene.marked {
        let c = geo.position(p);
        painter.circle_stroke(
            c,
            radius * 1.12,
            Stroke::new(geo.step * 0.05, theme::removable()),
        );
        let r = radius * 0.42;
        let stroke = Stroke::new(geo.step * 0.05, theme::removable());
        painter.line_segment([c + vec2(-r, -r), c + vec2(r, r)], stroke);
        painter.line_segment([c + vec2(-r, r), c + vec2(r, -r)], stroke);
    }
    let eligible_color = match scene.eligible_kind {
        Eligible::Enemy => theme::removable(),
        Eligible::Own => theme::yieldable(),
    };
    for &p in &scene.eligible {
        let c = geo.position(p);
        painter.circle_filled(c, radius * 1.02, eligible_color.gamma_multiply(0.10));
        painter.circle_stroke(
            c,
            radius * 1.07,
            Stroke::new(geo.step * 0.032, eligible_color),
        );
    }
    if let Some(p) = scene.selected {
        let c = geo.position(p);
        painter.circle_stroke(
            c,
            radius * 1.16,
            Stroke::new(geo.step * 0.06, theme::select()),
        );
        painter.circle_stroke(
            c,
            radius * 1.3,
            Stroke::new(geo.step * 0.02, theme::select().gamma_multiply(0.5)),
        );
    }
    for &p in &scene.destinations {
        let c = geo.position(p);
        painter.circle_filled(c, radius * 0.32, theme::destination().gamma_multiply(0.85));
        painter.circle_stroke(
            c,
            radius * 0.5,
            Stroke::new(geo.step * 0.02, theme::destination().gamma_multiply(0.6)),
        );
    }
    if let Some(hint) = scene.hint {
        paint_suggestion(painter, geo, radius, hint, theme::hint_mark());
        // The hint is the first of its line, when there is a line to number.
        if !scene.hint_line.is_empty() {
            paint_step_number(painter, geo, hint, 1, theme::hint_mark());
        }
        paint_hint_line(painter, geo, &scene.hint_line);
    }
    if let Some((better, color)) = scene.better {
        paint_suggestion(painter, geo, radius, better, color);
    }
    for &(p, value) in &scene.values {
        let color = match value {
            Value::Win(_) => theme::good(),
            Value::Draw => theme::muted(),
            Value::Loss(_) => theme::warn(),
        };
        let at = geo.position(p) + vec2(radius * 0.62, radius * 0.62);
        let font = egui::FontId::proportional((radius * 0.62).max(10.0));
        let text = value_label(value);
        let galley = painter.layout_no_wrap(text, font, color);
        let rect = egui::Rect::from_center_size(at, galley.size() + vec2(6.0, 2.0));
        painter.rect_filled(rect, 3.0, theme::paper().gamma_multiply(0.9));
        painter.galley(rect.center() - galley.size() / 2.0, galley, color);
    }
}

/// The line the engine expects after a hint: thin arrows (or rings), in the hint's colour for
/// the side's own actions and in a muted one for the opponent's, numbered on from the hint's
/// 1 (as the panel's legend says).
fn paint_hint_line(painter: &egui::Painter, geo: &Geometry, line: &[(Action, bool)]) {
    let radius = geo.stone_radius();
    for (i, &(action, own)) in line.iter().enumerate() {
        let color = if own {
            theme::hint_mark()
        } else {
            theme::muted()
        }
        .gamma_multiply(0.85);
        let stroke = Stroke::new(geo.step * 0.028, color);
        match action {
            Action::Move(from, to) => {
                let (a, b) = (geo.position(from), geo.position(to));
                let dir = (b - a).normalized();
                let start = a + dir * radius * 0.6;
                let end = b - dir * radius * 0.6;
                painter.arrow(start, end - start, stroke);
            }
            Action::Place(p) | Action::Remove(p) => {
                painter.circle_stroke(geo.position(p), radius * 0.75, stroke);
            }
            Action::Timeout => continue,
        }
        paint_step_number(painter, geo, action, i + 2, color);
    }
}

/// The number of an action of a hint's line, on it: beside the middle of an arrow (where two
/// arrows that meet at a point keep theirs apart), or at the top left of a ring.
fn paint_step_number(
    painter: &egui::Painter,
    geo: &Geometry,
    action: Action,
    number: usize,
    color: Color32,
) {
    let radius = geo.stone_radius();
    let at = match action {
        Action::Move(from, to) => {
            let (a, b) = (geo.position(from), geo.position(to));
            let dir = (b - a).normalized();
            a + (b - a) / 2.0 + vec2(dir.y, -dir.x) * radius * 0.45
        }
        Action::Place(p) | Action::Remove(p) => {
            geo.position(p) + vec2(-radius * 0.7, -radius * 0.7)
        }
        Action::Timeout => return,
    };
    let font = FontId::proportional((radius * 0.5).max(10.0));
    let galley = painter.layout_no_wrap(number.to_string(), font, Color32::WHITE);
    let badge = Rect::from_center_size(at, Vec2::splat(galley.size().y + 2.0));
    painter.rect_filled(badge, CornerRadius::same(255), color);
    painter.galley(badge.center() - galley.size() / 2.0, galley, Color32::WHITE);
}

/// An action suggested on the board: an arrow for a move, rings for a placement or removal.
fn paint_suggestion(
    painter: &egui::Painter,
    geo: &Geometry,
    radius: f32,
    action: Action,
    color: Color32,
) {
    let stroke = Stroke::new(geo.step * 0.05, color);
    match action {
        Action::Move(from, to) => {
            let a = geo.position(from);
            let b = geo.position(to);
            painter.circle_stroke(a, radius * 1.15, stroke);
            let dir = (b - a).normalized();
            let start = a + dir * radius * 1.15;
            let end = b - dir * radius * 0.5;
            painter.arrow(start, end - start, stroke);
            painter.circle_stroke(b, radius * 0.6, stroke);
        }
        Action::Place(p) | Action::Remove(p) => {
            painter.circle_stroke(geo.position(p), radius * 1.15, stroke);
            painter.circle_stroke(
                geo.position(p),
                radius * 1.32,
                Stroke::new(geo.step * 0.02, color.gamma_multiply(0.5)),
            );
        }
        Action::Timeout => {}
    }
}

fn ease(t: f32) -> f32 {
    // Ease in and out (smoothstep).
    t * t * (3.0 - 2.0 * t)
}

fn lerp_color(a: Color32, b: Color32, t: f32) -> Color32 {
    let l = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Color32::from_rgb(l(a.r(), b.r()), l(a.g(), b.g()), l(a.b(), b.b()))
}

fn with_alpha(c: Color32, alpha: f32) -> Color32 {
    c.gamma_multiply(alpha.clamp(0.0, 1.0))
}

/// The colours of a piece: its rim, its body and the highlight the light makes on it.
pub fn piece_colours(pieces: PieceStyle, side: Side) -> (Color32, Color32, Color32) {
    match (pieces, side) {
        (PieceStyle::Stones, Side::Black) => (
            Color32::from_rgb(0x08, 0x08, 0x0A),
            Color32::from_rgb(0x22, 0x22, 0x26),
            Color32::from_rgb(0x74, 0x74, 0x7C),
        ),
        (PieceStyle::Stones, Side::White) => (
            Color32::from_rgb(0xA8, 0xA2, 0x96),
            Color32::from_rgb(0xE6, 0xE2, 0xD9),
            Color32::from_rgb(0xFF, 0xFF, 0xFF),
        ),
        // A dark blue and a light amber: apart in lightness, and in hues that the common
        // colour-vision deficiencies keep apart.
        (PieceStyle::Marked, Side::Black) => (
            Color32::from_rgb(0x0A, 0x16, 0x30),
            Color32::from_rgb(0x1D, 0x3C, 0x78),
            Color32::from_rgb(0x6A, 0x8E, 0xD0),
        ),
        (PieceStyle::Marked, Side::White) => (
            Color32::from_rgb(0x8C, 0x5C, 0x10),
            Color32::from_rgb(0xF2, 0xC4, 0x5E),
            Color32::from_rgb(0xFF, 0xF4, 0xD2),
        ),
    }
}

/// Paints a piece off the board, beside text or on a plate: the piece, then a thin ring of
/// [`theme::piece_edge`] around it.
pub fn paint_piece_icon(painter: &egui::Painter, center: Pos2, radius: f32, side: Side) {
    paint_stone(painter, center, Vec2::splat(radius), side, 1.0);
    let edge = theme::piece_edge(theme::current(), side);
    let width = (radius * 0.1).clamp(1.0, 2.0);
    painter.circle_stroke(center, radius + width * 0.5, Stroke::new(width, edge));
}

/// Paints one piece with a soft shadow, a body shaded from a highlight near its top left,
/// and a crisp rim, in the frame's [`Look`] (marked pieces carry their mark, and the plain
/// board gives every piece a dark rim). `radius` may differ in x and y (a piece turning
/// over).
pub fn paint_stone(painter: &egui::Painter, center: Pos2, radius: Vec2, side: Side, alpha: f32) {
    if alpha <= 0.0 || radius.x <= 0.0 {
        return;
    }
    let look = look();
    let r = radius.y;
    // Shadow: a few widening translucent discs below and to the right.
    let shadow_offset = vec2(r * 0.08, r * 0.14);
    for (grow, a) in [(1.10, 0.10), (1.04, 0.16), (0.98, 0.22)] {
        painter.add(Shape::ellipse_filled(
            center + shadow_offset,
            radius * grow,
            with_alpha(Color32::BLACK, a * alpha),
        ));
    }
    let (rim, body, light) = piece_colours(look.pieces, side);
    // The body: a fan from an off-centre highlight to the rim, with an inner ring so the
    // light falls off smoothly.
    let segments = 48;
    let highlight = center + vec2(-radius.x * 0.32, -r * 0.36);
    let mut mesh = Mesh::default();
    mesh.colored_vertex(highlight, with_alpha(light, alpha));
    for ring in [0.5f32, 1.0] {
        let color = if ring < 1.0 {
            lerp_color(light, body, 0.72)
        } else {
            lerp_color(body, rim, 0.55)
        };
        for i in 0..segments {
            let angle = i as f32 / segments as f32 * std::f32::consts::TAU;
            let edge = center + vec2(angle.cos() * radius.x, angle.sin() * r);
            let pos = highlight + (edge - highlight) * ring;
            mesh.colored_vertex(pos, with_alpha(color, alpha));
        }
    }
    let n = segments as u32;
    for i in 0..n {
        let j = (i + 1) % n;
        mesh.add_triangle(0, 1 + i, 1 + j);
        mesh.add_triangle(1 + i, 1 + n + i, 1 + n + j);
        mesh.add_triangle(1 + i, 1 + n + j, 1 + j);
    }
    painter.add(Shape::mesh(mesh));
    // A crisp, anti-aliased rim; on the plain board a dark one, so that a light piece stands
    // out from the light board.
    let rim_stroke = match look.board {
        BoardStyle::Wood => Stroke::new((r * 0.06).clamp(0.6, 1.6), with_alpha(rim, alpha)),
        BoardStyle::Plain => Stroke::new(
            (r * 0.08).clamp(1.0, 2.4),
            with_alpha(theme::plain_line(), alpha),
        ),
    };
    painter.add(Shape::ellipse_stroke(center, radius, rim_stroke));
    if look.pieces == PieceStyle::Marked {
        paint_mark(painter, center, radius, side, alpha);
        return;
    }
    // A small specular glint.
    painter.add(Shape::ellipse_filled(
        highlight + vec2(-radius.x * 0.02, -r * 0.02),
        vec2(radius.x * 0.16, r * 0.11),
        with_alpha(Color32::from_rgba_unmultiplied(255, 255, 255, 120), alpha),
    ));
}

/// The colour of the light diamond on a marked dark piece.
pub const MARK_ON_DARK: Color32 = Color32::from_rgb(0xF4, 0xF7, 0xFC);
/// The colour of the dark ring on a marked light piece.
pub const MARK_ON_LIGHT: Color32 = Color32::from_rgb(0x4A, 0x2E, 0x06);

/// The mark of a marked piece, which tells the sides apart without their colours: a light
/// diamond on the dark piece, a dark ring on the light one.
fn paint_mark(painter: &egui::Painter, center: Pos2, radius: Vec2, side: Side, alpha: f32) {
    match side {
        Side::Black => {
            let (x, y) = (radius.x * 0.42, radius.y * 0.42);
            let diamond = vec![
                center + vec2(0.0, -y),
                center + vec2(x, 0.0),
                center + vec2(0.0, y),
                center + vec2(-x, 0.0),
            ];
            painter.add(Shape::convex_polygon(
                diamond,
                with_alpha(MARK_ON_DARK, alpha),
                Stroke::NONE,
            ));
        }
        Side::White => {
            painter.add(Shape::ellipse_stroke(
                center,
                radius * 0.46,
                Stroke::new(radius.y * 0.16, with_alpha(MARK_ON_LIGHT, alpha)),
            ));
        }
    }
}

/// What the user did on the interactive board this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardInput {
    /// The point clicked (or chosen with Enter or Space), if any.
    pub clicked: Option<Point>,
    /// The point under the pointer, if any.
    pub hovered: Option<Point>,
    /// A piece dragged from one point and dropped on another.
    pub dropped: Option<(Point, Point)>,
}

/// The point one step from `p` on the screen in the direction of an arrow key, on a board
/// drawn `flipped` or not; `p` itself at the edge.
fn cursor_step(p: Point, key: egui::Key, flipped: bool) -> Point {
    let (dc, dr): (i8, i8) = match key {
        egui::Key::ArrowLeft => (-1, 0),
        egui::Key::ArrowRight => (1, 0),
        egui::Key::ArrowUp => (0, 1),
        egui::Key::ArrowDown => (0, -1),
        _ => (0, 0),
    };
    let (dc, dr) = if flipped { (-dc, -dr) } else { (dc, dr) };
    let column = p.column() as i8 + dc;
    let row = p.row() as i8 + dr;
    if !(0..5).contains(&column) || !(0..5).contains(&row) {
        return p;
    }
    Point::at(column as u8, row as u8).unwrap_or(p)
}

/// The arrow keys, in the order the cursor reads them.
const ARROWS: [egui::Key; 4] = [
    egui::Key::ArrowLeft,
    egui::Key::ArrowRight,
    egui::Key::ArrowUp,
    egui::Key::ArrowDown,
];

/// The interactive board, filling a square of side `size`. Every point is a button named
/// after it (`c3`), so screen readers and tests can reach it. `enabled` says whether the
/// user may act now.
///
/// Pieces move by two clicks or by dragging. The keyboard plays too: an arrow key gives the
/// board the keyboard and shows its cursor, the arrows move the cursor, and Enter or Space
/// acts on its point as a click would; Escape or Tab gives the keyboard back.
pub fn board_ui(
    ui: &mut egui::Ui,
    scene: &mut BoardScene,
    size: f32,
    enabled: bool,
    preview: Option<Side>,
) -> BoardInput {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    let geo = Geometry::new(rect, scene.flipped, scene.coordinates);
    let id = ui.scope_id().with("board_points");
    let mut input = BoardInput::default();
    // The whole board takes the keyboard; the points above it take the pointer.
    let keys = ui.interact(
        geo.rect,
        id.with("keyboard"),
        Sense::CLICK | Sense::FOCUSABLE,
    );
    keys.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Grid, enabled, "board"));
    let cursor_id = id.with("cursor");
    let mut cursor = ui
        .data(|d| d.get_temp::<Point>(cursor_id))
        .or(scene.selected)
        .or(scene.last_to.first().copied())
        .unwrap_or(Point::ALL[12]);
    let arrow_pressed = ui.input(|i| ARROWS.iter().any(|k| i.key_pressed(*k)));
    let nothing_focused = ui.memory(|m| m.focused().is_none());
    if enabled && !keys.has_focus() && nothing_focused && arrow_pressed {
        keys.request_focus();
        // The arrow only brings the keyboard here: egui must not pass it on to the next
        // widget in the arrow's direction.
        ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
    } else if keys.has_focus() {
        ui.memory_mut(|m| {
            let arrows_only = egui::EventFilter {
                horizontal_arrows: true,
                vertical_arrows: true,
                ..Default::default()
            };
            m.set_focus_lock_filter(keys.id, arrows_only);
        });
        // Every press of the frame moves the cursor, in the order they came.
        let presses = ui.input_mut(|i| {
            let mut presses = Vec::new();
            i.events.retain(|event| match event {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } if ARROWS.contains(key) && modifiers.matches_logically(egui::Modifiers::NONE) => {
                    presses.push(*key);
                    false
                }
                _ => true,
            });
            presses
        });
        for key in presses {
            cursor = cursor_step(cursor, key, scene.flipped);
        }
        if enabled && keys.clicked() && !keys.clicked_by(egui::PointerButton::Primary) {
            input.clicked = Some(cursor);
        }
    }
    let has_keyboard = keys.has_focus() || ui.memory(|m| m.has_focus(keys.id));
    ui.data_mut(|d| d.insert_temp(cursor_id, cursor));
    let lift_id = id.with("lifted");
    let mut lifted: Option<Point> = ui.data(|d| d.get_temp(lift_id)).flatten();
    let pointer = ui.input(|i| i.pointer.interact_pos());
    let sense = if enabled {
        Sense::CLICK | Sense::DRAG
    } else {
        Sense::CLICK
    };
    for p in Point::ALL {
        let response = ui.interact(geo.cell(p), id.with(p.index()), sense);
        let name = p.to_string();
        // A point is said usable when a click on it does something now (a screen reader
        // then tells the free points from the taken ones).
        let usable = enabled && scene.clickable.contains(&p);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, usable, &name));
        if response.hovered() {
            input.hovered = Some(p);
        }
        if response.clicked() {
            input.clicked = Some(p);
        }
        let movable = scene.moves.iter().any(|(from, _)| *from == p);
        if response.drag_started() && enabled && movable {
            lifted = Some(p);
        }
        if response.drag_stopped() && lifted == Some(p) {
            lifted = None;
            let target =
                pointer.and_then(|at| Point::ALL.into_iter().find(|q| geo.cell(*q).contains(at)));
            if let Some(to) = target.filter(|to| *to != p) {
                input.dropped = Some((p, to));
            }
        }
    }
    if !enabled {
        lifted = None;
    }
    ui.data_mut(|d| d.insert_temp(lift_id, lifted));
    if let (Some(from), Some(at)) = (lifted, pointer) {
        scene.lifted = Some((from, at));
        scene.selected = Some(from);
        scene.destinations = scene
            .moves
            .iter()
            .filter(|(f, _)| *f == from)
            .map(|(_, to)| *to)
            .collect();
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
    }
    if has_keyboard {
        scene.cursor = Some(cursor);
    }
    // With the keyboard on the board, its cursor is where a placement would go.
    let pointed = if has_keyboard {
        scene.cursor
    } else {
        input.hovered
    };
    let active = pointed.filter(|p| enabled && scene.clickable.contains(p));
    if active.is_some() && input.hovered.is_some() && lifted.is_none() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
    }
    if let (Some(side), Some(p)) = (preview, active) {
        scene.preview = Some((p, side));
    }
    paint(ui.painter(), rect, scene);
    if let Some(p) = active.filter(|_| lifted.is_none()) {
        let c = geo.position(p);
        ui.painter().circle_stroke(
            c,
            geo.stone_radius() * 1.05,
            Stroke::new(
                geo.step * 0.025,
                Color32::from_rgba_unmultiplied(255, 250, 235, 170),
            ),
        );
    }
    input
}

/// A non-interactive board drawing of side `size` (the home cards and the rules diagrams).
pub fn picture_ui(ui: &mut egui::Ui, scene: &BoardScene, size: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    if ui.is_rect_visible(rect) {
        paint(ui.painter(), rect, scene);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_point_has_its_own_clickable_cell_in_both_orientations() {
        for flipped in [false, true] {
            let geo = Geometry::new(
                Rect::from_min_size(pos2(10.0, 20.0), vec2(400.0, 400.0)),
                flipped,
                true,
            );
            for p in Point::ALL {
                let cell = geo.cell(p);
                assert!(cell.contains(geo.position(p)), "{p}");
                assert!(geo.rect.contains_rect(cell), "{p} is on the board");
                for q in Point::ALL.into_iter().filter(|q| *q != p) {
                    assert!(!cell.intersects(geo.cell(q)), "{p} and {q} overlap");
                }
            }
        }
    }

    #[test]
    fn marked_pieces_differ_in_lightness_as_well_as_in_colour() {
        let luminance = |c: Color32| {
            let [r, g, b, _] = egui::Rgba::from(c).to_array();
            0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05
        };
        for pieces in PieceStyle::ALL {
            let (_, dark, _) = piece_colours(pieces, Side::Black);
            let (_, light, _) = piece_colours(pieces, Side::White);
            assert!(luminance(light) / luminance(dark) >= 5.0, "{pieces:?}");
        }
        // And each mark stands out on its piece.
        let (_, dark, _) = piece_colours(PieceStyle::Marked, Side::Black);
        let (_, light, _) = piece_colours(PieceStyle::Marked, Side::White);
        assert!(luminance(MARK_ON_DARK) / luminance(dark) >= 5.0);
        assert!(luminance(light) / luminance(MARK_ON_LIGHT) >= 5.0);
    }

    #[test]
    fn animations_last_as_long_as_their_pace_says() {
        let state = State::start(crate::rules::GameId::Wudao);
        let change = |p| Change {
            action: Action::Place(p),
            removed: 0,
            removed_owner: None,
            flipped: 0,
            actor: Side::Black,
        };
        let length = |pace| {
            animations_for(&state, change(Point::ALL[12]), 10.0, pace)
                .iter()
                .map(|a| a.start + a.duration - 10.0)
                .fold(0.0, f64::max)
        };
        assert!((length(1.0) - ANIMATION_SECONDS * 0.75).abs() < 1e-9);
        assert!((length(2.0) - 2.0 * length(1.0)).abs() < 1e-9);
        assert!((length(0.5) - 0.5 * length(1.0)).abs() < 1e-9);
    }

    #[test]
    fn a_look_set_for_a_preview_goes_back_to_the_frame_s() {
        let frame = Look {
            board: BoardStyle::Plain,
            pieces: PieceStyle::Stones,
        };
        set_look(frame);
        let inside = with_look(
            Look {
                board: BoardStyle::Wood,
                pieces: PieceStyle::Marked,
            },
            look,
        );
        assert_eq!(inside.pieces, PieceStyle::Marked);
        assert_eq!(look(), frame);
        set_look(Look::default());
    }

    #[test]
    fn a1_is_bottom_left_unless_flipped() {
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 300.0));
        let a1 = Point::ALL[0];
        let straight = Geometry::new(rect, false, false).position(a1);
        assert!(straight.x < 150.0 && straight.y > 150.0);
        let flipped = Geometry::new(rect, true, false).position(a1);
        assert!(flipped.x > 150.0 && flipped.y < 150.0);
    }

    #[test]
    fn the_cursor_steps_as_the_screen_shows_the_board_and_stops_at_the_edges() {
        let p = |name| Point::parse(name).unwrap_or(Point::ALL[0]);
        assert_eq!(cursor_step(p("c3"), egui::Key::ArrowUp, false), p("c4"));
        assert_eq!(cursor_step(p("c3"), egui::Key::ArrowUp, true), p("c2"));
        assert_eq!(cursor_step(p("c3"), egui::Key::ArrowLeft, false), p("b3"));
        assert_eq!(cursor_step(p("c3"), egui::Key::ArrowLeft, true), p("d3"));
        assert_eq!(cursor_step(p("a1"), egui::Key::ArrowDown, false), p("a1"));
        assert_eq!(cursor_step(p("e5"), egui::Key::ArrowRight, false), p("e5"));
    }

    #[test]
    fn diagram_rows_read_top_row_first() {
        let rows: Vec<String> = ["B....", ".....", ".....", ".....", "....W"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let scene = BoardScene::of_rows(&rows);
        assert_eq!(
            scene.pieces[Point::parse("a5").map_or(0, |p| p.index())],
            Some(Side::Black)
        );
        assert_eq!(
            scene.pieces[Point::parse("e1").map_or(0, |p| p.index())],
            Some(Side::White)
        );
    }
}
