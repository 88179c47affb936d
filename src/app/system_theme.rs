//! The system's preference for light or dark, where the windowing layer does not tell it.
//!
//! On Windows and macOS egui hears it from the window system. On Linux it is the desktop
//! portal's `color-scheme` setting (GNOME, KDE and the others publish it there), read over
//! D-Bus on a thread of its own, at start and again whenever the window comes back to the
//! front (someone who changed it went to the system's settings to do so). The answer becomes
//! egui's fallback theme, which egui uses when the app follows the system and the window
//! system says nothing. No portal, no bus: the app stays light and says nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use egui::Theme;

/// Reads the system's preference in the background, one read at a time.
#[derive(Clone, Default)]
pub struct SystemTheme {
    reading: Arc<AtomicBool>,
}

impl SystemTheme {
    /// Reads the preference again, unless a read is under way; egui is told the answer and
    /// the window redrawn in it.
    pub fn refresh(&self, ctx: &egui::Context) {
        if self.reading.swap(true, Ordering::AcqRel) {
            return;
        }
        let reading = Arc::clone(&self.reading);
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("system theme".into())
            .spawn(move || {
                if let Some(theme) = preferred() {
                    let before = ctx.options(|o| o.fallback_theme);
                    if before != theme {
                        ctx.options_mut(|o| o.fallback_theme = theme);
                        ctx.request_repaint();
                    }
                }
                reading.store(false, Ordering::Release);
            });
        if spawned.is_err() {
            self.reading.store(false, Ordering::Release);
        }
    }
}

/// The theme the portal's `color-scheme` asks for: 1 is dark, 2 light, 0 no preference.
#[cfg(all(unix, not(target_os = "macos")))]
fn preferred() -> Option<Theme> {
    match pollster::block_on(color_scheme()).ok()? {
        1 => Some(Theme::Dark),
        2 => Some(Theme::Light),
        _ => None,
    }
}

/// Elsewhere the window system tells egui itself.
#[cfg(not(all(unix, not(target_os = "macos"))))]
fn preferred() -> Option<Theme> {
    None
}

#[cfg(all(unix, not(target_os = "macos")))]
async fn color_scheme() -> zbus::Result<u32> {
    use zbus::zvariant::{OwnedValue, Value};
    let connection = zbus::connection::Builder::session()?
        .method_timeout(std::time::Duration::from_secs(3))
        .build()
        .await?;
    let key = ("org.freedesktop.appearance", "color-scheme");
    let call = |method: &'static str| {
        connection.call_method(
            Some("org.freedesktop.portal.Desktop"),
            "/org/freedesktop/portal/desktop",
            Some("org.freedesktop.portal.Settings"),
            method,
            &key,
        )
    };
    // `ReadOne` answers the value itself; the older `Read` wraps it in one more variant.
    let value: OwnedValue = match call("ReadOne").await {
        Ok(reply) => reply.body().deserialize()?,
        Err(_) => call("Read").await?.body().deserialize()?,
    };
    let value = match &*value {
        Value::Value(inner) => inner.try_clone()?,
        other => other.try_clone()?,
    };
    Ok(u32::try_from(value)?)
}
