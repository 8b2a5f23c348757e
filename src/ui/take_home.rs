//! "Take this game home": when a game played on the board ends, the game-over card shows a QR
//! code of a link to the game's web build with the whole game in the link
//! (`bao_engine::link`), so that a visitor's phone opens the game and its review. Offered only
//! where [`UiPolicy::take_home`] names the web build (a museum's kiosk); no server, nothing
//! personal. The code is drawn on the desktop only: the web build leaves the `qrcode` crate out
//! of its download.

use super::UiPolicy;
use crate::core::{Activity, CoreSet, Screen, Session};
use bao_engine::Move;
use bevy::prelude::*;
use bevy_egui::egui;

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<TakeHomeOffer>() {
        app.add_plugins(TakeHomeOffer);
    }
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        card::prepare.in_set(super::UiSet::Banner),
    );
}

/// The code's link, made without a renderer (headless tests read it): the overlay adds this,
/// and so does whoever sets [`UiPolicy::take_home`] in an app without the overlay; the first
/// one counts (`App::is_plugin_added`).
pub(crate) struct TakeHomeOffer;

impl Plugin for TakeHomeOffer {
    fn build(&self, app: &mut App) {
        app.init_resource::<UiPolicy>()
            .init_resource::<TakeHome>()
            .add_message::<TakeHomeShown>()
            // The game ends when the core applies its last move.
            .add_systems(Update, offer_code.after(CoreSet::Apply));
    }
}

/// The code the game-over card shows: the link of the game that ended on the board, while it
/// stays over. Made once per game: a game taken back and ended the same way again keeps its
/// link.
#[derive(Resource, Default, Debug)]
pub struct TakeHome {
    /// The link the card shows now; `None`: no code.
    shown: Option<String>,
    /// The last game a link was made for.
    made: Option<MadeFor>,
}

/// A game a link was made for: its session's stamp, its moves, and the link (`None`: it could
/// not be made).
#[derive(Debug)]
struct MadeFor {
    stamp: u64,
    moves: Vec<Move>,
    link: Option<String>,
}

impl TakeHome {
    /// The link the game-over card shows as a QR code now, if any.
    pub fn link(&self) -> Option<&str> {
        self.shown.as_deref()
    }
}

/// A game's code appears: once per ended game, with its link.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TakeHomeShown(pub(crate) String);

/// Makes the link of a game played on the board once it is over (where the policy names the
/// web build), and forgets it when the game goes on or leaves the board.
fn offer_code(
    policy: Res<UiPolicy>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut take_home: ResMut<TakeHome>,
    mut shown: MessageWriter<TakeHomeShown>,
) {
    let ended = *screen.get() == Screen::Playing
        && session.activity() == Activity::Play
        && session.game().outcome().is_over();
    let Some(base) = policy.take_home.as_deref().filter(|_| ended) else {
        if take_home.shown.is_some() {
            take_home.shown = None;
        }
        return;
    };
    let (stamp, moves) = (session.stamp(), session.game().moves());
    if let Some(made) = &take_home.made
        && made.stamp == stamp
        && made.moves == moves
    {
        if take_home.shown != made.link {
            take_home.shown = made.link.clone();
        }
        return;
    }
    let record = crate::records::record_of(&session);
    let link = match bao_engine::link::to_url(base, &record) {
        Ok(link) => {
            info!(
                "take-home code shown: {} in {} moves",
                record.variant,
                moves.len()
            );
            debug!("take-home code: {link} (moves: {})", record.moves.join(" "));
            shown.write(TakeHomeShown(link.clone()));
            Some(link)
        }
        Err(error) => {
            warn!("no take-home code for this game: {error}");
            None
        }
    };
    take_home.shown.clone_from(&link);
    take_home.made = Some(MadeFor {
        stamp,
        moves: moves.to_vec(),
        link,
    });
}

/// Draws the code on the game-over card (a row of its own: the code, and beside it "Take this
/// game home" and how), where one is prepared for this frame; called inside the card.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn code(ui: &mut egui::Ui) {
    card::show(ui);
}

/// The web build draws no code.
#[cfg(target_arch = "wasm32")]
pub(super) fn code(_ui: &mut egui::Ui) {}

/// The QR code as an egui texture, kept for the frames of one ended game (desktop).
#[cfg(not(target_arch = "wasm32"))]
mod card {
    use super::super::style::{self, Palette};
    use super::TakeHome;
    use crate::core::Settings;
    use crate::i18n::I18n;
    use bevy::prelude::*;
    use bevy_egui::EguiContexts;
    use bevy_egui::egui::{self, Color32, ColorImage, RichText, TextureHandle, TextureOptions};
    use qrcode::{Color, EcLevel, QrCode};

    /// The white margin around the code, in modules (the standard asks for four).
    const QUIET_ZONE: usize = 4;
    /// The side the code aims at, in the overlay's points: about 7 cm on a kiosk's 22–24 inch
    /// 1080p screen (the overlay's zoom 1.5 there, a point 0.37–0.42 mm).
    const TARGET_SIDE: f32 = 180.0;
    /// The fewest screen pixels a module (one square of the code) gets: fewer, and a phone's
    /// camera reads a screen's code badly.
    const MIN_MODULE_PX: f32 = 4.0;
    /// The room between the code and its words.
    const GAP: f32 = 16.0;

    /// What the card shows this frame, kept in egui's memory under [`card_id`] by [`prepare`]
    /// (the card is drawn inside the game-over panel's window, by [`show`]).
    #[derive(Clone)]
    struct Card {
        texture: TextureHandle,
        /// Modules a side, the quiet zone included.
        modules: usize,
        title: String,
        line: String,
        palette: Palette,
    }

    fn card_id() -> egui::Id {
        egui::Id::new("take-home-card")
    }

    /// The link's texture, made once per link (`None`: too long for a QR code).
    #[derive(Default)]
    pub(super) struct Made(Option<(String, Option<(TextureHandle, usize)>)>);

    /// Prepares this frame's card: the texture of the link shown (made when the link changes),
    /// the words in the visitor's language. Face to face the card shows no code: South's half
    /// has no room for it.
    pub(super) fn prepare(
        mut contexts: EguiContexts,
        take_home: Res<TakeHome>,
        (settings, i18n, palette): (Res<Settings>, Res<I18n>, Res<Palette>),
        mut made: Local<Made>,
    ) {
        let Ok(ctx) = contexts.ctx_mut() else {
            return;
        };
        let Some(link) = take_home.link().filter(|_| !settings.face_to_face) else {
            made.0 = None;
            ctx.data_mut(|data| data.remove::<Card>(card_id()));
            return;
        };
        if made.0.as_ref().is_none_or(|(made_for, _)| made_for != link) {
            made.0 = Some((link.to_owned(), qr_texture(ctx, link)));
        }
        let Some((_, Some((texture, modules)))) = &made.0 else {
            return;
        };
        let card = Card {
            texture: texture.clone(),
            modules: *modules,
            title: i18n.tr("take-home-title"),
            line: i18n.tr("take-home-scan"),
            palette: *palette,
        };
        ctx.data_mut(|data| data.insert_temp(card_id(), card));
    }

    /// The link as a QR code (error correction M) in a texture of one pixel per module, dark on
    /// white with its quiet zone, magnified without smoothing; with its modules a side.
    fn qr_texture(ctx: &egui::Context, link: &str) -> Option<(TextureHandle, usize)> {
        let code = match QrCode::with_error_correction_level(link, EcLevel::M) {
            Ok(code) => code,
            Err(error) => {
                warn!("the take-home link does not fit a QR code: {error}");
                return None;
            }
        };
        let width = code.width();
        let side = width + 2 * QUIET_ZONE;
        let mut pixels = vec![Color32::WHITE; side * side];
        for (index, colour) in code.to_colors().into_iter().enumerate() {
            if colour == Color::Dark {
                let (x, y) = (index % width + QUIET_ZONE, index / width + QUIET_ZONE);
                pixels[y * side + x] = Color32::BLACK;
            }
        }
        debug!(
            "take-home code: version {:?}, {width} modules a side",
            code.version()
        );
        let image = ColorImage::new([side, side], pixels);
        let texture = ctx.load_texture("take-home-code", image, TextureOptions::NEAREST);
        Some((texture, side))
    }

    /// The code's side in points: a whole number of pixels per module, at least
    /// [`MIN_MODULE_PX`], as near [`TARGET_SIDE`] as that allows.
    fn side(modules: usize, pixels_per_point: f32) -> f32 {
        let per_module = (TARGET_SIDE * pixels_per_point / modules as f32)
            .round()
            .max(MIN_MODULE_PX);
        modules as f32 * per_module / pixels_per_point
    }

    /// The code and, beside it, "Take this game home" and how; nothing without a card.
    pub(super) fn show(ui: &mut egui::Ui) {
        let Some(card) = ui.ctx().data(|data| data.get_temp::<Card>(card_id())) else {
            return;
        };
        let ppp = ui.ctx().pixels_per_point();
        let side = side(card.modules, ppp);
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::Vec2::splat(side), egui::Sense::hover());
            // On whole pixels, so that every module is as many pixels as every other.
            let min = (rect.min.to_vec2() * ppp).round() / ppp;
            let rect = egui::Rect::from_min_size(min.to_pos2(), rect.size());
            let image = egui::Image::new((card.texture.id(), rect.size()))
                .alt_text(format!("{} {}", card.title, card.line));
            ui.put(rect, image);
            ui.add_space(GAP);
            ui.vertical(|ui| {
                ui.set_max_width(style::GAME_OVER_WIDTH - side - GAP);
                ui.add_space((side / 2.0 - style::LARGE_TEXT * 2.0).max(0.0));
                ui.label(
                    RichText::new(&card.title)
                        .size(style::LARGE_TEXT)
                        .strong()
                        .color(card.palette.ochre_text),
                );
                ui.add_space(style::LINE_GAP);
                ui.add(
                    egui::Label::new(
                        RichText::new(&card.line)
                            .size(style::BODY_TEXT)
                            .color(card.palette.ink),
                    )
                    .wrap(),
                );
            });
        });
        ui.add_space(style::BEFORE_BUTTONS);
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_module_is_a_whole_number_of_pixels_and_never_under_four() {
            for (modules, ppp) in [(41, 1.0), (57, 1.5), (65, 2.0), (89, 1.0), (33, 3.0)] {
                let pixels = side(modules, ppp) * ppp / modules as f32;
                assert!(pixels >= MIN_MODULE_PX, "{modules} at {ppp}: {pixels}");
                assert!((pixels - pixels.round()).abs() < 1e-3, "{pixels}");
            }
            // About the aimed side where four pixels a module leave room.
            let near = side(57, 1.5);
            assert!(
                (near - TARGET_SIDE).abs() <= 1.5 * 57.0 / 1.5 / 2.0,
                "{near}"
            );
        }
    }
}
