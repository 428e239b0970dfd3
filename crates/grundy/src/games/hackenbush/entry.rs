//! Red-Blue-Green Hackenbush's line in the registry: what differs from the other partizan
//! games (the rest is [`PartizanEntry`]'s blanket implementation).

use crate::game::Listing;
use super::{Chop, Hackenbush};
use crate::drawing::Footprint;
use crate::game::{BoardKind, CapEdge, OverCap};
use crate::partizan::PartizanEntry;

/// The largest position a shared server values (the number of edges). Pictures of up to 16
/// edges are valued within a second (16 green edges in a grid of cycles take 0.5 s)
/// (docs/benchmarks.md).
pub const SERVED_MAX: u32 = 16;

/// Red-Blue-Green Hackenbush.
#[derive(Debug, Clone, Copy)]
pub struct HackenbushEntry;

impl Listing for HackenbushEntry {
    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["rbg-hackenbush"]
    }

    fn title(&self) -> &'static str {
        "Red-Blue-Green Hackenbush"
    }

    fn summary(&self) -> &'static str {
        "Red-Blue-Green Hackenbush: delete an edge of your colour (Left Blue, Right Red) or a Green one; edges cut off from the ground fall; who cannot move loses"
    }

    fn notation(&self) -> &'static str {
        "stalks joined by + (BBR+GG, bottom edge first) or edges NODE-NODE:COLOUR (0-1:B,1-2:R,1-3:G; 0 or g is the ground), @L or @R for the player to move (Left by default); a move is an edge's number from 1 in the order written"
    }

    fn example(&self) -> &'static str {
        "BBR+GG"
    }

    fn default_position(&self) -> &'static str {
        "BRB+RBR+GG"
    }

    fn start_positions(&self) -> &'static [&'static str] {
        &["BRB+RBR+GG", "BBR+GG", "BR+RB", "0-1:B,1-2:R,1-3:G,2-3:B", "GGG+GG+G"]
    }

    /// Won and lost starts for each player, and positions of several components.
    fn sample_positions(&self) -> &'static [&'static str] {
        &["B", "BR", "BR+R", "G+GG", "BBR+GG", "0-1:B,1-2:R,1-3:G,2-3:B@R"]
    }
}

impl PartizanEntry for HackenbushEntry {
    type Game = Hackenbush;

    /// Each move deletes one edge.
    fn most_moves(&self, game: &Hackenbush) -> Option<u128> {
        Some(game.edges().len() as u128)
    }

    /// Each move deletes at least one edge.
    fn longest_game(&self, game: &Hackenbush) -> Option<u128> {
        Some(game.edges().len() as u128)
    }

    fn check_served(&self, game: &Hackenbush) -> Result<(), OverCap> {
        OverCap::check("the number of edges", game.edges().len() as u32, SERVED_MAX)
    }

    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![
            CapEdge::new("BRGBRGBR+GBRGBRGB", "BRGBRGBR+GBRGBRGB+G"),
            CapEdge::new("GGGGGGGG+GGGGGGGG", "GGGGGGGG+GGGGGGGG+G"),
        ]
    }

    fn board_kind(&self) -> Option<BoardKind> {
        Some(BoardKind::Graph)
    }

    /// The edge the move deletes.
    fn footprint(&self, _: &Hackenbush, chop: &Chop) -> Footprint {
        vec![chop.edge]
    }

    /// The edges left after the cut (the cut edge and what fell with it gone), each by its
    /// number before the move, which the edges after the cut edge lose.
    fn kept_edges(&self, game: &Hackenbush, chop: &Chop) -> Option<Vec<usize>> {
        (chop.edge < game.edges().len()).then(|| game.kept_after(chop.edge))
    }

}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
use crate::game::GameEntry;
    use crate::drawing::{Layout, Owner};
    use crate::game::describe;

    const HACKENBUSH: &dyn GameEntry = &super::HackenbushEntry;

    #[test]
    fn each_edge_is_labelled_with_the_move_that_takes_it() {
        for position in ["BBR+GG", "0-1:B,1-2:R,1-3:G,2-3:B", "0-1:B,1-2:R,0-2:G,1-2:B,2-2:R,0-0:G"] {
            let mut state = HACKENBUSH.start(position).unwrap();
            loop {
                let view = describe(state.as_ref()).unwrap();
                let Layout::Graph { edges, .. } = &view.board.layout else {
                    panic!("a graph: {view:?}");
                };
                // Edge i is labelled i + 1, its move's footprint is [i], and Left's moves
                // are exactly the Blue and Green edges.
                for (index, edge) in edges.iter().enumerate() {
                    assert_eq!(edge.mv, (index + 1).to_string(), "{position}");
                    assert_eq!(
                        HACKENBUSH.footprint(state.as_ref(), &edge.mv),
                        Some(vec![index])
                    );
                }
                let mover = view.to_move;
                let takeable: Vec<String> = edges
                    .iter()
                    .filter(|e| e.owner == mover || e.owner == Owner::Either)
                    .map(|e| e.mv.clone())
                    .collect();
                let legal: Vec<String> = view.moves.iter().map(|(mv, _)| mv.clone()).collect();
                assert_eq!(legal, takeable, "{position}");
                let Some(first) = legal.first() else { break };
                state.play(first).unwrap();
            }
        }
    }
}
