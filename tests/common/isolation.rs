//! Every test process gets a data folder of its own: nothing a test runs in-process reaches
//! the user's own folder.

/// This test process's own data folder, named for the whole process on first use (see
/// `sanqi::data_dir::set_for_process`), so that the library called in this process (the
/// command line run in-process, the app in a test window) never reads or writes the user's
/// folder. It lies inside a fresh temporary folder and does not exist until something makes it.
pub fn isolated_data_dir() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let root = tempfile::Builder::new()
            .prefix("sanqi-test-")
            .tempdir()
            .expect("a temporary folder")
            .keep();
        let dir = root.join("data");
        if !sanqi::data_dir::set_for_process(dir.clone()) {
            // Someone named another folder first: use that one.
            return sanqi::data_dir::for_process().expect("a folder was named");
        }
        dir
    })
}
