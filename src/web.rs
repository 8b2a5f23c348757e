//! The web build's page glue: the game draws on the page's `#bao` canvas, reads its options from
//! the URL (`?variant=kigogo&south=human&north=hard`), and publishes its state in the canvas's
//! `data-bao-*` attributes, read-only, for the browser test and pages that embed the game.

use crate::board::PitSlot;
use crate::camera::MainCamera;
use crate::cli::Options;
use crate::core::{Busy, PitClicked, Screen, Session};
use crate::input::Selection;
use bevy::diagnostic::FrameCount;
use bevy::ecs::system::SystemParam;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use std::fmt::Write as _;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UpdateClock>()
        .add_systems(PostStartup, follow_prefers_reduced_motion)
        .add_systems(First, start_update_clock)
        .add_systems(Update, announce.after(crate::core::CoreSet::Sync))
        .add_systems(
            Last,
            (
                publish_state,
                publish_teaching,
                publish_review,
                stop_update_clock,
            )
                .chain(),
        )
        .add_systems(Startup, links_begin_with_this_page);
}

/// The links of games copied on the web (the saved games' "Copy link") begin with the page's
/// own address, so that whoever gets one opens this web build.
fn links_begin_with_this_page(mut base: ResMut<crate::records::LinkBase>) {
    let location = web_sys::window().map(|w| w.location());
    if let Some(location) = location {
        let origin = location.origin().unwrap_or_default();
        let path = location.pathname().unwrap_or_default();
        base.0 = format!("{origin}{path}");
    }
}

/// The review and the records' notice, for the browser test: `data-bao-review` is `none`,
/// `working D/T` (moves reviewed of all) or `done T`; `data-bao-review-verdicts` the verdict
/// ids of the moves, comma-separated, once done; `data-bao-notice` the notice shown, in the
/// player's language (empty when none).
fn publish_review(
    reviews: Option<Res<crate::records::GameReview>>,
    notice: Option<Res<crate::records::Notice>>,
    i18n: Option<Res<crate::i18n::I18n>>,
    mut last: Local<(String, String)>,
) {
    let review = match reviews.as_deref().and_then(|r| r.0.as_ref()) {
        None => "none".to_owned(),
        Some(reviewing) => match reviewing.review() {
            Some(review) => format!("done {}", review.entries.len()),
            None => {
                let (done, total) = reviewing.progress();
                format!("working {done}/{total}")
            }
        },
    };
    let notice = match (notice.as_deref(), i18n.as_deref()) {
        (Some(notice), Some(i18n)) => notice.text(i18n).unwrap_or_default(),
        _ => String::new(),
    };
    if *last == (review.clone(), notice.clone()) {
        return;
    }
    let Some(canvas) = canvas() else {
        return;
    };
    let verdicts = reviews
        .as_deref()
        .and_then(|r| r.0.as_ref())
        .and_then(|reviewing| reviewing.review())
        .map(|review| {
            let ids: Vec<&str> = review.entries.iter().map(|e| e.verdict.id()).collect();
            ids.join(",")
        })
        .unwrap_or_default();
    let _ = canvas.set_attribute("data-bao-review", &review);
    let _ = canvas.set_attribute("data-bao-review-verdicts", &verdicts);
    let _ = canvas.set_attribute("data-bao-notice", &notice);
    *last = (review, notice);
}

/// The browser's (the system's) "reduce motion" preference turns on reduced motion at every
/// start, over the saved setting; the player may still turn it off in the settings.
fn follow_prefers_reduced_motion(mut settings: ResMut<crate::core::Settings>) {
    let asked = web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|query| query.matches());
    if asked && !settings.reduced_motion {
        settings.reduced_motion = true;
    }
}

/// What the live region said last.
#[derive(Default)]
struct Announced {
    moves: usize,
    focus: Option<bao_engine::Pit>,
    /// A review of the game shown was done.
    reviewed: bool,
}

/// Screen readers: once a move's seeds have landed, the page's `#bao-live` region (`aria-live`)
/// gets a line for it — who played what, the seeds it captured, and whose turn it is or who won
/// and why — and a line for each step of the keyboard's focus ("Focus: a3, South"), in the
/// player's language; in a review, the move shown gets its verdict once the review is done and
/// each move shown after ("Move 3, South: a7: loses seeds — 4.0 seeds less than a2").
fn announce(
    session: Res<Session>,
    busy: Res<Busy>,
    focus: Res<crate::input::Focus>,
    i18n: Res<crate::i18n::I18n>,
    reviews: Option<Res<crate::records::GameReview>>,
    mut last: Local<Announced>,
) {
    let mut lines = Vec::new();
    let game = session.game();
    let moves = game.moves().len();
    let review = reviews
        .as_deref()
        .and_then(|r| r.0.as_ref())
        .filter(|reviewing| reviewing.shows(&session))
        .and_then(|reviewing| reviewing.review());
    if !busy.moving && moves != last.moves {
        if moves > last.moves
            && let Some(line) = move_line(&session, &i18n)
        {
            lines.push(line);
        }
        // In a review, the verdict on the move now shown.
        lines.extend(review.and_then(|review| crate::ui::spoken_verdict(review, moves, &i18n)));
        last.moves = moves;
    } else if review.is_some() && !last.reviewed && !busy.moving {
        // The review has just been done: the verdict on the move shown.
        lines.extend(review.and_then(|review| crate::ui::spoken_verdict(review, moves, &i18n)));
    }
    last.reviewed = review.is_some();
    if focus.0 != last.focus {
        last.focus = focus.0;
        if let Some((player, name)) = focus.0.and_then(|pit| game.position().name_of(pit)) {
            let side = i18n.tr(crate::content::player_name(player));
            lines.push(i18n.tr_args(
                "live-focus",
                &[("pit", name.to_string().into()), ("side", side.into())],
            ));
        }
    }
    say_in_live_region(lines);
}

/// Adds `lines` to the page's live region, which keeps only the latest.
fn say_in_live_region(lines: Vec<String>) {
    let Some(region) = live_region().filter(|_| !lines.is_empty()) else {
        return;
    };
    // One paragraph per line: a polite log region reads what is added.
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for line in lines {
        if let Ok(p) = document.create_element("p") {
            p.set_text_content(Some(&line));
            let _ = region.append_child(&p);
        }
    }
    // Keep the region short: only the latest lines.
    while region.child_element_count() > LIVE_LINES {
        if let Some(first) = region.first_element_child() {
            first.remove();
        } else {
            break;
        }
    }
}

/// Lines the live region keeps.
const LIVE_LINES: u32 = 6;

fn live_region() -> Option<web_sys::Element> {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("bao-live"))
}

/// "South played a3+. 4 seeds captured. North to move.", or at the end "… South wins. North
/// cannot move — final count South 38, North 10".
fn move_line(session: &Session, i18n: &crate::i18n::I18n) -> Option<String> {
    let game = session.game();
    let (mv, before) = game.last_move()?;
    let after = game.position();
    let mover = before.to_move();
    let opponent = mover.opponent();
    let taken = before
        .seeds_on_side(opponent)
        .saturating_sub(after.seeds_on_side(opponent));
    let mut line = i18n.tr_args(
        "live-played",
        &[
            ("player", i18n.tr(crate::content::player_name(mover)).into()),
            ("move", mv.to_string().into()),
        ],
    );
    if taken > 0 {
        line.push(' ');
        line.push_str(&i18n.tr_args("live-captured", &[("count", taken.into())]));
    }
    line.push(' ');
    // The result: who won and why ("South wins. North cannot move — final count …").
    if let Some(end) = crate::content::ending(game.outcome(), after, i18n) {
        line.push_str(&end.headline);
        line.push_str(". ");
        line.push_str(&end.reason);
    } else {
        line.push_str(&i18n.tr_args(
            "hud-to-move",
            &[(
                "player",
                i18n.tr(crate::content::player_name(after.to_move())).into(),
            )],
        ));
    }
    Some(line)
}

/// The time the main world's schedules, First to Last, have taken so far: the game, the overlay,
/// picking, transforms and visibility, without the render world's WebGL calls. Published as
/// `data-bao-update-us` (microseconds in all) so that the page can divide the time between two
/// readings by the frames between them: the CPU cost of a frame, which the wasm's optimisation
/// level changes, apart from the GPU's (on software rendering, most of the frame).
#[derive(Resource, Default)]
struct UpdateClock {
    /// When this frame's First schedule began.
    began: Option<Instant>,
    /// Microseconds of every frame so far.
    total_us: u64,
    /// The wasm memory's size last published.
    memory_bytes: usize,
}

fn start_update_clock(mut clock: ResMut<UpdateClock>) {
    clock.began = Some(Instant::now());
}

fn stop_update_clock(mut clock: ResMut<UpdateClock>) {
    let Some(began) = clock.began.take() else {
        return;
    };
    clock.total_us += u64::try_from(began.elapsed().as_micros()).unwrap_or(u64::MAX);
    if let Some(canvas) = canvas() {
        let _ = canvas.set_attribute("data-bao-update-us", &clock.total_us.to_string());
        // The memory grows seldom, in steps: written when it does.
        let memory = wasm_memory_bytes();
        if memory != clock.memory_bytes {
            clock.memory_bytes = memory;
            let _ = canvas.set_attribute("data-bao-wasm-bytes", &memory.to_string());
        }
    }
}

/// The size of the wasm's linear memory, in bytes, published as `data-bao-wasm-bytes` for the
/// browser test's memory figures over a long attract loop (the JS heap does not include it).
fn wasm_memory_bytes() -> usize {
    /// Bytes in a wasm page.
    const PAGE: usize = 65_536;
    core::arch::wasm32::memory_size(0) * PAGE
}

/// The page's canvas, if the page has one.
fn canvas() -> Option<web_sys::Element> {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(CANVAS).ok().flatten())
}

/// The CSS selector of the canvas the game draws on (see `web/index.html`).
pub(crate) const CANVAS: &str = "#bao";

/// The options in the page's URL: `variant`, `south` and `north` as on the command line (a
/// variant skips the title screen); a game's link after the `#` (`#g=…`) opens its review. A parameter that cannot be understood is reported in the
/// browser's console and the defaults are used.
pub fn options_from_page() -> Options {
    let location = web_sys::window().map(|w| w.location());
    let search = location
        .as_ref()
        .and_then(|l| l.search().ok())
        .unwrap_or_default();
    // A game's link keeps its game after the `#`, which no server sees: `#g=DIGITS`.
    let hash = location
        .as_ref()
        .and_then(|l| l.hash().ok())
        .unwrap_or_default();
    match Options::from_url_query(&search) {
        Ok(options) if hash.contains("g=") => Options {
            open: Some(hash),
            ..options
        },
        Ok(options) => options,
        Err(error) => {
            // Bevy's logging starts with the app; this is before it.
            let message = format!("bao: {error}; starting with the defaults");
            web_sys::console::warn_1(&message.into());
            Options::default()
        }
    }
}

/// What the page can read of the game, as `data-bao-*` attributes of the canvas.
#[derive(Default, PartialEq)]
struct Published {
    /// `title` or `playing`.
    screen: &'static str,
    /// How many moves the game on the board has had.
    moves: usize,
    /// `south` or `north`.
    to_move: &'static str,
    /// The computer is thinking or seeds are moving.
    busy: bool,
    /// The game is over.
    over: bool,
    /// What the clicks so far have chosen of a person's move: `none`, `direction` (Kujifunza's
    /// start pit is chosen) or `kichwa-N` (the kichwa for the move's Nth capture is asked).
    selection: String,
    /// The gentle reason shown after a click that cannot start a move, if any.
    feedback: String,
    /// How many clicks on pits the game has received (each one a [`PitClicked`]).
    clicks: u64,
    /// The pits whose click takes a person's move a step further (a start pit, a direction or a
    /// kichwa), with their centres in CSS pixels of the canvas: `a3:412,530 b4:470,530`.
    targets: String,
}

/// Publishes the game's state as the canvas's `data-bao-*` attributes, written when it changes
/// (the frame count every frame).
fn publish_state(
    game: GameForPage,
    pits: PitsOnCanvas,
    frames: Option<Res<FrameCount>>,
    mut clicked: MessageReader<PitClicked>,
    mut clicks: Local<u64>,
    mut last: Local<Published>,
) {
    *clicks += clicked.read().count() as u64;
    let Some(canvas) = canvas() else {
        return;
    };
    // The frame counter tells the page that frames are being drawn (and how many).
    if let Some(frames) = frames {
        let _ = canvas.set_attribute("data-bao-frames", &frames.0.to_string());
    }
    // Kingulu's endgame table, once fetched and installed (`computer::endgame`): the most
    // seeds in play it holds.
    if let Some(table) = bao_ai::tables::installed() {
        let _ = canvas.set_attribute("data-bao-endgame-seeds", &table.max_seeds().to_string());
    }
    let now = game.published(*clicks, &pits);
    if *last == now {
        return;
    }
    now.write_to(&canvas);
    *last = now;
}

/// What the page reads of the game: the screen, the session, the selection, what is busy and
/// the language of the feedback.
#[derive(SystemParam)]
struct GameForPage<'w> {
    screen: Res<'w, State<Screen>>,
    session: Option<Res<'w, Session>>,
    selection: Option<Res<'w, Selection>>,
    busy: Option<Res<'w, Busy>>,
    i18n: Option<Res<'w, crate::i18n::I18n>>,
}

impl GameForPage<'_> {
    /// The state to publish, `clicks` pits clicked so far.
    fn published(&self, clicks: u64, pits: &PitsOnCanvas) -> Published {
        let mut now = Published {
            screen: match self.screen.get() {
                Screen::Title => "title",
                Screen::Playing => "playing",
            },
            clicks,
            ..default()
        };
        if let Some(session) = self.session.as_deref() {
            self.describe_session(session, pits, &mut now);
        }
        now
    }

    /// The game's part of the published state: its moves, whose turn, the selection, the
    /// feedback and the pits a click can use.
    fn describe_session(&self, session: &Session, pits: &PitsOnCanvas, now: &mut Published) {
        let selection = self.selection.as_deref();
        now.moves = session.game().moves().len();
        now.to_move = match session.game().position().to_move() {
            bao_engine::Player::South => "south",
            bao_engine::Player::North => "north",
        };
        let busy = self.busy.as_deref().copied().unwrap_or_default();
        now.busy = busy.any();
        now.over = session.game().outcome().is_over();
        now.feedback = match (session.feedback(), self.i18n.as_deref()) {
            (Some(feedback), Some(i18n)) => crate::ui::feedback(feedback, i18n),
            _ => String::new(),
        };
        now.selection = match selection {
            Some(Selection::Direction { .. }) => "direction".to_owned(),
            Some(Selection::Kichwa { index, .. }) => format!("kichwa-{index}"),
            _ => "none".to_owned(),
        };
        // A kichwa is asked while the move's animation waits at the capture (KU-8): the person
        // can click then, although seeds are in the hand.
        let asking = matches!(selection, Some(Selection::Kichwa { .. }));
        if *self.screen.get() == Screen::Playing && (session.human_to_move(&busy) || asking) {
            now.targets = pits.targets(&clickable(session, selection));
        }
    }
}

/// Where the pits lie on the canvas: the pits and the board's camera.
#[derive(SystemParam)]
struct PitsOnCanvas<'w, 's> {
    pits: Query<'w, 's, (&'static PitSlot, &'static GlobalTransform)>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
}

impl PitsOnCanvas<'_, '_> {
    /// The `wanted` pits with their centres in CSS pixels, by row and column:
    /// `a3:412,530 b4:470,530`; empty without the camera.
    fn targets(&self, wanted: &[bao_engine::Pit]) -> String {
        let mut targets = String::new();
        let Ok((camera, eye)) = self.cameras.single() else {
            return targets;
        };
        let mut places: Vec<_> = self
            .pits
            .iter()
            .filter(|(slot, _)| wanted.contains(&slot.0))
            .filter_map(|(slot, place)| {
                let p = camera.world_to_viewport(eye, place.translation()).ok()?;
                Some((slot.0, p))
            })
            .collect();
        places.sort_by_key(|(pit, _)| (pit.row, pit.col));
        for (pit, p) in places {
            let sep = if targets.is_empty() { "" } else { " " };
            let _ = write!(targets, "{sep}{pit}:{:.0},{:.0}", p.x, p.y);
        }
        targets
    }
}

impl Published {
    /// Sets the canvas's attributes to this state.
    fn write_to(&self, canvas: &web_sys::Element) {
        for (name, value) in [
            ("data-bao-screen", self.screen.to_owned()),
            ("data-bao-moves", self.moves.to_string()),
            ("data-bao-to-move", self.to_move.to_owned()),
            ("data-bao-busy", self.busy.to_string()),
            ("data-bao-over", self.over.to_string()),
            ("data-bao-targets", self.targets.clone()),
            ("data-bao-selection", self.selection.clone()),
            ("data-bao-feedback", self.feedback.clone()),
            ("data-bao-clicks", self.clicks.to_string()),
        ] {
            let _ = canvas.set_attribute(name, &value);
        }
    }
}

/// The pits a person's click can use now: the legal start pits, or the choices that the
/// selection asks for.
fn clickable(session: &Session, selection: Option<&Selection>) -> Vec<bao_engine::Pit> {
    match selection {
        Some(Selection::Direction { targets, .. }) => targets.iter().map(|(p, _)| *p).collect(),
        Some(Selection::Kichwa { left, right, .. }) => vec![*left, *right],
        _ => session.start_pits(),
    }
}

/// What the page can read of a lesson, the caption and the overlay's buttons, as more
/// `data-bao-*` attributes.
#[derive(Default, PartialEq)]
struct Teaching {
    /// The lesson on the board and where it stands: `kujifunza-sowing try`, `… told`,
    /// `… exercise`, `… met` or `… missed`; empty without a lesson.
    lesson: String,
    /// The step caption shown over the board, in the player's language; empty without one.
    caption: String,
    /// The move the board rings as a hint: its start pit and, where a direction is asked, the
    /// pit to click next (`b3 b4`); empty without a hint.
    hint: String,
    /// The overlay's buttons (`Your turn@640,152|Leave@900,152`, in CSS pixels of the canvas).
    buttons: String,
}

fn publish_teaching(
    session: Option<Res<Session>>,
    run: Option<Res<crate::lessons::LessonRun>>,
    caption: Option<Res<crate::ui::Caption>>,
    buttons: Option<Res<crate::ui::DrawnButtons>>,
    mut last: Local<Teaching>,
) {
    let Some(canvas) = canvas() else {
        return;
    };
    let now = Teaching {
        lesson: run
            .as_deref()
            .and_then(|r| r.0.as_ref())
            .map(lesson_state)
            .unwrap_or_default(),
        caption: caption.map(|c| c.0.clone()).unwrap_or_default(),
        hint: session.as_deref().map(hint_pits).unwrap_or_default(),
        buttons: buttons.map(|b| b.published()).unwrap_or_default(),
    };
    if *last == now {
        return;
    }
    for (name, value) in [
        ("data-bao-lesson", &now.lesson),
        ("data-bao-caption", &now.caption),
        ("data-bao-hint", &now.hint),
        ("data-bao-buttons", &now.buttons),
    ] {
        let _ = canvas.set_attribute(name, value);
    }
    *last = now;
}

/// `ID STAGE` of a lesson being done.
fn lesson_state(active: &crate::lessons::ActiveLesson) -> String {
    use crate::lessons::Stage;
    let stage = match active.stage {
        Stage::Try => "try",
        Stage::Told => "told",
        Stage::Exercise(None) => "exercise",
        Stage::Exercise(Some(answer)) if answer.met => "met",
        Stage::Exercise(Some(_)) => "missed",
    };
    let id = active.lesson().map(|l| l.id).unwrap_or("?");
    format!("{id} {stage}")
}

/// The pits a person clicks to play the hinted move: its start and, with a direction, the next
/// pit that way.
fn hint_pits(session: &Session) -> String {
    let Some(mv) = session.hint() else {
        return String::new();
    };
    let position = session.game().position();
    let mover = position.to_move();
    let Some(start) = position.pit_named(mover, mv.pit()) else {
        return String::new();
    };
    let next = mv
        .direction()
        .and_then(|dir| position.next_pit(mover, start, dir));
    match next {
        Some(next) => format!("{start} {next}"),
        None => start.to_string(),
    }
}
