//! Online play's shared core: the protocol's messages, a game room and a player's client as
//! pure state machines over `rules`, used alike by the server and by the app. No sockets, no clock and no
//! storage live here (docs/SERVER.md).

pub mod client;
pub mod protocol;
pub mod room;
