//! The app's commands that open lesson steps, and what a change to a step asks of the app:
//! its completion kept in the progress file.

use std::sync::Arc;
use std::time::Duration;

use super::SanqiApp;
use crate::app::error::AppError;
use crate::app::lessons::{Course, Lesson, LessonEnv, StepChanged};
use crate::app::screens::Screen;
use crate::app::session::Moment;

impl SanqiApp {
    /// Opens step `index` of `course`; a game being played is paused and kept, as on the
    /// home screen.
    pub(super) fn open_lesson(&mut self, course: Course, index: usize) -> Result<(), AppError> {
        let ctx = self.ctx.clone();
        let env = LessonEnv {
            time: self.options.time.clone(),
            ai: self.options.ai,
            seed: self.options.seed.unwrap_or_else(rand::random::<u64>),
            // A scripted reply waits a little longer than the computer's actions, so that the
            // learner sees what they did first; a demonstration shows where a step ends.
            reply_delay: if self.options.demo.is_some() {
                Duration::ZERO
            } else {
                self.step_delay() * 2
            },
            notify: Arc::new(move || ctx.request_repaint()),
        };
        let lesson = Lesson::new(course, index, env).ok_or(AppError::LessonUnavailable)?;
        self.go_home();
        self.lesson = Some(lesson);
        self.screen = Screen::Learn;
        self.dialogs.close_modal();
        Ok(())
    }

    /// Changes the lesson step on the screen; a step just completed is kept in the progress.
    pub(super) fn change_lesson(
        &mut self,
        change: impl FnOnce(&mut Lesson, Moment) -> StepChanged,
    ) {
        let at = self.moment();
        let Some(lesson) = &mut self.lesson else {
            return;
        };
        let changed = change(lesson, at);
        if changed.completed && self.lessons.mark_done(lesson.course(), lesson.index()) {
            self.save_lessons();
        }
    }

    fn save_lessons(&mut self) {
        if !self.keeps_files {
            return;
        }
        if let Err(e) = self.store.save_lessons(&self.lessons) {
            self.report_save_error(e);
        }
    }

    /// Asks for the next frame when the lesson will change: an animation, a scripted reply,
    /// the computer's answer, the clock's next second.
    pub(super) fn schedule_lesson_repaint(&self) {
        let Some(lesson) = &self.lesson else {
            return;
        };
        let now = self.ctx.input(|i| i.time);
        if lesson.has_ready_reply() || lesson.session().is_animating(now) {
            self.ctx.request_repaint();
        }
        if let Some(wait) = lesson.next_change() {
            self.ctx.request_repaint_after(wait);
        }
    }
}
