//! Which lesson steps the learner has done, kept between runs in `lessons.json` by the store
//! (versioned JSON, written atomically, set aside if it cannot be read).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::Course;

/// The version of `lessons.json` this build writes and the newest it reads.
pub const LESSONS_VERSION: u32 = 1;

/// The steps done, per course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LessonProgress {
    /// The file format version ([`LESSONS_VERSION`]).
    pub version: u32,
    /// Keyed by the course's id; the ids of its steps that are done. Ids this build does not
    /// know (from a newer one) are kept as they are.
    pub done: BTreeMap<String, BTreeSet<String>>,
}

impl Default for LessonProgress {
    fn default() -> Self {
        LessonProgress {
            version: LESSONS_VERSION,
            done: BTreeMap::new(),
        }
    }
}

impl LessonProgress {
    /// Whether step `index` of `course` is done.
    pub fn is_done(&self, course: Course, index: usize) -> bool {
        course.steps().get(index).is_some_and(|step| {
            self.done
                .get(course.id())
                .is_some_and(|steps| steps.contains(step.id))
        })
    }

    /// Marks step `index` of `course` done; returns whether that changed anything.
    pub fn mark_done(&mut self, course: Course, index: usize) -> bool {
        let Some(step) = course.steps().get(index) else {
            return false;
        };
        self.done
            .entry(course.id().to_string())
            .or_default()
            .insert(step.id.to_string())
    }

    /// How many steps of `course` are done.
    pub fn done_count(&self, course: Course) -> usize {
        (0..course.steps().len())
            .filter(|&i| self.is_done(course, i))
            .count()
    }

    /// The first step of `course` not done yet, or the first step if all are.
    pub fn next_step(&self, course: Course) -> usize {
        (0..course.steps().len())
            .find(|&i| !self.is_done(course, i))
            .unwrap_or(0)
    }

    /// The first course with a step not done yet, or the first course if all are done.
    pub fn next_course(&self) -> Course {
        Course::ALL
            .into_iter()
            .find(|&c| self.done_count(c) < c.steps().len())
            .unwrap_or(Course::ALL[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_marked_once_and_counted() {
        let mut progress = LessonProgress::default();
        assert_eq!(progress.next_course(), Course::Neihuang);
        assert!(progress.mark_done(Course::Flying, 0));
        assert!(!progress.mark_done(Course::Flying, 0));
        assert!(!progress.mark_done(Course::Flying, 999));
        assert!(progress.is_done(Course::Flying, 0));
        assert!(!progress.is_done(Course::Neihuang, 0));
        assert_eq!(progress.done_count(Course::Flying), 1);
        assert_eq!(progress.next_step(Course::Flying), 1);
        for course in Course::ALL {
            for i in 0..course.steps().len() {
                progress.mark_done(course, i);
            }
        }
        assert_eq!(progress.next_course(), Course::ALL[0]);
        assert_eq!(progress.next_step(Course::Wudao), 0);
    }

    #[test]
    fn unknown_steps_survive_a_round_trip() {
        let json = r#"{"version": 1, "done": {"flying": ["sliding", "from-the-future"]}}"#;
        let progress: LessonProgress = serde_json::from_str(json).unwrap_or_default();
        assert!(progress.is_done(Course::Flying, 0));
        let again = serde_json::to_string(&progress).unwrap_or_default();
        assert!(again.contains("from-the-future"), "{again}");
    }
}
