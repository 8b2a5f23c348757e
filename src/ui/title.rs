//! The title screen: the four games with where and by whom they are played, who plays each side
//! (a person or the computer at one of five levels), the way into a game or its rules, and the
//! language picker.

use super::policy::UiPolicy;
use super::style::{self, Palette};
use super::{Panels, UiSet, reading};
use crate::content;
use crate::core::{DEFAULT_SEATS, Level, Screen, Seat, Settings, StartGame};
use crate::i18n::{I18n, Language};
use crate::lessons::LessonCommand;
use bao_engine::{Player, Variant};
use bevy::ecs::system::SystemParam;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Rect, RichText, TextureHandle, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Choice>()
        .init_resource::<Visit>()
        .add_systems(OnEnter(Screen::Title), count_the_visit)
        .add_systems(
            EguiPrimaryContextPass,
            title_screen
                .run_if(in_state(Screen::Title))
                .in_set(UiSet::Screen),
        );
}

/// How many times the title screen was shown: each visit scrolls its own area, so that it
/// starts at the top rather than where the last visit left it.
#[derive(Resource, Default)]
struct Visit(u32);

fn count_the_visit(mut visit: ResMut<Visit>) {
    visit.0 = visit.0.wrapping_add(1);
}

/// Who plays each side in the next game; kept between games.
#[derive(Resource, Debug)]
pub(super) struct Choice {
    pub(super) seats: [Seat; 2],
}

impl Default for Choice {
    fn default() -> Self {
        Choice {
            seats: DEFAULT_SEATS,
        }
    }
}

/// What the title screen chooses: the players, the windows opened over it, the language, and
/// the reading of Kujifunza's kichwa rule (in the settings).
#[derive(SystemParam)]
struct Chosen<'w> {
    choice: ResMut<'w, Choice>,
    panels: ResMut<'w, Panels>,
    i18n: ResMut<'w, I18n>,
    settings: ResMut<'w, Settings>,
}

/// What the title's buttons send: a game, or a game's lessons.
#[derive(SystemParam)]
struct TitleOrders<'w> {
    start: MessageWriter<'w, StartGame>,
    learn: MessageWriter<'w, LessonCommand>,
}

fn title_screen(
    mut contexts: EguiContexts,
    palette: Res<Palette>,
    policy: Res<UiPolicy>,
    mut chosen: Chosen,
    mut orders: TitleOrders,
    (mut pictures, visit): (Local<BoardPictures>, Res<Visit>),
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let screen = ctx.content_rect();
    let mut action = None;
    egui::Area::new(egui::Id::new("title"))
        .order(egui::Order::Background)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            // The session's board turns slowly under the cards (the camera circles it on the
            // title); the room is dimmed a little so the title's name reads over it.
            ui.painter()
                .rect_filled(screen, 0.0, Color32::from_black_alpha(style::TITLE_DIMMING));
            ui.set_min_size(screen.size());
            ui.set_max_width(screen.width());
            // A solid bar, shown whenever the cards are taller than the window: egui's floating
            // one appears only under the pointer, and nothing said that the page scrolls.
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical()
                .id_salt(("title", visit.0))
                .max_height(screen.height())
                .show(ui, |ui| {
                    // The bar's room is kept at the right edge, inside the window.
                    ui.set_width(screen.width() - ui.spacing().scroll.allocated_width());
                    let page = ui.max_rect();
                    // How far the page is scrolled, for what stands on it from other systems
                    // (the saved-games and online buttons at its top left).
                    ui.ctx().data_mut(|d| {
                        d.insert_temp(egui::Id::new(PAGE_SCROLLED), page.top() - screen.top());
                    });
                    let title = Title {
                        i18n: &chosen.i18n,
                        palette: &palette,
                        policy: &policy,
                    };
                    let (choice, settings) = (&mut chosen.choice, &mut chosen.settings);
                    ui.vertical_centered(|ui| {
                        action =
                            title_contents(ui, &title, screen, choice, settings, &mut pictures);
                    });
                    languages_on_the_page(ui, page, &palette, &mut chosen.i18n);
                });
        });
    if let Some(action) = action {
        act(action, &chosen.choice, &mut chosen.panels, &mut orders);
    }
}

/// The egui memory entry of how far the title's page is scrolled (negative: up).
const PAGE_SCROLLED: &str = "title-page-scrolled";

/// How far the title's page was scrolled when it was last drawn, in points (0 at its top,
/// negative once scrolled down): what stands at the page's top moves with it.
pub(super) fn page_scrolled(ctx: &egui::Context) -> f32 {
    ctx.data(|d| d.get_temp::<f32>(egui::Id::new(PAGE_SCROLLED)))
        .unwrap_or(0.0)
}

/// The languages at the page's top right corner, beside the name, so that the cards keep their
/// room; on the page, so that they scroll with it (pinned over it, the page's name and subtitle
/// went under them once it was scrolled).
fn languages_on_the_page(ui: &mut egui::Ui, page: Rect, palette: &Palette, i18n: &mut I18n) {
    let top = page.top() + style::LANGUAGES_OFFSET.y;
    let row = Rect::from_min_max(
        egui::pos2(page.left(), top),
        egui::pos2(page.right() + style::LANGUAGES_OFFSET.x, top + style::TOUCH),
    );
    ui.scope_builder(
        egui::UiBuilder::new()
            .max_rect(row)
            .layout(egui::Layout::right_to_left(egui::Align::Center)),
        |ui| language_picker(ui, palette, i18n),
    );
}

/// What the title screen is drawn with: the player's language, the palette in use, and what the
/// overlay offers.
struct Title<'a> {
    i18n: &'a I18n,
    palette: &'a Palette,
    policy: &'a UiPolicy,
}

/// The title's name, the players and the games' cards, centred on a `screen` this large; what a
/// card's button asked for.
fn title_contents(
    ui: &mut egui::Ui,
    title: &Title,
    screen: Rect,
    choice: &mut Choice,
    settings: &mut Settings,
    pictures: &mut BoardPictures,
) -> Option<CardAction> {
    let (i18n, palette) = (title.i18n, title.palette);
    let width = (screen.width() - style::TITLE_SIDES).min(style::TITLE_WIDTH);
    ui.set_max_width(width);
    // On a narrow screen the language picker needs a row of its own.
    let picker_row = if screen.width() < style::TITLE_PICKER_BESIDE {
        style::TITLE_PICKER_ROW
    } else {
        0.0
    };
    ui.add_space(style::TITLE_TOP + picker_row);
    ui.label(
        RichText::new(i18n.tr("title-name"))
            .size(style::TITLE_TEXT)
            .strong()
            .color(palette.parchment),
    );
    ui.label(
        RichText::new(i18n.tr("title-subtitle"))
            .size(style::BODY_TEXT)
            .color(palette.room_text),
    );
    ui.add_space(style::LINE_GAP);
    players(ui, title, choice);
    ui.add_space(style::SECTION_GAP);
    let action = variant_cards(ui, title, width, &mut settings.kujifunza, pictures);
    ui.add_space(style::TITLE_BOTTOM);
    action
}

/// Does what a card's button asked for: a game with the players chosen, the rules, the puzzles,
/// or the lessons.
fn act(action: CardAction, choice: &Choice, panels: &mut Panels, orders: &mut TitleOrders) {
    match action {
        CardAction::Play(variant) => {
            panels.rules = None;
            orders.start.write(StartGame {
                variant,
                seats: choice.seats,
            });
        }
        CardAction::Rules(variant) => panels.rules = Some(variant),
        CardAction::Puzzles(variant) => panels.puzzles = Some(variant),
        CardAction::Learn(variant) => {
            panels.rules = None;
            orders.learn.write(LessonCommand::Learn(variant));
        }
    }
}

/// The languages, each named in itself (not by a flag: each is spoken in many countries), in a
/// row at the top right; a choice shows every screen in that language from the next frame on.
/// In a right-to-left row: the last language first, the word "Language" last (so that it reads
/// left to right).
fn language_picker(ui: &mut egui::Ui, palette: &Palette, i18n: &mut I18n) {
    ui.set_min_height(style::TOUCH);
    for language in Language::ALL.into_iter().rev() {
        let chosen = i18n.language() == language;
        if style::choice(ui, palette, chosen, language.native_name()).clicked() {
            i18n.set_language(language);
        }
    }
    ui.label(
        RichText::new(i18n.tr("language"))
            .size(style::NOTE_TEXT)
            .color(palette.room_text),
    );
}

/// The key of a computer level's name.
pub(super) const fn level_name(level: Level) -> &'static str {
    match level {
        Level::Beginner => "level-beginner",
        Level::Easy => "level-easy",
        Level::Medium => "level-medium",
        Level::Hard => "level-hard",
        Level::Expert => "level-expert",
    }
}

/// The two rows that choose who plays South and North.
fn players(ui: &mut egui::Ui, title: &Title, choice: &mut Choice) {
    let i18n = title.i18n;
    let font = egui::FontId::proportional(style::BODY_TEXT);
    let sides = [i18n.tr("title-south"), i18n.tr("title-north")];
    // Both rows' choices start at the same place, after the longer of the two side names.
    let widest = sides
        .iter()
        .map(|side| style::text_width(ui, side, font.clone()))
        .fold(0.0, f32::max);
    style::card(title.palette.parchment).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let label_width =
            (widest + style::SIDE_NAME_ROOM).clamp(style::SIDE_NAME_WIDTH, ui.available_width());
        for (player, side) in [Player::South, Player::North]
            .into_iter()
            .zip(sides.clone())
        {
            ui.horizontal_wrapped(|ui| {
                let (rect, _) = ui.allocate_exact_size(
                    Vec2::new(label_width, style::TOUCH),
                    egui::Sense::hover(),
                );
                ui.painter().text(
                    rect.left_center(),
                    egui::Align2::LEFT_CENTER,
                    side,
                    font.clone(),
                    title.palette.ink,
                );
                seat_choices(ui, title, &mut choice.seats[player.index()]);
            });
        }
    });
}

/// A person, or the computer at one of the levels offered, for one side.
fn seat_choices(ui: &mut egui::Ui, title: &Title, seat: &mut Seat) {
    let (i18n, palette) = (title.i18n, title.palette);
    if style::choice(ui, palette, *seat == Seat::Human, &i18n.tr("seat-human")).clicked() {
        *seat = Seat::Human;
    }
    ui.add_space(style::SEAT_GAP);
    ui.label(RichText::new(i18n.tr("title-computer")).color(palette.ink_soft));
    let offered = &title.policy.levels;
    for level in Level::ALL.into_iter().filter(|l| offered.contains(l)) {
        let selected = *seat == Seat::Computer(level);
        if style::choice(ui, palette, selected, &i18n.tr(level_name(level))).clicked() {
            *seat = Seat::Computer(level);
        }
    }
}

enum CardAction {
    Learn(Variant),
    Play(Variant),
    Rules(Variant),
    Puzzles(Variant),
}

/// The games offered, one card each (both readings of Kujifunza share its card), in order.
fn offered_games(offered: &[Variant]) -> Vec<Variant> {
    let mut games: Vec<Variant> = Vec::new();
    for game in offered.iter().map(|v| v.game()) {
        if !games.contains(&game) {
            games.push(game);
        }
    }
    games
}

/// The four games, two to a row where they fit. `kujifunza` is the reading of Kujifunza's
/// kichwa rule chosen (KU-8 or KU-8c); its card changes it.
fn variant_cards(
    ui: &mut egui::Ui,
    title: &Title,
    width: f32,
    kujifunza: &mut Variant,
    pictures: &mut BoardPictures,
) -> Option<CardAction> {
    let games = offered_games(&title.policy.variants);
    // On a wide screen the cards keep to the sides and leave the middle to the live board
    // turning behind them.
    if width >= style::WIDE_TITLE {
        return side_columns(ui, title, width, &games, kujifunza);
    }
    let columns = if width >= style::TWO_CARD_COLUMNS {
        2
    } else {
        1
    };
    let mut action = None;
    for row in games.chunks(columns) {
        ui.columns(columns, |cols| {
            for (col, &game) in cols.iter_mut().zip(row) {
                let picture = pictures.of(col.ctx(), game);
                let card = Card {
                    game,
                    picture: Some(&picture),
                };
                if let Some(a) = variant_card(col, title, card, kujifunza) {
                    action = Some(a);
                }
            }
        });
        ui.add_space(style::LINE_GAP);
    }
    action
}

/// The cards in two columns at the sides of a wide screen, without their boards' pictures (the
/// board turns between them), leaving the board [`style::BOARD_SHARE`] of the width.
fn side_columns(
    ui: &mut egui::Ui,
    title: &Title,
    width: f32,
    games: &[Variant],
    kujifunza: &mut Variant,
) -> Option<CardAction> {
    let gap = (width * style::BOARD_SHARE).max(style::BOARD_MIN_GAP);
    let side = (width - gap) / 2.0;
    let mut action = None;
    ui.horizontal_top(|ui| {
        for k in 0..2 {
            let column = games.iter().skip(k).step_by(2);
            // The right column ends where the players' card above it ends.
            let align = if k == 0 {
                egui::Layout::left_to_right(egui::Align::Min)
            } else {
                egui::Layout::right_to_left(egui::Align::Min)
            };
            ui.with_layout(align, |ui| {
                ui.allocate_ui_with_layout(
                    Vec2::new(side, 0.0),
                    egui::Layout::top_down(egui::Align::Min),
                    |ui| {
                        ui.set_width(side);
                        for &game in column {
                            let card = Card {
                                game,
                                picture: None,
                            };
                            if let Some(a) = variant_card(ui, title, card, kujifunza) {
                                action = Some(a);
                            }
                            ui.add_space(style::LINE_GAP);
                        }
                    },
                );
            });
        }
    });
    action
}

/// One game's card: its game, and the picture of its board at the start where the card has
/// room for it (on a wide screen the cards are narrower and the live board behind them is seen).
struct Card<'a> {
    game: Variant,
    picture: Option<&'a TextureHandle>,
}

fn variant_card(
    ui: &mut egui::Ui,
    title: &Title,
    card: Card,
    kujifunza: &mut Variant,
) -> Option<CardAction> {
    let game = card.game;
    let text = content::text(game);
    let offered = &title.policy.variants;
    let mut action = None;
    style::card(title.palette.parchment).show(ui, |ui| {
        ui.set_width(ui.available_width());
        // Left-aligned rather than justified (the columns justify), so a wrapped line reads well.
        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
            variant_card_contents(ui, title, game, text, card.picture.is_none());
            let variant = if game.is_kujifunza() {
                let wording = reading::Wording::Short;
                reading::reading_choice(ui, title.palette, kujifunza, offered, wording, title.i18n);
                reading::rules_to_play(*kujifunza, offered)
            } else {
                game
            };
            ui.add_space(style::LINE_GAP);
            action = ui
                .horizontal_wrapped(|ui| card_buttons(ui, title.i18n, &card, variant))
                .inner;
        });
    });
    action
}

/// A card's buttons — learn, play, the rules, the puzzles of `variant` — and the game's board at
/// its start at the row's right end.
fn card_buttons(
    ui: &mut egui::Ui,
    i18n: &I18n,
    card: &Card,
    variant: Variant,
) -> Option<CardAction> {
    let mut action = None;
    // A narrow card's buttons take smaller type (still a full touch target), so that the four
    // fit one row; a wide card's first is wider than the rest.
    let button = |ui: &mut egui::Ui, key: &str, first: bool| {
        let text = i18n.tr(key);
        match (card.picture.is_some(), first) {
            (true, true) => style::wide_button(ui, &text),
            (true, false) => style::button(ui, &text),
            (false, _) => style::card_button(ui, &text),
        }
    };
    // Learning comes first: what a kiosk's visitor meets before anything else.
    if button(ui, "lessons-button", true).clicked() {
        action = Some(CardAction::Learn(variant));
    }
    if button(ui, "title-play", false).clicked() {
        action = Some(CardAction::Play(variant));
    }
    if button(ui, "title-rules", false).clicked() {
        action = Some(CardAction::Rules(variant));
    }
    if button(ui, "puzzles-button", false).clicked() {
        action = Some(CardAction::Puzzles(card.game));
    }
    if let Some(picture) = card.picture {
        let size = picture_size(picture, ui.available_width() - style::PICTURE_ROOM);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.add(egui::Image::new(egui::load::SizedTexture::new(
                picture.id(),
                size,
            )));
        });
    }
    action
}

/// The card's name, people, region, board and summary (a narrow card: its first line only).
fn variant_card_contents(
    ui: &mut egui::Ui,
    title: &Title,
    variant: Variant,
    text: &content::VariantText,
    narrow: bool,
) {
    let (i18n, palette) = (title.i18n, title.palette);
    ui.spacing_mut().item_spacing.y = style::TITLE_CARD_LINE_SPACING;
    if narrow {
        narrow_card_contents(ui, title, variant, text);
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let name = i18n.tr(content::variant_name(variant));
        ui.label(RichText::new(name).size(style::CARD_NAME_TEXT).strong());
        if let Some(other) = text.also_called {
            ui.label(
                RichText::new(format!("({})", i18n.tr(other)))
                    .size(style::PARAGRAPH_TEXT)
                    .color(palette.ink_soft),
            );
        }
        board_line(ui, title, text);
    });
    let where_and_who = format!("{} — {}", i18n.tr(text.people), i18n.tr(text.region));
    ui.add(
        egui::Label::new(
            RichText::new(where_and_who)
                .size(style::NOTE_TEXT)
                .color(palette.ochre_text)
                .strong(),
        )
        .wrap(),
    );
    for line in text.summary {
        ui.add(egui::Label::new(RichText::new(i18n.tr(line)).size(style::NOTE_TEXT)).wrap());
    }
}

/// The card's board ("4 rows of 8 pits · 64 seeds") beside the name, at the card's right edge
/// where it fits, so that the Kujifunza card has room for its reading choice and all four cards
/// still fit a 1280×720 screen; where the row has no room left for it (a longer name in a
/// narrower window), on a line of its own rather than over the name.
fn board_line(ui: &mut egui::Ui, title: &Title, text: &content::VariantText) {
    let (i18n, palette) = (title.i18n, title.palette);
    let words = i18n.tr(text.board);
    let needed = style::text_width(ui, &words, egui::FontId::proportional(style::SMALL_TEXT))
        + ui.spacing().item_spacing.x;
    if ui.available_size_before_wrap().x < needed {
        ui.end_row();
    }
    let board = RichText::new(words)
        .size(style::SMALL_TEXT)
        .color(palette.ink_soft);
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        ui.label(board);
    });
}

/// A narrow card's name, board, people and region, and its summary's first line.
fn narrow_card_contents(
    ui: &mut egui::Ui,
    title: &Title,
    variant: Variant,
    text: &content::VariantText,
) {
    let (i18n, palette) = (title.i18n, title.palette);
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(i18n.tr(content::variant_name(variant)))
                .size(style::WINDOW_TITLE_TEXT)
                .strong(),
        );
        if let Some(other) = text.also_called {
            ui.label(
                RichText::new(format!("({})", i18n.tr(other)))
                    .size(style::SMALL_TEXT)
                    .color(palette.ink_soft),
            );
        }
    });
    let about = format!(
        "{} · {} — {}",
        i18n.tr(text.board),
        i18n.tr(text.people),
        i18n.tr(text.region)
    );
    ui.add(
        egui::Label::new(
            RichText::new(about)
                .size(style::COMPACT_TEXT)
                .color(palette.ochre_text),
        )
        .wrap(),
    );
    if let Some(first) = text.summary.first() {
        ui.add(egui::Label::new(RichText::new(i18n.tr(first)).size(style::SMALL_TEXT)).wrap());
    }
}

/// The size a board's picture is shown at beside a card's buttons, in `width` left of them: at
/// most as high as the buttons' row ([`style::PICTURE_HEIGHT`]), so that all four cards still
/// fit a 1280×720 screen.
fn picture_size(picture: &TextureHandle, width: f32) -> Vec2 {
    let [w, h] = picture.size();
    let aspect = w.max(1) as f32 / h.max(1) as f32;
    let shown = width.min(style::PICTURE_HEIGHT * aspect).max(0.0);
    Vec2::new(shown, shown / aspect)
}

/// Pixels a world unit in the cards' board pictures: two to three pixels a point at
/// [`style::PICTURE_HEIGHT`], sharp on a high-density screen too.
const PICTURE_PIXELS_PER_UNIT: f32 = 28.0;

/// Each game's board at its start position, drawn by the game from the 3D board's own wood
/// and seeds (`seeds::position_picture`), made when its card is first shown.
#[derive(Default)]
struct BoardPictures(HashMap<Variant, TextureHandle>);

impl BoardPictures {
    fn of(&mut self, ctx: &egui::Context, game: Variant) -> TextureHandle {
        self.0
            .entry(game)
            .or_insert_with(|| {
                let picture = crate::seeds::position_picture(
                    &bao_engine::Position::new(game),
                    PICTURE_PIXELS_PER_UNIT,
                );
                let image = egui::ColorImage::from_rgba_unmultiplied(
                    [picture.width as usize, picture.height as usize],
                    &picture.rgba,
                );
                ctx.load_texture(
                    format!("bao-board-{}", game.id()),
                    image,
                    egui::TextureOptions::LINEAR,
                )
            })
            .clone()
    }
}
