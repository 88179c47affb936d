//! The window icon, drawn in code: a small wooden 5×5 board with a black and a white piece.
//! Each pixel is shaded from signed distances, so the edges are smooth at any size.

/// The icon's side in pixels.
pub const ICON_SIZE: u32 = 256;

/// The icon as egui wants it.
pub fn icon_data() -> egui::IconData {
    egui::IconData {
        rgba: rgba(ICON_SIZE),
        width: ICON_SIZE,
        height: ICON_SIZE,
    }
}

#[derive(Clone, Copy)]
struct Rgba([f32; 4]);

impl Rgba {
    fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba([r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0])
    }

    fn mix(self, other: Rgba, t: f32) -> Rgba {
        let t = t.clamp(0.0, 1.0);
        let mut out = [0.0; 4];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i] + (other.0[i] - self.0[i]) * t;
        }
        Rgba(out)
    }

    /// `top` drawn over `self` with coverage `alpha`.
    fn over(self, top: Rgba, alpha: f32) -> Rgba {
        let a = (top.0[3] * alpha).clamp(0.0, 1.0);
        let out_a = a + self.0[3] * (1.0 - a);
        if out_a <= 0.0 {
            return Rgba([0.0; 4]);
        }
        let mut out = [0.0; 4];
        for (i, o) in out.iter_mut().enumerate().take(3) {
            *o = (top.0[i] * a + self.0[i] * self.0[3] * (1.0 - a)) / out_a;
        }
        out[3] = out_a;
        Rgba(out)
    }
}

/// Coverage of a shape at signed distance `d` (negative inside), one pixel of smoothing.
fn coverage(d: f32) -> f32 {
    (0.5 - d).clamp(0.0, 1.0)
}

fn rounded_rect_distance(x: f32, y: f32, min: f32, max: f32, radius: f32) -> f32 {
    let cx = (min + max) / 2.0;
    let half = (max - min) / 2.0 - radius;
    let qx = (x - cx).abs() - half;
    let qy = (y - cx).abs() - half;
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - radius
}

fn segment_distance(px: f32, py: f32, a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let t = (((px - a.0) * dx + (py - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
    let (qx, qy) = (a.0 + t * dx - px, a.1 + t * dy - py);
    (qx * qx + qy * qy).sqrt()
}

/// The icon at `size`×`size` pixels, as straight (not premultiplied) RGBA bytes.
pub fn rgba(size: u32) -> Vec<u8> {
    let s = size as f32;
    let wood_light = Rgba::rgb(0xEC, 0xCD, 0x97);
    let wood_dark = Rgba::rgb(0xC9, 0x98, 0x55);
    let edge = Rgba::rgb(0x8E, 0x5F, 0x2C);
    let line = Rgba::rgb(0x4E, 0x35, 0x1C);
    let margin = s * 0.04;
    let radius = s * 0.16;
    let grid_min = s * 0.2;
    let step = (s - 2.0 * grid_min) / 4.0;
    let line_width = (s * 0.018).max(1.0);
    let stone_r = step * 0.44;
    // Black on c3's lower-left neighbour, White on its upper-right one.
    let black = (grid_min + step * 1.0, grid_min + step * 3.0);
    let white = (grid_min + step * 3.0, grid_min + step * 1.0);
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    for yi in 0..size {
        for xi in 0..size {
            let (x, y) = (xi as f32 + 0.5, yi as f32 + 0.5);
            let mut c = Rgba([0.0; 4]);
            // Shadow of the board.
            let shadow = rounded_rect_distance(x, y - s * 0.015, margin, s - margin, radius);
            c = c.over(
                Rgba([0.0, 0.0, 0.0, 0.35]),
                (0.5 - shadow / (s * 0.03)).clamp(0.0, 1.0),
            );
            // The board with its darker edge.
            let d = rounded_rect_distance(x, y, margin, s - margin, radius);
            c = c.over(edge, coverage(d));
            let inner = rounded_rect_distance(x, y, margin, s - margin, radius) + s * 0.022;
            let grain = ((y / s) * 40.0 + (x / s) * 6.0).sin() * 0.04;
            let wood = wood_light.mix(wood_dark, (x + y) / (2.0 * s) + grain);
            c = c.over(wood, coverage(inner));
            // Grid lines.
            let mut line_d = f32::MAX;
            for i in 0..5 {
                let v = grid_min + i as f32 * step;
                line_d = line_d.min(segment_distance(x, y, (v, grid_min), (v, s - grid_min)));
                line_d = line_d.min(segment_distance(x, y, (grid_min, v), (s - grid_min, v)));
            }
            c = c.over(line, coverage(line_d - line_width / 2.0));
            // The two pieces, each with a shadow and a highlight.
            for (center, body, light) in [
                (
                    black,
                    Rgba::rgb(0x1E, 0x1E, 0x22),
                    Rgba::rgb(0x80, 0x80, 0x88),
                ),
                (
                    white,
                    Rgba::rgb(0xDD, 0xD8, 0xCE),
                    Rgba::rgb(0xFF, 0xFF, 0xFF),
                ),
            ] {
                let sd = ((x - center.0 - stone_r * 0.08).powi(2)
                    + (y - center.1 - stone_r * 0.14).powi(2))
                .sqrt()
                    - stone_r;
                c = c.over(Rgba([0.0, 0.0, 0.0, 0.4]), (0.5 - sd / 3.0).clamp(0.0, 1.0));
                let dist = ((x - center.0).powi(2) + (y - center.1).powi(2)).sqrt();
                let hx = center.0 - stone_r * 0.35;
                let hy = center.1 - stone_r * 0.38;
                let from_light = ((x - hx).powi(2) + (y - hy).powi(2)).sqrt() / (stone_r * 1.4);
                let shade = light.mix(body, from_light.powf(0.8));
                c = c.over(shade, coverage(dist - stone_r));
            }
            for v in c.0 {
                out.push((v.clamp(0.0, 1.0) * 255.0).round() as u8);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icon_has_the_right_size_and_transparent_corners() {
        let data = icon_data();
        assert_eq!(data.rgba.len(), (ICON_SIZE * ICON_SIZE * 4) as usize);
        assert_eq!(data.rgba[3], 0, "the corner is transparent");
        let centre = ((ICON_SIZE / 2 * ICON_SIZE + ICON_SIZE / 2) * 4) as usize;
        assert_eq!(data.rgba[centre + 3], 255, "the centre is opaque");
    }
}
