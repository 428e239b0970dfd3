//! Clobber as an SVG picture: the board with Left's `x` stones blue and Right's `o` red.

use super::Clobber;
use crate::partizan::stones::svg;

impl Clobber {
    /// The board as an SVG document: one square per cell, a blue stone for each `x` (Left)
    /// and a red one for each `o` (Right), columns lettered and rows numbered as moves name
    /// them.
    pub fn svg(&self) -> String {
        svg(&format!("Clobber {self}"), &self.geometry(), self.left, self.right)
    }
}
