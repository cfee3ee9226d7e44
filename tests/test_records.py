"""Records: JSON Lines that replay exactly; tampering is caught and located."""

import json

import pytest

from gaiatable import RecordError, load_game
from gaiatable.agents import RandomAgent
from gaiatable.core.driver import agent_seed, play_game
from gaiatable.core.record import HASH_EVERY, Recorder, dumps, parse_lines, replay


def recorded(game_name="gaia-vora", seed=11, **params):
    game = load_game(game_name, **params)
    agents = [RandomAgent(seat=s, seed=agent_seed(seed, s)) for s in range(game.num_players)]
    recorder = Recorder()
    return game, play_game(game, agents, seed, [recorder]), recorder.lines


def test_record_layout():
    game, result, lines = recorded()
    header, decisions, last = lines[0], lines[1:-1], lines[-1]
    assert header["type"] == "header" and header["game"] == "gaia-vora" and header["seed"] == 11
    assert header["content_hash"] == game.content_hash() and header["params"] == game.params
    assert header["seats"] == ["random"] * 3
    assert decisions[0]["actor"] == "chance"  # the setup is a chance decision, recorded like any other
    assert all("hash" in d for d in decisions[HASH_EVERY - 1::HASH_EVERY])
    assert last["type"] == "result" and last["plies"] == len(decisions)
    assert last["scores"] == result.scores


def test_replay_reproduces_the_game():
    _game, result, lines = recorded()
    rep = replay(parse_lines(dumps(lines)))
    assert rep.final.to_json() == result.state.to_json()
    assert rep.finished


def tamper(lines, index, **changes):
    text = dumps(lines).splitlines()
    line = json.loads(text[index])
    line.update(changes)
    text[index] = json.dumps(line)
    return parse_lines("\n".join(text))


def test_a_changed_action_is_caught_with_its_line():
    _, _, lines = recorded()
    index = next(i for i, line in enumerate(lines) if line.get("text") == "rotate 2" and i > 3)
    other = next(a for a in range(155) if a != lines[index]["action"])
    with pytest.raises(RecordError, match=rf"line {index + 1}\b"):
        replay(tamper(lines, index, action=other))


def test_a_changed_result_or_hash_is_caught():
    _, _, lines = recorded()
    with pytest.raises(RecordError, match="result scores"):
        replay(tamper(lines, len(lines) - 1, scores=[99, 0, 0]))
    index = HASH_EVERY  # the line of ply HASH_EVERY - 1 carries a hash
    with pytest.raises(RecordError, match="state hash differs"):
        replay(tamper(lines, index, hash="0" * 16))


def test_bad_headers_and_malformed_lines_are_explained():
    _, _, lines = recorded()
    with pytest.raises(RecordError, match="content hash"):
        replay(tamper(lines, 0, content_hash="abc"))
    with pytest.raises(RecordError, match="no parameter"):
        replay(tamper(lines, 0, params={"colour": 3}))
    with pytest.raises(RecordError, match="line 3: not valid JSON"):
        parse_lines(dumps(lines[:2]) + "{oops\n")
    with pytest.raises(RecordError, match="first line must be the header"):
        replay(parse_lines(dumps(lines[1:])))
    with pytest.raises(RecordError, match="expected ply"):
        replay(parse_lines(dumps(lines[:3] + lines[4:])))


def test_a_record_cut_short_is_told_from_one_the_players_stopped():
    game, _, lines = recorded()
    cut = replay(parse_lines(dumps(lines[:30])))
    assert not cut.finished and len(cut.decisions) == 29 and cut.status.startswith("cut short")
    recorder = Recorder()
    recorder.started(game, 11, ["random"] * 3)
    recorder.lines += lines[1:30]
    recorder.stopped()  # the players left: the record says where, sealed like every hash
    stopped = replay(parse_lines(dumps(recorder.lines)))
    assert stopped.stop["plies"] == 29 and stopped.status == "unfinished: the players stopped here"
    short = recorder.lines[:6]  # before the first hashed decision: the stop line's hash still seals the header
    recorder.lines = short
    recorder.stopped()
    assert replay(parse_lines(dumps(short))).stop["plies"] == 5
    with pytest.raises(RecordError, match="stop hash differs"):
        replay(tamper(short, 0, seed=12))
    with pytest.raises(RecordError, match="nothing may follow the stop line"):
        replay(parse_lines(dumps(recorder.lines + lines[30:31])))


def test_an_edited_header_no_longer_verifies():
    """Format 2 seals the header into every hash: another seed or other seats are caught."""
    _, _, lines = recorded()
    for change in ({"seed": 12}, {"seats": ["person", "random", "random"]}):
        with pytest.raises(RecordError, match="or the header was changed"):
            replay(tamper(lines, 0, **change))


def test_a_format_1_record_still_replays():
    """Before the seal: plain state hashes, no stop line."""
    game, result, lines = recorded()
    state, old = game.new_initial_state(), [{**lines[0], "format": "gaiatable-record/1"}]
    for line in lines[1:-1]:
        state.apply(line["action"])
        old.append({**line, "hash": state.state_hash()} if "hash" in line else line)
    old.append({**lines[-1], "hash": state.state_hash()})
    rep = replay(parse_lines(dumps(old)))
    assert rep.finished and rep.final.to_json() == result.state.to_json()
    assert replay(parse_lines(dumps(old[:30]))).status == "unfinished: the players stopped here"


@pytest.mark.parametrize("name", ["gaia-vora", "planit", "tictactoe"])
def test_a_corrupt_saved_state_is_refused_with_the_field_named(name):
    game = load_game(name)
    data = game.new_initial_state().to_json()
    key = sorted(data)[0]
    broken = {k: v for k, v in data.items() if k != key}
    with pytest.raises(RecordError, match=f"missing field '{key}'"):
        game.state_from_json(broken)
    with pytest.raises(RecordError, match="expected an object"):
        game.state_from_json([1, 2])


def test_counts_take_the_noun_in_the_right_number():
    from gaiatable.core.game import counted
    assert [counted(1, "point"), counted(3, "point"), counted(0, "decision"), counted(1.0, "goal")] == [
        "1 point", "3 points", "0 decisions", "1 goal"]
