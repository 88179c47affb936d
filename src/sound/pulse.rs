//! Sound through a PulseAudio server (or PipeWire's, which speaks the same protocol), with
//! the `pulseaudio` crate's pure-Rust encoding of the native protocol over its Unix socket:
//! no system library at build time or at run time.
//!
//! One stream is opened while sounds play and closed when they have ended, so that an idle
//! app neither wakes up nor keeps the sound card busy. The server asks for samples as it
//! needs them; the mixer gives them, silence included, and new sounds join the mix at the
//! next request.

use std::ffi::CString;
use std::io::{self, Cursor, Read};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

use pulseaudio::protocol::{self, Command, Prop, Props};

use super::{Mixer, SAMPLE_RATE, SoundError, Voice};

/// How long the server may keep us waiting before the connection is given up.
const PATIENCE: Duration = Duration::from_secs(5);
/// The length of the server's buffer for our stream: the delay before a sound is heard.
const BUFFER_MS: u32 = 60;
/// The silence played after the last sound before the stream closes.
const TAIL_MS: u32 = 150;
/// The length of the authentication cookie the protocol carries.
const COOKIE_LENGTH: usize = 256;

/// Plays every sound received until the sending side hangs up. A sound that cannot be
/// played (no server, a server that went away) is dropped, silently.
pub fn serve(server: Option<PathBuf>, receiver: Receiver<Voice>) {
    let mut connection: Option<Connection> = None;
    let mut mixer = Mixer::default();
    while let Ok(voice) = receiver.recv() {
        mixer.add(voice.sound.samples(), voice.gain);
        if connection.is_none() {
            connection = Connection::open(server.clone()).ok();
        }
        let played = match &mut connection {
            Some(c) => c.play(
                &mut mixer,
                || match receiver.try_recv() {
                    Ok(voice) => Some(Some(voice)),
                    Err(TryRecvError::Empty) => Some(None),
                    Err(TryRecvError::Disconnected) => None,
                },
                false,
            ),
            None => Err(io_error("no sound server")),
        };
        if played.is_err() {
            // Try again with the next sound; what was playing is dropped.
            connection = None;
            mixer = Mixer::default();
        }
    }
}

/// Plays what each mixer holds to its end, one after the other on one connection, and waits
/// until the server has played them.
pub fn play_through(server: Option<PathBuf>, mixers: Vec<Mixer>) -> Result<(), SoundError> {
    let failed = |e: io::Error| SoundError(format!("the sound server failed: {e}"));
    let mut connection = Connection::open(server).map_err(failed)?;
    for mut mixer in mixers {
        connection
            .play(&mut mixer, || Some(None), true)
            .map_err(failed)?;
    }
    Ok(())
}

fn io_error(message: &str) -> io::Error {
    io::Error::other(message.to_string())
}

fn protocol_error(e: protocol::ProtocolError) -> io::Error {
    io::Error::other(e.to_string())
}

/// The server's socket: `server` if given, else where PulseAudio's own clients look
/// (`PULSE_SERVER`, `PULSE_RUNTIME_PATH`, `XDG_RUNTIME_DIR`).
fn socket_path(server: Option<PathBuf>) -> Option<PathBuf> {
    if server.is_some() {
        return server;
    }
    if let Ok(list) = std::env::var("PULSE_SERVER") {
        // A list of addresses; only local sockets are used.
        return list.split_whitespace().find_map(|address| {
            let path = address.strip_prefix("unix:").unwrap_or(address);
            path.starts_with('/').then(|| PathBuf::from(path))
        });
    }
    let runtime = std::env::var_os("PULSE_RUNTIME_PATH")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("XDG_RUNTIME_DIR").map(|d| PathBuf::from(d).join("pulse")))?;
    Some(runtime.join("native"))
}

/// The authentication cookie, if the server left one where clients look; otherwise zeros
/// (a server on the same machine trusts a client of the same user without it).
fn cookie() -> Vec<u8> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".config")));
    let places = [
        std::env::var_os("PULSE_COOKIE").map(PathBuf::from),
        config.map(|c| c.join("pulse/cookie")),
        home.map(|h| h.join(".pulse-cookie")),
    ];
    for path in places.into_iter().flatten() {
        let mut bytes = Vec::new();
        let read = std::fs::File::open(&path)
            .and_then(|f| f.take(COOKIE_LENGTH as u64).read_to_end(&mut bytes));
        if read.is_ok() && bytes.len() == COOKIE_LENGTH {
            return bytes;
        }
    }
    vec![0; COOKIE_LENGTH]
}

/// A connection to the server, introduced and named.
struct Connection {
    socket: UnixStream,
    version: u16,
    sequence: u32,
}

impl Connection {
    fn open(server: Option<PathBuf>) -> io::Result<Connection> {
        let path = socket_path(server).ok_or_else(|| io_error("no sound server"))?;
        let socket = UnixStream::connect(path)?;
        socket.set_read_timeout(Some(PATIENCE))?;
        socket.set_write_timeout(Some(PATIENCE))?;
        let mut connection = Connection {
            socket,
            version: protocol::MAX_VERSION,
            sequence: 0,
        };
        connection.send(Command::Auth(protocol::AuthParams {
            version: protocol::MAX_VERSION,
            supports_shm: false,
            supports_memfd: false,
            cookie: cookie(),
        }))?;
        let reply: protocol::AuthReply = connection.reply()?;
        connection.version = protocol::MAX_VERSION.min(reply.version);
        let mut props = Props::new();
        props.set(Prop::ApplicationName, c"Sanqi");
        props.set(Prop::ApplicationId, c"org.sanqi.Sanqi");
        connection.send(Command::SetClientName(props))?;
        let _: protocol::SetClientNameReply = connection.reply()?;
        Ok(connection)
    }

    fn send(&mut self, command: Command) -> io::Result<()> {
        self.sequence = self.sequence.wrapping_add(1);
        protocol::write_command_message(&mut self.socket, self.sequence, &command, self.version)
            .map_err(protocol_error)
    }

    /// Reads one whole packet: its descriptor and its payload, together.
    fn packet(&mut self) -> io::Result<(protocol::Descriptor, Vec<u8>)> {
        let mut head = [0u8; protocol::DESCRIPTOR_SIZE];
        self.socket.read_exact(&mut head)?;
        let descriptor =
            protocol::read_descriptor(&mut Cursor::new(&head[..])).map_err(protocol_error)?;
        if descriptor.length as usize > protocol::MAX_MEMBLOCKQ_LENGTH {
            return Err(io_error("a packet too long"));
        }
        let mut packet = head.to_vec();
        packet.resize(head.len() + descriptor.length as usize, 0);
        self.socket.read_exact(&mut packet[head.len()..])?;
        Ok((descriptor, packet))
    }

    /// The reply to the command just sent (the server answers commands in order; what it
    /// says about our streams meanwhile is of no use before the stream exists).
    fn reply<T: protocol::CommandReply>(&mut self) -> io::Result<T> {
        loop {
            let (descriptor, packet) = self.packet()?;
            if descriptor.channel != u32::MAX {
                continue;
            }
            // Which command it answers comes first; the answer to an earlier one (closing
            // the last stream, say) is skipped without reading it as this one's.
            let heading = protocol::read_command_message(&mut Cursor::new(&packet), self.version);
            match heading {
                Ok((seq, Command::Reply | Command::Error(_))) if seq == self.sequence => {
                    let mut cursor = Cursor::new(packet);
                    return protocol::read_reply_message::<T>(&mut cursor, self.version)
                        .map(|(_, reply)| reply)
                        .map_err(protocol_error);
                }
                _ => continue,
            }
        }
    }

    /// Waits until the server has played all it holds of the stream on `channel`.
    fn drain(&mut self, channel: u32) -> io::Result<()> {
        self.send(Command::DrainPlaybackStream(channel))?;
        let drained = self.sequence;
        loop {
            let (descriptor, packet) = self.packet()?;
            if descriptor.channel != u32::MAX {
                continue;
            }
            let mut cursor = Cursor::new(packet);
            if let Ok((seq, Command::Reply | Command::Error(_))) =
                protocol::read_command_message(&mut cursor, self.version)
                && seq == drained
            {
                return Ok(());
            }
        }
    }

    /// Opens a stream, plays the mixer to its end (with whatever `more` adds meanwhile:
    /// `Some(None)` for nothing new, `None` when no more will come), then closes the stream:
    /// after a short silence, or with `drain` once the server has played everything (which
    /// takes as long as the sound card's own buffer, up to seconds, during which no new sound
    /// could start).
    fn play(
        &mut self,
        mixer: &mut Mixer,
        mut more: impl FnMut() -> Option<Option<Voice>>,
        drain: bool,
    ) -> io::Result<()> {
        let bytes_per_ms = SAMPLE_RATE * 2 / 1000;
        let mut stream_props = Props::new();
        stream_props.set(Prop::MediaName, c"Sanqi");
        stream_props.set(Prop::MediaRole, c"game");
        self.send(Command::CreatePlaybackStream(
            protocol::PlaybackStreamParams {
                sample_spec: protocol::SampleSpec {
                    format: protocol::SampleFormat::S16Le,
                    channels: 1,
                    sample_rate: SAMPLE_RATE,
                },
                channel_map: protocol::ChannelMap::mono(),
                sink_name: Some(CString::from(protocol::DEFAULT_SINK)),
                buffer_attr: protocol::stream::BufferAttr {
                    target_length: BUFFER_MS * bytes_per_ms,
                    minimum_request_length: BUFFER_MS * bytes_per_ms / 4,
                    ..protocol::stream::BufferAttr::default()
                },
                cvolume: Some(protocol::ChannelVolume::norm(1)),
                props: stream_props,
                ..protocol::PlaybackStreamParams::default()
            },
        ))?;
        let stream: protocol::CreatePlaybackStreamReply = self.reply()?;
        let channel = stream.channel;
        let mut chunk = vec![0u8; stream.requested_bytes as usize];
        mixer.fill_s16le(&mut chunk);
        protocol::write_memblock(&mut self.socket, channel, &chunk, 0).map_err(protocol_error)?;
        let mut tail = TAIL_MS * bytes_per_ms;
        let mut hung_up = false;
        while tail > 0 {
            let (descriptor, packet) = self.packet()?;
            if descriptor.channel != u32::MAX {
                continue;
            }
            let mut cursor = Cursor::new(packet);
            let message = protocol::read_command_message(&mut cursor, self.version);
            match message {
                Ok((_, Command::Request(request))) if request.channel == channel => {
                    while !hung_up {
                        match more() {
                            Some(Some(voice)) => mixer.add(voice.sound.samples(), voice.gain),
                            Some(None) => break,
                            None => hung_up = true,
                        }
                    }
                    chunk.resize(request.length as usize, 0);
                    mixer.fill_s16le(&mut chunk);
                    protocol::write_memblock(&mut self.socket, channel, &chunk, 0)
                        .map_err(protocol_error)?;
                    if mixer.is_idle() {
                        tail = tail.saturating_sub(request.length);
                    } else {
                        tail = TAIL_MS * bytes_per_ms;
                    }
                }
                Ok((_, Command::PlaybackStreamKilled(c))) if c == channel => {
                    return Err(io_error("the server ended the stream"));
                }
                Ok((_, Command::Error(e))) => return Err(io_error(&format!("{e:?}"))),
                // Started, underflows, moves between sinks, replies we do not need: fine.
                _ => {}
            }
        }
        if drain {
            self.drain(channel)?;
        }
        self.send(Command::DeletePlaybackStream(channel))?;
        Ok(())
    }
}
