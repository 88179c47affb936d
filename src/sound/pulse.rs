//! Sound through a PulseAudio server (or PipeWire's, which speaks the same protocol), with
//! the `pulseaudio` crate's pure-Rust encoding of the native protocol over its Unix socket:
//! no system library at build time or at run time.
//!
//! One connection is kept for the life of the player, with one low-latency stream on it.
//! While sounds play, the server asks for a few milliseconds of samples at a time and the
//! mixer gives them, silence included, so a sound asked for joins the mix at the next request
//! and is heard within the stream's short buffer, over whatever else is playing. Once nothing
//! has played for a while the stream rests (corked, emptied of the silence it held), so that
//! an idle app neither wakes up nor keeps the sound card busy; by then everything written has
//! long been heard, so nothing is cut. Waking it needs no new stream, and while it exists the
//! server keeps the sink at the short latency it asked for.

use std::ffi::CString;
use std::io::{self, Cursor, Read};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::time::Duration;

use pulseaudio::protocol::{self, Command, Prop, Props};

use super::{Message, Mixer, SAMPLE_RATE, Sound, SoundError};

/// How long the server may keep us waiting before the connection is given up.
const PATIENCE: Duration = Duration::from_secs(5);
/// The whole latency asked of the server, stream and sink together: how long after it is
/// mixed a sample is heard.
const TARGET_MS: u32 = 20;
/// The least the server asks for at a time: how long a new sound may wait to join the mix.
const REQUEST_MS: u32 = 4;
/// Silence asked for after the last sound that is more than the server and the sink can
/// hold: by then the sound has been played to its end.
const HEARD_MS: u32 = 4 * TARGET_MS;
/// How long the stream stays open after the last sound has ended.
const IDLE_MS: u32 = 1500;
/// The length of the authentication cookie the protocol carries.
const COOKIE_LENGTH: usize = 256;
/// Bytes of one millisecond of our samples (mono, 16 bits).
const BYTES_PER_MS: u32 = SAMPLE_RATE * 2 / 1000;

/// Plays every sound received until the sending side hangs up. A sound that cannot be
/// played (no server, a server that went away) is dropped, silently; a
/// [`Message::Finish`] hears why.
pub fn serve(server: Option<PathBuf>, receiver: Receiver<Message>) {
    let mut connection: Option<Connection> = None;
    let mut mixer = Mixer::default();
    let mut failure: Option<String> = None;
    let mut waiting: Vec<Sender<Result<(), SoundError>>> = Vec::new();
    while let Ok(message) = receiver.recv() {
        match message {
            Message::Play(voice) => mixer.add(voice.sound.samples(), voice.gain),
            // The sounds are made, and the stream opened now and played silent for a moment
            // before it rests, as after any sound: the sink takes the stream's short latency
            // from now on rather than with the first sound.
            Message::Prepare => {
                let _ = Sound::Place.samples();
                if connection.as_ref().is_some_and(|c| c.stream.is_some()) {
                    continue;
                }
            }
            Message::Finish(reply) => {
                let _ = reply.send(failure.take().map_or(Ok(()), |e| Err(SoundError(e))));
                continue;
            }
        }
        // A connection kept from earlier sounds may have been closed by the server since:
        // then one new connection is tried before the sound is given up.
        let mut played = Err(io_error("no sound server"));
        for _ in 0..2 {
            let reused = connection.is_some();
            if connection.is_none() {
                connection = match Connection::open(server.clone()) {
                    Ok(c) => Some(c),
                    Err(e) => {
                        played = Err(e);
                        break;
                    }
                };
            }
            if let Some(c) = &mut connection {
                played = c.play(&mut mixer, &receiver, &mut waiting);
            }
            if played.is_ok() {
                break;
            }
            connection = None;
            if !reused {
                break;
            }
        }
        match played {
            Ok(()) => {
                for reply in waiting.drain(..) {
                    let _ = reply.send(Ok(()));
                }
            }
            Err(e) => {
                // What was playing is dropped; the next sound starts afresh.
                mixer = Mixer::default();
                let message = format!("the sound server failed: {e}");
                for reply in waiting.drain(..) {
                    let _ = reply.send(Err(SoundError(message.clone())));
                }
                failure = Some(message);
            }
        }
    }
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
    /// The channel of our playback stream, once opened.
    stream: Option<u32>,
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
            stream: None,
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
    /// says about our streams meanwhile is of no use here).
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

    /// Plays the mixer on our low-latency stream (opened, or woken from its rest), adding each
    /// sound `receiver` brings as it comes, until nothing has played for [`IDLE_MS`] (or,
    /// when the sender hangs up or a [`Message::Finish`] waits for the end, until the last
    /// sound has been heard); then lets the stream rest. Whoever waits for the end is put in
    /// `waiting`, to be told once this returns.
    fn play(
        &mut self,
        mixer: &mut Mixer,
        receiver: &Receiver<Message>,
        waiting: &mut Vec<Sender<Result<(), SoundError>>>,
    ) -> io::Result<()> {
        let channel = match self.stream {
            Some(channel) => {
                // Woken: the server asks for the samples the rest emptied.
                self.send(Command::CorkPlaybackStream(
                    protocol::stream::CorkStreamParams {
                        channel,
                        cork: false,
                    },
                ))?;
                channel
            }
            None => self.open_stream(mixer)?,
        };
        let mut chunk = Vec::new();
        let mut idle = 0u32;
        let mut hung_up = false;
        loop {
            let (descriptor, packet) = self.packet()?;
            if descriptor.channel != u32::MAX {
                continue;
            }
            let mut cursor = Cursor::new(packet);
            let message = protocol::read_command_message(&mut cursor, self.version);
            match message {
                Ok((_, Command::Request(request))) if request.channel == channel => {
                    // Every sound asked for since the last request joins the mix now.
                    while !hung_up {
                        match receiver.try_recv() {
                            Ok(Message::Play(voice)) => {
                                mixer.add(voice.sound.samples(), voice.gain);
                            }
                            Ok(Message::Finish(reply)) => waiting.push(reply),
                            Ok(Message::Prepare) => {}
                            Err(TryRecvError::Empty) => break,
                            Err(TryRecvError::Disconnected) => hung_up = true,
                        }
                    }
                    chunk.resize(request.length as usize, 0);
                    mixer.fill_s16le(&mut chunk);
                    protocol::write_memblock(&mut self.socket, channel, &chunk, 0)
                        .map_err(protocol_error)?;
                    if !mixer.is_idle() {
                        idle = 0;
                        continue;
                    }
                    idle = idle.saturating_add(request.length);
                    // The server asks for samples as it plays them: once it has asked for
                    // more than it holds since the last sound ended, that sound has been
                    // played to its end.
                    let heard = idle >= HEARD_MS * BYTES_PER_MS;
                    if heard && (hung_up || !waiting.is_empty()) || idle >= IDLE_MS * BYTES_PER_MS {
                        return self.rest(channel);
                    }
                }
                Ok((_, Command::PlaybackStreamKilled(c))) if c == channel => {
                    self.stream = None;
                    return Err(io_error("the server ended the stream"));
                }
                Ok((_, Command::Error(e))) => return Err(io_error(&format!("{e:?}"))),
                // Started, underflows, moves between sinks, replies we do not need: fine.
                _ => {}
            }
        }
    }

    /// Opens our stream, asking for a short latency, and gives it the mixer's first samples;
    /// its channel.
    fn open_stream(&mut self, mixer: &mut Mixer) -> io::Result<u32> {
        let mut stream_props = Props::new();
        stream_props.set(Prop::MediaName, c"Sanqi");
        stream_props.set(Prop::MediaRole, c"game");
        // The latency asked for is the whole way to the ear, the sink's own buffer included:
        // the server makes the sink's that short for as long as the stream exists.
        let flags = protocol::stream::StreamFlags {
            adjust_latency: true,
            ..protocol::stream::StreamFlags::default()
        };
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
                    target_length: TARGET_MS * BYTES_PER_MS,
                    minimum_request_length: REQUEST_MS * BYTES_PER_MS,
                    ..protocol::stream::BufferAttr::default()
                },
                cvolume: Some(protocol::ChannelVolume::norm(1)),
                props: stream_props,
                flags,
                ..protocol::PlaybackStreamParams::default()
            },
        ))?;
        let stream: protocol::CreatePlaybackStreamReply = self.reply()?;
        let mut chunk = vec![0u8; stream.requested_bytes as usize];
        mixer.fill_s16le(&mut chunk);
        protocol::write_memblock(&mut self.socket, stream.channel, &chunk, 0)
            .map_err(protocol_error)?;
        self.stream = Some(stream.channel);
        Ok(stream.channel)
    }

    /// Lets the stream rest between sounds: what it holds (silence by now) is dropped and it
    /// is corked, so that the server asks nothing of us and the sound card may sleep. It
    /// stays open, so that the next sound needs no new stream, and the sink keeps the short
    /// latency it asked for.
    fn rest(&mut self, channel: u32) -> io::Result<()> {
        self.send(Command::FlushPlaybackStream(channel))?;
        self.send(Command::CorkPlaybackStream(
            protocol::stream::CorkStreamParams {
                channel,
                cork: true,
            },
        ))
    }
}
