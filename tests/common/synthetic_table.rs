//! A synthetic 5×5 Flying table for tests: a valid file of the full size (sparse, so it takes
//! no disk space) where every position is a draw but for a few given ones. Opening it reads
//! only its header, and a probe only the blocks it reads. The real table takes a quarter of
//! an hour to build; this one a moment.

#![allow(dead_code)]

use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

use sanqi::rules::flying;
use sanqi::tablebase::{
    Board, Indexer, TABLE_BLOCK_LEN, TABLE_HEADER_LEN, TABLE_VERSION, Value, position_of,
};

/// Writes the table to `path`: each of `decided` with its value for the side to move and its
/// flip distance, every other position a draw.
/// `indexer` numbers the game's positions (`Board::FLYING.indexer()`, which takes a moment to
/// build: the caller may reuse it).
pub fn write(path: &Path, indexer: &Indexer, decided: &[(flying::State, Value, u8)]) {
    write_version(path, indexer, decided, TABLE_VERSION);
}

/// The offset in the file of the entry (two bytes) of `state`'s position.
pub fn offset_of(indexer: &Indexer, state: &flying::State) -> u64 {
    TABLE_HEADER_LEN + 2 * indexer.index(position_of(state)).0
}

/// Writes the table as [`write`] does, with `version` in its header.
pub fn write_version(
    path: &Path,
    indexer: &Indexer,
    decided: &[(flying::State, Value, u8)],
    version: u32,
) {
    let board = Board::FLYING;
    let entries = board.entries();
    let mut marked: Vec<(u64, [u8; 2])> = decided
        .iter()
        .map(|&(s, value, dtz)| {
            let byte = match value {
                Value::Draw => 0,
                Value::Win(d) | Value::Loss(d) => d as u8 + 1,
            };
            (indexer.index(position_of(&s)).0, [byte, dtz])
        })
        .collect();
    marked.sort_unstable();
    // The data: two zero bytes (a draw) per entry but for the decided ones; then the CRC-32
    // of each block of the data, as docs/FLYING.md describes it.
    let data_len = 2 * entries;
    let blocks = data_len.div_ceil(TABLE_BLOCK_LEN);
    let zero_block = crc32fast::hash(&vec![0; TABLE_BLOCK_LEN as usize]);
    let mut sums = vec![zero_block; blocks as usize];
    for block in 0..blocks {
        let start = block * TABLE_BLOCK_LEN;
        let end = (start + TABLE_BLOCK_LEN).min(data_len);
        let inside: Vec<&(u64, [u8; 2])> = marked
            .iter()
            .filter(|(i, _)| (start..end).contains(&(2 * i)))
            .collect();
        if inside.is_empty() && end - start == TABLE_BLOCK_LEN {
            continue;
        }
        let mut bytes = vec![0u8; (end - start) as usize];
        for (i, pair) in inside {
            let at = (2 * i - start) as usize;
            bytes[at..at + 2].copy_from_slice(pair);
        }
        sums[block as usize] = crc32fast::hash(&bytes);
    }
    // The header; the figures are left at zero.
    let mut header = Vec::new();
    header.extend_from_slice(b"SANQI-TB");
    header.extend_from_slice(&version.to_le_bytes());
    header.extend_from_slice(&[board.size, board.pieces, 0, 0]);
    header.extend_from_slice(&entries.to_le_bytes());
    header.extend_from_slice(&[0; 8 * 7 + 4 * 4 + 8]);
    header.extend_from_slice(&(TABLE_BLOCK_LEN as u32).to_le_bytes());
    header.resize(TABLE_HEADER_LEN as usize - 4, 0);
    let header_crc = crc32fast::hash(&header);
    header.extend_from_slice(&header_crc.to_le_bytes());

    let mut file = std::fs::File::create(path).expect("the table file");
    file.write_all(&header).expect("the header");
    file.set_len(TABLE_HEADER_LEN + data_len)
        .expect("the length");
    for &(i, pair) in &marked {
        file.seek(SeekFrom::Start(TABLE_HEADER_LEN + 2 * i))
            .expect("a seek");
        file.write_all(&pair).expect("an entry");
    }
    file.seek(SeekFrom::Start(TABLE_HEADER_LEN + data_len))
        .expect("a seek");
    let sums: Vec<u8> = sums.iter().flat_map(|s| s.to_le_bytes()).collect();
    file.write_all(&sums).expect("the checksums");
    file.sync_all().expect("a sync");
}

/// Rewrites the bytes at `at` in place, keeping the file's size and modification time, as
/// bit rot or a restore that keeps times would leave it.
pub fn damage_in_place(path: &Path, at: u64, bytes: &[u8]) {
    let mut file = std::fs::File::options()
        .write(true)
        .open(path)
        .expect("the table");
    let modified = file
        .metadata()
        .expect("metadata")
        .modified()
        .expect("a time");
    file.seek(SeekFrom::Start(at)).expect("a seek");
    file.write_all(bytes).expect("a write");
    file.set_modified(modified).expect("the old time");
}
