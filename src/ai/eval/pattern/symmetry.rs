//! The eight symmetries of the square board, and boards transformed by them.
//!
//! A symmetry maps point `(column, row)` to another point; transforming a board moves every
//! piece with it. A row of five points of the original board lands on a row or a column of
//! the image, so a board is transformed with one table lookup per row.

#[cfg(test)]
use crate::rules::board::Bits;

/// How many symmetries the board has.
pub(crate) const COUNT: usize = 8;

/// Where symmetry `g` takes the point at `(column, row)`.
pub(crate) const fn map(g: usize, column: u8, row: u8) -> (u8, u8) {
    match g {
        0 => (column, row),
        1 => (row, 4 - column),
        2 => (4 - column, 4 - row),
        3 => (4 - row, column),
        4 => (4 - column, row),
        5 => (column, 4 - row),
        6 => (row, column),
        _ => (4 - row, 4 - column),
    }
}

/// The symmetry that undoes `g`.
pub(crate) const fn inverse(g: usize) -> usize {
    match g {
        1 => 3,
        3 => 1,
        other => other,
    }
}

#[cfg(test)]
/// `ROWS[g][row][bits]`: the image under `g` of the pieces `bits` (bit `i` is column `i`) on
/// `row`.
static ROWS: [[[Bits; 32]; 5]; COUNT] = {
    let mut table = [[[0; 32]; 5]; COUNT];
    let mut g = 0;
    while g < COUNT {
        let mut row = 0;
        while row < 5 {
            let mut bits = 0;
            while bits < 32 {
                let mut image = 0;
                let mut column = 0;
                while column < 5 {
                    if bits & (1 << column) != 0 {
                        let (c, r) = map(g, column as u8, row as u8);
                        image |= 1 << (r as u32 * 5 + c as u32);
                    }
                    column += 1;
                }
                table[g][row][bits] = image;
                bits += 1;
            }
            row += 1;
        }
        g += 1;
    }
    table
};

/// The board `bits` with every piece moved by symmetry `g`.
#[cfg(test)]
pub(crate) fn transform(g: usize, bits: Bits) -> Bits {
    let rows = &ROWS[g];
    rows[0][(bits & 31) as usize]
        | rows[1][((bits >> 5) & 31) as usize]
        | rows[2][((bits >> 10) & 31) as usize]
        | rows[3][((bits >> 15) & 31) as usize]
        | rows[4][((bits >> 20) & 31) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_symmetries_form_a_group_with_their_inverses() {
        for g in 0..COUNT {
            for p in 0..25u8 {
                let (c, r) = map(g, p % 5, p / 5);
                assert_eq!(map(inverse(g), c, r), (p % 5, p / 5), "g{g} p{p}");
            }
        }
        // All eight are different maps.
        let images: Vec<Bits> = (0..COUNT).map(|g| transform(g, 0b10 | 1 << 7)).collect();
        for (i, a) in images.iter().enumerate() {
            assert!(images[i + 1..].iter().all(|b| b != a));
        }
    }

    #[test]
    fn a_transformed_board_keeps_its_pieces_and_comes_back() {
        let board: Bits = 0b1_0110_1001_0001_1100_0101_0011;
        for g in 0..COUNT {
            let image = transform(g, board);
            assert_eq!(image.count_ones(), board.count_ones());
            assert_eq!(transform(inverse(g), image), board);
        }
    }
}
