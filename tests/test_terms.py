"""Every game explains the words its board and rules use (`info WORD`, the table's look-up), and every clause
its explanations and its how-to-play cite is one of its rulings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gaiatable import load_game
from gaiatable.core.registry import registered_games

RULINGS = Path(__file__).parent.parent / "docs" / "rulings"
GAMES = [cls.name for cls in registered_games()]


@pytest.mark.parametrize("name", GAMES)
def test_each_term_is_found_by_its_word_and_plural_and_cites_real_clauses(name):
    game = load_game(name)
    clauses = set(re.findall(r"\*\*([A-Z]{2,3}-[\d.]*\d)\*\*", (RULINGS / f"{name}.md").read_text()))
    for term, text in game.terms.items():
        assert text in game.info(term) and text in game.info(term.upper())
        assert len(term) <= 3 or text in game.info(term + "s")
        cited = re.findall(r"\b([A-Z]{2,3}-\d+(?:\.\d+)?)", text)
        assert cited, f"{name} term {term!r} cites no clause"
        assert all(c in clauses or any(k.startswith(c + ".") for k in clauses) for c in cited), (term, cited)
    prefix = game.rule_prefix().upper()  # other names of that shape are the board's ("II-5", a Planetarium space)
    for cited in re.findall(rf"\b({prefix}-\d+(?:\.\d+)?)", game.how_to_play_text()):
        assert cited in clauses or any(k.startswith(cited + ".") for k in clauses), (name, cited)
    assert not re.search(r"\w- \w", game.how_to_play_text()), "a word hyphenated at a line's end is split"


@pytest.mark.parametrize(("name", "word", "said"), [
    ("gaia-vora", "fossils", "Fossil card"), ("gaia-vora", "Bot", "neutral Bots"),
    ("gaia-vora", "life-forms", "CarniVores"), ("earth-our-home", "genes", "dealt one gene"),
    ("earth-our-home", "conflict", "lowest value"), ("earth-our-home", "hominid", "level-5"),
    ("planit", "Just Right", "middle of the temperature gauge"), ("planit", "sink", "SINK FULL"),
    ("planit", "devolutionary humans", "ozone layer"), ("planetarium", "evolution track", "final turns"),
    ("phanerozoic", "fur", "Woody/Fur (53)"), ("phanerozoic", "jaws-cards", "an icon"),
    ("phanerozoic", "mutation", "tucked under"), ("phanerozoic", "nature phase", "sunlight"),
    ("phanerozoic", "population", "1 to 8"), ("planetarium", "rock", "Cards that need rock: L02"),
    ("planetarium", "Planet A", "Planet A: terrestrial, started on II-7"), ("planetarium", "planets", "sweeps"),
    ("planetarium", "dashed line", "thin line to the next orbit"), ("gaia-vora", "rotate", "clockwise only"),
    ("gaia-vora", "NE", "between N and E"), ("gaia-vora", "nw", "moves what is here to N (GV-3.3)"),
    ("earth-our-home", "mutate", "Mutation (EO-3.2)"),
])
def test_the_words_new_players_asked_about_are_explained(name, word, said):
    assert said in load_game(name).info(word)


def test_the_how_to_play_said_of_a_word_is_whole_sentences():
    said = load_game("gaia-vora").info("storm").split("How to play: ", 1)[1]
    assert said.endswith(".") and not said.endswith(";")


def test_words_a_game_knows_apart_are_explained_together_when_nothing_bears_their_name():
    """PL-4.16: "healthy token" names no card, but each word is a term: its explanation answers; a card whose
    name holds a term's word (Planetarium's Living Planet) is still the card."""
    planit = load_game("planit")
    assert planit.info("healthy token").startswith("Carbon-cycle tokens (PL-1.1, PL-4.16)")
    assert planit.info("xyzzy token").startswith("Carbon-cycle tokens")
    assert planit.info("xyzzy").startswith("no card named")
    assert load_game("planetarium").info("Living Planet").startswith("F15 Living Planet")


@pytest.mark.parametrize("name", GAMES)
def test_a_rule_is_looked_up_by_the_number_a_refusal_names(name):
    """A refusal says "(rule EO-3.4)": the look-up gives that clause's words as the rulings write them (the
    design document they cite named in words), a section's number each clause in it, and a number the rulings
    lack the range they have."""
    game = load_game(name)
    text = (RULINGS / f"{name}.md").read_text()
    numbered = re.findall(r"^- \*\*([A-Z]{2,3}-[\d.]*\d)\*\* (\S+ \S+ \S+)", text, re.MULTILINE)
    assert numbered
    for number, start in numbered:
        said = game.info(number.lower())
        assert said.startswith(f"Rule {number}: ") and re.sub(r"[*`]", "", start) in said, (number, said[:80])
        assert "content.md" not in said and "§" not in said, said  # the design document named for players
    sections = re.findall(r"^## ([A-Z]{2,3}-\d+) ", text, re.MULTILINE)
    for section in sections:
        inside = [n for n, _ in numbered if n.startswith(section + ".")]
        assert all(f"\n{n}: " in game.info(section) for n in inside)
    prefix = numbered[0][0].split("-")[0]
    assert game.info(f"{prefix}-99.9") == (f"no rule {prefix}-99.9 in {game.title}'s rulings: they run from "
                                           f"{(sections or [numbered[0][0]])[0]} to {numbered[-1][0]}")


def test_the_rulings_ship_in_the_package():
    from gaiatable.core.rulings import FOLDER
    assert sorted(p.name for p in FOLDER.glob("*.md")) == sorted(p.name for p in RULINGS.glob("*.md"))


def test_a_planetarium_space_is_looked_up_by_the_name_the_moves_give_it():
    """PT-2.2: spaces are named orbit-space ("II-7", an arm's "VII-2.1"); the look-up takes them as names,
    not as rule numbers, while "PT-2.2" stays a rule."""
    game = load_game("planetarium")
    assert game.info("II-0").startswith("II-0: space 0 of orbit II. Spaces are numbered clockwise")
    assert game.info("vii-2.1").startswith("VII-2.1: space 1 of arm 2 of orbit VII.")
    assert game.info("PT-2.2").startswith("Rule PT-2.2: ")
