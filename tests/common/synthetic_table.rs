//! A synthetic 5×5 Flying table for tests: a valid file of the full size (sparse, so it takes
//! no disk space) where every position is a draw but for a few given ones, with the record
//! that says it was verified, so that opening it reads only its header. The real table takes
//! a quarter of an hour to build; this one a moment.

#![allow(dead_code)]

use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

use sanqi::rules::flying;
use sanqi::tablebase::{Board, Indexer, TABLE_HEADER_LEN, Value, position_of, verified_path};

/// Writes the table to `path`: each of `decided` with its value for the side to move and its
/// flip distance, every other position a draw.
/// `indexer` numbers the game's positions (`Board::FLYING.indexer()`, which takes a moment to
/// build: the caller may reuse it).
pub fn write(path: &Path, indexer: &Indexer, decided: &[(flying::State, Value, u8)]) {
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
    // The data: two zero bytes (a draw) per entry but for the decided ones.
    let data_len = 2 * entries;
    let mut hasher = crc32fast::Hasher::new();
    let block_len = 1u64 << 22;
    let mut block = vec![0u8; block_len as usize];
    let mut start = 0;
    while start < data_len {
        let end = (start + block_len).min(data_len);
        let part = &mut block[..(end - start) as usize];
        part.fill(0);
        for &(i, pair) in &marked {
            let at = 2 * i;
            if (start..end).contains(&at) {
                part[(at - start) as usize] = pair[0];
                part[(at - start) as usize + 1] = pair[1];
            }
        }
        hasher.update(part);
        start = end;
    }
    let data_crc = hasher.finalize();
    // The header, as docs/FLYING.md describes it; the figures are left at zero.
    let mut header = Vec::new();
    header.extend_from_slice(b"SANQI-TB");
    header.extend_from_slice(&1u32.to_le_bytes());
    header.extend_from_slice(&[board.size, board.pieces, 0, 0]);
    header.extend_from_slice(&entries.to_le_bytes());
    header.extend_from_slice(&[0; 8 * 7 + 4 * 4 + 8]);
    header.extend_from_slice(&data_crc.to_le_bytes());
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
    file.sync_all().expect("a sync");
    drop(file);
    // The record of a verified checksum, so that opening it does not read 840 MB of zeros.
    let metadata = std::fs::metadata(path).expect("metadata");
    let modified = metadata
        .modified()
        .expect("a time")
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_nanos();
    std::fs::write(
        verified_path(path),
        format!(
            "sanqi-table-verified 1 length {} modified {modified} data-crc {data_crc:08x}\n",
            metadata.len()
        ),
    )
    .expect("the record");
}
