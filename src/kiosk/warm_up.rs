//! The kiosk's warm-up after each start: the renderer compiles the pipelines of what the first
//! frames show, and on a software renderer (Mesa's llvmpipe, a machine without a GPU driver)
//! one pipeline can take seconds, a frame then far longer than the service's watchdog allows.
//! So the service's start is guarded more loosely (`bao --kiosk-wait-for-screen` asks systemd
//! for [`START_WATCHDOG`] before the compositor starts) and the game gives the unit's own
//! watchdog back once its pipelines are compiled (`service.rs`).
//!
//! This file counts the pipelines the renderer is still waiting for, frame by frame, and says
//! when the warm-up is over.

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{ExtractSchedule, MainWorld, RenderApp};
use std::time::Duration;

/// The watchdog the service runs under from the moment its compositor is about to start until
/// the game's warm-up is over: as long as the unit's `TimeoutStartSec=`, since it guards a start.
pub(super) const START_WATCHDOG: Duration = Duration::from_secs(300);

/// Frames in a row without a pipeline to compile that end the warm-up.
const SETTLED_FRAMES: u32 = 10;

/// The warm-up ends after this long even if pipelines keep coming (a shader whose source never
/// loads stays queued for ever): the game is drawing, so the unit's watchdog is fair again.
const WARM_UP_LIMIT: Duration = Duration::from_secs(240);

/// The render pipelines the renderer is still waiting for (queued or being compiled), as of the
/// last frame's extraction; `None` before the first one.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PipelinesWaiting(pub(super) Option<usize>);

/// The warm-up as it goes: frames seen without a pipeline waiting.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct WarmUp {
    /// When the first drawn frame was seen (real seconds); the warm-up's clock.
    started: Option<f32>,
    /// Frames in a row with no pipeline waiting.
    settled: u32,
    /// The warm-up is over (it does not start again).
    over: bool,
}

impl WarmUp {
    /// Takes one frame's count into account at `now` (real seconds); true when this frame ends
    /// the warm-up.
    pub(super) fn frame(&mut self, waiting: Option<usize>, now: f32) -> bool {
        if self.over {
            return false;
        }
        let started = *self.started.get_or_insert(now);
        self.settled = match waiting {
            Some(0) => self.settled + 1,
            // Counted from the renderer's first extraction only.
            Some(_) | None => 0,
        };
        self.over = self.settled >= SETTLED_FRAMES || now - started >= WARM_UP_LIMIT.as_secs_f32();
        self.over
    }

    /// Seconds since the warm-up began.
    pub(super) fn lasted(&self, now: f32) -> f32 {
        self.started.map_or(0.0, |started| now - started)
    }
}

/// Counts the renderer's waiting pipelines into the main world's [`PipelinesWaiting`].
pub(super) struct WarmUpPlugin;

impl Plugin for WarmUpPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PipelinesWaiting>()
            .init_resource::<WarmUp>();
    }

    // In `finish`: the renderer's sub-app exists once every plugin is built.
    fn finish(&self, app: &mut App) {
        if let Some(render) = app.get_sub_app_mut(RenderApp) {
            render.add_systems(ExtractSchedule, count_waiting_pipelines);
        }
    }
}

/// In the render world's extraction, the one place where it may write to the main world.
fn count_waiting_pipelines(mut main_world: ResMut<MainWorld>, pipelines: Res<PipelineCache>) {
    if let Some(mut waiting) = main_world.get_resource_mut::<PipelinesWaiting>() {
        waiting.0 = Some(pipelines.waiting_pipelines().count());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_warm_up_ends_after_frames_in_a_row_without_a_pipeline_waiting() {
        let mut warm = WarmUp::default();
        // Before the renderer's first count, and while pipelines wait: not over.
        assert!(!warm.frame(None, 0.0));
        for second in 1..20 {
            assert!(!warm.frame(Some(3), second as f32));
        }
        for frame in 1..SETTLED_FRAMES {
            assert!(!warm.frame(Some(0), 20.0 + frame as f32), "frame {frame}");
        }
        // A new pipeline starts the count again.
        assert!(!warm.frame(Some(1), 40.0));
        for frame in 1..SETTLED_FRAMES {
            assert!(!warm.frame(Some(0), 40.0 + frame as f32));
        }
        assert!(warm.frame(Some(0), 60.0));
        assert!(warm.over);
        assert_eq!(warm.lasted(60.0), 60.0);
        // Over is over: told once.
        assert!(!warm.frame(Some(5), 61.0));
        assert!(warm.over);
    }

    #[test]
    fn the_warm_up_ends_at_its_limit_however_many_pipelines_wait() {
        let mut warm = WarmUp::default();
        let limit = WARM_UP_LIMIT.as_secs_f32();
        assert!(!warm.frame(Some(2), 100.0));
        assert!(!warm.frame(Some(2), 100.0 + limit - 1.0));
        assert!(warm.frame(Some(2), 100.0 + limit));
    }
}
