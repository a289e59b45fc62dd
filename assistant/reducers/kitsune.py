"""The Kitsune table: play areas, the active player's turn, Renewal / Prosperity, run-outs."""

from __future__ import annotations

from typing import Any

from assistant.games import kitsune as kg
from assistant.messages import N_, Message
from assistant.reducers import (
    MAX_PLAYERS,
    NAME,
    EditError,
    Op,
    Reducer,
    State,
    one_player,
    player_index,
)
from assistant.reducers.schema import Choice, Int, edit

CARDS = ("red", "blue", "yellow", "green", "orange", "no", "keep", "again")
AGE = Int(msg="Type an age from 1 to 120.", lo=1, hi=120)
SET_AGE = Int(msg="Type an age from 1 to 120.", lo=1, hi=120, required=True)
COLOUR = Choice(msg="Pick red, blue or yellow.", values=kg.KITSUNE, required=True)
DELTA = Int(msg="Add or take away one.", lo=-1, hi=1)
ITEM = Int(msg="That card was already resolved.", lo=0, hi=99, required=True)
PLAYER = Int(msg="Pick a player.", lo=0, hi=MAX_PLAYERS - 1, required=True)
TURN = ("turn",)
# The words a player reads for a colour and a revealed card (Oni keep their printed names).
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow")}
CARD_WORDS = {"red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"),
              "green": N_("Renewal"), "orange": N_("Prosperity"), **kg.ONI_NAMES}


def colour_word(colour: object) -> Message | str:
    """A kitsune colour as a Message (translated where shown)."""
    word = COLOUR_WORDS.get(str(colour))
    return Message(word) if word else str(colour or "")


def card_word(card: str) -> Message | str:
    """A revealed card's name as a Message (the Oni's printed names stay as they are)."""
    word = CARD_WORDS.get(card)
    return Message(word) if word and card not in kg.ONI_NAMES else (word or card)


def colour_of(card: str) -> str:
    """A revealed card's colour: the three Oni are all purple."""
    return "purple" if card in kg.ONI else card


def areas(state: State) -> list[kg.Area]:
    """The players' play areas as the rules engine sees them."""
    return [kg.Area(p["name"], p.get("age"), {c: p[c] for c in kg.KITSUNE}, dict(p["blocked"]))
            for p in state["players"]]


def seen(state: State) -> dict[str, int]:
    """Every card the table can see outside the deck: areas, hands, discard, this turn."""
    out = dict.fromkeys(kg.COLOURS, 0)
    for p in state["players"]:
        for c in kg.KITSUNE:
            out[c] += p[c]
        out["purple"] += sum(p["hand"].values())
    for c, n in state["discard"].items():
        out[c] += n
    turn = state["turn"]
    for card in turn["revealed"]:
        out[colour_of(card)] += 1
    for item in turn["pending"]:
        out[colour_of(item["card"])] += 1
    return out


def youngest(state: State) -> int:
    """Index of the youngest player (who takes the first turn); the first listed if no ages."""
    ages = [(p.get("age") if p.get("age") is not None else 999, i)
            for i, p in enumerate(state["players"])]
    return min(ages)[1] if ages else 0


def new_turn() -> dict[str, Any]:
    """An empty turn: nothing revealed yet."""
    return {"revealed": [], "status": "open", "pending": [], "forced": None}


class KitsuneTable(Reducer):
    """Edits of a Kitsune table."""

    slug = "kitsune"
    version = 1  # REDUCER VERSION: bump when the same events would fold differently
    max_players = 6

    def declare(self) -> list[Op]:
        def colour(d: dict[str, Any]) -> Message | str:
            return colour_word(d.get("colour"))

        def turn(name: str, apply: Any, history: str, **kw: Any) -> Op:
            schema = kw.pop("schema", edit())
            return Op(name, schema, apply, keys=TURN, history=history, **kw)

        return [
            *super().declare(),
            Op("players.add", edit(name=NAME, age=AGE), self._players_add, keys=("players",),
               history=lambda d: (Message("added player %(name)s (%(age)s)", name=d["name"],
                                          age=d["age"]) if d.get("age") is not None else
                                  Message("added player %(name)s", name=d["name"]))),
            Op("player.age", edit(index=PLAYER, age=SET_AGE), self._age, keys=one_player,
               history=N_("set an age to %(age)s")),
            Op("area.add", edit(player=PLAYER, colour=COLOUR, delta=DELTA), self._area_add,
               keys=TURN, history=lambda d: Message("corrected %(colour)s", colour=colour(d))),
            Op("area.block", edit(player=PLAYER, colour=COLOUR, delta=DELTA), self._area_block,
               keys=TURN,
               history=lambda d: Message("corrected blocked %(colour)s", colour=colour(d))),
            Op("turn.reveal", edit(card=Choice(msg="Pick the colour of the card revealed.",
                                               values=CARDS, required=True)),
               self._reveal, keys=TURN,
               history=lambda d: Message("revealed %(card)s", card=card_word(d["card"]))),
            turn("turn.again", self._again, N_("played AGAIN")),
            turn("turn.bust", self._bust, N_("busted: cards discarded"), destructive=True),
            turn("turn.stop", self._stop, N_("stopped")),
            turn("turn.keep_going", self._keep_going, N_("played KEEP GOING"),
                 schema=edit(by=PLAYER)),
            turn("turn.take", self._take, N_("took a kitsune"), schema=edit(item=ITEM)),
            Op("turn.renewal", edit(item=ITEM, colour=COLOUR, **{"with": PLAYER}),
               self._renewal, keys=TURN,
               history=lambda d: Message("Renewal: swapped %(colour)s", colour=colour(d))),
            Op("turn.prosperity", edit(item=ITEM, colour=COLOUR), self._prosperity, keys=TURN,
               history=lambda d: Message("Prosperity: blocked a %(colour)s", colour=colour(d))),
            turn("turn.no", self._no, N_("played NO!"), schema=edit(item=ITEM, by=PLAYER)),
            turn("turn.end", self._end, N_("ended the turn")),
            turn("deck.ran_out", self._ran_out, N_("the deck ran out"), destructive=True),
        ]

    def initial_state(self) -> State:
        return {**super().initial_state(), "active": None, "turn": new_turn(),
                "discard": dict.fromkeys(kg.COLOURS, 0), "runs_out": 0, "over": None,
                "log": []}

    def new_player(self, name: str) -> dict[str, Any]:
        return {"name": name, "age": None, **dict.fromkeys(kg.KITSUNE, 0),
                "blocked": dict.fromkeys(kg.KITSUNE, 0), "hand": dict.fromkeys(kg.ONI, 1)}

    # -- players --------------------------------------------------------------------------
    def _players_add(self, state: State, data: dict[str, Any], at: int) -> None:
        if state["active"] is not None:
            raise EditError("The game has started: players cannot join now.")
        super()._players_add(state, data, at)
        if data.get("age") is not None:
            state["players"][-1]["age"] = data["age"]

    def _players_remove(self, state: State, data: dict[str, Any], at: int) -> None:
        if state["active"] is not None:
            raise EditError("The game has started: players cannot leave now.")
        super()._players_remove(state, data, at)

    def _age(self, state: State, data: dict[str, Any], _at: int) -> None:
        i = player_index(state, data["index"])
        state["players"][i]["age"] = data["age"]

    # -- manual corrections of a play area --------------------------------------------------
    @staticmethod
    def _delta(data: dict[str, Any]) -> int:
        return -1 if data.get("delta") == -1 else 1

    def _area_add(self, state: State, data: dict[str, Any], _at: int) -> None:
        p = state["players"][player_index(state, data.get("player"))]
        c, d = data["colour"], self._delta(data)
        if p[c] + d < p["blocked"][c]:
            raise EditError("%(name)s has no unblocked kitsune of this colour (%(colour)s) to"
                            " take away.", name=p["name"], colour=colour_word(c))
        if d > 0 and sum(q[c] for q in state["players"]) >= kg.DECK_COUNTS[c]:
            raise EditError("All 12 kitsune of this colour (%(colour)s) are already in play"
                            " areas.", colour=colour_word(c))
        p[c] += d

    def _area_block(self, state: State, data: dict[str, Any], _at: int) -> None:
        p = state["players"][player_index(state, data.get("player"))]
        c, d = data["colour"], self._delta(data)
        if not 0 <= p["blocked"][c] + d <= p[c]:
            raise EditError("%(name)s has %(num)d kitsune of this colour (%(colour)s),"
                            " %(blocked)d blocked.", num=p[c], name=p["name"],
                            colour=colour_word(c), blocked=p["blocked"][c])
        p["blocked"][c] += d

    # -- the turn -----------------------------------------------------------------------------
    def _playing(self, state: State) -> dict[str, Any]:
        if state["over"]:
            raise EditError("The game is over.")
        if len(state["players"]) < 2:
            raise EditError("Add at least two players first.")
        if state["active"] is None:
            state["active"] = youngest(state)  # the youngest player takes the first turn
        return state["turn"]

    def _reveal(self, state: State, data: dict[str, Any], _at: int) -> None:
        turn = self._playing(state)
        card = data["card"]
        if turn["status"] not in ("open",):
            raise EditError("This turn is not revealing cards now.")
        colours = {colour_of(c) for c in turn["revealed"]}
        turn["revealed"].append(card)
        forced = turn["forced"]
        turn["forced"] = None
        if colour_of(card) in colours:
            turn["status"] = "busted"
        elif forced == "keep":
            self._begin_resolving(state)  # KEEP GOING: keep the result of the one more card

    def _again(self, state: State, data: dict[str, Any], _at: int) -> None:
        turn = self._playing(state)
        player = state["players"][state["active"]]
        if turn["status"] != "busted":
            raise EditError("AGAIN is played on a repeated colour.")
        if player["hand"]["again"] < 1:
            raise EditError("%(name)s has no AGAIN in hand.", name=player["name"])
        player["hand"]["again"] -= 1
        state["discard"]["purple"] += 1
        state["discard"][colour_of(turn["revealed"].pop())] += 1
        turn["status"] = "open"
        turn["forced"] = "again"  # one new card must be revealed

    def _bust(self, state: State, data: dict[str, Any], _at: int) -> None:
        turn = self._playing(state)
        if turn["status"] != "busted":
            raise EditError("The turn has not busted.")
        for card in turn["revealed"]:
            state["discard"][colour_of(card)] += 1
        self._log(state, Message("%(name)s busted", name=state["players"][state["active"]]["name"]))
        self._next(state)

    def _stop(self, state: State, data: dict[str, Any], _at: int) -> None:
        turn = self._playing(state)
        if turn["status"] != "open" or not turn["revealed"]:
            raise EditError("Reveal a card before stopping.")
        if turn["forced"]:
            raise EditError("One more card must be revealed first.")
        self._begin_resolving(state)

    def _keep_going(self, state: State, data: dict[str, Any], _at: int) -> None:
        turn = self._playing(state)
        by = player_index(state, data["by"])
        if by == state["active"]:
            raise EditError("KEEP GOING is played by another player.")
        if turn["status"] != "open" or not turn["revealed"]:
            raise EditError("KEEP GOING is played when a player decides to stop.")
        if state["players"][by]["hand"]["keep"] < 1:
            raise EditError("%(name)s has no KEEP GOING in hand.",
                            name=state["players"][by]["name"])
        state["players"][by]["hand"]["keep"] -= 1
        state["discard"]["purple"] += 1
        turn["forced"] = "keep"

    def _begin_resolving(self, state: State) -> None:
        turn = state["turn"]
        player = state["players"][state["active"]]
        turn["status"] = "resolving"
        pending = []
        for card in turn["revealed"]:
            if card in kg.ONI:
                player["hand"][card] += 1  # Oni go to the hand at once
            else:
                pending.append({"card": card})
        turn["revealed"] = []
        turn["pending"] = pending

    def _item(self, state: State, data: dict[str, Any], kinds: tuple[str, ...]) -> dict[str, Any]:
        turn = self._playing(state)
        if turn["status"] != "resolving":
            raise EditError("Stop first, then resolve the cards.")
        if data["item"] >= len(turn["pending"]):
            raise EditError("That card was already resolved.")
        item = turn["pending"][data["item"]]
        if item["card"] not in kinds:
            raise EditError("That card is resolved another way.")
        return item

    def _take(self, state: State, data: dict[str, Any], _at: int) -> None:
        item = self._item(state, data, kg.KITSUNE)
        state["players"][state["active"]][item["card"]] += 1
        state["turn"]["pending"].remove(item)

    def _renewal(self, state: State, data: dict[str, Any], _at: int) -> None:
        item = self._item(state, data, ("green",))
        other = player_index(state, data["with"])
        colour = data["colour"]
        try:
            new = kg.renewal(areas(state), state["active"], other, colour)
        except kg.KitsuneError:
            raise EditError("Pick red, blue or yellow.") from None  # the only refusal there
        for p, a in zip(state["players"], new, strict=True):
            p[colour] = a.counts[colour]
        state["discard"]["green"] += 1
        state["turn"]["pending"].remove(item)

    def _prosperity(self, state: State, data: dict[str, Any], _at: int) -> None:
        item = self._item(state, data, ("orange",))
        colour = data["colour"]
        me = state["players"][state["active"]]
        if me["blocked"][colour] >= me[colour]:
            raise EditError("%(name)s has no unblocked kitsune of this colour (%(colour)s) to"
                            " block.", name=me["name"], colour=colour_word(colour))
        kg.prosperity(areas(state)[state["active"]], colour)
        me["blocked"][colour] += 1
        state["discard"]["orange"] += 1
        state["turn"]["pending"].remove(item)

    def _no(self, state: State, data: dict[str, Any], _at: int) -> None:
        item = self._item(state, data, ("green", "orange"))
        by = player_index(state, data["by"])
        if state["players"][by]["hand"]["no"] < 1:
            raise EditError("%(name)s has no NO! in hand.", name=state["players"][by]["name"])
        state["players"][by]["hand"]["no"] -= 1
        state["discard"]["purple"] += 1
        state["discard"][item["card"]] += 1
        state["turn"]["pending"].remove(item)

    def _end(self, state: State, data: dict[str, Any], _at: int) -> None:
        turn = self._playing(state)
        if turn["status"] != "resolving":
            raise EditError("Stop (or bust) before ending the turn.")
        if turn["pending"]:
            raise EditError("Resolve every card first: none may be ignored.")
        me = state["players"][state["active"]]
        goal = kg.target(len(state["players"]))
        if kg.has_goal(areas(state)[state["active"]], goal):
            state["over"] = {"winners": [me["name"]], "reason": "goal",
                             "why": Message("%(num)d of each colour at the end of the turn",
                                            num=goal)}
            return
        self._next(state)

    def _next(self, state: State) -> None:
        state["active"] = (state["active"] + 1) % len(state["players"])
        state["turn"] = new_turn()

    def _ran_out(self, state: State, data: dict[str, Any], _at: int) -> None:
        self._playing(state)
        state["runs_out"] += 1
        if state["runs_out"] == 1:
            # First run-out: the discard pile is shuffled into a new deck.
            state["discard"] = dict.fromkeys(kg.COLOURS, 0)
            return
        r = kg.result(areas(state), 2)
        state["over"] = {"winners": list(r.winners), "reason": r.reason, "why": r.why}

    @staticmethod
    def _log(state: State, text: Message) -> None:
        state["log"] = [*state["log"][-19:], text]

