//! Saved games, the autosave, bad files, the replay viewer, move lists and persistent settings,
//! headless, each test with its own data folder in the temporary directory.

use crate::harness::{assert_board_matches, finish_animation, position, session};
use bao::audio::SoundSettings;
use bao::camera::CameraView;
use bao::core::{
    ChangeSession, Level, MoveSource, Quality, Screen, Seat, SeatMove, SessionChange, Settings,
    StartGame,
};
use bao::records::{
    AUTOSAVE_KEY, ChosenSeats, LoadError, Notice, PasteError, RecordsCommand, Replay,
    ReplayCommand, ResumeOffer, SETTINGS_KEY, SavedGames, format_moves, game_key,
};
use bao::storage::Storage;
use bao_engine::{Game, GameRecord, Move, RecordError, Variant};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use std::path::PathBuf;
use std::time::Duration;

const HUMANS: [Seat; 2] = [Seat::Human, Seat::Human];

/// A fresh, empty data folder for one test.
fn data_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bao-records-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The game core with the records, keeping its data in `dir`; on the title screen.
fn app_in(dir: &PathBuf) -> App {
    app_in_with(dir, |_| {})
}

/// As [`app_in`], with `setup` applied before the first update (as the game's start-up applies
/// its command-line options).
fn app_in_with(dir: &PathBuf, setup: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage::at(dir))
        .add_plugins(bao::core_plugin)
        .add_plugins(bao::records::plugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )));
    setup(&mut app);
    app.update();
    app
}

/// As [`app_in`], with a game of `variant` between two people started, animation at 4×.
fn game_in(dir: &PathBuf, variant: Variant) -> App {
    let mut app = app_in(dir);
    app.world_mut().resource_mut::<Settings>().anim_speed = 4.0;
    start(&mut app, variant);
    app
}

fn start(app: &mut App, variant: Variant) {
    app.world_mut().write_message(StartGame {
        variant,
        seats: HUMANS,
    });
    for _ in 0..4 {
        app.update();
    }
}

/// Plays the first legal move `n` times, each animated to the end.
fn play_first_moves(app: &mut App, n: usize) {
    for _ in 0..n {
        let mv = session(app).game().legal_moves()[0];
        play(app, mv);
    }
}

/// Gives the game on the board these players (as taking over a replay does).
fn take_over(app: &mut App, seats: [Seat; 2]) {
    let change = ChangeSession::of(session(app), SessionChange::TakeOver(seats));
    app.world_mut().write_message(change);
    app.update();
}

fn play(app: &mut App, mv: Move) {
    let sent = SeatMove::next(session(app), mv, MoveSource::Board);
    app.world_mut().write_message(sent);
    app.update();
    finish_animation(app);
}

fn send(app: &mut App, command: RecordsCommand) {
    app.world_mut().write_message(command);
    for _ in 0..3 {
        app.update();
    }
}

fn replay(app: &mut App, command: ReplayCommand) {
    app.world_mut().write_message(command);
    app.update();
    finish_animation(app);
}

fn notice(app: &App) -> Notice {
    app.world().resource::<Notice>().clone()
}

fn store(app: &App) -> Storage {
    app.world().resource::<Storage>().clone()
}

fn moves(app: &App) -> Vec<Move> {
    session(app).game().moves().to_vec()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn a_saved_game_opens_again_at_the_same_position_with_its_players() {
    let dir = data_dir("round-trip");
    let mut app = game_in(&dir, Variant::Kigogo);
    play_first_moves(&mut app, 3);
    take_over(&mut app, [Seat::Human, Seat::Computer(Level::Easy)]);
    let saved_moves = moves(&app);
    let saved_position = position(&app);
    send(
        &mut app,
        RecordsCommand::Save("Kigogo: mchezo wa leo".into()),
    );
    assert_eq!(notice(&app), Notice::Saved("Kigogo_ mchezo wa leo".into()));
    let list = app.world().resource::<SavedGames>().clone();
    assert_eq!(list.games.len(), 1);
    let key = list.games[0].key.clone();
    assert_eq!(Some(key.clone()), game_key("Kigogo: mchezo wa leo"));
    let record = list.games[0]
        .record
        .clone()
        .expect("the saved game reads back");
    assert_eq!(record.variant, "kigogo");
    assert_eq!(record.moves.len(), 3);
    assert_eq!(record.players.north, "easy");

    // Another game, then the saved one again.
    take_over(&mut app, HUMANS);
    start(&mut app, Variant::Kujifunza);
    send(&mut app, RecordsCommand::Open(key));
    app.update();
    assert_eq!(moves(&app), saved_moves);
    assert_eq!(position(&app), saved_position);
    assert_eq!(
        session(&app).seats(),
        [Seat::Human, Seat::Computer(Level::Easy)]
    );
    assert_eq!(notice(&app), Notice::None);
    for _ in 0..4 {
        app.update();
    }
    assert_board_matches(&mut app, "an opened game");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Checks that the title screen offers to resume a game of `variant` with `moves` moves, takes
/// the offer, and runs until the game is on the board.
fn resume_as_offered(app: &mut App, variant: Variant, moves: usize) {
    let offer = app
        .world()
        .resource::<ResumeOffer>()
        .0
        .clone()
        .expect("offered");
    assert_eq!(offer.variant, variant);
    assert_eq!(offer.moves, moves);
    send(app, RecordsCommand::Resume);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(screen(app), Screen::Playing);
}

#[test]
fn the_game_is_autosaved_after_every_move_and_resumed_exactly_after_a_restart() {
    let dir = data_dir("autosave");
    let mut app = game_in(&dir, Variant::Kingulu);
    assert_eq!(
        store(&app).read(AUTOSAVE_KEY),
        Ok(None),
        "no move, no autosave"
    );
    for n in 1..=4 {
        play_first_moves(&mut app, 1);
        let text = store(&app).read(AUTOSAVE_KEY).unwrap().expect("autosaved");
        let record = GameRecord::from_json(&text).unwrap();
        assert_eq!(record.moves.len(), n, "autosaved after move {n}");
    }
    let before = position(&app);
    let played = moves(&app);
    drop(app);

    // A restart: the title screen offers the game.
    let mut app = app_in(&dir);
    assert_eq!(screen(&app), Screen::Title);
    resume_as_offered(&mut app, Variant::Kingulu, 4);
    assert_eq!(position(&app), before);
    assert_eq!(moves(&app), played);
    assert_board_matches(&mut app, "a resumed game");
    assert!(app.world().resource::<ResumeOffer>().0.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_online_game_is_not_autosaved_the_server_keeps_it() {
    let dir = data_dir("autosave-online");
    let mut app = game_in(&dir, Variant::Kigogo);
    take_over(&mut app, [Seat::Human, Seat::Remote]);
    play_first_moves(&mut app, 1);
    assert_eq!(
        store(&app).read(AUTOSAVE_KEY),
        Ok(None),
        "read back, it would be a game for two at this screen"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game autosaved by the version before `kujifunza` became KU-8's rule set (record format 1):
/// its `kujifunza` meant the free kichwa choice, and its moves carry the letters (`a4-/R/L`).
const FORMAT_1_KUJIFUNZA: &str = include_str!("data/kujifunza-format-1.json");

#[test]
fn ku_8c_a_format_1_kujifunza_autosave_is_offered_and_resumes_as_kujifunza_choice() {
    let dir = data_dir("format-1");
    let app = app_in(&dir);
    store(&app).write(AUTOSAVE_KEY, FORMAT_1_KUJIFUNZA).unwrap();
    drop(app);
    // A restart: the old game is offered, as the rule set it was played by.
    let mut app = app_in(&dir);
    resume_as_offered(&mut app, Variant::KujifunzaChoice, 5);
    let expected = GameRecord::from_json(FORMAT_1_KUJIFUNZA)
        .and_then(|r| r.replay())
        .expect("the old record replays");
    assert_eq!(session(&app).variant(), Variant::KujifunzaChoice);
    assert_eq!(moves(&app), expected.moves());
    assert_eq!(position(&app), *expected.position());
    assert!(moves(&app).iter().any(|m| m.choice_count() > 0));
    assert_board_matches(&mut app, "a resumed format-1 game");
    // Read as `kujifunza` (KU-8) the same moves would be refused: the upgrade is what saves it.
    let mut as_new: serde_json::Value = serde_json::from_str(FORMAT_1_KUJIFUNZA).unwrap();
    as_new["format"] = 2.into();
    let as_new = GameRecord::from_json(&as_new.to_string()).unwrap();
    assert!(matches!(
        as_new.replay(),
        Err(RecordError::BadMove { number: 1, .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_or_missing_autosave_is_not_offered() {
    let dir = data_dir("no-offer");
    let app = app_in(&dir);
    assert!(app.world().resource::<ResumeOffer>().0.is_none());
    // A record of a game that is over.
    let mut game = Game::new(Variant::Kujifunza);
    while let Some(&mv) = game.legal_moves().first() {
        game.play(mv).unwrap();
    }
    assert!(game.outcome().is_over());
    let record = GameRecord::of_game(&game, "human", "human", "2026-11-29T10:00:00Z");
    store(&app).write(AUTOSAVE_KEY, &record.to_json()).unwrap();
    let app = app_in(&dir);
    assert!(app.world().resource::<ResumeOffer>().0.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A saved game's text with `change` applied to its JSON.
fn altered(record: &GameRecord, change: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut value: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
    change(&mut value);
    serde_json::to_string_pretty(&value).unwrap()
}

#[test]
fn bad_files_are_reported_by_problem_and_move_number_and_change_nothing() {
    let dir = data_dir("bad-files");
    let mut app = game_in(&dir, Variant::Kingulu);
    play_first_moves(&mut app, 4);
    let record = bao::records::record_of(session(&app));
    // A move that reads as a move but cannot be played third.
    let mut game = Game::new(Variant::Kingulu);
    for text in &record.moves[..2] {
        game.play(text.parse().unwrap()).unwrap();
    }
    let illegal = ["a", "b"]
        .iter()
        .flat_map(|r| (1..=Variant::Kingulu.cols()).map(move |n| format!("{r}{n}")))
        .find(|t| {
            t.parse::<Move>()
                .is_ok_and(|m| !game.legal_moves().contains(&m))
        })
        .expect("a pit that cannot start a move");

    let cases: Vec<(&str, String)> = vec![
        ("corrupt", record.to_json()[..60].to_owned()),
        ("newer", altered(&record, |v| v["format"] = 99.into())),
        (
            "unknown",
            altered(&record, |v| v["variant"] = "oware".into()),
        ),
        (
            "illegal",
            altered(&record, |v| v["moves"][2] = illegal.clone().into()),
        ),
    ];
    // The game on the board is another one, with moves of its own.
    start(&mut app, Variant::Kigogo);
    play_first_moves(&mut app, 2);
    let on_board = position(&app);
    let board_moves = moves(&app);
    let autosave = store(&app).read(AUTOSAVE_KEY).unwrap();

    for (name, text) in cases {
        let key = format!("games/{name}");
        store(&app).write(&key, &text).unwrap();
        send(&mut app, RecordsCommand::Open(key.clone()));
        let Notice::OpenFailed { name: shown, error } = notice(&app) else {
            panic!("{name}: expected an error, got {:?}", notice(&app));
        };
        assert_eq!(shown, name);
        let LoadError::Record(error) = error else {
            panic!("{name}: expected a record error, got {error:?}");
        };
        match (name, &error) {
            ("corrupt", RecordError::Corrupt(_)) => {}
            ("newer", RecordError::NewerFormat { found: 99, .. }) => {}
            ("unknown", RecordError::UnknownVariant(v)) => assert_eq!(v, "oware"),
            ("illegal", RecordError::BadMove { number, text, .. }) => {
                assert_eq!((*number, text.as_str()), (3, illegal.as_str()));
                let message = notice(&app)
                    .text(&bao::i18n::I18n::new(bao::i18n::Language::English))
                    .unwrap();
                assert!(message.contains("move 3"), "{message}");
                assert!(message.contains(&illegal), "{message}");
            }
            _ => panic!("{name}: wrong error {error:?}"),
        }
        // The file is untouched, the game on the board unchanged, the autosave too.
        assert_eq!(store(&app).read(&key), Ok(Some(text)), "{name}");
        assert_eq!(position(&app), on_board, "{name}");
        assert_eq!(moves(&app), board_moves, "{name}");
        assert_eq!(store(&app).read(AUTOSAVE_KEY).unwrap(), autosave, "{name}");
        assert!(app.world().resource::<Replay>().0.is_none(), "{name}");
        // The replay viewer refuses it the same way.
        send(&mut app, RecordsCommand::Replay(format!("games/{name}")));
        assert!(matches!(notice(&app), Notice::OpenFailed { .. }), "{name}");
        assert_eq!(position(&app), on_board, "{name}");
    }
    assert_board_matches(&mut app, "after the bad files");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pasted_move_list_with_a_bad_move_names_its_number() {
    let dir = data_dir("paste");
    let mut app = game_in(&dir, Variant::Kigogo);
    play_first_moves(&mut app, 3);
    let good = format_moves(session(&app).game());
    let before = position(&app);
    send(&mut app, RecordsCommand::Paste(format!("{good} 3. q9")));
    match notice(&app) {
        Notice::PasteFailed(PasteError::BadMove { number, text, .. }) => {
            assert_eq!((number, text.as_str()), (4, "q9"));
        }
        other => panic!("expected a bad fourth move, got {other:?}"),
    }
    // The reason is in the player's language, not the engine's English.
    let german = bao::i18n::I18n::new(bao::i18n::Language::German);
    let shown = notice(&app).text(&german).expect("a notice text");
    assert!(
        shown.contains("Reihenbuchstaben a oder b"),
        "the reason in German: {shown}"
    );
    assert!(!shown.contains("row letter"), "{shown}");
    assert_eq!(position(&app), before);
    assert!(app.world().resource::<Replay>().0.is_none());

    // The good list opens in the replay viewer, at the start.
    send(&mut app, RecordsCommand::Paste(good));
    let viewer = app
        .world()
        .resource::<Replay>()
        .0
        .clone()
        .expect("a replay");
    assert_eq!(viewer.len(), 3);
    assert!(moves(&app).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Saves a game of `n` first moves of `variant` and opens it in the replay viewer.
fn replay_of(dir: &PathBuf, variant: Variant, n: usize) -> (App, Game) {
    let mut app = game_in(dir, variant);
    play_first_moves(&mut app, n);
    let game = session(&app).game().clone();
    send(&mut app, RecordsCommand::Save("replayed".into()));
    send(&mut app, RecordsCommand::Replay("games/replayed".into()));
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<Replay>().0.is_some());
    (app, game)
}

#[test]
fn replay_steps_land_on_the_engines_positions() {
    let dir = data_dir("replay");
    let (mut app, game) = replay_of(&dir, Variant::Kujifunza, 6);
    let positions = game.positions();
    assert_eq!(position(&app), positions[0]);
    // Both sides are "human" while replaying: the computer does not answer.
    assert_eq!(session(&app).seats(), HUMANS);
    for (n, expected) in positions.iter().enumerate().skip(1) {
        replay(&mut app, ReplayCommand::Forward);
        assert_eq!(position(&app), *expected, "forward to move {n}");
        assert_board_matches(&mut app, &format!("forward to move {n}"));
    }
    replay(&mut app, ReplayCommand::Forward);
    assert_eq!(moves(&app).len(), 6, "no step past the end");
    for n in (3..6).rev() {
        replay(&mut app, ReplayCommand::Back);
        assert_eq!(position(&app), positions[n], "back to move {n}");
    }
    for _ in 0..30 {
        app.update();
    }
    assert_board_matches(&mut app, "after stepping back");
    replay(&mut app, ReplayCommand::To(1));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(position(&app), positions[1]);
    assert_board_matches(&mut app, "jumped to move 1");
    replay(&mut app, ReplayCommand::To(6));
    assert_eq!(position(&app), positions[6]);
    // Autosave keeps the person's game, not the replay.
    let autosave = store(&app).read(AUTOSAVE_KEY).unwrap().unwrap();
    assert_eq!(GameRecord::from_json(&autosave).unwrap().moves.len(), 6);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn take_over_from_here_plays_on_with_the_chosen_seats() {
    let dir = data_dir("take-over");
    let (mut app, game) = replay_of(&dir, Variant::Kigogo, 5);
    replay(&mut app, ReplayCommand::To(3));
    app.world_mut().resource_mut::<ChosenSeats>().0 = [Seat::Human, Seat::Human];
    replay(&mut app, ReplayCommand::TakeOver);
    assert!(app.world().resource::<Replay>().0.is_none());
    assert_eq!(moves(&app), game.moves()[..3].to_vec());
    assert_eq!(session(&app).seats(), HUMANS);
    // The game goes on from there, and is autosaved as the person's game.
    let mv = *session(&app).game().legal_moves().last().unwrap();
    play(&mut app, mv);
    assert_eq!(moves(&app).len(), 4);
    let autosave = store(&app).read(AUTOSAVE_KEY).unwrap().unwrap();
    assert_eq!(GameRecord::from_json(&autosave).unwrap().moves.len(), 4);
    assert_board_matches(&mut app, "after taking over");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_move_of_ones_own_during_a_replay_takes_over() {
    let dir = data_dir("own-move");
    let (mut app, game) = replay_of(&dir, Variant::Kingulu, 4);
    replay(&mut app, ReplayCommand::To(2));
    let other = session(&app)
        .game()
        .legal_moves()
        .into_iter()
        .find(|m| *m != game.moves()[2])
        .expect("Kingulu's third move has alternatives");
    app.world_mut().resource_mut::<ChosenSeats>().0 = [Seat::Human, Seat::Human];
    play(&mut app, other);
    app.update();
    assert!(app.world().resource::<Replay>().0.is_none());
    assert_eq!(moves(&app).len(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn settings_persist_between_runs() {
    let dir = data_dir("settings");
    let mut app = app_in(&dir);
    {
        let world = app.world_mut();
        world.resource_mut::<Settings>().anim_speed = 2.0;
        world.resource_mut::<Settings>().show_counts = false;
        // KU-8c: the reading of Kujifunza's kichwa rule chosen on the title screen.
        world.resource_mut::<Settings>().kujifunza = Variant::KujifunzaChoice;
        // The picture's quality, once the player has chosen one.
        world.resource_mut::<Settings>().quality = Some(Quality::Standard);
        *world.resource_mut::<SoundSettings>() = SoundSettings {
            volume: 0.3,
            muted: true,
            cues: 0.5,
        };
        // The overlay's palette and size.
        world.resource_mut::<Settings>().high_contrast = true;
        world.resource_mut::<Settings>().ui_scale = 1.5;
        world.resource_mut::<Settings>().face_to_face = true;
        world.resource_mut::<ChosenSeats>().0 = [Seat::Computer(Level::Hard), Seat::Human];
        world
            .resource_mut::<bao::i18n::I18n>()
            .set_language(bao::i18n::Language::Swahili);
        *world.resource_mut::<CameraView>() = CameraView {
            yaw: -0.75,
            pitch: 0.6,
            zoom: 1.25,
        };
    }
    // Written once the change has stood for a moment.
    for _ in 0..20 {
        app.update();
    }
    assert!(store(&app).read(SETTINGS_KEY).unwrap().is_some());
    drop(app);
    let app = app_in(&dir);
    let world = app.world();
    assert_eq!(world.resource::<Settings>().anim_speed, 2.0);
    assert!(!world.resource::<Settings>().show_counts);
    assert_eq!(
        world.resource::<Settings>().kujifunza,
        Variant::KujifunzaChoice
    );
    assert_eq!(
        world.resource::<Settings>().quality,
        Some(Quality::Standard)
    );
    assert_eq!(
        *world.resource::<SoundSettings>(),
        SoundSettings {
            volume: 0.3,
            muted: true,
            cues: 0.5,
        }
    );
    assert!(world.resource::<Settings>().high_contrast);
    assert_eq!(world.resource::<Settings>().ui_scale, 1.5);
    assert!(world.resource::<Settings>().face_to_face);
    assert_eq!(
        world.resource::<ChosenSeats>().0,
        [Seat::Computer(Level::Hard), Seat::Human]
    );
    assert_eq!(
        world.resource::<bao::i18n::I18n>().language(),
        bao::i18n::Language::Swahili
    );
    assert_eq!(
        *world.resource::<CameraView>(),
        CameraView {
            yaw: -0.75,
            pitch: 0.6,
            zoom: 1.25
        }
    );
    assert_eq!(world.resource::<Notice>(), &Notice::None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_camera_change_alone_is_saved_and_restored_and_a_reset_is_saved_too() {
    let dir = data_dir("camera");
    let mut app = app_in(&dir);
    for _ in 0..20 {
        app.update();
    }
    // Nothing changed: nothing written.
    assert_eq!(store(&app).read(SETTINGS_KEY), Ok(None));
    let turned = CameraView {
        yaw: 2.5,
        pitch: 1.3,
        zoom: 0.5,
    };
    *app.world_mut().resource_mut::<CameraView>() = turned;
    for _ in 0..20 {
        app.update();
    }
    let written = store(&app).read(SETTINGS_KEY).unwrap().unwrap();
    assert!(written.contains("\"camera_zoom\": 0.5"), "{written}");
    drop(app);
    let mut app = app_in(&dir);
    assert_eq!(*app.world().resource::<CameraView>(), turned);
    *app.world_mut().resource_mut::<CameraView>() = CameraView::default();
    for _ in 0..20 {
        app.update();
    }
    drop(app);
    let app = app_in(&dir);
    assert_eq!(*app.world().resource::<CameraView>(), CameraView::default());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A settings file from before the camera view was remembered, with Dutch chosen.
const DUTCH_SETTINGS_WITHOUT_CAMERA: &str = r#"{ "format": 1, "anim_speed": 2.0,
    "show_counts": false, "volume": 0.5, "muted": false, "language": "nl", "south": "human",
    "north": "human" }"#;

#[test]
fn an_older_settings_file_without_the_camera_still_loads() {
    let dir = data_dir("old-settings");
    Storage::at(&dir)
        .write(SETTINGS_KEY, DUTCH_SETTINGS_WITHOUT_CAMERA)
        .unwrap();
    let app = app_in(&dir);
    let world = app.world();
    assert_eq!(world.resource::<Notice>(), &Notice::None);
    assert_eq!(world.resource::<Settings>().anim_speed, 2.0);
    assert_eq!(
        world.resource::<bao::i18n::I18n>().language(),
        bao::i18n::Language::Dutch
    );
    assert_eq!(*world.resource::<CameraView>(), CameraView::default());
    // Written before the Kujifunza reading was remembered: the written rules (KU-8).
    assert_eq!(world.resource::<Settings>().kujifunza, Variant::Kujifunza);
    // Written before the quality was remembered: the renderer chooses it.
    assert_eq!(world.resource::<Settings>().quality, None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--language de` (or `?language=de`) is what the person starting the game asked for: the
/// language remembered in the settings must not replace it.
#[test]
fn a_language_asked_for_at_the_start_wins_over_the_remembered_one() {
    let dir = data_dir("asked-language");
    Storage::at(&dir)
        .write(SETTINGS_KEY, DUTCH_SETTINGS_WITHOUT_CAMERA)
        .unwrap();
    let app = app_in_with(&dir, |app| {
        app.insert_resource(bao::i18n::I18n::asked_for(bao::i18n::Language::German));
    });
    assert_eq!(
        app.world().resource::<bao::i18n::I18n>().language(),
        bao::i18n::Language::German
    );
    // Without the flag, the remembered language is shown.
    drop(app);
    assert_eq!(
        app_in(&dir)
            .world()
            .resource::<bao::i18n::I18n>()
            .language(),
        bao::i18n::Language::Dutch
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_settings_file_gives_the_defaults_and_a_warning() {
    for (case, text) in [
        ("garbage", "{ \"anim_speed\": 2.0, oops"),
        ("wrong-type", "{ \"anim_speed\": \"fast\" }"),
        ("newer", "{ \"format\": 9 }"),
    ] {
        let dir = data_dir(&format!("broken-settings-{case}"));
        Storage::at(&dir).write(SETTINGS_KEY, text).unwrap();
        let mut app = app_in(&dir);
        for _ in 0..20 {
            app.update();
        }
        let defaults = Settings::default();
        let settings = app.world().resource::<Settings>();
        assert_eq!(settings.anim_speed, defaults.anim_speed, "{case}");
        assert_eq!(settings.show_counts, defaults.show_counts, "{case}");
        assert_eq!(
            *app.world().resource::<SoundSettings>(),
            SoundSettings::default()
        );
        assert!(
            matches!(notice(&app), Notice::SettingsBroken(_)),
            "{case}: {:?}",
            notice(&app)
        );
        // The broken file stays until a setting is changed.
        assert_eq!(store(&app).read(SETTINGS_KEY), Ok(Some(text.to_owned())));
        app.world_mut().resource_mut::<Settings>().anim_speed = 0.5;
        for _ in 0..20 {
            app.update();
        }
        let written = store(&app).read(SETTINGS_KEY).unwrap().unwrap();
        assert!(written.contains("0.5"), "{case}: {written}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn out_of_range_settings_are_brought_into_range() {
    let saved = bao::records::SavedSettings::from_json(
        r#"{ "anim_speed": 40.0, "volume": -3.0, "language": "xx", "south": "robot",
             "camera_yaw": 10.0, "camera_pitch": 9.0, "camera_zoom": -1.0,
             "ui_scale": 7.0, "cues": 3.0 }"#,
    )
    .unwrap();
    assert_eq!(saved.anim_speed, Settings::MAX_SPEED);
    assert_eq!(saved.volume, 0.0);
    assert_eq!(saved.ui_scale, Settings::MAX_UI_SCALE);
    assert_eq!(saved.cues, 1.0);
    // The camera's turn wraps round; its angle and zoom are held within the camera's limits.
    let camera = saved.camera();
    assert!((camera.yaw - (10.0 - 2.0 * std::f32::consts::TAU)).abs() < 1e-4);
    assert_eq!(
        (saved.camera_yaw, saved.camera_pitch),
        (camera.yaw, camera.pitch)
    );
    assert_eq!(camera.clamped(), camera);
    assert!(camera.pitch < 9.0 && camera.zoom > 0.0, "{camera:?}");
    let dir = data_dir("range");
    Storage::at(&dir)
        .write(SETTINGS_KEY, &saved.to_json())
        .unwrap();
    let app = app_in(&dir);
    assert_eq!(app.world().resource::<ChosenSeats>().0[0], Seat::Human);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn lesson_progress_is_kept_between_runs_and_a_broken_file_starts_fresh_with_a_notice() {
    use bao::lessons::{LessonProgress, PROGRESS_KEY};
    let dir = data_dir("lesson-progress");
    let mut app = app_in(&dir);
    app.world_mut()
        .resource_mut::<LessonProgress>()
        .done
        .insert("kigogo-column".to_owned());
    app.update();
    let mut again = app_in(&dir);
    again.update();
    assert!(
        again
            .world()
            .resource::<LessonProgress>()
            .done
            .contains("kigogo-column"),
        "the next run remembers the lesson done"
    );
    Storage::at(&dir).write(PROGRESS_KEY, "{ oops").unwrap();
    let mut broken = app_in(&dir);
    broken.update();
    assert!(broken.world().resource::<LessonProgress>().done.is_empty());
    assert!(
        matches!(notice(&broken), Notice::LessonsBroken(_)),
        "{:?}",
        notice(&broken)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn puzzles_solved_are_kept_between_runs_and_a_broken_file_starts_fresh_with_a_notice() {
    use bao::puzzles::{SOLVED_KEY, SolvedPuzzles};
    let dir = data_dir("puzzles-solved");
    let puzzles = bao_ai::puzzle::parse_puzzles(include_str!("../../assets/puzzles/kigogo.json"))
        .expect("the file parses");
    let id = puzzles[3].id.clone();
    let mut app = app_in(&dir);
    app.world_mut()
        .resource_mut::<SolvedPuzzles>()
        .done
        .insert(id.clone());
    app.update();
    let mut again = app_in(&dir);
    again.update();
    assert!(
        again.world().resource::<SolvedPuzzles>().done.contains(&id),
        "the next run remembers the puzzle solved"
    );
    Storage::at(&dir).write(SOLVED_KEY, "[1, 2").unwrap();
    let mut broken = app_in(&dir);
    broken.update();
    assert!(broken.world().resource::<SolvedPuzzles>().done.is_empty());
    assert!(
        matches!(notice(&broken), Notice::PuzzlesBroken(_)),
        "{:?}",
        notice(&broken)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
