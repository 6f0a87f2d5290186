//! Dead stones read with KataGo's network, as Go servers mark them after a game, in stated
//! steps, each chain decided by the first step that is sure of it:
//!
//! 1. **Benson**: unconditional life decides where it applies: a chain no attack can capture
//!    is alive, an enemy stone inside an eye of such chains is dead.
//! 2. **Network**: the raw network is asked twice, once with each side to move (a finished
//!    board does not say whose turn it is, and a point that changes hands with the turn is
//!    unsettled), and the two maps are averaged. A chain whose points its own colour owns by
//!    at least [`CLEAR`](super::dead::CLEAR) on average is alive; one the other colour owns by that much is dead.
//! 3. **Reading**: a chain in a capturing race shut in with few points to fight over (an
//!    enemy chain short of liberties is fought over too) is read to the end (`super::fight`:
//!    every sequence of moves there): dead when it is captured even with its owner to move,
//!    alive when it is not even with the other colour to move. Read are the chains the
//!    network leaves to the search, and those whose clear call looks contradicted on the
//!    board (dead beside an enemy chain called alive with no more liberties, or the
//!    reverse). The reading leaves out the chains it cannot capture (those with liberties
//!    outside the fight), so a chain is read only once they are called alive (by the steps
//!    before, or by reading), and a capture stands only once the chains that make it are too.
//!    This is where the network is surest and wrong most often: a race that one move decides.
//! 4. **Search**: the chains left are read by a search on the network ([`crate::go::search`])
//!    from the position with each side to move, under Tromp-Taylor rules (every dead stone
//!    must be captured before the game ends, so that the reading has to show it); its
//!    ownership, averaged over each tree and the two trees, decides a chain it owns by at
//!    least [`SURE`](super::dead::SURE) either way.
//! 5. **Play-out**: a chain still unsure is settled by playing the position out with the
//!    search, both sides, the side to move first, until two passes (as KataGo's Tromp-Taylor
//!    play-out and GNU Go's aftermath): a chain captured on the way is dead, one that stands
//!    at the end alive.
//!
//! No step calls a chain seki: a chain alive without two eyes beside an enemy chain is counted
//! in seki by the territory count only where the reading keeps both alive.
//!
//! With no search (`visits` 0), the raw network decides alone, as it did before the search:
//! a chain is dead when the other colour owns its points by more than
//! [`OWNERSHIP_THRESHOLD`](super::dead::OWNERSHIP_THRESHOLD), else alive.
//!
//! The network takes boards of up to 19 x 19; `super::estimate` falls back to playouts on
//! larger ones.

use super::board::{self, Board, other};
use super::dead::{self, CLEAR, Call, ChainCall, Estimate, Estimator, OWNERSHIP_THRESHOLD, SURE};
use super::fight::{Fate, Fight};
use super::net::{Game, NetRules, Network};
use super::position::Stone;
use super::rules::{Counting, RuleSet};
use super::search::{Search, Settings};

/// The ownership map of a finished board, from -1 (White's) to 1 (Black's), per point from row
/// 0: the mean of the network's maps with either side to move (evaluated together).
pub(crate) fn ownership(network: &Network, board: &Board, rules: RuleSet, komi: f32) -> Vec<f32> {
    let games = [Stone::Black, Stone::White].map(|to_move| {
        (
            Game::new(board.clone(), to_move, NetRules::of(rules), komi),
            to_move,
        )
    });
    let batch: Vec<(&Game, Stone)> = games
        .iter()
        .map(|(game, to_move)| (game, *to_move))
        .collect();
    let maps = network.evaluate_batch(&batch, &mut Default::default());
    // The network says White's ownership.
    maps[0]
        .ownership
        .iter()
        .zip(&maps[1].ownership)
        .map(|(a, b)| -(a + b) / 2.0)
        .collect()
}

/// What a reading of a finished board needs besides the board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    /// The rule set the game is scored by (the raw network is asked with it).
    pub rules: RuleSet,
    /// White's komi with its handicap compensation, in points.
    pub komi: f32,
    /// The search's visits from each position; 0 for the raw network alone.
    pub visits: u32,
    /// Threads that share the search's batches.
    pub threads: usize,
    /// Whether the chains the search leaves unsure are played out (step 5); if not, the
    /// search's lean decides them.
    pub play_out: bool,
}

/// The estimate of a finished board's dead stones, in the steps of the module's notes.
pub(crate) fn estimate(network: &Network, board: &Board, reading: Reading) -> Estimate {
    let raw = ownership(network, board, reading.rules, reading.komi);
    let mut chains = first_calls(board, &raw, reading.visits);
    if reading.visits > 0 {
        read_fights(board, &mut chains);
    }
    if chains.iter().any(|c| c.call == Call::Search) {
        read(network, board, reading, &mut chains);
    }
    Estimate {
        by: Estimator::Network,
        chains,
        ownership: Some(raw),
        visits: reading.visits,
    }
}

/// Steps 1 and 2: Benson's calls, then the raw network's (Black's ownership `raw`) where it
/// is clear, or everywhere when there is no search (`visits` 0). The chains left for the
/// search are called [`Call::Search`], alive until it reads them.
fn first_calls(board: &Board, raw: &[f32], visits: u32) -> Vec<ChainCall> {
    let fate = dead::certain(board);
    board::chains(board)
        .into_iter()
        .map(|(stone, stones)| {
            let own = owned(board, raw, stone, &stones);
            let (dead, call) = match fate[stones[0]] {
                Some(dead) => (dead, Call::Benson),
                None if visits == 0 => (own < -OWNERSHIP_THRESHOLD, Call::Network),
                None if own.abs() >= CLEAR => (own < 0.0, Call::Network),
                None => (false, Call::Search),
            };
            let taken = match call {
                Call::Benson => f32::from(u8::from(dead)),
                _ => taken(own),
            };
            ChainCall {
                stones,
                stone,
                dead,
                call,
                taken,
                visits: 0,
            }
        })
        .collect()
}

/// Step 3: the chains in a shut-in race, read to the end ([`super::fight`]) where the
/// reading is decisive: dead even with their owner to move, or alive even with the attacker
/// to move. A race or a seki a move decides is what the network misjudges most, sure as it
/// may be.
fn read_fights(board: &Board, chains: &mut [ChainCall]) {
    // Which chain each stone is in, its liberties, and whether the steps so far call it alive
    // for sure.
    let chain_of = chain_index(board, chains);
    let liberties: Vec<usize> = chains
        .iter()
        .map(|c| board.liberty_count(c.stones[0], usize::MAX))
        .collect();
    let mut sure_alive: Vec<bool> = chains
        .iter()
        .map(|c| !c.dead && matches!(c.call, Call::Benson | Call::Network))
        .collect();
    // A chain is read when the chains its fight cannot capture are all called alive for
    // sure (the verdict holds only if they live); its verdict of death stands when the enemy
    // chains beside it are called alive for sure too (stones taken by a chain that dies in
    // turn end up their own colour's). A chain read alive can be either for another, so the
    // chains are gone through again until no more are decided.
    let mut fates: Vec<Option<Option<Fate>>> = vec![None; chains.len()];
    let mut doubted = vec![false; chains.len()];
    loop {
        let mut decided = Vec::new();
        for (i, chain) in chains.iter().enumerate() {
            if matches!(chain.call, Call::Benson | Call::Reading) {
                continue;
            }
            // A clear call of the network is read once it looks contradicted.
            doubted[i] = doubted[i]
                || chain.call != Call::Network
                || looks_contradicted(board, chains, &chain_of, &liberties, i);
            if !doubted[i] {
                continue;
            }
            let fate = match fates[i] {
                Some(fate) => fate,
                None => {
                    let Some(fight) = Fight::of(board, chain.stones[0]).filter(Fight::is_race)
                    else {
                        fates[i] = Some(None);
                        continue;
                    };
                    if fight.walls().iter().any(|&w| !sure_alive[chain_of[w]]) {
                        continue;
                    }
                    *fates[i].insert(fight.read(board))
                }
            };
            let enemies_live = || {
                chain.stones.iter().all(|&s| {
                    board.around(s).into_iter().all(|n| {
                        board.stone(n) != Some(other(chain.stone)) || sure_alive[chain_of[n]]
                    })
                })
            };
            match fate {
                Some(Fate::Alive) => decided.push((i, false)),
                Some(Fate::Dead) if enemies_live() => decided.push((i, true)),
                _ => {}
            }
        }
        if decided.is_empty() {
            return;
        }
        for (i, dead) in decided {
            chains[i].dead = dead;
            chains[i].call = Call::Reading;
            sure_alive[i] = !dead;
        }
    }
}

/// Whether the network's clear call of chain `i` looks contradicted on the board: it is
/// dead beside an enemy chain called alive with no more liberties than it has, or alive
/// beside an enemy chain called dead with no fewer (a race the call has the wrong way
/// round, or a seki). Elsewhere its calls are left alone, unread.
fn looks_contradicted(
    board: &Board,
    chains: &[ChainCall],
    chain_of: &[usize],
    liberties: &[usize],
    i: usize,
) -> bool {
    let chain = &chains[i];
    chain.stones.iter().any(|&s| {
        board.around(s).into_iter().any(|n| {
            if board.stone(n) != Some(other(chain.stone)) {
                return false;
            }
            let enemy = chain_of[n];
            match (chain.dead, chains[enemy].dead) {
                (true, false) => liberties[enemy] <= liberties[i],
                (false, true) => liberties[enemy] >= liberties[i],
                _ => false,
            }
        })
    })
}

/// Per board index, the index in `chains` of the chain a stone is in (`usize::MAX` off them).
fn chain_index(board: &Board, chains: &[ChainCall]) -> Vec<usize> {
    let mut chain_of = vec![usize::MAX; board.points().last().map_or(0, |p| p + 1)];
    for (i, chain) in chains.iter().enumerate() {
        for &p in &chain.stones {
            chain_of[p] = i;
        }
    }
    chain_of
}

/// Steps 4 and 5: the search's ownership, then the play-outs, for the chains called
/// [`Call::Search`] so far.
fn read(network: &Network, board: &Board, reading: Reading, chains: &mut [ChainCall]) {
    let settings = Settings {
        visits: reading.visits,
        threads: reading.threads,
        ..Settings::default()
    };
    let mut search = Search::new(network, settings);
    let rules = NetRules::of(RuleSet::TrompTaylor);
    let game = |to_move| Game::new(board.clone(), to_move, rules, reading.komi);
    // Black's ownership (the network says White's), averaged over the searches with Black to
    // move and with White.
    let maps = [Stone::Black, Stone::White]
        .map(|to_move| search.read_game(&game(to_move), to_move).ownership);
    let read: Vec<f32> = maps[0]
        .iter()
        .zip(&maps[1])
        .map(|(a, b)| -(a + b) / 2.0)
        .collect();
    // The stones called dead before the search, by board index.
    let mut dead = vec![false; board.points().last().map_or(0, |p| p + 1)];
    for chain in chains.iter().filter(|c| c.dead) {
        for &p in &chain.stones {
            dead[p] = true;
        }
    }
    // How far each chain's colour owns it by the raw network and by the search, and by the
    // search alone (for the chains it read).
    let mut leans = vec![0.0; chains.len()];
    let mut searched: Vec<Option<f32>> = vec![None; chains.len()];
    let mut unsure = Vec::new();
    for (i, chain) in chains.iter_mut().enumerate() {
        if chain.call != Call::Search {
            continue;
        }
        let own = owned(board, &read, chain.stone, &chain.stones);
        leans[i] = (1.0 - 2.0 * chain.taken) + own;
        searched[i] = Some(own);
        chain.taken = taken(own);
        chain.visits = reading.visits;
        if own.abs() >= SURE {
            chain.dead = own < 0.0;
        } else if own > 0.0
            && shares_a_liberty_neither_can_fill(board, chain.stones[0], |p| dead[p])
        {
            // Seki by reading: the search leans to life, and the chain shares a liberty that
            // neither side can fill.
            chain.dead = false;
        } else {
            unsure.push(i);
        }
    }
    if reading.rules.counting() == Counting::Territory {
        for i in seki_without_reading(board, chains) {
            if !unsure.contains(&i) {
                leans[i] = 1.0 - 2.0 * chains[i].taken;
                unsure.push(i);
            }
        }
    }
    if unsure.is_empty() {
        return;
    }
    if !reading.play_out {
        // The search's lean decides; a chain it did not read keeps its call.
        for &i in &unsure {
            if let Some(own) = searched[i] {
                chains[i].dead = own < 0.0;
            }
        }
        return;
    }
    // Each chain is played out with the side its reading favours to move first: a chain that
    // leans to life is dead only if it dies even when it moves first, one that leans to death
    // alive only if it lives even when the other colour moves first.
    let favoured: Vec<Stone> = (0..chains.len())
        .map(|i| {
            let stone = chains[i].stone;
            if leans[i] >= 0.0 { stone } else { other(stone) }
        })
        .collect();
    let visits = dead::playout_visits(reading.visits);
    let mut search = Search::new(network, Settings { visits, ..settings });
    let cap = 2 * board.width() * board.height();
    for first in [Stone::Black, Stone::White] {
        let group: Vec<usize> = unsure
            .iter()
            .copied()
            .filter(|&i| favoured[i] == first)
            .collect();
        if group.is_empty() {
            continue;
        }
        let open: Vec<(Stone, Vec<usize>)> = group
            .iter()
            .map(|&i| (chains[i].stone, chains[i].stones.clone()))
            .collect();
        let played = search.play_out(&game(first), first, cap, |board, white| {
            settled(board, white, &open)
        });
        let black: Vec<f32> = played.ownership.iter().map(|o| -o).collect();
        for i in group {
            let chain = &mut chains[i];
            chain.call = Call::Playout;
            chain.visits = visits;
            chain.dead = match standing(&played.board, chain.stone, &chain.stones) {
                Standing::Gone => true,
                Standing::Standing if played.ended => false,
                // Stopped where the search was clear: as it read the board then.
                Standing::Standing => owned(board, &black, chain.stone, &chain.stones) < 0.0,
            };
        }
    }
}

/// How a chain stands on a later board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// Most of its stones are gone.
    Gone,
    /// Most of its stones are still there.
    Standing,
}

fn standing(board: &Board, stone: Stone, stones: &[usize]) -> Standing {
    let left = stones
        .iter()
        .filter(|&&p| board.stone(p) == Some(stone))
        .count();
    if 2 * left < stones.len() {
        Standing::Gone
    } else {
        Standing::Standing
    }
}

/// The chains (by index) that goscorer's count, with the dead stones called so far (the
/// unsure ones alive), would put in seki though reading does not: no liberty they share with
/// an enemy chain is one that neither side can fill. A chain the count would tax as seki only
/// because it was kept alive must be read to the end.
fn seki_without_reading(board: &Board, chains: &[ChainCall]) -> Vec<usize> {
    let width = board.width();
    let point = |p: usize| {
        let (x, y) = board.point(p);
        y * width + x
    };
    let mut dead = vec![false; width * board.height()];
    for chain in chains.iter().filter(|c| c.dead) {
        for &p in &chain.stones {
            dead[point(p)] = true;
        }
    }
    let map = super::seki::territory_scoring(&board.position(), &dead);
    chains
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.dead && c.call != Call::Benson)
        .filter(|(_, c)| c.stones.iter().any(|&p| map[point(p)].seki.is_some()))
        .filter(|(_, c)| !shares_a_liberty_neither_can_fill(board, c.stones[0], |p| dead[point(p)]))
        .map(|(i, _)| i)
        .collect()
}

/// Whether the chain of `stone` shares a liberty with a living enemy chain that neither side
/// can fill without leaving its own stones one liberty or none (a capture): seki by reading.
fn shares_a_liberty_neither_can_fill(
    board: &Board,
    stone: usize,
    is_dead: impl Fn(usize) -> bool,
) -> bool {
    let colour = board.stone(stone).expect("a chain");
    let enemy = other(colour);
    board.liberties(stone).into_iter().any(|liberty| {
        board.around(liberty).into_iter().any(|next| {
            board.stone(next) == Some(enemy)
                && !is_dead(next)
                && board.liberties(next).contains(&liberty)
        }) && self_atari(board, liberty, colour)
            && self_atari(board, liberty, enemy)
    })
}

/// Whether `mover` playing on the empty `at` captures nothing and leaves the chain it joins
/// one liberty or none.
fn self_atari(board: &Board, at: usize, mover: Stone) -> bool {
    let mut liberties: Vec<usize> = Vec::new();
    for next in board.around(at) {
        if board.is_empty(next) {
            liberties.push(next);
            continue;
        }
        match board.stone(next) {
            Some(stone) if stone == mover => liberties.extend(board.liberties(next)),
            Some(_) if board.single_liberty(next) == Some(at) => return false,
            _ => {}
        }
    }
    liberties.retain(|&l| l != at);
    liberties.sort_unstable();
    liberties.dedup();
    liberties.len() <= 1
}

/// Whether a play-out has settled every chain of `open`: each one captured, or alive beyond
/// doubt (Benson's unconditional life), or owned clearly one way or the other by the search's
/// reading of the board (`white`: White's ownership).
fn settled(board: &Board, white: &[f32], open: &[(Stone, Vec<usize>)]) -> bool {
    let black: Vec<f32> = white.iter().map(|o| -o).collect();
    let mut fate = None;
    open.iter().all(|(stone, stones)| {
        standing(board, *stone, stones) == Standing::Gone
            || owned(board, &black, *stone, stones).abs() >= CLEAR
            || {
                let fate = fate.get_or_insert_with(|| dead::certain(board));
                stones
                    .iter()
                    .any(|&p| board.stone(p) == Some(*stone) && fate[p] == Some(false))
            }
    })
}

/// How far `stone`'s own colour owns a chain's points on average (Black's `map`), from -1
/// (the other colour's) to 1.
fn owned(board: &Board, map: &[f32], stone: Stone, stones: &[usize]) -> f32 {
    let width = board.width();
    let sum: f32 = stones
        .iter()
        .map(|&s| {
            let (x, y) = board.point(s);
            map[y * width + x]
        })
        .sum();
    let mean = sum / stones.len() as f32;
    match stone {
        Stone::Black => mean,
        Stone::White => -mean,
    }
}

/// The likelihood that the other colour takes a chain its colour owns by `own`.
fn taken(own: f32) -> f32 {
    ((1.0 - own) / 2.0).clamp(0.0_f32, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A uniform map: every point `value` (Black's ownership).
    fn map(b: &Board, value: f32) -> Vec<f32> {
        vec![value; b.width() * b.height()]
    }

    /// Black's seven stones and White's three share A1 and E1: whoever fills one is left
    /// with one liberty.
    const SEKI: [&str; 3] = ["OOOOOOO..", "XXXXXXO..", ".OOO.XO.."];

    fn dead(chains: &[ChainCall]) -> usize {
        chains.iter().filter(|c| c.dead).count()
    }

    #[test]
    fn without_a_search_a_chain_is_dead_when_the_other_colour_owns_its_points_past_the_threshold() {
        let b = Board::from_rows(&[".....", ".X...", ".....", ".....", "....."]);
        let just_past = first_calls(&b, &map(&b, -OWNERSHIP_THRESHOLD - 0.01), 0);
        assert_eq!(dead(&just_past), 1);
        assert_eq!(just_past[0].call, Call::Network);
        let short_of_it = first_calls(&b, &map(&b, -OWNERSHIP_THRESHOLD + 0.01), 0);
        assert_eq!(dead(&short_of_it), 0);
        let taken = (1.0 + OWNERSHIP_THRESHOLD - 0.01) / 2.0;
        assert!((short_of_it[0].taken - taken).abs() < 1e-6);
    }

    #[test]
    fn with_a_search_the_network_decides_only_the_chains_it_owns_clearly() {
        let b = Board::from_rows(&[".....", ".X...", ".....", ".....", "....."]);
        for (own, call, is_dead) in [
            (CLEAR + 0.01, Call::Network, false),
            (-CLEAR - 0.01, Call::Network, true),
            (CLEAR - 0.01, Call::Search, false),
            (-CLEAR + 0.01, Call::Search, false),
            (0.0, Call::Search, false),
        ] {
            let calls = first_calls(&b, &map(&b, own), 100);
            assert_eq!((calls[0].call, calls[0].dead), (call, is_dead), "{own}");
        }
    }

    #[test]
    fn seki_by_reading_is_a_liberty_shared_that_neither_side_can_fill() {
        let seki = Board::from_rows(&SEKI);
        let black = seki.index(0, 1);
        let white = seki.index(1, 2);
        assert!(shares_a_liberty_neither_can_fill(&seki, black, |_| false));
        assert!(shares_a_liberty_neither_can_fill(&seki, white, |_| false));
        assert!(self_atari(&seki, seki.index(0, 2), Stone::Black));
        assert!(self_atari(&seki, seki.index(4, 2), Stone::White));
        // Taken as dead, White's three share nothing with Black: no seki.
        let dead: Vec<usize> = seki.stones(white).collect();
        assert!(!shares_a_liberty_neither_can_fill(&seki, black, |p| dead.contains(&p)));
        // With a third liberty of its own, Black can fill a shared one: no seki.
        let free = Board::from_rows(&["OOOOO.O..", "XXXXXXO..", ".OOO.XO.."]);
        assert!(!shares_a_liberty_neither_can_fill(
            &free,
            free.index(0, 1),
            |_| false
        ));
        // A move that captures is no self-atari.
        let capture = Board::from_rows(&[".O.", "OXO", "X.X"]);
        assert!(!self_atari(&capture, capture.index(1, 2), Stone::White));
    }

    #[test]
    fn a_shut_in_seki_is_read_over_the_network_s_call() {
        // The network gives every point to White: Black's seven would be dead. Read, the
        // seven and White's three share their only liberties, and both live.
        let b = Board::from_rows(&SEKI);
        let mut chains = first_calls(&b, &map(&b, -1.0), 100);
        read_fights(&b, &mut chains);
        for chain in &chains {
            assert!(!chain.dead, "{chain:?}");
        }
        let read: Vec<Stone> = chains
            .iter()
            .filter(|c| c.call == Call::Reading)
            .map(|c| c.stone)
            .collect();
        assert_eq!(read, [Stone::Black, Stone::White], "{chains:?}");
    }

    #[test]
    fn a_fight_is_not_read_while_a_chain_it_cannot_capture_is_unsure() {
        // Every chain is left to the search: White's wall, with four liberties and open to
        // the right, is not read, cannot be captured in the fight of either other chain,
        // and might die.
        let b = Board::from_rows(&["OOOOOOOOO......", "XXXXXXO........", ".OOO.XO........"]);
        let mut chains = first_calls(&b, &map(&b, 0.0), 100);
        read_fights(&b, &mut chains);
        assert!(chains.iter().all(|c| c.call == Call::Search), "{chains:?}");
    }

    #[test]
    fn a_capture_stands_once_the_capturer_is_read_alive() {
        // Black's corner stone can only be captured, by White's two beside it; the network
        // is unsure of both. Its capture stands only once White's two are read alive (its
        // reading cannot capture them: they have liberties outside it).
        let b = Board::from_rows(&["XO..", ".O..", "O..."]);
        let mut ownership = map(&b, -1.0);
        for (x, y) in [(0, 0), (1, 0), (1, 1)] {
            ownership[y * 4 + x] = 0.0;
        }
        let mut chains = first_calls(&b, &ownership, 100);
        let corner = |chains: &[ChainCall]| {
            chains
                .iter()
                .find(|c| c.stone == Stone::Black)
                .map(|c| (c.dead, c.call))
        };
        assert_eq!(corner(&chains), Some((false, Call::Search)));
        read_fights(&b, &mut chains);
        assert_eq!(corner(&chains), Some((true, Call::Reading)));
        let two = chains
            .iter()
            .find(|c| c.stones.contains(&b.index(1, 0)))
            .unwrap();
        assert_eq!((two.dead, two.call), (false, Call::Reading));
    }

    #[test]
    fn a_clear_call_looks_contradicted_only_against_a_neighbour_short_of_liberties() {
        // White's two in the corner (two liberties) beside Black's two (four liberties).
        let b = Board::from_rows(&["OOX..", "..X..", "XX...", ".....", "....."]);
        let white = b.index(0, 0);
        let mut chains = first_calls(&b, &map(&b, 0.0), 100);
        let chain_of = chain_index(&b, &chains);
        let liberties: Vec<usize> = chains
            .iter()
            .map(|c| b.liberty_count(c.stones[0], usize::MAX))
            .collect();
        let i = chain_of[white];
        let black = chain_of[b.index(2, 0)];
        let mut call = |white_dead: bool, black_dead: bool| {
            chains[i].dead = white_dead;
            chains[black].dead = black_dead;
            looks_contradicted(&b, &chains, &chain_of, &liberties, i)
        };
        // Dead beside a chain called alive with more liberties: as expected.
        assert!(!call(true, false));
        // Alive beside a chain called dead with more liberties: a race called the wrong way
        // round, or a seki.
        assert!(call(false, true));
        // Both alive, or both dead: nothing to say.
        assert!(!call(false, false) && !call(true, true));
    }

    #[test]
    fn benson_s_certain_life_outweighs_the_map() {
        // Black's wall with three eyes across the top is unconditionally alive; the white
        // stone in one of them can never make an eye. The map says the opposite of both.
        let b = Board::from_rows(&["O.X.X", "XXXXX", ".....", ".....", "....."]);
        for visits in [0, 100] {
            let white_owns_all = first_calls(&b, &map(&b, -1.0), visits);
            let black_owns_all = first_calls(&b, &map(&b, 1.0), visits);
            for chain in white_owns_all.iter().chain(&black_owns_all) {
                assert_eq!(chain.call, Call::Benson, "{chain:?}");
                assert_eq!(chain.taken, f32::from(u8::from(chain.dead)));
                assert_eq!(chain.dead, chain.stone == Stone::White, "{chain:?}");
            }
        }
    }
}
