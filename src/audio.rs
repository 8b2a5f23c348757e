//! The game's sounds, synthesised at start (no sound files): a soft wooden click for each seed
//! dropped, a fuller clack for relay pick-ups, a deep double knock for a capture, a short
//! three-note cue at the end of a game; and two cues that carry information for a player who is
//! not watching the board, with their own volume: two rising notes when it becomes a person's
//! turn, and a low falling pair when a click did nothing (an illegal move). They are timed on the animation clock, so that a click is heard when the seed
//! lands, and rate-limited, so that a fast relay is a patter rather than a roar.

use crate::anim::{SkipMove, StepShown};
use crate::core::{Busy, Screen, Session, SessionReplaced, Settings};
use crate::seeds::AnimClock;
use bao_engine::Step;
use bevy::audio::Volume;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Sounds and their settings. Needs Bevy's audio and asset plugins (not in headless tests).
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SoundSettings>()
        .init_resource::<Interacted>()
        .init_resource::<Cues>()
        .add_systems(Startup, make_sounds)
        .add_systems(
            Update,
            (notice_interaction, collect_cues, play_cues)
                .chain()
                .after(crate::core::CoreSet::Sync),
        )
        .add_systems(OnExit(Screen::Playing), clear_cues);
}

/// Volume and mute, kept with the settings.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SoundSettings {
    /// 0 (silent) to 1 (full).
    pub volume: f32,
    /// No sound at all.
    pub muted: bool,
    /// The information cues ("your turn", "not that"), 0 (silent) to 1, apart from the volume
    /// of the seeds.
    pub cues: f32,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings {
            volume: 0.7,
            muted: false,
            cues: 0.8,
        }
    }
}

/// Whether the person has touched, clicked or typed yet: browsers refuse sound before that.
#[derive(Resource, Clone, Copy, Debug)]
struct Interacted(bool);

impl Default for Interacted {
    fn default() -> Self {
        // The desktop may play at once; a browser only after the first interaction.
        Interacted(!cfg!(target_arch = "wasm32"))
    }
}

/// The sample rate of the synthesised sounds: plenty for clicks, and small.
const SAMPLE_RATE: u32 = 22_050;

/// What a sound is for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Cue {
    /// A seed lands in a pit that then holds `fill` seeds.
    Drop { fill: u8 },
    /// The seeds of a pit are lifted into the hand (a softer click).
    Lift,
    /// A relay pick-up: several seeds at once.
    Clack,
    /// Seeds are captured (or a toll taken).
    Capture,
    /// It has become a person's turn.
    YourTurn,
    /// A click did nothing: the pit cannot start a move, or it is not the person's turn.
    Refused,
    /// The game is over.
    End,
}

/// The sound assets.
#[derive(Resource)]
struct Sounds {
    clicks: Vec<Handle<AudioSource>>,
    clack: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    your_turn: Handle<AudioSource>,
    refused: Handle<AudioSource>,
    end: Handle<AudioSource>,
}

/// Sounds waiting for their moment on the animation clock.
#[derive(Resource)]
struct Cues {
    queue: Vec<(f32, Cue)>,
    /// Real time of the last click played (for the rate limit).
    last_click: f32,
    /// The last frame had a move being animated (the cue plays when the last move ends).
    was_animating: bool,
    /// The last frame it was a person's turn (the cue plays when it becomes one).
    was_human_turn: bool,
    /// The feedback shown last frame (the cue plays when a new refusal is shown).
    last_feedback: Option<crate::core::Feedback>,
    rng: Xoshiro256PlusPlus,
}

impl Default for Cues {
    fn default() -> Self {
        Cues {
            queue: Vec::new(),
            last_click: f32::NEG_INFINITY,
            was_animating: false,
            was_human_turn: false,
            last_feedback: None,
            rng: Xoshiro256PlusPlus::seed_from_u64(0xB0A0),
        }
    }
}

/// Clicks closer together than this (real seconds) are dropped: at 4× a relay would otherwise
/// start dozens of overlapping sounds.
const MIN_CLICK_GAP: f32 = 0.045;
/// At most this many effects sound at once.
const MAX_VOICES: usize = 8;

/// Each kind of sound as a WAV file in memory: four click variants, then the clack, the
/// capture, "your turn", "refused" and the end of a game.
fn synthesised_wavs() -> Vec<(&'static str, Vec<u8>)> {
    let mut wavs: Vec<(&'static str, Vec<u8>)> = CLICK_PITCHES
        .iter()
        .enumerate()
        .map(|(i, &f)| (CLICK_NAMES[i], wav(&click(f, i as u64))))
        .collect();
    wavs.push(("clack", wav(&clack())));
    wavs.push(("capture", wav(&capture())));
    wavs.push((
        "your-turn",
        wav(&notes(&[(659.25, 0.0), (880.0, 0.11)], 0.45)),
    ));
    wavs.push(("refused", wav(&notes(&[(233.08, 0.0), (196.0, 0.1)], 0.4))));
    wavs.push(("end", wav(&end_cue())));
    wavs
}

const CLICK_PITCHES: [f32; 4] = [1750.0, 2050.0, 2350.0, 2700.0];
const CLICK_NAMES: [&str; 4] = ["click-1", "click-2", "click-3", "click-4"];

fn make_sounds(mut commands: Commands, mut assets: ResMut<Assets<AudioSource>>) {
    let mut add = |bytes: Vec<u8>| {
        assets.add(AudioSource {
            bytes: bytes.into(),
        })
    };
    let mut clicks = Vec::new();
    let mut named = std::collections::HashMap::new();
    for (name, bytes) in synthesised_wavs() {
        if name.starts_with("click") {
            clicks.push(add(bytes));
        } else {
            named.insert(name, add(bytes));
        }
    }
    let mut take = |name: &str| named.remove(name).unwrap_or_default();
    commands.insert_resource(Sounds {
        clicks,
        clack: take("clack"),
        capture: take("capture"),
        your_turn: take("your-turn"),
        refused: take("refused"),
        end: take("end"),
    });
}

/// Browsers start sound only after a gesture: any press of a button, key or finger.
fn notice_interaction(
    mut interacted: ResMut<Interacted>,
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    touches: Res<Touches>,
) {
    if !interacted.0
        && (mouse.get_just_pressed().next().is_some()
            || keys.get_just_pressed().next().is_some()
            || touches.any_just_pressed())
    {
        interacted.0 = true;
    }
}

/// Turns the animation's steps into timed sounds, and the end of a game into the cue.
fn collect_cues(
    mut shown: MessageReader<StepShown>,
    mut skips: MessageReader<SkipMove>,
    mut replaced: MessageReader<SessionReplaced>,
    session: Res<Session>,
    busy: Res<Busy>,
    clock: Res<AnimClock>,
    mut cues: ResMut<Cues>,
) {
    // A skipped move, or another game on the board: the sounds still to come are dropped.
    let skipped = skips.read().count() > 0;
    if replaced.read().count() > 0 || skipped {
        cues.queue.clear();
    }
    for step in shown.read() {
        let fill = |pit| step.board.seeds(pit).unwrap_or(0);
        // When in the step the seeds land (see the flights in `anim::steps`).
        let (delay, cue) = match step.step {
            Step::Sow { pit } => (0.26, Cue::Drop { fill: fill(pit) }),
            Step::Lift { .. } => (0.1, Cue::Lift),
            Step::Relay { .. } => (0.2, Cue::Clack),
            Step::Capture { .. } => (0.25, Cue::Capture),
            Step::MoveToReserved { to, .. } => (0.5, Cue::Drop { fill: fill(to) }),
            Step::Toll { .. } => (0.15, Cue::Lift),
            Step::Choice { .. } | Step::ReEnter { .. } | Step::Reserve { .. } => continue,
        };
        cues.queue.push((step.start + delay, cue));
    }
    let animating = busy.moving;
    let now = clock.now;
    if cues.was_animating && !animating && session.game().outcome().is_over() {
        cues.queue.push((now + 0.3, Cue::End));
    }
    cues.was_animating = animating;
    let human_turn = session.human_to_move(&busy) && !busy.thinking;
    // Not at the very start of a game: the person has just chosen to play.
    if human_turn && !cues.was_human_turn && !session.game().moves().is_empty() {
        cues.queue.push((now + 0.15, Cue::YourTurn));
    }
    cues.was_human_turn = human_turn;
    if session.feedback() != cues.last_feedback {
        if session
            .feedback()
            .is_some_and(crate::core::Feedback::is_refusal)
        {
            cues.queue.push((now, Cue::Refused));
        }
        cues.last_feedback = session.feedback();
    }
}

/// What decides whether and how a cue sounds: the sounds made, the settings, whether the
/// browser allows sound yet, and the voices playing.
#[derive(SystemParam)]
struct Mixer<'w, 's> {
    time: Res<'w, Time<Real>>,
    settings: Res<'w, Settings>,
    sound: Res<'w, SoundSettings>,
    interacted: Res<'w, Interacted>,
    sounds: Option<Res<'w, Sounds>>,
    voices: Query<'w, 's, (), With<AudioSink>>,
}

/// Plays the cues whose moment on the animation clock has come, no more voices at once than
/// [`MAX_VOICES`] and no clicks closer together than [`MIN_CLICK_GAP`].
fn play_cues(mut commands: Commands, clock: Res<AnimClock>, mixer: Mixer, mut cues: ResMut<Cues>) {
    let due = cues.take_due(clock.now);
    let Some(sounds) = &mixer.sounds else { return };
    if mixer.sound.muted || !mixer.interacted.0 {
        return;
    }
    let mut voices = mixer.voices.iter().count();
    let speed = mixer
        .settings
        .anim_speed
        .clamp(Settings::MIN_SPEED, Settings::MAX_SPEED);
    for cue in due {
        let is_click = matches!(cue, Cue::Drop { .. } | Cue::Lift);
        let real = mixer.time.elapsed_secs();
        if voices >= MAX_VOICES || (is_click && real - cues.last_click < MIN_CLICK_GAP) {
            continue;
        }
        let Some((handle, gain, pitch)) = voice(cue, sounds, &mixer.sound, speed, &mut cues.rng)
        else {
            continue;
        };
        if is_click {
            cues.last_click = real;
        }
        voices += 1;
        commands.spawn((
            AudioPlayer(handle),
            PlaybackSettings::DESPAWN
                .with_volume(Volume::Linear(gain))
                .with_speed(pitch),
        ));
    }
}

impl Cues {
    /// The cues whose moment on the animation clock has come, taken from the queue.
    fn take_due(&mut self, now: f32) -> Vec<Cue> {
        let (due, waiting): (Vec<_>, Vec<_>) = self.queue.drain(..).partition(|(t, _)| *t <= now);
        self.queue = waiting;
        due.into_iter().map(|(_, c)| c).collect()
    }
}

/// The sound of `cue`, its gain and its pitch; none if it would be silent. The seeds' sounds
/// follow the volume, the information cues their own.
fn voice(
    cue: Cue,
    sounds: &Sounds,
    sound: &SoundSettings,
    speed: f32,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<(Handle<AudioSource>, f32, f32)> {
    let jitter = rng.random_range(-0.03..0.03);
    let (handle, gain, pitch) = match cue {
        Cue::Drop { fill } => {
            let i = rng.random_range(0..sounds.clicks.len().max(1));
            let (gain, pitch) = drop_voice(fill, speed);
            (
                sounds.clicks.get(i).cloned(),
                gain * sound.volume,
                pitch + jitter,
            )
        }
        Cue::Lift => (
            sounds.clicks.first().cloned(),
            0.35 * sound.volume,
            0.8 + jitter,
        ),
        Cue::Clack => (Some(sounds.clack.clone()), 0.8 * sound.volume, 1.0 + jitter),
        Cue::Capture => (
            Some(sounds.capture.clone()),
            0.9 * sound.volume,
            1.0 + jitter,
        ),
        Cue::End => (Some(sounds.end.clone()), 0.7 * sound.volume, 1.0),
        Cue::YourTurn => (Some(sounds.your_turn.clone()), 0.6 * sound.cues, 1.0),
        Cue::Refused => (Some(sounds.refused.clone()), 0.6 * sound.cues, 1.0),
    };
    let handle = handle.filter(|_| gain > 0.0)?;
    Some((handle, gain, pitch))
}

/// The loudness and pitch of a seed landing: a fuller pit sounds lower and a little louder; a
/// fast animation makes each click a little softer and higher.
fn drop_voice(fill: u8, anim_speed: f32) -> (f32, f32) {
    let full = f32::from(fill.min(16)) / 16.0;
    let speed = anim_speed.max(0.1);
    let gain = (0.45 + 0.2 * full) / speed.sqrt().max(1.0);
    let pitch = (1.08 - 0.18 * full) * speed.powf(0.06);
    (gain, pitch)
}

fn clear_cues(mut cues: ResMut<Cues>) {
    cues.queue.clear();
    cues.was_animating = false;
}

// ---- Synthesis -------------------------------------------------------------------------------

/// A deterministic noise source in -1..1.
struct Noise(Xoshiro256PlusPlus);

impl Noise {
    fn new(seed: u64) -> Noise {
        Noise(Xoshiro256PlusPlus::seed_from_u64(seed))
    }
    fn next(&mut self) -> f32 {
        self.0.random_range(-1.0..1.0)
    }
}

fn samples(seconds: f32) -> usize {
    (seconds * SAMPLE_RATE as f32) as usize
}

/// One hard seed on wood: two inharmonic partials with a fast decay, over a very short burst
/// of softened noise.
fn knock(out: &mut [f32], at: usize, freq: f32, gain: f32, noise: &mut Noise) {
    let rate = SAMPLE_RATE as f32;
    let mut low = 0.0;
    for (i, sample) in out.iter_mut().skip(at).enumerate() {
        let t = i as f32 / rate;
        if t > 0.12 {
            break;
        }
        let attack = (t / 0.0004).min(1.0);
        let tone = (std::f32::consts::TAU * freq * t).sin() * (-t / 0.009).exp()
            + 0.45 * (std::f32::consts::TAU * freq * 2.76 * t + 0.4).sin() * (-t / 0.004).exp();
        // One-pole low-pass: the noise is a thud of wood, not a hiss.
        low += 0.35 * (noise.next() - low);
        let burst = low * (-t / 0.0018).exp();
        *sample += gain * attack * (tone + 0.8 * burst);
    }
}

fn click(freq: f32, seed: u64) -> Vec<f32> {
    let mut out = vec![0.0; samples(0.075)];
    let mut noise = Noise::new(seed);
    knock(&mut out, 0, freq, 1.0, &mut noise);
    normalise(&mut out, 0.8);
    out
}

/// A handful of seeds: several knocks close together over a low body thump.
fn clack() -> Vec<f32> {
    let mut out = vec![0.0; samples(0.24)];
    let mut noise = Noise::new(77);
    let knocks = [
        (0.0, 1500.0, 1.0),
        (0.011, 2100.0, 0.8),
        (0.024, 1750.0, 0.75),
        (0.038, 2450.0, 0.6),
        (0.055, 1900.0, 0.5),
        (0.079, 2250.0, 0.35),
    ];
    for (at, freq, gain) in knocks {
        knock(&mut out, samples(at), freq, gain, &mut noise);
    }
    let rate = SAMPLE_RATE as f32;
    for (i, sample) in out.iter_mut().enumerate() {
        let t = i as f32 / rate;
        *sample += 0.7 * (std::f32::consts::TAU * 310.0 * t).sin() * (-t / 0.035).exp();
    }
    normalise(&mut out, 0.85);
    out
}

/// A capture: two deep knocks a moment apart over a low wooden body, unlike the relay's patter.
fn capture() -> Vec<f32> {
    let mut out = vec![0.0; samples(0.3)];
    let mut noise = Noise::new(91);
    knock(&mut out, 0, 820.0, 1.0, &mut noise);
    knock(&mut out, samples(0.075), 640.0, 0.9, &mut noise);
    let rate = SAMPLE_RATE as f32;
    for (i, sample) in out.iter_mut().enumerate() {
        let t = i as f32 / rate;
        *sample += 0.9 * (std::f32::consts::TAU * 150.0 * t).sin() * (-t / 0.06).exp();
    }
    normalise(&mut out, 0.85);
    out
}

/// A struck wooden bar: how fast its note dies away, and its bright overtone (3.93× the note).
struct Bar {
    decay: f32,
    overtone: f32,
    overtone_decay: f32,
}

/// The bar of the short information cues: a quick, dry note.
const SHORT_BAR: Bar = Bar {
    decay: 0.09,
    overtone: 0.25,
    overtone_decay: 0.03,
};

/// Short marimba-like notes, each `(frequency, start in seconds)`, over `seconds`; faded out.
fn notes(notes: &[(f32, f32)], seconds: f32) -> Vec<f32> {
    marimba(notes, seconds, &SHORT_BAR, 0.05)
}

/// Notes struck on `bar`, each `(frequency, start in seconds)`, over `seconds`, the last `fade`
/// seconds faded to silence.
fn marimba(notes: &[(f32, f32)], seconds: f32, bar: &Bar, fade: f32) -> Vec<f32> {
    let mut out = vec![0.0; samples(seconds)];
    let rate = SAMPLE_RATE as f32;
    for &(freq, at) in notes {
        for (i, sample) in out.iter_mut().skip(samples(at)).enumerate() {
            let t = i as f32 / rate;
            let attack = (t / 0.003).min(1.0);
            let body = (std::f32::consts::TAU * freq * t).sin() * (-t / bar.decay).exp();
            let overtone = bar.overtone
                * (std::f32::consts::TAU * freq * 3.93 * t).sin()
                * (-t / bar.overtone_decay).exp();
            *sample += attack * (body + overtone);
        }
    }
    fade_out(&mut out, fade);
    normalise(&mut out, 0.7);
    out
}

fn fade_out(out: &mut [f32], seconds: f32) {
    let len = out.len();
    let fade = samples(seconds).min(len);
    for (i, sample) in out.iter_mut().skip(len - fade).enumerate() {
        *sample *= 1.0 - i as f32 / fade as f32;
    }
}

/// Three rising marimba-like notes (G4, C5, E5), ringing longer than the cues.
fn end_cue() -> Vec<f32> {
    let bar = Bar {
        decay: 0.22,
        overtone: 0.3,
        overtone_decay: 0.05,
    };
    marimba(
        &[(392.0, 0.0), (523.25, 0.17), (659.25, 0.34)],
        1.0,
        &bar,
        0.08,
    )
}

fn normalise(out: &mut [f32], peak: f32) {
    let max = out.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        for sample in out.iter_mut() {
            *sample *= peak / max;
        }
    }
}

/// 16-bit mono PCM in a RIFF/WAVE file.
fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut bytes = Vec::with_capacity(44 + samples.len() * 2);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&1u16.to_le_bytes()); // mono
    bytes.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    bytes.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    bytes.extend_from_slice(&2u16.to_le_bytes()); // block align
    bytes.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_len.to_le_bytes());
    for &s in samples {
        let v = (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u32_at(b: &[u8], i: usize) -> u32 {
        u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
    }
    fn u16_at(b: &[u8], i: usize) -> u16 {
        u16::from_le_bytes([b[i], b[i + 1]])
    }

    #[test]
    fn synthesised_wavs_are_valid_small_and_audible() {
        let wavs = synthesised_wavs();
        assert_eq!(wavs.len(), 9);
        let mut total = 0;
        for (name, b) in &wavs {
            assert!(b.len() > 44, "{name}");
            assert_eq!(&b[0..4], b"RIFF", "{name}");
            assert_eq!(u32_at(b, 4) as usize, b.len() - 8, "{name}: RIFF size");
            assert_eq!(&b[8..16], b"WAVEfmt ", "{name}");
            assert_eq!(u16_at(b, 20), 1, "{name}: PCM");
            assert_eq!(u16_at(b, 22), 1, "{name}: mono");
            assert_eq!(u32_at(b, 24), SAMPLE_RATE, "{name}: rate");
            assert_eq!(u16_at(b, 34), 16, "{name}: 16 bits");
            assert_eq!(&b[36..40], b"data", "{name}");
            assert_eq!(u32_at(b, 40) as usize, b.len() - 44, "{name}: data size");
            let pcm: Vec<i16> = b[44..]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            let seconds = pcm.len() as f32 / SAMPLE_RATE as f32;
            assert!((0.05..=1.2).contains(&seconds), "{name}: {seconds} s");
            let peak = pcm.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
            // Loud enough to hear, with headroom (no clipping).
            assert!(
                (i16::MAX as u16 / 2..=(i16::MAX as f32 * 0.9) as u16).contains(&peak),
                "{name}: peak {peak}"
            );
            let rms =
                (pcm.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / pcm.len() as f64).sqrt();
            assert!(rms > 300.0, "{name}: rms {rms}");
            // Sounds die away: the last few milliseconds are near silence.
            let tail = &pcm[pcm.len() - 40..];
            assert!(
                tail.iter().all(|s| s.unsigned_abs() < 1200),
                "{name}: ends abruptly"
            );
            total += b.len();
        }
        // Made at start, not downloaded: this is memory, kept small.
        assert!(total < 150_000, "all sounds together: {total} bytes");
    }

    #[test]
    fn the_information_cues_are_their_own_sounds() {
        let wavs = synthesised_wavs();
        let sound = |name: &str| {
            wavs.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, b)| b.clone())
                .unwrap_or_else(|| panic!("no {name}"))
        };
        let cues = ["clack", "capture", "your-turn", "refused", "end"].map(sound);
        for (i, a) in cues.iter().enumerate() {
            for b in &cues[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // "Your turn" rises and "refused" falls: the second note's pitch, by zero crossings.
        let pitch = |b: &[u8], from: f32, to: f32| {
            let pcm: Vec<i16> = b[44..]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            let part = &pcm[samples(from)..samples(to)];
            let crossings = part.windows(2).filter(|w| (w[0] < 0) != (w[1] < 0)).count();
            crossings as f32 / (to - from) / 2.0
        };
        let turn = sound("your-turn");
        assert!(pitch(&turn, 0.13, 0.2) > pitch(&turn, 0.02, 0.09));
        let refused = sound("refused");
        assert!(pitch(&refused, 0.12, 0.19) < pitch(&refused, 0.02, 0.08));
    }

    #[test]
    fn only_clicks_that_did_nothing_are_refusals() {
        use crate::core::Feedback;
        assert!(Feedback::CannotStart(None).is_refusal());
        assert!(Feedback::WaitForComputer.is_refusal());
        assert!(!Feedback::ChooseKichwa.is_refusal());
        assert!(!Feedback::KichwaAsked.is_refusal());
    }

    #[test]
    fn click_variants_differ_in_pitch() {
        let wavs = synthesised_wavs();
        assert_ne!(wavs[0].1, wavs[1].1);
        assert_ne!(wavs[2].1, wavs[3].1);
    }

    #[test]
    fn fuller_pits_sound_lower_and_fast_play_softer() {
        let (empty_gain, empty_pitch) = drop_voice(1, 1.0);
        let (full_gain, full_pitch) = drop_voice(12, 1.0);
        assert!(full_pitch < empty_pitch);
        assert!(full_gain > empty_gain);
        let (fast_gain, fast_pitch) = drop_voice(1, 4.0);
        assert!(fast_gain < empty_gain);
        assert!(fast_pitch > empty_pitch);
        assert!(drop_voice(255, 4.0).1 > 0.5);
    }
}
