//! Online play's shared core: the protocol's messages and a game room as a pure state machine
//! over `rules`, used alike by the server and by the clients. No sockets, no clock and no
//! storage live here (docs/SERVER.md).

pub mod protocol;
pub mod room;
