#!/usr/bin/env python3
"""A new player's first visit, walked on the real game under Xvfb (called by scripts/first-visit.sh).

The game runs with --layout-report: every frame it writes what the overlay drew (each text and its
rectangle, each pit's place on the screen, the rings of the turn) and the layout problems it finds
(a text outside the window, cut off, on another text or under another card). This walker reads
that report to find what a person would click — a button by its words in the player's language,
read from assets/i18n, a pit by its name — moves the pointer there, waits as a person does, and
clicks with xdotool. At each screen it saves the picture and the report, and notes every problem.

Usage: first-visit-walk.py BAO LANGUAGE WIDTHxHEIGHT OUTDIR   (DISPLAY set to an Xvfb of that size)
Exit status: 0 when every screen was reached and none had a layout problem; 1 otherwise.
"""

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fluent_texts(language):
    """The single-line messages of a language's Fluent files, by key."""
    texts = {}
    for path in sorted((ROOT / "assets" / "i18n" / language).glob("*.ftl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r"^([a-z][a-z0-9-]*) = (.*)$", line)
            if match:
                texts[match.group(1)] = match.group(2).strip()
    return texts


class Walk:
    def __init__(self, bao, language, size, out):
        self.bao, self.language, self.out = bao, language, Path(out)
        self.width, self.height = (int(v) for v in size.split("x"))
        self.words = fluent_texts(language)
        self.report_path = self.out / "layout.json"
        self.problems = []
        self.shots = []
        self.game = None
        self.clicks = 0

    # The game and its report.

    def start(self):
        data = self.out / "data"
        data.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, BAO_DATA_DIR=str(data))
        log = open(self.out / "game.log", "w")
        self.game = subprocess.Popen(
            [self.bao, "--language", self.language, "--window", f"{self.width}x{self.height}",
             "--layout-report", str(self.report_path)],
            env=env, stdout=log, stderr=subprocess.STDOUT)

    def stop(self):
        if self.game and self.game.poll() is None:
            self.game.terminate()
            try:
                self.game.wait(10)
            except subprocess.TimeoutExpired:
                self.game.kill()

    def report(self):
        try:
            return json.loads(self.report_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def wait_for(self, what, test, timeout=180):
        """Polls the report until test(report) holds; fails the walk after timeout seconds."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.game.poll() is not None:
                raise WalkError(f"the game exited (status {self.game.returncode}) waiting for {what}")
            report = self.report()
            if report and test(report):
                return report
            time.sleep(0.5)
        raise WalkError(f"no {what} after {timeout} s")

    # What is on the screen.

    def word(self, key):
        return self.words[key]

    @staticmethod
    def texts(report, words):
        return [t for t in report["texts"] if t["text"] == words]

    def has(self, key):
        return lambda report: bool(self.texts(report, self.word(key)))

    @staticmethod
    def centre(rect):
        return ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)

    def button_under(self, report, heading_key, button_key):
        """The button with these words nearest below a card's heading (a title card's Play)."""
        heading = self.texts(report, self.word(heading_key))
        buttons = self.texts(report, self.word(button_key))
        if not heading or not buttons:
            raise WalkError(f"no {heading_key} card with a {button_key} button on the screen")
        hx, hy = self.centre(heading[0]["rect"])
        below = [b for b in buttons if self.centre(b["rect"])[1] > hy]
        best = min(below or buttons, key=lambda b: abs(self.centre(b["rect"])[0] - hx)
                   + abs(self.centre(b["rect"])[1] - hy))
        return self.centre(best["rect"])

    # What a person does.

    def focus(self):
        windows = subprocess.run(["xdotool", "search", "--name", "Bao"], capture_output=True,
                                 text=True).stdout.split()
        if windows:
            subprocess.run(["xdotool", "windowfocus", windows[0]], check=False)

    def click_at(self, x, y, hover=0.8):
        """Moves the pointer there, waits as a hand does, clicks."""
        subprocess.run(["xdotool", "mousemove", str(round(x)), str(round(y))], check=True)
        time.sleep(hover)
        subprocess.run(["xdotool", "click", "1"], check=True)
        self.clicks += 1

    def click(self, key, report=None):
        report = report or self.wait_for(f"the button {key}", self.has(key), 60)
        target = self.texts(report, self.word(key))[-1]
        self.click_at(*self.centre(target["rect"]))

    def key(self, name):
        self.focus()
        subprocess.run(["xdotool", "key", name], check=True)

    def shot(self, name, settle=2.0):
        """The screen as it is and its layout report, and the report's problems noted."""
        time.sleep(settle)
        picture = self.out / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(picture)], check=True)
        report = self.report() or {}
        (self.out / f"{name}.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
        found = report.get("problems", [])
        for problem in found:
            self.problems.append((name, problem))
        self.shots.append((name, len(found)))
        print(f"  {name}: {len(found)} layout problem(s)")
        return report

    def open_from_bar(self, key):
        """A window the bar offers: its own button, or the bar's Menu where the bar is narrow."""
        report = self.report()
        if self.texts(report, self.word(key)):
            self.click(key, report)
            return
        self.click("hud-menu", report)
        self.click(key)

    # The walk.

    def walk(self):
        self.start()
        self.wait_for("title screen", lambda r: r.get("screen") == "Title"
                      and self.has("variant-kingulu")(r))
        self.shot("01-title", settle=4)

        # Kingulu's first lesson: its intro, its move (the pit card on the way), what it did,
        # the exercise.
        self.click_at(*self.button_under(self.report(), "variant-kingulu", "lessons-button"))
        report = self.wait_for("the first lesson", lambda r: r.get("screen") == "Playing"
                               and self.has("lesson-leave")(r) and r.get("pits"))
        self.shot("02-lesson")
        lesson = json.loads((ROOT / "assets" / "lessons" / "kingulu.json").read_text())[0]
        pit = "south " + lesson["gate"]["moves"][0].rstrip("+-")
        x, y = self.report()["pits"][pit]
        subprocess.run(["xdotool", "mousemove", str(round(x)), str(round(y))], check=True)
        self.shot("03-lesson-pit-card", settle=2.5)
        subprocess.run(["xdotool", "click", "1"], check=True)
        self.clicks += 1
        self.wait_for("the lesson's move shown", self.has("lesson-your-turn"), 240)
        self.shot("04-lesson-told")
        self.click("lesson-your-turn")
        self.shot("05-lesson-exercise", settle=4)

        # A game of four moves against Easy: the lesson left, North set to Easy, Kingulu played.
        self.click("lesson-leave")
        self.wait_for("the title screen again", lambda r: r.get("screen") == "Title"
                      and self.has("level-easy")(r), 60)
        report = self.report()
        easy = max(self.texts(report, self.word("level-easy")),
                   key=lambda t: t["rect"][1])  # North's row is the lower one
        self.click_at(*self.centre(easy["rect"]))
        time.sleep(1)
        self.click_at(*self.button_under(self.report(), "variant-kingulu", "title-play"))
        for move in range(2):
            report = self.wait_for("South's turn", south_to_play, 300)
            pit = next(p for p, ring in sorted(report["rings"].items())
                       if p.startswith("south") and ring in ("legal", "hint", "hover"))
            self.click_at(*report["pits"][pit])
            if move == 0:
                self.shot("06-game-first-move", settle=20)
        self.wait_for("South's turn after four moves", south_to_play, 300)
        self.shot("07-game-four-moves")

        # The rules, the settings and the saved games, each closed with Escape.
        for key, name in (("hud-rules", "08-rules"), ("hud-settings", "09-settings"),
                          ("records-button", "10-saved-games")):
            self.open_from_bar(key)
            self.shot(name, settle=3)
            self.key("Escape")
            time.sleep(1.5)

        # Leaving asks first; then the online window from the title screen.
        self.key("Escape")
        self.wait_for("the game menu", self.has("menu-leave"), 30)
        self.shot("11-game-menu")
        self.click("menu-leave")
        self.wait_for("the question before leaving", self.has("leave-now"), 30)
        self.shot("12-leave-question")
        self.click("leave-now")
        self.wait_for("the title screen", lambda r: r.get("screen") == "Title"
                      and self.has("title-online")(r), 60)
        self.click("title-online")
        self.shot("13-online", settle=4)


def south_to_play(report):
    """South's turn on the board: South's pits ringed as pits that can start a move."""
    return report.get("screen") == "Playing" and any(
        p.startswith("south") and ring in ("legal", "hint", "hover")
        for p, ring in report.get("rings", {}).items())


class WalkError(Exception):
    pass


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    bao, language, size, out = sys.argv[1:]
    Path(out).mkdir(parents=True, exist_ok=True)
    walk = Walk(bao, language, size, out)
    failed = None
    try:
        walk.walk()
    except WalkError as error:
        failed = str(error)
        walk.shot("failed", settle=0)
    finally:
        walk.stop()
    summary = {"language": language, "size": size, "clicks": walk.clicks, "shots": walk.shots,
               "problems": [{"screen": s, **p} for s, p in walk.problems], "failed": failed}
    (Path(out) / "walk.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))
    for screen, problem in walk.problems:
        first = problem.get("text") or problem.get("card")
        second = problem.get("other") or problem.get("by")
        print(f"  {screen}: {problem['kind']}: {first!r}" + (f" / {second}" if second else ""))
    if failed:
        print(f"  the walk stopped: {failed}")
    return 1 if failed or walk.problems else 0


if __name__ == "__main__":
    sys.exit(main())
