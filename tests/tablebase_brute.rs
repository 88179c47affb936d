//! The Flying solver against brute force on small boards.
//!
//! The brute force here shares nothing with the solver: it has its own board (a grid of
//! cells), its own moves and flips written from RULES.md, lists every position explicitly (no
//! symmetry), and finds the values by forward iteration to a fixpoint (each round recomputes
//! every undecided position from its successors) instead of retrograde analysis. Every
//! position's value and distance to the next flip must agree with the solver's.

use std::collections::HashMap;

use sanqi::tablebase::{Board, Pos, Value, solve};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Cell {
    Empty,
    Mover,
    Other,
}

/// A position as a grid, `cells[row * size + column]`, the mover's pieces marked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Grid {
    size: usize,
    cells: [Cell; 25],
}

impl Grid {
    /// A number for the grid: its cells as the digits of a base-3 number.
    fn code(&self) -> u64 {
        self.cells[..self.size * self.size]
            .iter()
            .rev()
            .fold(0, |acc, cell| acc * 3 + *cell as u64)
    }

    fn at(&self, c: isize, r: isize) -> Option<Cell> {
        let n = self.size as isize;
        (c >= 0 && r >= 0 && c < n && r < n).then(|| self.cells[(r * n + c) as usize])
    }

    /// Every move of the mover: the grid after it (seen from the other side, who moves next)
    /// and whether it flipped anything.
    fn successors(&self) -> Vec<(Grid, bool)> {
        let n = self.size as isize;
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if self.at(c, r) != Some(Cell::Mover) {
                    continue;
                }
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (mut tc, mut tr) = (c + dc, r + dr);
                    while self.at(tc, tr) == Some(Cell::Empty) {
                        out.push(self.after_move((c, r), (tc, tr)));
                        tc += dc;
                        tr += dr;
                    }
                }
            }
        }
        out
    }

    fn after_move(&self, from: (isize, isize), to: (isize, isize)) -> (Grid, bool) {
        let n = self.size as isize;
        let mut cells = self.cells;
        cells[(from.1 * n + from.0) as usize] = Cell::Empty;
        cells[(to.1 * n + to.0) as usize] = Cell::Mover;
        let moved = Grid {
            size: self.size,
            cells,
        };
        let mut flip = Vec::new();
        // Pincer: the neighbour is an enemy and the point beyond it is the mover's.
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let near = (to.0 + dc, to.1 + dr);
            let far = (to.0 + 2 * dc, to.1 + 2 * dr);
            if moved.at(near.0, near.1) == Some(Cell::Other)
                && moved.at(far.0, far.1) == Some(Cell::Mover)
            {
                flip.push(near);
            }
        }
        // Insertion: both neighbours along the row, or along the column, are enemies.
        for (dc, dr) in [(1, 0), (0, 1)] {
            let a = (to.0 + dc, to.1 + dr);
            let b = (to.0 - dc, to.1 - dr);
            if moved.at(a.0, a.1) == Some(Cell::Other) && moved.at(b.0, b.1) == Some(Cell::Other) {
                flip.push(a);
                flip.push(b);
            }
        }
        let mut cells = moved.cells;
        for (c, r) in &flip {
            cells[(r * n + c) as usize] = Cell::Mover;
        }
        // The other side moves next: swap the roles.
        for cell in &mut cells {
            *cell = match *cell {
                Cell::Mover => Cell::Other,
                Cell::Other => Cell::Mover,
                Cell::Empty => Cell::Empty,
            };
        }
        (
            Grid {
                size: self.size,
                cells,
            },
            !flip.is_empty(),
        )
    }

    /// The solver's view: bit `row * size + column` for each piece.
    fn as_pos(&self) -> Pos {
        let mut pos = Pos { own: 0, enemy: 0 };
        for (i, cell) in self.cells[..self.size * self.size].iter().enumerate() {
            match cell {
                Cell::Mover => pos.own |= 1 << i,
                Cell::Other => pos.enemy |= 1 << i,
                Cell::Empty => {}
            }
        }
        pos
    }
}

/// Every grid with `pieces` pieces, each either colour.
fn all_grids(size: usize, pieces: usize) -> Vec<Grid> {
    let mut out = Vec::new();
    let mut cells = [Cell::Empty; 25];
    fn place(out: &mut Vec<Grid>, cells: &mut [Cell; 25], size: usize, from: usize, left: usize) {
        if left == 0 {
            out.push(Grid {
                size,
                cells: *cells,
            });
            return;
        }
        for i in from..size * size {
            for colour in [Cell::Mover, Cell::Other] {
                cells[i] = colour;
                place(out, cells, size, i + 1, left - 1);
            }
            cells[i] = Cell::Empty;
        }
    }
    place(&mut out, &mut cells, size, 0, pieces);
    out
}

/// A value found by brute force: `Some((won, plies))`, `None` for a draw.
type Found = Option<(bool, u32)>;

/// Values and flip distances of every grid, by forward iteration.
fn brute_force(grids: &[Grid]) -> (Vec<Found>, Vec<Option<u32>>) {
    let number: HashMap<u64, usize> = grids
        .iter()
        .enumerate()
        .map(|(i, g)| (g.code(), i))
        .collect();
    let successors: Vec<Vec<(usize, bool)>> = grids
        .iter()
        .map(|g| {
            g.successors()
                .into_iter()
                .map(|(s, flipped)| (number[&s.code()], flipped))
                .collect()
        })
        .collect();
    // Values: each round decides what the previous rounds' results decide.
    let mut value: Vec<Found> = vec![None; grids.len()];
    loop {
        let mut changes = Vec::new();
        for (p, moves) in successors.iter().enumerate() {
            if value[p].is_some() {
                continue;
            }
            let lost: Vec<u32> = moves
                .iter()
                .filter_map(|&(s, _)| match value[s] {
                    Some((false, d)) => Some(d),
                    _ => None,
                })
                .collect();
            if let Some(&d) = lost.iter().min() {
                changes.push((p, (true, d + 1)));
            } else if moves
                .iter()
                .all(|&(s, _)| matches!(value[s], Some((true, _))))
            {
                let longest = moves
                    .iter()
                    .filter_map(|&(s, _)| value[s])
                    .map(|v| v.1)
                    .max();
                changes.push((p, (false, longest.map_or(0, |d| d + 1))));
            }
        }
        if changes.is_empty() {
            break;
        }
        for (p, v) in changes {
            value[p] = Some(v);
        }
    }
    // Flip distances: plies to a flip or the end, the winner keeping the win.
    let mut dtz: Vec<Option<u32>> = vec![None; grids.len()];
    loop {
        let mut changes = Vec::new();
        for (p, moves) in successors.iter().enumerate() {
            let Some((won, _)) = value[p] else { continue };
            if dtz[p].is_some() {
                continue;
            }
            let stretch = |&(s, flipped): &(usize, bool)| -> Option<u32> {
                if flipped || value[s] == Some((false, 0)) {
                    Some(1)
                } else {
                    dtz[s].map(|z| z + 1)
                }
            };
            let new = if moves.is_empty() {
                Some(0)
            } else if won {
                moves
                    .iter()
                    .filter(|&&(s, _)| matches!(value[s], Some((false, _))))
                    .filter_map(stretch)
                    .min()
            } else {
                moves
                    .iter()
                    .map(stretch)
                    .collect::<Option<Vec<u32>>>()
                    .and_then(|v| v.into_iter().max())
            };
            if let Some(z) = new {
                changes.push((p, z));
            }
        }
        if changes.is_empty() {
            break;
        }
        for (p, z) in changes {
            dtz[p] = Some(z);
        }
    }
    (value, dtz)
}

fn compare(size: u8, pieces: u8) {
    let board = Board::new(size, pieces).expect("a valid board");
    let solution = solve(board, 2).unwrap_or_else(|e| panic!("{board}: {e}"));
    let grids = all_grids(usize::from(size), usize::from(pieces));
    assert_eq!(grids.len() as u64, solution.figures().positions, "{board}");
    let (values, dtz) = brute_force(&grids);
    let mut tally = [0u64; 3];
    for (i, grid) in grids.iter().enumerate() {
        let expected = match values[i] {
            Some((true, d)) => Value::Win(d),
            Some((false, d)) => Value::Loss(d),
            None => Value::Draw,
        };
        tally[match expected {
            Value::Win(_) => 0,
            Value::Loss(_) => 1,
            Value::Draw => 2,
        }] += 1;
        let got = solution.lookup(grid.as_pos());
        assert_eq!(got, (expected, dtz[i]), "{board}: {grid:?}");
    }
    let f = solution.figures();
    assert_eq!(
        tally,
        [f.wins.positions, f.losses.positions, f.draws.positions],
        "{board}"
    );
}

#[test]
fn three_by_three_every_piece_count() {
    for pieces in 1..=8 {
        compare(3, pieces);
    }
}

#[test]
fn four_by_four() {
    for pieces in 1..=5 {
        compare(4, pieces);
    }
}

#[test]
fn five_by_five_few_pieces() {
    for pieces in 1..=4 {
        compare(5, pieces);
    }
}

#[test]
fn brute_force_knows_the_rules_examples() {
    // RULES.md: the row a3–e3 just after Black moved to c3 is `. W B W B`: d3 flips by pincer
    // and b3, d3 by insertion. Here on a 5×5 grid with only that row occupied.
    let row = |s: &str| -> Vec<Cell> {
        s.chars()
            .map(|c| match c {
                'B' => Cell::Mover,
                'W' => Cell::Other,
                _ => Cell::Empty,
            })
            .collect()
    };
    let mut cells = [Cell::Empty; 25];
    // Black's piece comes down the c-file from c5 to c3.
    cells[10..15].copy_from_slice(&row(".W.WB"));
    cells[22] = Cell::Mover;
    let grid = Grid { size: 5, cells };
    let (after, flipped) = grid.after_move((2, 4), (2, 2));
    assert!(flipped);
    // Seen from White (to move): all of row 3 but a3 is now the other side's.
    assert_eq!(after.cells[10..15], row(".WWWW")[..]);
    // `B W W B`: nothing flips.
    let mut cells = [Cell::Empty; 25];
    cells[10..15].copy_from_slice(&row("BWW.."));
    cells[23] = Cell::Mover;
    let grid = Grid { size: 5, cells };
    let (_, flipped) = grid.after_move((3, 4), (3, 2));
    assert!(!flipped);
}
