//! The pit card: a pit held under the pointer for a moment says what it is and what its marks
//! mean — its name in the notation of the move list, the hints and the saved games, whose it
//! is, its seeds; a kichwa or kimbi; a reserved hole and whose; the ring drawn on it; and, on
//! the player's turn, why it cannot start a move (the reasons a refused click gives). A touch
//! screen has no hover: there a press on a pit that cannot start says why (`ui::feedback`).

use super::feedback::refusal_key;
use super::style::{self, Palette};
use super::{Overlay, UiSet};
use crate::board::{MoveRings, Ring, TurnRings};
use crate::content::player_name;
use crate::core::{Busy, PitClicked, Screen, Session, Shown};
use crate::i18n::I18n;
use crate::input::Hovered;
use bao_engine::{Kichwa, Pit, Player, Position, Row, StartRefusal, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, RichText};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        pit_card
            .in_set(UiSet::Banner)
            .run_if(in_state(Screen::Playing)),
    );
}

/// How long a pit is pointed at before its card shows, as egui waits for its own tooltips: a
/// pointer passing over the board shows nothing.
const DELAY_S: f32 = 0.5;

/// What the card is drawn from.
#[derive(SystemParam)]
struct PitUnderPointer<'w> {
    hovered: Option<Res<'w, Hovered>>,
    session: Res<'w, Session>,
    shown: Res<'w, Shown>,
    busy: Res<'w, Busy>,
    turn_rings: Res<'w, TurnRings>,
    move_rings: Res<'w, MoveRings>,
    time: Res<'w, Time<Real>>,
}

/// The pit pointed at and since when (real seconds); a pit clicked keeps its card away until
/// the pointer goes to another (the card would lie over the move it started).
#[derive(Default)]
struct Pointed {
    at: Option<(Pit, f32)>,
    clicked: Option<Pit>,
}

fn pit_card(
    mut overlay: Overlay,
    under: PitUnderPointer,
    mut clicks: MessageReader<PitClicked>,
    mut pointed: Local<Pointed>,
) {
    let now = under.time.elapsed_secs();
    let pit = under.hovered.as_ref().and_then(|h| h.0);
    pointed.at = match (pit, pointed.at) {
        (Some(pit), Some((was, since))) if was == pit => Some((pit, since)),
        (Some(pit), _) => Some((pit, now)),
        (None, _) => None,
    };
    if let Some(clicked) = clicks.read().last() {
        pointed.clicked = Some(clicked.0);
    }
    if pointed.clicked.is_some() && pointed.clicked != pit {
        pointed.clicked = None;
    }
    let Some((pit, since)) = pointed.at.filter(|(pit, _)| pointed.clicked != Some(*pit)) else {
        return;
    };
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    // Over a card or a window the pointer is the overlay's, not the board's.
    if now - since < DELAY_S || ctx.is_pointer_over_egui() {
        if now - since < DELAY_S {
            ctx.request_repaint();
        }
        return;
    }
    let Some(at) = ctx.pointer_hover_pos() else {
        return;
    };
    let board = under.shown.position(&under.session);
    let ring = under.move_rings.at(pit).or(under.turn_rings.at(pit));
    let on_turn = under.session.human_to_move(&under.busy);
    let lines = pit_lines(board, pit, ring, on_turn, &overlay.i18n);
    if lines.is_empty() {
        return;
    }
    draw_card(ctx, at, &lines, &overlay.palette);
}

/// The card beside the pointer at `at`: the first line as its title.
fn draw_card(ctx: &egui::Context, at: egui::Pos2, lines: &[String], palette: &Palette) {
    egui::Area::new(egui::Id::new("pit-card"))
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(at + egui::vec2(18.0, 18.0))
        .constrain(true)
        .show(ctx, |ui| {
            ui.set_max_width(style::PIT_CARD_WIDTH);
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                for (index, line) in lines.iter().enumerate() {
                    let text = RichText::new(line).size(style::CARD_TEXT);
                    ui.label(if index == 0 {
                        text.strong().color(palette.ochre_text)
                    } else {
                        text.color(palette.ink)
                    });
                }
            });
        });
}

/// The card's lines for `pit` on `board`: its name and seeds first, then what marks it, then
/// (on a person's turn, for the mover's own pit) why it cannot start a move. Empty for a
/// place that is not a pit of this board.
pub(super) fn pit_lines(
    board: &Position,
    pit: Pit,
    ring: Option<Ring>,
    on_turn: bool,
    i18n: &I18n,
) -> Vec<String> {
    let Some((owner, name)) = board.name_of(pit) else {
        return Vec::new();
    };
    let seeds = board.seeds(pit).unwrap_or(0);
    let row = match name.row {
        // Kingulu's players have one row each: "front" would ask "and the back?".
        _ if board.variant() == Variant::Kingulu => "only",
        Row::Front => "front",
        Row::Back => "back",
    };
    let mut lines = vec![i18n.tr_args(
        "pit-card-title",
        &[
            ("pit", name.to_string().into()),
            ("owner", i18n.tr(player_name(owner)).into()),
            ("row", row.into()),
            ("count", seeds.into()),
        ],
    )];
    lines.extend(kujifunza_line(board, owner, pit, i18n));
    if let Some(holder) = board.reserved_by(pit) {
        lines.push(i18n.tr_args(
            "pit-card-reserved",
            &[("owner", i18n.tr(player_name(holder)).into())],
        ));
    }
    lines.extend(ring.map(|ring| i18n.tr(legend_key(ring))));
    if on_turn && owner == board.to_move() {
        lines.extend(why_not(board, pit, i18n));
    }
    lines
}

/// Kujifunza's names for the pits the rules speak of: the kichwa (KU-7) and the kimbi (KU-8).
fn kujifunza_line(board: &Position, owner: Player, pit: Pit, i18n: &I18n) -> Option<String> {
    if board.variant().game() != Variant::Kujifunza {
        return None;
    }
    let kichwa = [Kichwa::Left, Kichwa::Right]
        .into_iter()
        .any(|k| board.kichwa(owner, k) == Some(pit));
    if kichwa {
        return Some(i18n.tr("pit-card-kichwa"));
    }
    board
        .kimbi(owner)
        .iter()
        .any(|&(kimbi, _)| kimbi == pit)
        .then(|| i18n.tr("pit-card-kimbi"))
}

/// Why the mover's `pit` cannot start a move, in words; nothing for a pit that can, or an
/// empty one (its title says so).
fn why_not(board: &Position, pit: Pit, i18n: &I18n) -> Option<String> {
    match board.why_not_start(pit)? {
        StartRefusal::Empty | StartRefusal::GameOver => None,
        // The mover's own pit: never `NotYourPit`, the one reason with an argument.
        refusal => Some(i18n.tr(refusal_key(refusal))),
    }
}

/// The legend line of each ring the board draws: the same words in the pit card and in the
/// rules' "Marks on the board".
pub(super) const fn legend_key(ring: Ring) -> &'static str {
    match ring {
        Ring::Selected => "legend-selected",
        Ring::Target => "legend-target",
        Ring::Hint => "legend-hint",
        Ring::Legal => "legend-legal",
        Ring::Hover => "legend-hover",
        Ring::Capture => "legend-capture",
        Ring::Relay => "legend-relay",
        Ring::Reserved => "legend-reserved",
        Ring::Focus => "legend-focus",
        Ring::LastMove => "legend-last-move",
        Ring::Blocked => "legend-blocked",
    }
}

/// Every ring, in the order the rules' legend lists them.
pub(super) const RINGS: [Ring; 11] = [
    Ring::Legal,
    Ring::Hover,
    Ring::Selected,
    Ring::Target,
    Ring::Hint,
    Ring::LastMove,
    Ring::Focus,
    Ring::Relay,
    Ring::Capture,
    Ring::Reserved,
    Ring::Blocked,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;

    #[test]
    fn kn_3_a_pit_that_cannot_start_says_why_and_every_pit_says_its_name() {
        let board = Position::new(Variant::Kingulu);
        let i18n = I18n::new(Language::English);
        // South a1 with 4 seeds ends its first lap in an occupied own pit (KN-3).
        let a1 = Pit::new(1, 0);
        let lines = pit_lines(&board, a1, None, true, &i18n);
        assert!(
            lines[0].contains("a1") && lines[0].contains('4'),
            "{lines:?}"
        );
        let reason = i18n.tr(refusal_key(StartRefusal::FirstLapOwnRow));
        assert!(lines.iter().any(|l| l.contains(&reason)), "{lines:?}");
        // Not on the person's turn: no reason.
        assert_eq!(pit_lines(&board, a1, None, false, &i18n).len(), 1);
    }

    #[test]
    fn ku_7_ku_8_kujifunza_names_its_kichwa_and_kimbi() {
        let board = Position::new(Variant::Kujifunza);
        let i18n = I18n::new(Language::English);
        let kichwa = board.kichwa(Player::South, Kichwa::Left).expect("a kichwa");
        let lines = pit_lines(&board, kichwa, None, false, &i18n);
        assert!(lines.contains(&i18n.tr("pit-card-kichwa")), "{lines:?}");
        let (kimbi, _) = board
            .kimbi(Player::South)
            .into_iter()
            .find(|&(p, _)| {
                board.kichwa(Player::South, Kichwa::Left) != Some(p)
                    && board.kichwa(Player::South, Kichwa::Right) != Some(p)
            })
            .expect("a kimbi that is no kichwa");
        let lines = pit_lines(&board, kimbi, None, false, &i18n);
        assert!(lines.contains(&i18n.tr("pit-card-kimbi")), "{lines:?}");
    }

    #[test]
    fn every_ring_has_a_legend_in_every_language() {
        for language in Language::ALL {
            let i18n = I18n::new(language);
            for ring in RINGS {
                let text = i18n.tr(legend_key(ring));
                assert!(!text.is_empty() && !text.starts_with("legend-"), "{text}");
            }
        }
    }
}
