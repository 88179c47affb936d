//! `sanqi serve` as a real process for the online tests: on a free port of 127.0.0.1,
//! keeping its rooms in a folder the test gives, killed when dropped.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The server, stopped (killed) when dropped.
pub struct Server {
    pub child: Child,
    /// Its port on 127.0.0.1.
    pub port: u16,
}

impl Server {
    /// Its address, as a player types it: `http://127.0.0.1:PORT`.
    pub fn address(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `sanqi serve` on a free port of 127.0.0.1, keeping its rooms in `data`.
pub fn start(data: &Path) -> Server {
    start_on(data, 0)
}

/// Starts `sanqi serve` on `port` of 127.0.0.1 (0: a free one), keeping its rooms in `data`.
pub fn start_on(data: &Path, port: u16) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sanqi"))
        .args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--data"])
        .arg(data)
        .env("SANQI_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("its output"))
        .read_line(&mut line)
        .expect("it says where it listens");
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    Server { child, port }
}
