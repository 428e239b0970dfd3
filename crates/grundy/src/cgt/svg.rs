//! Thermographs drawn as SVG pictures.
//!
//! As in *Winning Ways* and CGSuite, the value axis increases to the **left**: Left, the
//! positive player, is drawn on the left, so the left wall is on the left of the picture and
//! the right wall on the right. Temperature increases upwards from `t = -1`; both axes use
//! the same scale, so slopes of ±1 are drawn at 45°.

use std::fmt::Write as _;

use super::dyadic::Dyadic;
use super::store::{GameId, ValueStore};
use super::thermograph::{Thermograph, WallPoint};

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 480.0;
const MARGIN_LEFT: f64 = 70.0;
const MARGIN_RIGHT: f64 = 40.0;
const MARGIN_TOP: f64 = 70.0;
const MARGIN_BOTTOM: f64 = 80.0;

impl ValueStore {
    /// The thermograph of `g` as an SVG document titled with its canonical form.
    pub fn thermograph_svg(&mut self, g: GameId) -> String {
        let title = self.display(g);
        let thermograph = self.thermograph(g);
        let svg = thermograph_svg(&thermograph, &title);
        // Held until it is written to its file.
        self.charge(svg.len());
        svg
    }
}

/// The picture of a thermograph: both walls, the mast (with an arrow: it goes up forever),
/// the value axis at `t = 0` and the temperature axis at value 0 with tick labels, the
/// temperature and mean, and a legend. The value axis increases to the left (Left's side),
/// as in Winning Ways and CGSuite.
pub fn thermograph_svg(thermograph: &Thermograph, title: &str) -> String {
    let left = thermograph.left_wall();
    let right = thermograph.right_wall();
    let temperature = thermograph.temperature().to_f64();
    let mast = thermograph.mast().to_f64();

    // What must be seen: both walls from t = -1, the mast a little above the temperature,
    // and the axes (value 0 and t = 0).
    let values = left
        .iter()
        .chain(right.iter())
        .map(|p| p.value.to_f64())
        .chain([0.0, mast]);
    let (mut x_low, mut x_high) =
        values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let t_low = -1.0;
    let t_high = temperature.max(0.0) + ((temperature + 1.0) * 0.35).max(1.0);
    let pad = ((x_high - x_low) * 0.1).max(0.5);
    x_low -= pad;
    x_high += pad;
    let plot_width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT;
    let plot_height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
    let scale = (plot_width / (x_high - x_low)).min(plot_height / (t_high - t_low));
    // Centre the used area.
    let used_width = (x_high - x_low) * scale;
    let used_height = (t_high - t_low) * scale;
    let origin_x = MARGIN_LEFT + (plot_width - used_width) / 2.0;
    let origin_y = MARGIN_TOP + (plot_height - used_height) / 2.0 + used_height;
    let sx = |x: f64| origin_x + (x_high - x) * scale;
    let sy = |t: f64| origin_y - (t - t_low) * scale;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="17">Thermograph of {}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    let _ = writeln!(
        svg,
        r##"<text x="{}" y="44" text-anchor="middle" fill="#444">temperature {}, mean {}</text>"##,
        WIDTH / 2.0,
        thermograph.temperature(),
        thermograph.mast()
    );

    // Grid and ticks.
    let x_step = tick_step(x_high - x_low);
    let t_step = tick_step(t_high - t_low);
    let mut k = (x_low / x_step).ceil() as i64;
    while (k as f64) * x_step <= x_high {
        let x = k as f64 * x_step;
        let _ = writeln!(
            svg,
            r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="#e4e4e4"/>"##,
            sx(x),
            sy(t_low),
            sy(t_high)
        );
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#333">{}</text>"##,
            sx(x),
            sy(t_low) + 18.0,
            label(x)
        );
        k += 1;
    }
    let mut k = (t_low / t_step).ceil() as i64;
    while (k as f64) * t_step <= t_high {
        let t = k as f64 * t_step;
        let _ = writeln!(
            svg,
            r##"<line x1="{0:.1}" y1="{1:.1}" x2="{2:.1}" y2="{1:.1}" stroke="#e4e4e4"/>"##,
            sx(x_high),
            sy(t),
            sx(x_low)
        );
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#333">{}</text>"##,
            sx(x_high) - 6.0,
            sy(t) + 4.0,
            label(t)
        );
        k += 1;
    }
    // Axes: t = 0 (horizontal) and value 0 (vertical).
    let _ = writeln!(
        svg,
        r##"<line x1="{0:.1}" y1="{1:.1}" x2="{2:.1}" y2="{1:.1}" stroke="#888" stroke-width="1.5"/>"##,
        sx(x_high),
        sy(0.0),
        sx(x_low)
    );
    let _ = writeln!(
        svg,
        r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="#888" stroke-width="1.5"/>"##,
        sx(0.0),
        sy(t_low),
        sy(t_high)
    );
    let _ = writeln!(
        svg,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#333">value (increasing to the left, Left's side)</text>"##,
        (sx(x_low) + sx(x_high)) / 2.0,
        sy(t_low) + 38.0
    );
    let _ = writeln!(
        svg,
        r##"<text transform="translate({:.1},{:.1}) rotate(-90)" text-anchor="middle" fill="#333">temperature t</text>"##,
        (sx(x_high) - 52.0).max(14.0),
        (sy(t_low) + sy(t_high)) / 2.0
    );

    // Walls and mast.
    let polyline = |wall: &[WallPoint]| {
        wall.iter()
            .map(|p| {
                format!(
                    "{:.1},{:.1}",
                    sx(p.value.to_f64()),
                    sy(p.temperature.to_f64())
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(
        svg,
        r##"<polyline points="{}" fill="none" stroke="#1f5fbf" stroke-width="3" stroke-linejoin="round"/>"##,
        polyline(&left)
    );
    let _ = writeln!(
        svg,
        r##"<polyline points="{}" fill="none" stroke="#c0392b" stroke-width="3" stroke-linejoin="round"/>"##,
        polyline(&right)
    );
    let top = sy(t_high) + 4.0;
    let _ = writeln!(
        svg,
        r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="#222" stroke-width="3"/>"##,
        sx(mast),
        sy(temperature),
        top + 8.0
    );
    let _ = writeln!(
        svg,
        r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#222"/>"##,
        sx(mast),
        top - 4.0,
        sx(mast) - 6.0,
        top + 10.0,
        sx(mast) + 6.0,
        top + 10.0
    );
    let _ = writeln!(
        svg,
        r##"<circle cx="{:.1}" cy="{:.1}" r="4" fill="#222"/>"##,
        sx(mast),
        sy(temperature)
    );

    // Legend.
    let legend_y = HEIGHT - 18.0;
    let _ = writeln!(
        svg,
        r##"<line x1="70" y1="{0}" x2="95" y2="{0}" stroke="#1f5fbf" stroke-width="3"/><text x="101" y="{1}">left wall (left stop of G cooled by t)</text>"##,
        legend_y,
        legend_y + 4.0
    );
    let _ = writeln!(
        svg,
        r##"<line x1="360" y1="{0}" x2="385" y2="{0}" stroke="#c0392b" stroke-width="3"/><text x="391" y="{1}">right wall (right stop)</text>"##,
        legend_y,
        legend_y + 4.0
    );
    svg.push_str("</svg>\n");
    svg
}

/// A tick spacing that is a power of two (so labels are exact dyadic numbers), giving
/// about four to eight ticks over `span`.
fn tick_step(span: f64) -> f64 {
    let mut step = 1.0f64;
    while span / step > 8.0 {
        step *= 2.0;
    }
    while span / step < 4.0 && step > 1.0 / 64.0 {
        step /= 2.0;
    }
    step
}

/// A tick label: the tick's exact dyadic value.
fn label(x: f64) -> String {
    let mut exponent = 0u64;
    let mut scaled = x;
    while scaled.fract() != 0.0 && exponent < 20 {
        scaled *= 2.0;
        exponent += 1;
    }
    Dyadic::new(scaled as i128, exponent).to_string()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_has_both_walls_the_mast_and_labels() {
        let mut store = ValueStore::new();
        let g = store.evaluate("{3|-1}").unwrap();
        let svg = store.thermograph_svg(g);
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("Thermograph of {3|-1}"));
        assert!(svg.contains("temperature 2, mean 1"));
        assert!(svg.contains(">3/2<") || svg.contains(">2<"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn labels_are_exact() {
        assert_eq!(label(0.5), "1/2");
        assert_eq!(label(-0.25), "-1/4");
        assert_eq!(label(3.0), "3");
        assert_eq!(tick_step(4.0), 1.0);
        assert_eq!(tick_step(2.0), 0.5);
    }
}
