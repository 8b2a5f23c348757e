//! The operator's way out of the kiosk: the key chord Ctrl+Alt+Shift+Q pauses the exhibit at
//! once; a long press (3 s) in the top-left corner opens a PIN pad, and the configured PIN opens
//! the operator menu (interface size, pause or stop, and where the kiosk keeps statistics, its
//! visits: today's, this week's, the median visit, the most played game and the take-home codes
//! shown). A pause needs a service that starts the kiosk again when it ends (Linux's `bao-kiosk`
//! unit, see `service`): elsewhere the menu offers only the stop, and the key chord stops.

use super::KioskConfig;
#[cfg(not(target_arch = "wasm32"))]
use super::report::VisitSummary;
use super::screen::UiScale;
use crate::i18n::I18n;
use bevy::ecs::system::SystemParam;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, Align2, Color32, RichText, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Operator>()
        .add_message::<Leave>()
        .add_systems(Update, ((key_chord, stop).chain(), corner_press))
        .add_systems(EguiPrimaryContextPass, pin_pad);
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(Update, read_statistics);
}

/// The square in the top-left corner that a long press opens the PIN pad from (logical px).
const CORNER: f32 = 90.0;
/// How long the press must last (seconds).
const HOLD: f32 = 3.0;
/// Wrong PINs in a row before the pad stops accepting any for [`LOCKOUT`] seconds.
const MAX_FAILURES: u32 = 5;
/// Seconds the pad stays locked after too many wrong PINs.
const LOCKOUT: f32 = 60.0;
/// The pad and the menu close after this many seconds untouched.
const AUTO_CLOSE: f32 = 30.0;

/// The operator leaves the kiosk (the menu's buttons, the key chord): [`Leave::Stop`] is done
/// here; [`Leave::Pause`] by the service (`service.rs`), which knows when and how it ends.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Leave {
    /// For the configured `pause_minutes`: the game leaves with `OPERATOR_PAUSE_EXIT`, and the
    /// service starts it again when the pause ends. Only where [`PAUSES`].
    Pause,
    /// Until someone starts the kiosk again: the game ends with status 0.
    Stop,
}

/// A pause is offered where a service starts the kiosk again when it ends: on Linux, the
/// `bao-kiosk` unit. Elsewhere (another desktop, the web) a pause would be a stop by another
/// name.
const PAUSES: bool = cfg!(target_os = "linux");

impl Leave {
    /// The key chord's way out: the pause where there is one, else the stop.
    const BY_CHORD: Leave = if PAUSES { Leave::Pause } else { Leave::Stop };
}

/// The PIN pad and the operator menu.
#[derive(Resource, Default, Debug)]
pub struct Operator {
    /// The pad (or, once the PIN is right, the menu) is open.
    open: bool,
    /// The PIN was right: the menu is shown.
    unlocked: bool,
    /// Digits typed so far.
    entered: String,
    /// The last PIN was wrong.
    wrong: bool,
    /// Wrong PINs in a row.
    failures: u32,
    /// No PIN is accepted before this time (real seconds).
    locked_until: f32,
    /// A press in the corner, while it lasts.
    press: Option<Press>,
    /// When the pad was last touched (real seconds).
    last_input: f32,
    /// The visit statistics, read when the menu opened.
    #[cfg(not(target_arch = "wasm32"))]
    statistics: Option<Statistics>,
}

/// A touch (or the mouse) held in the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Press {
    /// Which touch (none: the mouse).
    who: Option<u64>,
    /// Since when (real seconds).
    since: f32,
    /// It was held for [`HOLD`] seconds and answered: a press answers once, however long it
    /// lasts.
    answered: bool,
}

/// The visit statistics the menu shows.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug)]
enum Statistics {
    /// Read from the log.
    Read(VisitSummary),
    /// The log cannot be read (the reason is in the log).
    Unreadable,
}

/// Ctrl+Alt+Shift+Q: the operator's keyboard way out, [`Leave::BY_CHORD`].
pub(super) fn key_chord(keys: Option<Res<ButtonInput<KeyCode>>>, mut leave: MessageWriter<Leave>) {
    let Some(keys) = keys else { return };
    if is_quit_chord(&keys) {
        info!("operator key chord: {:?}", Leave::BY_CHORD);
        leave.write(Leave::BY_CHORD);
    }
}

/// [`Leave::Stop`]: the program ends with status 0, and the service leaves it stopped.
pub(super) fn stop(mut asked: MessageReader<Leave>, mut exit: MessageWriter<AppExit>) {
    if asked.read().any(|leave| *leave == Leave::Stop) {
        info!("operator: stopping the kiosk until it is started again");
        exit.write(AppExit::Success);
    }
}

/// Q pressed while Ctrl, Alt and Shift are down. A modifier released in the same frame counts
/// as down: on a slow renderer one frame can take half a second, long enough for a quick
/// chord to be pressed and let go within it.
fn is_quit_chord(keys: &ButtonInput<KeyCode>) -> bool {
    let down = |pair: [KeyCode; 2]| keys.any_pressed(pair) || keys.any_just_released(pair);
    down([KeyCode::ControlLeft, KeyCode::ControlRight])
        && down([KeyCode::AltLeft, KeyCode::AltRight])
        && down([KeyCode::ShiftLeft, KeyCode::ShiftRight])
        && keys.just_pressed(KeyCode::KeyQ)
}

/// A touch (or the mouse) held still in the top-left corner for [`HOLD`] seconds opens the pad;
/// without a PIN in the configuration the pad stays closed, and the hold is logged (once).
fn corner_press(
    config: Res<KioskConfig>,
    touches: Option<Res<Touches>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    time: Res<Time<Real>>,
    mut op: ResMut<Operator>,
) {
    if op.open {
        op.press = None;
        return;
    }
    let in_corner = |p: bevy::math::Vec2| p.x <= CORNER && p.y <= CORNER;
    let touch = touches.as_ref().and_then(|t| {
        t.iter()
            .find(|t| in_corner(t.position()) && in_corner(t.start_position()))
            .map(|t| Some(t.id()))
    });
    let cursor_in_corner = windows
        .single()
        .ok()
        .and_then(Window::cursor_position)
        .is_some_and(in_corner);
    let mouse_held = mouse.is_some_and(|m| m.pressed(MouseButton::Left)) && cursor_in_corner;
    let holding = touch.or(mouse_held.then_some(None));
    let now = time.elapsed_secs();
    let (press, held) = follow_press(op.press, holding, now);
    op.press = press;
    if !held {
        return;
    }
    if config.operator_pin.is_some() {
        op.press = None;
        open_pad(&mut op, now);
    } else {
        warn!("operator menu: no operator_pin in the configuration; the menu stays closed");
    }
}

/// The corner's press after this frame, given who is `holding` it now (`None`: nobody;
/// `Some(None)`: the mouse), and whether it has just been held for [`HOLD`] seconds (once per
/// press: a press held on is answered already).
fn follow_press(
    press: Option<Press>,
    holding: Option<Option<u64>>,
    now: f32,
) -> (Option<Press>, bool) {
    let Some(who) = holding else {
        return (None, false);
    };
    match press {
        Some(press) if press.who == who => {
            let held = !press.answered && now - press.since >= HOLD;
            let answered = press.answered || held;
            (Some(Press { answered, ..press }), held)
        }
        _ => (
            Some(Press {
                who,
                since: now,
                answered: false,
            }),
            false,
        ),
    }
}

fn open_pad(op: &mut Operator, now: f32) {
    *op = Operator {
        open: true,
        failures: op.failures,
        locked_until: op.locked_until,
        last_input: now,
        ..Operator::default()
    };
}

fn close(op: &mut Operator) {
    op.open = false;
    op.unlocked = false;
    op.entered.clear();
    op.wrong = false;
    // Read afresh the next time the menu opens.
    #[cfg(not(target_arch = "wasm32"))]
    {
        op.statistics = None;
    }
}

/// When the menu opens on a kiosk that keeps statistics, they are read from the log: once, not
/// every frame.
#[cfg(not(target_arch = "wasm32"))]
fn read_statistics(config: Res<KioskConfig>, mut op: ResMut<Operator>) {
    if !op.unlocked || op.statistics.is_some() {
        return;
    }
    let Some(path) = &config.statistics else {
        return;
    };
    op.statistics = Some(match VisitSummary::of_log(path) {
        Ok(summary) => Statistics::Read(summary),
        Err(error) => {
            warn!("{error}");
            Statistics::Unreadable
        }
    });
}

/// The PIN pad, then the operator menu: large buttons for a finger.
fn pin_pad(
    mut contexts: EguiContexts,
    config: Res<KioskConfig>,
    time: Res<Time<Real>>,
    i18n: Res<I18n>,
    mut op: ResMut<Operator>,
    mut levers: MenuLevers,
) {
    if !op.open {
        return;
    }
    let now = time.elapsed_secs();
    if now - op.last_input > AUTO_CLOSE {
        close(&mut op);
        return;
    }
    let Some(pin) = config.operator_pin.clone() else {
        close(&mut op);
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    super::dim_screen(ctx, "kiosk-operator-dim");
    let mut touched = false;
    egui::Window::new(
        RichText::new(i18n.tr("kiosk-operator-title"))
            .size(26.0)
            .strong(),
    )
    .id(egui::Id::new("kiosk-operator"))
    .order(egui::Order::Foreground)
    .collapsible(false)
    .resizable(false)
    .anchor(Align2::CENTER_CENTER, Vec2::ZERO)
    .show(ctx, |ui| {
        ui.spacing_mut().item_spacing = Vec2::splat(10.0);
        if op.unlocked {
            touched = menu(ui, &i18n, &config, &mut op, &mut levers);
        } else {
            touched = pad(ui, &i18n, &mut op, &pin, now);
        }
    });
    if touched {
        op.last_input = now;
    }
}

/// What the operator menu changes: the interface size, and whether the program runs on.
#[derive(SystemParam)]
struct MenuLevers<'w> {
    scale: Option<ResMut<'w, UiScale>>,
    leave: MessageWriter<'w, Leave>,
}

/// The digits, delete, OK and cancel; returns whether anything was pressed.
fn pad(ui: &mut egui::Ui, i18n: &I18n, op: &mut Operator, pin: &str, now: f32) -> bool {
    let locked = now < op.locked_until;
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(i18n.tr("kiosk-operator-pin")).size(22.0));
        pin_dots(ui, op.entered.len());
        ui.label(
            RichText::new(pad_note(i18n, op, now, locked))
                .size(20.0)
                .color(Color32::from_rgb(170, 40, 30)),
        );
    });
    let touched = pad_keys(ui, i18n, op, pin, now, locked);
    ui.vertical_centered(|ui| {
        if super::big_button(ui, &i18n.tr("kiosk-operator-cancel")).clicked() {
            close(op);
        }
    });
    touched
}

/// Under the dots: how long the pad stays locked, or that the last PIN was wrong.
fn pad_note(i18n: &I18n, op: &Operator, now: f32, locked: bool) -> String {
    if locked {
        let seconds = (op.locked_until - now).ceil() as u32;
        i18n.tr_args("kiosk-operator-locked", &[("seconds", seconds.into())])
    } else if op.wrong {
        i18n.tr("kiosk-operator-wrong")
    } else {
        String::new()
    }
}

/// The pad's keys: the digits, then delete, 0 and OK; returns whether any was pressed.
fn pad_keys(
    ui: &mut egui::Ui,
    i18n: &I18n,
    op: &mut Operator,
    pin: &str,
    now: f32,
    locked: bool,
) -> bool {
    let mut touched = false;
    let key = Vec2::new(112.0, 72.0);
    egui::Grid::new("kiosk-pin-keys")
        .spacing(Vec2::splat(10.0))
        .show(ui, |ui| {
            let rows = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]];
            for row in rows {
                for digit in row {
                    touched |= digit_key(ui, op, digit, key, locked);
                }
                ui.end_row();
            }
            let delete =
                egui::Button::new(RichText::new(i18n.tr("kiosk-operator-delete")).size(20.0))
                    .min_size(key);
            if ui.add(delete).clicked() {
                op.entered.pop();
                touched = true;
            }
            touched |= digit_key(ui, op, "0", key, locked);
            let ok = egui::Button::new(
                RichText::new(i18n.tr("kiosk-operator-ok"))
                    .size(24.0)
                    .strong(),
            )
            .min_size(key);
            if ui
                .add_enabled(!locked && !op.entered.is_empty(), ok)
                .clicked()
            {
                touched = true;
                check_pin(op, pin, now);
            }
            ui.end_row();
        });
    touched
}

fn digit_key(ui: &mut egui::Ui, op: &mut Operator, digit: &str, size: Vec2, locked: bool) -> bool {
    let button = egui::Button::new(RichText::new(digit).size(32.0).strong()).min_size(size);
    let clicked = ui.add_enabled(!locked, button).clicked();
    if clicked && op.entered.len() < 8 {
        op.entered.push_str(digit);
        op.wrong = false;
    }
    clicked
}

/// One circle per digit typed (the digits themselves are not shown).
fn pin_dots(ui: &mut egui::Ui, typed: usize) {
    let slots = typed.max(4);
    let (rect, _) =
        ui.allocate_exact_size(Vec2::new(slots as f32 * 30.0, 34.0), egui::Sense::hover());
    for i in 0..slots {
        let center = egui::pos2(rect.left() + 15.0 + i as f32 * 30.0, rect.center().y);
        let ink = Color32::from_rgb(52, 32, 16);
        if i < typed {
            ui.painter().circle_filled(center, 9.0, ink);
        } else {
            ui.painter()
                .circle_stroke(center, 9.0, egui::Stroke::new(2.0, ink));
        }
    }
}

fn check_pin(op: &mut Operator, pin: &str, now: f32) {
    if op.entered == pin {
        op.unlocked = true;
        op.failures = 0;
        op.wrong = false;
    } else {
        op.failures += 1;
        op.wrong = true;
        if op.failures >= MAX_FAILURES {
            op.failures = 0;
            op.locked_until = now + LOCKOUT;
            warn!("operator PIN: {MAX_FAILURES} wrong tries; the pad is locked for {LOCKOUT} s");
        }
    }
    op.entered.clear();
}

/// The interface size, pause and stop, close; returns whether anything was pressed.
fn menu(
    ui: &mut egui::Ui,
    i18n: &I18n,
    config: &KioskConfig,
    op: &mut Operator,
    levers: &mut MenuLevers,
) -> bool {
    let mut touched = false;
    ui.set_min_width(420.0);
    ui.vertical_centered(|ui| {
        if let Some(scale) = &mut levers.scale {
            touched = scale_buttons(ui, i18n, scale);
        }
        #[cfg(not(target_arch = "wasm32"))]
        statistics(ui, i18n, op.statistics.as_ref());
        ui.add_space(10.0);
        for way in ways_out() {
            if super::big_button(ui, &way_out_label(i18n, config, way)).clicked() {
                info!("operator menu: {way:?}");
                levers.leave.write(way);
            }
        }
        if super::big_button(ui, &i18n.tr("kiosk-operator-close")).clicked() {
            close(op);
        }
        let chord = match Leave::BY_CHORD {
            Leave::Pause => "kiosk-operator-chord",
            Leave::Stop => "kiosk-operator-chord-stop",
        };
        ui.label(
            RichText::new(i18n.tr(chord))
                .size(16.0)
                .color(Color32::from_rgb(112, 82, 56)),
        );
    });
    touched
}

/// The menu's ways out, in order: the pause (where [`PAUSES`]), then the stop.
fn ways_out() -> impl Iterator<Item = Leave> {
    PAUSES
        .then_some(Leave::Pause)
        .into_iter()
        .chain([Leave::Stop])
}

/// A way out's button: "Pause the exhibit for N minutes" (N from the configuration), "Stop
/// until restarted".
fn way_out_label(i18n: &I18n, config: &KioskConfig, way: Leave) -> String {
    match way {
        Leave::Pause => i18n.tr_args(
            "kiosk-operator-pause",
            &[("minutes", config.pause_minutes.into())],
        ),
        Leave::Stop => i18n.tr("kiosk-operator-stop"),
    }
}

/// The interface size with − and + beside it; returns whether either was pressed.
fn scale_buttons(ui: &mut egui::Ui, i18n: &I18n, scale: &mut ResMut<UiScale>) -> bool {
    let mut touched = false;
    ui.label(RichText::new(i18n.tr("kiosk-operator-scale")).size(22.0));
    ui.horizontal(|ui| {
        // Centred: two 96-point buttons, the value and the gaps between them.
        ui.add_space(((ui.available_width() - 300.0) / 2.0).max(0.0));
        let value = scale.0;
        let mut wanted = value;
        if super::big_button(ui, "−").clicked() {
            wanted -= 0.1;
            touched = true;
        }
        ui.label(RichText::new(format!("{value:.1}×")).size(28.0).strong());
        if super::big_button(ui, "+").clicked() {
            wanted += 0.1;
            touched = true;
        }
        let wanted = ((wanted * 10.0).round() / 10.0).clamp(UiScale::MIN, UiScale::MAX);
        if wanted != value {
            scale.0 = wanted;
        }
    });
    touched
}

/// The visit statistics' lines, under a gap; nothing while they are off or not read yet.
#[cfg(not(target_arch = "wasm32"))]
fn statistics(ui: &mut egui::Ui, i18n: &I18n, statistics: Option<&Statistics>) {
    let lines = match statistics {
        None => return,
        Some(Statistics::Unreadable) => vec![i18n.tr("kiosk-operator-visits-unreadable")],
        Some(Statistics::Read(summary)) => summary_lines(i18n, summary),
    };
    ui.add_space(10.0);
    for line in lines {
        ui.label(RichText::new(line).size(20.0));
    }
}

/// Today's and this week's visits, this week's median visit, most played game and take-home
/// codes shown (the last three only where there is one).
#[cfg(not(target_arch = "wasm32"))]
fn summary_lines(i18n: &I18n, summary: &VisitSummary) -> Vec<String> {
    let mut lines = vec![
        i18n.tr_args(
            "kiosk-operator-visits-today",
            &[("count", summary.today.into())],
        ),
        i18n.tr_args(
            "kiosk-operator-visits-week",
            &[("count", summary.this_week.into())],
        ),
    ];
    if let Some(median) = summary.median_s {
        lines.push(i18n.tr_args(
            "kiosk-operator-visit-median",
            &[
                ("minutes", (median / 60).into()),
                ("seconds", (median % 60).into()),
            ],
        ));
    }
    if let Some(game) = &summary.most_played {
        lines.push(i18n.tr_args(
            "kiosk-operator-most-played",
            &[("game", game_name(i18n, game).into())],
        ));
    }
    if summary.codes_this_week > 0 {
        lines.push(i18n.tr_args(
            "kiosk-operator-codes-week",
            &[("count", summary.codes_this_week.into())],
        ));
    }
    lines
}

/// A game's name from its variant id (an id this version does not know, as written). The
/// literal reading of Kujifunza's kichwa rule is told apart from the written one.
#[cfg(not(target_arch = "wasm32"))]
fn game_name(i18n: &I18n, id: &str) -> String {
    match id.parse::<bao_engine::Variant>() {
        Ok(variant @ bao_engine::Variant::KujifunzaChoice) => {
            let reading = crate::content::kichwa_reading_short(variant).map(|key| i18n.tr(key));
            format!(
                "{} ({} {})",
                variant.name(),
                i18n.tr(crate::content::KICHWA_READING_QUESTION_SHORT),
                reading.unwrap_or_default()
            )
        }
        Ok(variant) => variant.name().to_owned(),
        Err(_) => id.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(op: &mut Operator, digits: &str) {
        op.entered = digits.to_owned();
    }

    #[test]
    fn the_right_pin_opens_the_menu_and_a_wrong_one_does_not() {
        let mut op = Operator::default();
        open_pad(&mut op, 0.0);
        typed(&mut op, "1234");
        check_pin(&mut op, "2580", 1.0);
        assert!(op.wrong && !op.unlocked && op.entered.is_empty());
        typed(&mut op, "2580");
        check_pin(&mut op, "2580", 2.0);
        assert!(op.unlocked && !op.wrong && op.failures == 0);
        close(&mut op);
        assert!(!op.open && !op.unlocked);
    }

    #[test]
    fn the_quit_chord_counts_modifiers_let_go_within_the_frame() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::AltRight);
        keys.press(KeyCode::ShiftLeft);
        keys.press(KeyCode::KeyQ);
        assert!(is_quit_chord(&keys), "held");
        // The whole chord pressed and let go between two frames.
        for key in [KeyCode::ControlLeft, KeyCode::AltRight, KeyCode::ShiftLeft] {
            keys.release(key);
        }
        keys.release(KeyCode::KeyQ);
        assert!(is_quit_chord(&keys), "pressed and let go within one frame");
        // Next frame: nothing is down any more.
        keys.clear();
        assert!(!is_quit_chord(&keys));
        // Q without Alt is no chord.
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::ShiftLeft);
        keys.press(KeyCode::KeyQ);
        assert!(!is_quit_chord(&keys));
    }

    #[test]
    fn a_corner_press_is_answered_once_after_three_seconds() {
        let finger = Some(Some(7));
        let mut press = None;
        let mut answers = Vec::new();
        // Held for 5 s, frame by frame: answered once, at 3 s, however long it lasts.
        for frame in 0..=20 {
            let now = frame as f32 * 0.25;
            let (next, held) = follow_press(press, finger, now);
            press = next;
            if held {
                answers.push(now);
            }
        }
        assert_eq!(answers, [HOLD]);
        // Let go and pressed again: a new press, answered again 3 s later.
        assert_eq!(follow_press(press, None, 5.25), (None, false));
        let (press, held) = follow_press(None, finger, 6.0);
        assert!(!held);
        assert!(!follow_press(press, finger, 8.9).1, "not yet");
        assert!(follow_press(press, finger, 9.0).1, "held for 3 s");
        // Another finger (or the mouse) is another press.
        let (other, held) = follow_press(press, Some(None), 9.0);
        assert!(!held);
        assert_eq!(other.map(|p| (p.who, p.since)), Some((None, 9.0)));
    }

    #[test]
    fn the_menu_offers_the_pause_where_a_service_ends_it_and_the_stop() {
        use crate::i18n::Language;
        let config = KioskConfig {
            pause_minutes: 45,
            ..KioskConfig::default()
        };
        let labels = |language, config: &KioskConfig| -> Vec<String> {
            ways_out()
                .map(|way| way_out_label(&I18n::new(language), config, way))
                .map(|label| label.replace(['\u{2068}', '\u{2069}'], ""))
                .collect()
        };
        if PAUSES {
            assert_eq!(Leave::BY_CHORD, Leave::Pause);
            assert_eq!(
                labels(Language::English, &config),
                ["Pause the exhibit for 45 minutes", "Stop until restarted"]
            );
            let one = KioskConfig {
                pause_minutes: 1,
                ..config.clone()
            };
            assert_eq!(
                labels(Language::English, &one)[0],
                "Pause the exhibit for 1 minute"
            );
        } else {
            assert_eq!(Leave::BY_CHORD, Leave::Stop);
            assert_eq!(labels(Language::English, &config), ["Stop until restarted"]);
        }
        for language in Language::ALL {
            for label in labels(language, &config) {
                assert!(!label.contains("kiosk-"), "{language:?}: {label}");
            }
            if PAUSES {
                assert!(
                    labels(language, &config)[0].contains("45"),
                    "{language:?}: the minutes"
                );
            }
        }
    }

    #[test]
    fn too_many_wrong_pins_lock_the_pad_even_after_reopening() {
        let mut op = Operator::default();
        open_pad(&mut op, 0.0);
        for i in 0..MAX_FAILURES {
            typed(&mut op, "0000");
            check_pin(&mut op, "2580", i as f32);
        }
        let locked_until = op.locked_until;
        assert!(locked_until >= LOCKOUT, "locked for {LOCKOUT} s");
        close(&mut op);
        open_pad(&mut op, 10.0);
        assert_eq!(
            op.locked_until, locked_until,
            "closing the pad does not unlock it"
        );
    }

    #[test]
    fn the_menu_tells_the_visits_in_words() {
        use crate::i18n::Language;
        let summary = VisitSummary {
            today: 3,
            this_week: 17,
            median_s: Some(247),
            most_played: Some("kujifunza-choice".to_owned()),
            codes_this_week: 5,
        };
        let english = summary_lines(&I18n::new(Language::English), &summary);
        let plain: Vec<String> = english
            .iter()
            .map(|line| line.replace(['\u{2068}', '\u{2069}'], ""))
            .collect();
        assert_eq!(
            plain,
            [
                "Visits today: 3",
                "Visits this week (from Monday): 17",
                "Median visit this week: 4 min 7 s",
                "Most played this week: Bao la Kujifunza (Kichwa: chosen by the player)",
                "Games taken home this week (QR codes shown): 5",
            ]
        );
        let none = VisitSummary::default();
        for language in Language::ALL {
            let lines = summary_lines(&I18n::new(language), &none);
            assert_eq!(lines.len(), 2, "no median, no game, no code: {lines:?}");
            assert!(lines.iter().all(|l| !l.contains("kiosk-")), "{lines:?}");
        }
        assert_eq!(
            game_name(&I18n::new(Language::German), "kigogo"),
            "Bao Kigogo"
        );
        assert_eq!(game_name(&I18n::new(Language::German), "chess"), "chess");
    }
}
