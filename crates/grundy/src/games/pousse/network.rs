//! A learned evaluation term: a small neural network over the markers of both colours.
//!
//! The input is one unit per square and colour, read for the side to move (its markers, then
//! the other side's); one hidden layer of rectified units; one output, in the evaluation's
//! units, added to the linear evaluation of [`super::evaluation`]. Where the line-pattern
//! table ([`super::PatternTable`]) sees one line at a time, the hidden units can weigh how
//! lines cross, which squares hold the odd markers of several lines at once and how full the
//! board is, all together. The weights are fitted to game results (`pousse_net`).
//!
//! Evaluating costs one addition of a hidden-layer column per marker on the board, then a
//! dot product: on a 6 × 6 board with 32 hidden units, at most 36 × 32 additions.
//!
//! The text form: a header `pousse-net SIZE HIDDEN`, then one line per input unit (the side
//! to move's squares row by row, then the other side's) with its `HIDDEN` weights, a line of
//! the hidden units' biases, a line of their output weights, and the output bias.

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use super::board::{Board, Colour};
use crate::error::ParseError;

/// The largest board a network can be made for.
pub const MAX_NETWORK_SIZE: usize = 8;
/// The most hidden units a network may have.
pub const MAX_HIDDEN: usize = 256;

/// The 6 × 6 network measured in docs/pousse-engine.md: fitted by `pousse_net fit 6
/// <games> 32 10 1` to 2 500 MCTS self-play games at 5 000 playouts a move
/// (`pousse_patterns games 6 5000 2500 5`), its output then weighed by a tenth
/// (`pousse_net scale … 0.1`), the weight that scored best against MCTS in process.
const FITTED_6X6: &str = include_str!("network-6.txt");

/// The fitted 6 × 6 value network, parsed once for the process. The engine does not use it
/// unless told to ([`super::search::Engine::network`]): it gained against MCTS at 10 ms a
/// move in process and gained nothing through the referee at 100 ms (docs/pousse-engine.md),
/// so it is kept to be measured again, not played by default.
pub fn fitted_network_6x6() -> Option<Arc<ValueNet>> {
    static NETWORK: OnceLock<Option<Arc<ValueNet>>> = OnceLock::new();
    NETWORK
        .get_or_init(|| FITTED_6X6.parse().ok().map(Arc::new))
        .clone()
}

/// A value network for one board size.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueNet {
    size: usize,
    hidden: usize,
    /// `2 n² × hidden`: the column of input unit `i` is `input[i * hidden..][..hidden]`.
    input: Vec<f32>,
    /// The hidden units' biases.
    bias: Vec<f32>,
    /// The hidden units' weights in the output.
    output: Vec<f32>,
    /// The output's bias.
    output_bias: f32,
}

impl ValueNet {
    /// A network of zeros for `size` × `size` boards (1 to [`MAX_NETWORK_SIZE`]) with
    /// `hidden` hidden units (1 to [`MAX_HIDDEN`]).
    pub fn zeros(size: usize, hidden: usize) -> Result<ValueNet, ParseError> {
        if !(1..=MAX_NETWORK_SIZE).contains(&size) {
            return Err(ParseError::at_token(
                format!(
                    "value networks exist for boards of 1 to {MAX_NETWORK_SIZE} squares a side"
                ),
                &size.to_string(),
            ));
        }
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(ParseError::at_token(
                format!("a value network has 1 to {MAX_HIDDEN} hidden units"),
                &hidden.to_string(),
            ));
        }
        Ok(ValueNet {
            size,
            hidden,
            input: vec![0.0; 2 * size * size * hidden],
            bias: vec![0.0; hidden],
            output: vec![0.0; hidden],
            output_bias: 0.0,
        })
    }

    /// The board size the network is for.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The number of input units: one per square and colour.
    pub fn inputs(&self) -> usize {
        2 * self.size * self.size
    }

    /// The input units that are on for `board` read for `mover`: square `r·n + c` for each of
    /// the mover's markers, `n² + r·n + c` for each of the other side's.
    pub fn active_inputs<'a, B: Board>(
        &'a self,
        board: &'a B,
        mover: Colour,
    ) -> impl Iterator<Item = usize> + 'a {
        let n = self.size;
        (0..n).flat_map(move |row| {
            (0..n).filter_map(move |column| {
                let square = row * n + column;
                board.cell(row, column).map(|colour| {
                    if colour == mover {
                        square
                    } else {
                        n * n + square
                    }
                })
            })
        })
    }

    /// The output for the input units `active` (indices below [`ValueNet::inputs`]).
    pub fn forward(&self, active: impl IntoIterator<Item = usize>) -> f32 {
        let mut hidden = [0.0f32; MAX_HIDDEN];
        let hidden = &mut hidden[..self.hidden];
        hidden.copy_from_slice(&self.bias);
        for unit in active {
            add_column(hidden, &self.input[unit * self.hidden..][..self.hidden]);
        }
        let mut lanes = [0.0f32; LANES];
        let mut sums = hidden.chunks_exact(LANES);
        let mut weights = self.output.chunks_exact(LANES);
        for (sum, weight) in (&mut sums).zip(&mut weights) {
            for lane in 0..LANES {
                lanes[lane] += sum[lane].max(0.0) * weight[lane];
            }
        }
        let rest: f32 = sums
            .remainder()
            .iter()
            .zip(weights.remainder())
            .map(|(sum, weight)| sum.max(0.0) * weight)
            .sum();
        self.output_bias + lanes.iter().sum::<f32>() + rest
    }

    /// The term for the side to move, rounded to the evaluation's units. The board must be of
    /// the network's size.
    pub fn score<B: Board>(&self, board: &B, mover: Colour) -> i32 {
        self.forward(self.active_inputs(board, mover)).round() as i32
    }

    /// Multiplies the output by `factor` (its weights and bias), to weigh the term against
    /// the rest of the evaluation.
    pub fn scale_output(&mut self, factor: f32) {
        for weight in &mut self.output {
            *weight *= factor;
        }
        self.output_bias *= factor;
    }

    /// The weights of input unit `unit` into the hidden units.
    pub fn input_column(&self, unit: usize) -> &[f32] {
        &self.input[unit * self.hidden..][..self.hidden]
    }

    /// Every parameter, in the text form's order: input weights, hidden biases, output
    /// weights, output bias.
    pub fn parameters(&self) -> Vec<f32> {
        let mut all = self.input.clone();
        all.extend_from_slice(&self.bias);
        all.extend_from_slice(&self.output);
        all.push(self.output_bias);
        all
    }

    /// The number of parameters.
    pub fn parameter_count(&self) -> usize {
        self.input.len() + 2 * self.hidden + 1
    }

    /// Sets every parameter from `values`, in [`ValueNet::parameters`]' order; an error when
    /// their number is not [`ValueNet::parameter_count`].
    pub fn set_parameters(&mut self, values: &[f32]) -> Result<(), ParseError> {
        if values.len() != self.parameter_count() {
            return Err(ParseError::new(format!(
                "a {n} × {n} network with {h} hidden units has {} parameters, not {}",
                self.parameter_count(),
                values.len(),
                n = self.size,
                h = self.hidden
            )));
        }
        let (input, rest) = values.split_at(self.input.len());
        let (bias, rest) = rest.split_at(self.hidden);
        let (output, rest) = rest.split_at(self.hidden);
        self.input.copy_from_slice(input);
        self.bias.copy_from_slice(bias);
        self.output.copy_from_slice(output);
        self.output_bias = rest[0];
        Ok(())
    }
}

/// Hidden units summed a fixed-width block at a time, so that the additions are vectorised.
const LANES: usize = 8;

/// Adds `column` to `sums`, both of the same length.
fn add_column(sums: &mut [f32], column: &[f32]) {
    let mut blocks = sums.chunks_exact_mut(LANES);
    let mut weights = column.chunks_exact(LANES);
    for (block, weight) in (&mut blocks).zip(&mut weights) {
        for lane in 0..LANES {
            block[lane] += weight[lane];
        }
    }
    for (sum, weight) in blocks.into_remainder().iter_mut().zip(weights.remainder()) {
        *sum += weight;
    }
}

fn write_row(f: &mut fmt::Formatter<'_>, row: &[f32]) -> fmt::Result {
    for (k, value) in row.iter().enumerate() {
        if k > 0 {
            write!(f, " ")?;
        }
        write!(f, "{value}")?;
    }
    writeln!(f)
}

impl fmt::Display for ValueNet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "pousse-net {} {}", self.size, self.hidden)?;
        for unit in 0..self.inputs() {
            write_row(f, self.input_column(unit))?;
        }
        write_row(f, &self.bias)?;
        write_row(f, &self.output)?;
        writeln!(f, "{}", self.output_bias)
    }
}

impl FromStr for ValueNet {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<ValueNet, ParseError> {
        let mut lines = text.lines().enumerate();
        let Some((_, header)) = lines.next() else {
            return Err(ParseError::new("empty value network file"));
        };
        let fields: Vec<&str> = header.split_whitespace().collect();
        let ["pousse-net", size, hidden] = fields[..] else {
            return Err(ParseError::new(format!(
                "line 1: expected `pousse-net SIZE HIDDEN`, found `{header}`"
            )));
        };
        let number = |token: &str| {
            token
                .parse::<usize>()
                .map_err(|_| ParseError::at_token("line 1: expected a number", token))
        };
        let mut net = ValueNet::zeros(number(size)?, number(hidden)?)?;
        let rows = net.inputs() + 3;
        let mut values = Vec::with_capacity(net.parameter_count());
        for row in 0..rows {
            let Some((index, line)) = lines.next() else {
                return Err(ParseError::new(format!(
                    "the network ends after {} lines; a {n} × {n} network with {h} hidden units has {}",
                    row + 1,
                    rows + 1,
                    n = net.size,
                    h = net.hidden
                )));
            };
            let expected = if row + 1 == rows { 1 } else { net.hidden };
            let before = values.len();
            for token in line.split_whitespace() {
                let value: f32 = token.parse().map_err(|_| {
                    ParseError::at_token(format!("line {}: expected a number", index + 1), token)
                })?;
                if !value.is_finite() {
                    return Err(ParseError::at_token(
                        format!("line {}: expected a finite number", index + 1),
                        token,
                    ));
                }
                values.push(value);
            }
            if values.len() - before != expected {
                return Err(ParseError::new(format!(
                    "line {}: expected {expected} numbers, found {}",
                    index + 1,
                    values.len() - before
                )));
            }
        }
        if let Some((index, line)) = lines.find(|(_, line)| !line.trim().is_empty()) {
            return Err(ParseError::new(format!(
                "line {}: text after the network's last line: `{line}`",
                index + 1
            )));
        }
        net.set_parameters(&values)?;
        Ok(net)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::pousse::{BitBoard, Size};

    fn sample_net() -> ValueNet {
        let mut net = ValueNet::zeros(3, 2).unwrap();
        let values: Vec<f32> = (0..net.parameter_count())
            .map(|k| (k as f32 - 20.0) / 8.0)
            .collect();
        net.set_parameters(&values).unwrap();
        net
    }

    #[test]
    fn forward_is_a_rectified_layer() {
        let mut net = ValueNet::zeros(2, 2).unwrap();
        // Input 0 feeds unit 0 with 3, input 5 feeds unit 1 with −4; unit biases 1 and 2.
        let mut values = vec![0.0; net.parameter_count()];
        values[0] = 3.0;
        values[5 * 2 + 1] = -4.0;
        let base = net.inputs() * 2;
        values[base] = 1.0;
        values[base + 1] = 2.0;
        values[base + 2] = 10.0;
        values[base + 3] = 100.0;
        values[base + 4] = 0.5;
        net.set_parameters(&values).unwrap();
        // Both on: unit 0 = 4, unit 1 = max(−2, 0) = 0.
        assert_eq!(net.forward([0, 5]), 0.5 + 40.0);
        assert_eq!(net.forward([]), 0.5 + 10.0 + 200.0);
    }

    #[test]
    fn inputs_are_read_for_the_side_to_move() {
        let net = ValueNet::zeros(3, 1).unwrap();
        let mut board = BitBoard::empty(Size::new(3).unwrap()).unwrap();
        board.set(0, 1, Some(Colour::X));
        board.set(2, 2, Some(Colour::O));
        let for_x: Vec<usize> = net.active_inputs(&board, Colour::X).collect();
        let for_o: Vec<usize> = net.active_inputs(&board, Colour::O).collect();
        assert_eq!(for_x, vec![1, 9 + 8]);
        assert_eq!(for_o, vec![9 + 1, 8]);
    }

    #[test]
    fn the_fitted_network_is_a_6x6_one() {
        let network = fitted_network_6x6().unwrap();
        assert_eq!((network.size(), network.hidden()), (6, 32));
    }

    #[test]
    fn a_scaled_output_scales_every_score() {
        let net = sample_net();
        let mut half = net.clone();
        half.scale_output(0.5);
        for active in [vec![], vec![0, 4], vec![3, 9, 17]] {
            let full = net.forward(active.iter().copied());
            let scaled = half.forward(active.iter().copied());
            assert!((scaled - full / 2.0).abs() < 1e-4, "{scaled} {full}");
        }
    }

    #[test]
    fn text_form_round_trips() {
        let net = sample_net();
        let again: ValueNet = net.to_string().parse().unwrap();
        assert_eq!(again, net);
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let text = sample_net().to_string();
        let truncated: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
        let error = truncated.parse::<ValueNet>().unwrap_err().to_string();
        assert!(error.contains("ends after"), "{error}");
        let bad = text.replacen("pousse-net 3 2", "pousse-net 9 2", 1);
        assert!(bad.parse::<ValueNet>().is_err());
        let bad = text.replacen("pousse-net", "pousse-patterns", 1);
        assert!(bad
            .parse::<ValueNet>()
            .unwrap_err()
            .to_string()
            .contains("line 1"));
        let mut lines: Vec<&str> = text.lines().collect();
        lines[3] = "1 2 x";
        let error = lines
            .join("\n")
            .parse::<ValueNet>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("line 4"), "{error}");
        let extra = format!("{text}7\n");
        assert!(extra
            .parse::<ValueNet>()
            .unwrap_err()
            .to_string()
            .contains("after"));
        assert!("".parse::<ValueNet>().is_err());
    }
}
