"""The Okoshki table: two zones of captured cards per round, Game on / Stop, the score sheet."""

from __future__ import annotations

from typing import Any

from assistant.games import okoshki as ok
from assistant.messages import N_, Message, nmsg
from assistant.reducers import EditError, Op, Reducer, State
from assistant.reducers.schema import Bool, Choice, Int, MapOf, Str, edit

DEFAULT_NAMES = (N_("Player 1"), N_("Player 2"))  # shown translated until renamed

PLAYER = Int(msg="Pick one of the two players.", lo=0, hi=1, required=True)
KIND = Choice(msg="That is not an Okoshki card.", values=ok.KINDS, required=True)
# The player's name as the page showed it, for the history ("Ola said Game on").
WHO = Str(msg="A name has at most 24 letters.", max_len=24)
COUNT = Int(msg="Type how many cards (0 to 99).", lo=0, hi=99, required=True)
ROUND_KEYS = ("round",)


def who(data: dict[str, Any]) -> str | Message:
    """The player an edit is for, as the history names them."""
    name = data.get("name")
    if name:  # the pages send the player's name with the edit
        return Message(name) if name in DEFAULT_NAMES else name  # "Gracz 1" on a Polish phone
    return Message("player %(num)d", num=data["player"] + 1)


def kind_word(data: dict[str, Any]) -> Message:
    """The card kind of an edit, in words."""
    return Message(ok.KIND_NAMES[data["kind"]])


def new_round() -> dict[str, Any]:
    """An open round with two empty zones."""
    return {"zones": [dict.fromkeys(ok.KINDS, 0) for _ in range(2)], "calls": [], "result": None}


def results(state: State) -> list[dict[str, Any]]:
    """The results of the rounds played to the end."""
    return [r["result"] for r in state["rounds"] if r["result"] is not None]


def game_standing(state: State) -> ok.Standing:
    """Totals, whether the game is over, and the next dealer."""
    return ok.standing(results(state), state["first_dealer"])


def open_round(state: State) -> dict[str, Any] | None:
    """The round being played, or None when the game is over."""
    last = state["rounds"][-1]
    return last if last["result"] is None else None


def game_on_points(rnd: dict[str, Any], player: int) -> int | None:
    """The points a player had when last saying Game on this round."""
    said = [c["points"] for c in rnd["calls"] if c["player"] == player and c["call"] == "game_on"]
    return said[-1] if said else None


class OkoshkiTable(Reducer):
    """Edits of an Okoshki table (always two players)."""

    slug = "okoshki"
    version = 1  # REDUCER VERSION: bump when the same events would fold differently
    default_names = DEFAULT_NAMES
    max_players = 2

    def declare(self) -> list[Op]:
        common = [op for op in super().declare() if op.name not in ("players.add",
                                                                      "players.remove")]
        return [
            *common,
            # Taps add up: two phones tapping +1 both count, so zone.add touches nothing.
            Op("zone.add", edit(player=PLAYER, name=WHO, kind=KIND,
                                delta=Int(msg="Add or take away one.", lo=-1, hi=1)),
               self._zone_add, keys=(),
               history=lambda d: Message("%(sign)s %(kind)s for %(who)s",
                                         sign="−1" if d.get("delta") == -1 else "+1",
                                         kind=kind_word(d), who=who(d))),
            Op("zone.set", edit(player=PLAYER, name=WHO, kind=KIND, count=COUNT),
               self._zone_set, keys=lambda d: {f"zone:{d['player']}:{d['kind']}"},
               history=lambda d: Message("set %(kind)s to %(count)s for %(who)s",
                                         kind=kind_word(d), count=d["count"], who=who(d))),
            Op("zone.fill", edit(player=PLAYER, name=WHO, zone=MapOf(
                msg="The zone must be counts of Okoshki cards.", keys=ok.KINDS, value=Int(
                    msg="Type how many cards (0 to 99).", lo=0, hi=99), required=True)),
               self._zone_fill, keys=lambda d: {f"zone:{d['player']}:{k}" for k in ok.KINDS},
               history=lambda d: Message("%(who)s's zone from a photo", who=who(d))),
            Op("call.game_on", edit(player=PLAYER, name=WHO), self._game_on, keys=ROUND_KEYS,
               history=lambda d: Message("%(who)s said Game on", who=who(d))),
            Op("call.stop", edit(player=PLAYER, name=WHO), self._stop, keys=ROUND_KEYS,
               history=lambda d: Message("%(who)s said Stop", who=who(d)), destructive=True),
            Op("round.tie", edit(), self._tie, keys=ROUND_KEYS,
               history=N_("round tied (hands empty)"), destructive=True),
            Op("round.fix", edit(
                round=Int(msg="Pick a round that has been played.", lo=0, hi=99, required=True),
                winner=Choice(msg="Pick who won the round, or 'tied'.",
                              values=("0", "1", "none"), required=True),
                total=Int(msg="A won round scores between 1 and 200 points.", lo=0, hi=200,
                          default=0)),
               self._fix, keys=ROUND_KEYS,
               history=lambda d: Message("corrected round %(num)d", num=d["round"] + 1)),
            Op("dealer.set", edit(player=PLAYER, name=WHO), self._dealer, keys=ROUND_KEYS,
               history=lambda d: Message("%(who)s deals first", who=who(d))),
            Op("layout.face", edit(on=Bool(msg="Face to face is on or off.", default=False)),
               self._layout, keys=("layout",), history=N_("changed the layout")),
        ]

    def initial_state(self) -> State:
        return {"players": [{"name": DEFAULT_NAMES[0]}, {"name": DEFAULT_NAMES[1]}],
                "first_dealer": 0,
                "rounds": [new_round()], "face_to_face": False}

    # -- zones --------------------------------------------------------------------------
    @staticmethod
    def _round_for_edit(state: State) -> dict[str, Any]:
        rnd = open_round(state)
        if rnd is None:
            raise EditError("The game is over: correct a round on the score sheet instead.")
        return rnd

    def _put(self, rnd: dict[str, Any], player: int, kind: str, count: int) -> None:
        if count < 0:
            raise EditError("There are no such cards (%(kind)s) left to take away.",
                            kind=Message(ok.KIND_NAMES[kind]))
        other = rnd["zones"][1 - player][kind]
        if count + other > ok.KIND_COUNTS[kind]:
            if other:
                raise EditError(nmsg(
                    "The deck has only %(num)d such card (%(kind)s), and the other player has"
                    " %(other)d.", "The deck has only %(num)d such cards (%(kind)s), and the"
                    " other player has %(other)d.", ok.KIND_COUNTS[kind],
                    kind=Message(ok.KIND_NAMES[kind]), other=other))
            raise EditError(nmsg("The deck has only %(num)d such card (%(kind)s).",
                                 "The deck has only %(num)d such cards (%(kind)s).",
                                 ok.KIND_COUNTS[kind], kind=Message(ok.KIND_NAMES[kind])))
        rnd["zones"][player][kind] = count

    def _zone_add(self, state: State, data: dict[str, Any], _at: int) -> None:
        rnd = self._round_for_edit(state)
        p, kind = data["player"], data["kind"]
        delta = -1 if data.get("delta") == -1 else 1
        self._put(rnd, p, kind, rnd["zones"][p][kind] + delta)

    def _zone_set(self, state: State, data: dict[str, Any], _at: int) -> None:
        rnd = self._round_for_edit(state)
        self._put(rnd, data["player"], data["kind"], data["count"])

    def _zone_fill(self, state: State, data: dict[str, Any], _at: int) -> None:
        """A whole zone at once (a confirmed photo): one edit, one undo."""
        rnd = self._round_for_edit(state)
        p = data["player"]
        try:
            zone = ok.read_zone(data["zone"], "zone")
        except ok.ZoneError as exc:
            raise EditError("These counts do not fit the deck (%(why)s).", why=str(exc)) from None
        for kind in ok.KINDS:
            self._put(rnd, p, kind, zone[kind])

    # -- calls --------------------------------------------------------------------------
    def _game_on(self, state: State, data: dict[str, Any], _at: int) -> None:
        rnd = self._round_for_edit(state)
        p = data["player"]
        pts = ok.points(rnd["zones"][p])
        if pts <= 0:
            raise EditError("No set yet: there is nothing to call Game on with.")
        rnd["calls"].append({"player": p, "call": "game_on", "points": pts})

    def _stop(self, state: State, data: dict[str, Any], _at: int) -> None:
        rnd = self._round_for_edit(state)
        p = data["player"]
        pts = ok.points(rnd["zones"][p])
        allowed, reason = ok.may_stop(pts, game_on_points(rnd, p))
        if not allowed:
            raise EditError(reason)
        doubled = any(c["call"] == "game_on" for c in rnd["calls"])
        rnd["calls"].append({"player": p, "call": "stop", "points": pts})
        rnd["result"] = {"winner": p, "points": pts, "doubled": doubled,
                         "total": ok.round_total(pts, doubled)}
        self._next_round(state)

    def _tie(self, state: State, data: dict[str, Any], _at: int) -> None:
        rnd = self._round_for_edit(state)
        rnd["result"] = {"winner": None, "points": 0, "doubled": False, "total": 0}
        self._next_round(state)

    @staticmethod
    def _next_round(state: State) -> None:
        if not game_standing(state).over:
            state["rounds"].append(new_round())

    def _fix(self, state: State, data: dict[str, Any], _at: int) -> None:
        played = [r for r in state["rounds"] if r["result"] is not None]
        if data["round"] >= len(played):
            raise EditError("Pick a round that has been played.")
        rnd = played[data["round"]]
        winner, total = data["winner"], data.get("total", 0)
        if winner == "none":
            total = 0
        elif not 1 <= total <= 200:
            raise EditError("A won round scores between 1 and 200 points.")
        rnd["result"] = {"winner": None if winner == "none" else int(winner), "points": total,
                         "doubled": False, "total": total, "corrected": True}
        # A correction can end the game or reopen it (a tie broken or made).
        if open_round(state) is not None and game_standing(state).over:
            state["rounds"].pop()
        elif open_round(state) is None and not game_standing(state).over:
            state["rounds"].append(new_round())

    def _dealer(self, state: State, data: dict[str, Any], _at: int) -> None:
        if results(state):
            raise EditError("The first dealer is set before the first round ends.")
        state["first_dealer"] = data["player"]

    def _layout(self, state: State, data: dict[str, Any], _at: int) -> None:
        state["face_to_face"] = data["on"]

