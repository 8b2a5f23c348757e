//! Settings that persist between runs: animation speed, seed-count labels, reduced motion, high
//! contrast, the interface scale, sound volume and
//! mute, language, the players last chosen on the title screen, the camera view, and the reading
//! of Kujifunza's kichwa rule. They are read at start and
//! written a moment after they change; a settings file that cannot be read gives the defaults
//! and a warning, and is only replaced once a setting is changed.

use super::Notice;
use crate::audio::SoundSettings;
use crate::camera::CameraView;
use crate::core::CoreSet;
use crate::core::{DEFAULT_SEATS, Quality, Seat, Settings, StartGame};
use crate::i18n::{I18n, Language};
use crate::storage::Storage;
use bao_engine::Variant;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The storage key of the settings.
pub const SETTINGS_KEY: &str = "settings";
/// The settings format this version writes.
const FORMAT: u32 = 1;
/// Seconds a change must stand before it is written (a slider being dragged is written once).
const SETTLE: f32 = 0.4;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoundSettings>()
        .init_resource::<ChosenSeats>()
        .init_resource::<CameraView>()
        .init_resource::<Persisted>()
        // A kiosk starts from its own configuration every time, and its visitors' choices are
        // not kept for the next visitor.
        .add_systems(Startup, load.run_if(super::remembers))
        .add_systems(Update, remember_seats.in_set(CoreSet::Session))
        .add_systems(Last, save.run_if(super::remembers));
}

/// The players last chosen for a new game (South, North); the title screen starts with them
/// and "take over from here" uses them.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChosenSeats(pub [Seat; 2]);

impl Default for ChosenSeats {
    fn default() -> Self {
        ChosenSeats(DEFAULT_SEATS)
    }
}

/// The settings file.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct SavedSettings {
    /// The format version.
    pub format: u32,
    /// Animation speed, 0.25× to 4×.
    pub anim_speed: f32,
    /// Each pit shows its seed count.
    pub show_counts: bool,
    /// Each pit shows its name. Files written before it existed read as off.
    pub show_pit_names: bool,
    /// Each move is captioned step by step. A file without it reads as the default (on).
    pub explain_moves: bool,
    /// "Explain moves" was set by hand. Files written before it existed read as not.
    pub explain_chosen: bool,
    /// Games finished. Files written before it existed read as none.
    pub games_finished: u32,
    /// No circling camera, no flying seeds. Files written before it existed read as off.
    pub reduced_motion: bool,
    /// The overlay's high-contrast palette. Files written before it existed read as off.
    pub high_contrast: bool,
    /// The interface scale, 1 to 2. Files written before it existed read as 1.
    pub ui_scale: f32,
    /// Face to face (two players across a table). Files written before it existed read as off.
    pub face_to_face: bool,
    /// Sound volume, 0 to 1.
    pub volume: f32,
    /// All sound off.
    pub muted: bool,
    /// The information cues' volume ("your turn", "not that"), 0 to 1.
    pub cues: f32,
    /// The language code (`en`, `de`, `nl`, `sw`); absent: the system's language.
    pub language: Option<String>,
    /// South's player: `human` or a computer level id.
    pub south: String,
    /// North's player.
    pub north: String,
    /// The camera's turn away from the board's home view, radians (-π to π).
    pub camera_yaw: f32,
    /// The camera's angle above the table, radians.
    pub camera_pitch: f32,
    /// The camera's distance as a share of the home view's.
    pub camera_zoom: f32,
    /// The reading of Bao la Kujifunza's kichwa rule new games use: `kujifunza` (KU-8) or
    /// `kujifunza-choice` (KU-8c). Files written before it existed read as `kujifunza`.
    pub kujifunza_rules: String,
    /// The picture's quality, `high` or `standard`; empty or absent: chosen by the renderer.
    pub quality: String,
}

impl Default for SavedSettings {
    fn default() -> Self {
        saved(
            &Settings::default(),
            &SoundSettings::default(),
            None,
            DEFAULT_SEATS,
            &CameraView::default(),
        )
    }
}

impl SavedSettings {
    /// Reads the settings file; values out of range are brought into range.
    ///
    /// # Errors
    /// Why the text is not a settings file (the caller falls back to the defaults).
    pub fn from_json(text: &str) -> Result<SavedSettings, String> {
        let mut saved: SavedSettings = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if saved.format > FORMAT {
            return Err(format!(
                "the settings have format {}, newer than this version reads ({FORMAT})",
                saved.format
            ));
        }
        let defaults = SavedSettings::default();
        saved.anim_speed = within(
            saved.anim_speed,
            Settings::MIN_SPEED..=Settings::MAX_SPEED,
            defaults.anim_speed,
        );
        saved.cues = within(saved.cues, 0.0..=1.0, defaults.cues);
        saved.ui_scale = within(
            saved.ui_scale,
            Settings::MIN_UI_SCALE..=Settings::MAX_UI_SCALE,
            defaults.ui_scale,
        );
        saved.volume = within(saved.volume, 0.0..=1.0, defaults.volume);
        let camera = saved.camera();
        saved.camera_yaw = camera.yaw;
        saved.camera_pitch = camera.pitch;
        saved.camera_zoom = camera.zoom;
        Ok(saved)
    }

    /// The settings as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    fn language(&self) -> Option<Language> {
        let code = self.language.as_deref()?;
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The camera view, brought into range.
    pub fn camera(&self) -> CameraView {
        CameraView {
            yaw: self.camera_yaw,
            pitch: self.camera_pitch,
            zoom: self.camera_zoom,
        }
        .clamped()
    }

    /// The remembered Kujifunza reading; anything that is not one gives the written rules.
    fn kujifunza(&self) -> Variant {
        self.kujifunza_rules
            .parse::<Variant>()
            .ok()
            .filter(|v| v.is_kujifunza())
            .unwrap_or(Variant::Kujifunza)
    }

    fn seats(&self) -> [Seat; 2] {
        [
            super::seat_of_id(&self.south),
            super::seat_of_id(&self.north),
        ]
    }
}

/// `value` brought into `range`; the default where it is not a number (NaN, infinite).
fn within(value: f32, range: std::ops::RangeInclusive<f32>, default: f32) -> f32 {
    if value.is_finite() {
        value.clamp(*range.start(), *range.end())
    } else {
        default
    }
}

/// What the settings file holds now, and a change waiting to be written.
#[derive(Resource, Default, Debug)]
struct Persisted {
    written: Option<SavedSettings>,
    /// A change not yet written, and the time it was first seen.
    pending: Option<(SavedSettings, f32)>,
    warned: bool,
}

/// The settings file's contents for the values in use (the language chosen or the system's).
fn current(
    settings: &Settings,
    sound: &SoundSettings,
    i18n: &I18n,
    seats: &ChosenSeats,
    camera: &CameraView,
) -> SavedSettings {
    saved(settings, sound, Some(i18n.language()), seats.0, camera)
}

/// The settings file's contents for these values (`language`: `None` for the system's).
fn saved(
    settings: &Settings,
    sound: &SoundSettings,
    language: Option<Language>,
    seats: [Seat; 2],
    camera: &CameraView,
) -> SavedSettings {
    SavedSettings {
        format: FORMAT,
        anim_speed: settings.anim_speed,
        show_counts: settings.show_counts,
        show_pit_names: settings.show_pit_names,
        explain_moves: settings.explain_moves,
        explain_chosen: settings.explain_chosen,
        games_finished: settings.games_finished,
        reduced_motion: settings.reduced_motion,
        high_contrast: settings.high_contrast,
        ui_scale: settings.ui_scale,
        face_to_face: settings.face_to_face,
        volume: sound.volume,
        muted: sound.muted,
        cues: sound.cues,
        language: language.map(|l| l.code().to_owned()),
        south: seats[0].id(),
        north: seats[1].id(),
        camera_yaw: camera.yaw,
        camera_pitch: camera.pitch,
        camera_zoom: camera.zoom,
        kujifunza_rules: settings.kujifunza.id().to_owned(),
        quality: settings.quality.map_or("", Quality::id).to_owned(),
    }
}

/// The values the settings file keeps, read from their resources.
#[derive(SystemParam)]
struct KeptSettings<'w> {
    settings: Res<'w, Settings>,
    sound: Res<'w, SoundSettings>,
    i18n: Res<'w, I18n>,
    seats: Res<'w, ChosenSeats>,
    camera: Res<'w, CameraView>,
}

impl KeptSettings<'_> {
    /// What the settings file would hold now.
    fn current(&self) -> SavedSettings {
        current(
            &self.settings,
            &self.sound,
            &self.i18n,
            &self.seats,
            &self.camera,
        )
    }
}

/// The values the settings file keeps, in their resources, to be set from it.
#[derive(SystemParam)]
struct KeptSettingsMut<'w> {
    settings: ResMut<'w, Settings>,
    sound: ResMut<'w, SoundSettings>,
    i18n: ResMut<'w, I18n>,
    seats: ResMut<'w, ChosenSeats>,
    camera: ResMut<'w, CameraView>,
}

impl KeptSettingsMut<'_> {
    /// What the settings file would hold now.
    fn current(&self) -> SavedSettings {
        current(
            &self.settings,
            &self.sound,
            &self.i18n,
            &self.seats,
            &self.camera,
        )
    }

    /// Sets every kept value to the file's.
    fn restore(&mut self, saved: &SavedSettings) {
        let settings = &mut self.settings;
        settings.anim_speed = saved.anim_speed;
        settings.show_counts = saved.show_counts;
        settings.show_pit_names = saved.show_pit_names;
        settings.explain_moves = saved.explain_moves;
        settings.explain_chosen = saved.explain_chosen;
        settings.games_finished = saved.games_finished;
        settings.reduced_motion = saved.reduced_motion;
        settings.high_contrast = saved.high_contrast;
        settings.ui_scale = saved.ui_scale;
        settings.face_to_face = saved.face_to_face;
        settings.kujifunza = saved.kujifunza();
        settings.quality = Quality::of_id(&saved.quality);
        self.sound.volume = saved.volume;
        self.sound.muted = saved.muted;
        self.sound.cues = saved.cues;
        if let Some(language) = saved.language() {
            self.i18n.restore_language(language);
        }
        self.seats.0 = saved.seats();
        self.camera.set_if_neq(saved.camera());
    }
}

/// Sets the kept values from the settings file at start; a file that cannot be read leaves the
/// defaults and tells why.
fn load(
    storage: Res<Storage>,
    mut kept: KeptSettingsMut,
    mut persisted: ResMut<Persisted>,
    mut notice: ResMut<Notice>,
) {
    match read_settings_file(&storage) {
        Ok(Some(saved)) => kept.restore(&saved),
        Ok(None) => {}
        // The broken file stays until a setting is changed.
        Err(why) => *notice = Notice::SettingsBroken(why),
    }
    persisted.written = Some(kept.current());
}

/// The settings file; none before one is written, and why (warned) where it cannot be read.
fn read_settings_file(storage: &Storage) -> Result<Option<SavedSettings>, String> {
    match storage.read(SETTINGS_KEY) {
        Ok(Some(text)) => SavedSettings::from_json(&text).map(Some).map_err(|why| {
            warn!("the settings file cannot be read ({why}); using the defaults");
            why
        }),
        Ok(None) => Ok(None),
        Err(error) => {
            warn!("the settings cannot be read ({error}); using the defaults");
            Err(error.to_string())
        }
    }
}

/// The players of every new game are the ones remembered.
fn remember_seats(mut starts: MessageReader<StartGame>, mut seats: ResMut<ChosenSeats>) {
    if let Some(start) = starts.read().last() {
        seats.0 = start.seats;
    }
}

/// Writes the settings file once a change has stood for [`SETTLE`] seconds (at once when the
/// program ends).
fn save(
    time: Res<Time>,
    storage: Res<Storage>,
    kept: KeptSettings,
    exits: MessageReader<AppExit>,
    mut persisted: ResMut<Persisted>,
) {
    let now = kept.current();
    let Some(written) = persisted.written.as_ref() else {
        // Not loaded yet.
        return;
    };
    if *written == now {
        persisted.pending = None;
        return;
    }
    let since = match &persisted.pending {
        Some((pending, since)) if *pending == now => *since,
        _ => time.elapsed_secs(),
    };
    let exiting = !exits.is_empty();
    if time.elapsed_secs() - since < SETTLE && !exiting {
        persisted.pending = Some((now, since));
        return;
    }
    match storage.write(SETTINGS_KEY, &now.to_json()) {
        Ok(()) => persisted.warned = false,
        Err(error) => {
            if !persisted.warned {
                warn!("the settings could not be saved: {error}");
                persisted.warned = true;
            }
        }
    }
    persisted.pending = None;
    persisted.written = Some(now);
}
