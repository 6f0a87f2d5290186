//! The mustplay region: the only moves that can stop the opponent.
//!
//! Every semi connection of the opponent between its sides is a threat: if the side to move
//! plays outside its carrier, the opponent plays the key and has joined its sides. So the side
//! to move must play inside the carrier of every one of them at once: in their intersection.
//! A move outside it loses, and when the intersection is empty every move does.

use super::bits::Cells;
use super::vc::SideToSide;

/// The moves that can stop an opponent whose side-to-side connections are `opponent`: the
/// cells of `empty` in every one of its semi carriers (all of `empty` when it has none).
/// Empty when the opponent has a full connection: nothing stops it.
pub fn mustplay<B: Cells>(opponent: &SideToSide<B>, empty: B) -> B {
    if opponent.joined || opponent.full.is_some() {
        return B::NONE;
    }
    if opponent.any_semi {
        opponent.semi_intersection & empty
    } else {
        empty
    }
}

#[cfg(test)]
mod tests {
    use super::super::bits::Geometry;
    use super::super::tests::named;
    use super::super::vc::Connections;
    use super::*;

    #[test]
    fn red_must_play_between_two_blue_stones() {
        use crate::hex::solve::bits::{Cells, Geometry};
        use crate::hex::solve::mustplay::mustplay;
        use crate::hex::solve::vc::Connections;

        // 3 x 3: Blue a2 and c2 with b2 between them. Blue threatens b2 (a semi connection keyed
        // there) and also to go round through b1 or b3; Red must play b2.
        let geometry: Geometry<u64> = Geometry::new(3, 3);
        let mut vcs = Connections::new(&geometry, false, false);
        let blue = vcs.build(&geometry, false, u64::bit(3) | u64::bit(5), 0);
        let empty = geometry.board & !(u64::bit(3) | u64::bit(5));
        assert_eq!(mustplay(&blue, empty), u64::bit(4));
    }

    #[test]
    fn a_single_threat_must_be_blocked_at_its_key() {
        // 3 x 3: Blue a2 and c2 touch one cell in common, b2: Blue's one threat.
        let g: Geometry<u64> = Geometry::new(3, 3);
        let blue = named(&g, "a2 c2");
        let mut vcs = Connections::new(&g, false, false);
        let found = vcs.build(&g, false, blue, 0);
        assert_eq!(mustplay(&found, g.board & !blue), named(&g, "b2"));
    }

    #[test]
    fn two_threats_leave_only_the_cells_they_share() {
        // 3 x 3: Blue a2 b2 reach the right side through c1 or c2 (a semi each), and Red
        // must take one... c1 and c2 are in different threats, with nothing shared: Blue has
        // a full connection, and nothing can stop it.
        let g: Geometry<u64> = Geometry::new(3, 3);
        let blue = named(&g, "a2 b2");
        let mut vcs = Connections::new(&g, false, false);
        let found = vcs.build(&g, false, blue, 0);
        assert!(found.full.is_some());
        assert_eq!(mustplay(&found, g.board & !blue), 0);
    }

    #[test]
    fn without_threats_every_empty_cell_may_be_played() {
        // 3 x 3: Red b1 b2 leave Blue needing a3 b3 c3 all three: no threat.
        let g: Geometry<u64> = Geometry::new(3, 3);
        let red = named(&g, "b1 b2");
        let mut vcs = Connections::new(&g, false, false);
        let found = vcs.build(&g, false, 0, red);
        assert!(!found.any_semi);
        assert_eq!(mustplay(&found, g.board & !red), g.board & !red);
    }
}
