"""Movement: moving the Scientist, passing Creation tokens, landing and the Traffic Bonus."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from entropy_tui.rules import rondel
from entropy_tui.rules.actions.activate_stars import activate_star
from entropy_tui.rules.actions.create_life import playable_cards, unplayable_reason
from entropy_tui.rules.biomes import landing_words
from entropy_tui.rules.decision import Decision, InvalidChoice, Option, disabled, option
from entropy_tui.rules.describe import effects_words, star_words
from entropy_tui.rules.effects import push_effects, take_back_token
from entropy_tui.rules.flow import focus_tier_effects
from entropy_tui.rules.landing import leads_to_a_play
from entropy_tui.rules.state import Task
from entropy_tui.rules.vocabulary import ActionName, TaskKind, title

if TYPE_CHECKING:
    from entropy_tui.rules.catalog import Effect
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import PlayerState, Token

RULE_MOVE = "Movement"
RULE_PASS = "Passing a Creation Token"
RULE_INNER = "Landing on Inner Circle Actions"
RULE_TRAFFIC = "Traffic Bonus"
NO_CARD = "you may only land on Create Life when you can play a Life card"
SHOWN_CARDS = 3  # a refused landing names what this many cards of the hand lack
NO_LEGAL_MOVE = "; no other move is legal, so you land without a card to play and take no action"
# Effects that never change which Life card can be played where: resources, discounts, and
# Lifeforms added to the card about to be played.
PLAY_NEUTRAL = frozenset({"gain", "discount", "card_lifeforms"})
LIFEFORMS_ONLY = PLAY_NEUTRAL | {"gain_lifeform", "advance_lifeform"}


class MovePreview(Option):
    """Everything a move of `steps` would do, worked out before it is made; it is also the
    option of making it (its words are written only when read). Its label and `apply` are its
    own methods and its rule a class attribute, where Option keeps them in slots: functions
    stored in each preview (three a turn), referring back to it, cost some 7% of the engine's
    speed."""

    __slots__ = (
        "_words",
        "action",
        "bonus",
        "charge",
        "destination",
        "distance",
        "game",
        "occupied",
        "placeable",
        "retrieved",
        "seat",
        "steps",
        "task",
        "unlocks_wild",
    )
    _words: str | None  # its label, once written (Option's `_label` is left unused)
    game: Context
    task: Task | None  # the move Task it resolves (None: a preview only)
    seat: int
    steps: int
    destination: int
    action: ActionName
    occupied: bool
    distance: int  # effective distance for the Traffic Bonus
    charge: int  # Entropy to pay for moving 3 onto an occupied space
    bonus: tuple[Effect, ...]  # the rondel's own, shared
    retrieved: Sequence[str]  # token kinds retrieved, in order
    unlocks_wild: bool
    placeable: Sequence[str]  # tokens that could go on an inner space
    # The same for every move, so read from the class rather than stored in each preview
    # (it shadows Option's slot, which a preview never writes).
    rule = ""

    # Why the move is not allowed ("" when it is): Option's reason, written only when read.
    why_not = Option.reason

    @property
    def allowed(self) -> bool:
        return not self._reason

    @property
    def label(self) -> str:
        if self._words is None:
            self._words = _move_label(self.game, self.seat, self)
        return self._words

    def apply(self) -> None:  # a method here: no function stored per move
        if self._reason or self.task is None:
            raise InvalidChoice(f"this move is not allowed: {self.reason}")
        _make_move(self.game, self.task, self)


def preview_move(game: Context, seat: int, steps: int, *, stuck: bool = False) -> MovePreview:
    """`stuck`: no move is legal otherwise, so Create Life may be landed on without a card."""
    return _previews(game, seat, None, stuck, (steps,))[0]


# A preview is made field by field, without an __init__ (three a turn: some 2% of the speed).
_new = object.__new__


def _previews(
    game: Context, seat: int, task: Task | None, stuck: bool, moves: tuple[int, ...]
) -> list[MovePreview]:
    """The moves of `moves` spaces, with what they share worked out once: the other
    Scientists' spaces, the tokens on the board (most of a game, one or two) and the rondel as
    it lies in this game. Written out in one function: three are made at every turn."""
    players = game.state.players
    player = players[seat]
    start = player.scientist
    taken = set()
    for other in players:
        if other is not player:
            taken.add(other.scientist)
    tokens = player.tokens
    on_board = []
    for kind, token in tokens.items():
        if token.where == "board":
            on_board.append((kind, token.slot))
    spaces = rondel.spaces(game)
    on_the_way = rondel.SLOTS_ON_THE_WAY
    can_play: bool | None = None  # a Life card can be played now; asked when needed
    previews = []
    for steps in moves:
        destination = (start + steps) % rondel.SPACES
        action, partner, has_bonus, bonus, reduced, needed = spaces[destination]
        preview = _new(MovePreview)
        preview.game, preview.task, preview.seat = game, task, seat
        preview.id = MOVE_IDS[steps - 1]
        preview._words = None
        preview.steps, preview.destination = steps, destination
        # Occupied: another Scientist stands on the space or on the one linked to it.
        if destination in taken or partner in taken:
            preview.occupied, distance, charge = True, steps + 1, 1 if steps == 3 else 0
        else:
            preview.occupied, distance, charge = False, steps, 0
        preview.distance, preview.charge = distance, charge
        if not has_bonus or distance > 2:
            preview.bonus = ()
        else:
            preview.bonus = bonus if distance == 1 else reduced
        preview.action = action
        # Most moves retrieve nothing, and only inner spaces take a token: the lists are made
        # only when something goes in them.
        retrieved: Sequence[str] = ()
        placeable: Sequence[str] = ()
        preview.unlocks_wild = False
        why_not: str | Callable[[], str] = ""
        # Which tokens the move retrieves (passing the locked Wild unlocks it instead).
        wild_locked = player.wild_locked
        if on_board:
            for slot in on_the_way[start][steps]:
                for kind, token_slot in on_board:
                    if token_slot == slot:
                        if kind == "wild" and wild_locked:
                            wild_locked = False
                            preview.unlocks_wild = True
                        else:
                            retrieved = [*retrieved, kind]
        # An inner space takes the Creation token of its action (or the Wild); a token
        # retrieved on the way lies down until the end of the turn.
        if needed is not None:
            if tokens[needed].where == "ready" and needed not in retrieved:
                placeable = [needed]
            if not wild_locked and tokens["wild"].where == "ready" and "wild" not in retrieved:
                placeable = [*placeable, "wild"]
            if not placeable:
                why_not = partial(_no_token_reason, needed, tokens, retrieved, wild_locked)
        if charge and player.entropy + len(retrieved) < charge:
            why_not = "moving 3 spaces onto an occupied space costs 1 Entropy, and you have none"
        preview.retrieved, preview.placeable = retrieved, placeable
        preview._reason = why_not
        if action == "create_life" and not stuck and not why_not:
            if can_play is None:
                can_play = bool(playable_cards(game, seat, first_only=True))
            if not can_play and not _rewards_make_a_play(game, seat, preview):
                why_not = partial(_no_card_reason, game, seat)
                preview._reason = why_not
        preview.enabled = not why_not
        previews.append(preview)
    return previews


def _rewards_make_a_play(game: Context, seat: int, preview: MovePreview) -> bool:
    """Can this move's own rewards (a Star activated for a passed token, a Biome reward at the
    end of Movement) make a Life card playable by the time Create Life is resolved? Every way
    through them is tried (see landing.py), unless none of them can change what is played."""
    player = game.player(seat)
    index = game.index
    # Every effect the rest of the Movement step can bring: the Traffic Bonus, a Star activated
    # for a token, a Biome's reward (or, fulfilled on the way, its improved reward). When none
    # of them can change what can be played, neither can any way through them.
    effects = list(preview.bonus)
    if preview.retrieved:
        effects += [e for s in player.systems if s.star for e in index.any_star[s.star].effect]
    for system in player.systems:
        for planet in system.planets:
            if planet.biome is not None and index.biome[planet.biome].trigger == "create_life":
                biome = index.biome[planet.biome]
                effects += [*biome.reward, *biome.improved]
    verbs = {effect.do for effect in effects}
    if verbs <= PLAY_NEUTRAL:
        return False
    # Lifeforms added or advanced change no icon, no hand and no Planet's room for a card: they
    # can only make a play of a card whose icons are already there.
    if verbs <= LIFEFORMS_ONLY and not playable_cards(game, seat, first_only=True, lifeforms=False):
        return False
    return leads_to_a_play(
        game, seat, lambda trial: _make_move(trial, trial.state.pending[-1], preview)
    )


def _no_card_reason(game: Context, seat: int) -> str:
    """Why Create Life can't be landed on: what each card in hand lacks where it comes
    closest (as Create Life's own options say), even with the move's rewards."""
    player = game.player(seat)
    cards = list(dict.fromkeys(player.hand))
    if not cards:
        return f"{NO_CARD}, and you have no Life card in hand"
    if not any(system.planets for system in player.systems):
        return f"{NO_CARD}, and you have no Planet"
    lacks = [f"{card}: {unplayable_reason(game, seat, card)}" for card in cards[:SHOWN_CARDS]]
    if len(cards) > SHOWN_CARDS:
        lacks.append(f"{len(cards) - SHOWN_CARDS} more cards can't be played either")
    return f"{NO_CARD}: " + "; ".join(lacks)


def _no_token_reason(
    needed: str, tokens: dict[str, Token], retrieved: Sequence[str], wild_locked: bool
) -> str:
    """Why no token can go on the inner space (the tokens as the move found them)."""
    where = {kind: "lying" if kind in retrieved else token.where for kind, token in tokens.items()}

    def state(kind: str) -> str:
        if kind == "wild" and wild_locked:
            return "still locked"
        return {
            "lying": "lying down until the end of your turn",
            "board": "on the board",
        }.get(where[kind], "unavailable")

    return (
        f"this inner space needs your {title(needed)} token ({state(needed)}) "
        f"or your Wild token ({state('wild')})"
    )


def _move_label(game: Context, seat: int, preview: MovePreview) -> str:
    where = "inner" if rondel.is_inner(preview.destination) else "outer"
    space = rondel.space_name(preview.destination)
    text = f"Move {preview.steps} to {title(preview.action)} ({where} {space})"
    traffic = f"distance {preview.distance}"
    if preview.occupied:
        traffic += " (occupied +1)"
    bonus = effects_words(preview.bonus) if preview.bonus else "no bonus"
    text += f"; {traffic}: {bonus}"
    if preview.charge:
        text += "; pay 1 Entropy (occupied after 3)"
    if preview.retrieved:
        tokens = " and ".join(title(k) for k in preview.retrieved)
        text += f"; retrieve your {tokens} token" + ("s" if len(preview.retrieved) > 1 else "")
    if preview.unlocks_wild:
        text += "; unlock your Wild token"
    text += _token_words(game, seat, preview) + _star_words(game, seat, preview)
    return text + landing_words(game, seat, preview.action, _entropy_then(game, seat, preview))


def _entropy_then(game: Context, seat: int, preview: MovePreview) -> int:
    """The seat's Entropy once the move's Traffic Bonus and landing charge are taken."""
    bonus = sum(e.n for e in preview.bonus if e.do == "gain" and e.what == "entropy" and not e.per)
    return game.player(seat).entropy + bonus - preview.charge


def _token_words(game: Context, seat: int, preview: MovePreview) -> str:
    """Which Creation token the move places on an inner space, and what its Focus card does."""
    match preview.placeable:
        case [kind]:
            return f"; places your {title(kind)} token ({token_focus_words(game, seat, kind)})"
        case [kind, _]:
            return f"; places your {title(kind)} or your Wild token (you choose)"
    return ""


def _star_words(game: Context, seat: int, preview: MovePreview) -> str:
    """On Activate Stars: whether any Star can be paid for, counting the Entropy the move can
    bring (the Traffic Bonus and a reward per token retrieved)."""
    if preview.action != "activate_stars":
        return ""
    player = game.player(seat)
    stars = [s.star for s in player.systems if s.star is not None]
    if not stars:
        return "; you have no Star to activate"
    discount = 0
    if game.catalog.board.generator[player.generator].discounted_stars:
        discount = game.catalog.board.generator_discount
    cheapest = min(max(0, game.index.any_star[s].cost - discount) for s in stars)
    bonus = sum(e.n for e in preview.bonus if e.do == "gain" and e.what == "entropy" and not e.per)
    most = player.entropy + bonus + len(preview.retrieved) - preview.charge
    if cheapest > most:
        return (
            f"; no Star you can pay for (the cheapest costs {cheapest} Entropy,"
            f" you will have {most})"
        )
    return ""


MOVE_IDS = ("move:1", "move:2", "move:3")
SPACE_NAMES = tuple(rondel.space_name(space) for space in range(rondel.SPACES))


def move_decision(game: Context, task: Task) -> Decision:
    seat = task.player
    previews = _previews(game, seat, task, False, (1, 2, 3))
    if not (previews[0].enabled or previews[1].enabled or previews[2].enabled):
        # No move is legal: Create Life, always in reach then, is let in without a card.
        previews = _previews(game, seat, task, True, (1, 2, 3))
        if game.catalog.board.create_life_edges > 1:  # said, and the action is then skipped
            for preview in previews:
                if preview.enabled:
                    preview._words = preview.label + NO_LEGAL_MOVE
    prompt = f"{game.state.players[seat].name}: move your Scientist 1-3 spaces"
    options: list[Option] = [*previews]
    return Decision(seat, prompt, RULE_MOVE, options)


def _make_move(game: Context, task: Task, preview: MovePreview) -> None:
    """Makes the move and queues what follows it, each step a Task, in the order they are
    taken: tokens passed, the token placed, the landing charge, the Traffic Bonus, a Biome's
    reward."""
    seat = task.player
    state = game.state
    player = state.players[seat]
    game.pop(task)
    turn = state.turn
    turn.moved = preview.steps
    turn.landed = preview.destination
    turn.distance = preview.distance
    turn.action = preview.action
    steps: list[tuple[TaskKind, dict[str, Any]]] = []
    if preview.retrieved or preview.unlocks_wild:  # the preview saw every token passed
        # Each reward may pay for the landing charge: it is told how many are still to come.
        rewards_left = len(preview.retrieved)
        for slot in rondel.slots_on_the_way(player.scientist, preview.steps):
            for kind, token in player.tokens.items():
                if token.where != "board" or token.slot != slot:
                    continue
                if kind == "wild" and player.wild_locked:
                    player.wild_locked = False
                    game.note(seat, "wild", f"{player.name} unlocked their Wild token")
                    steps.append(("wild_unlock", {}))
                else:
                    token.where, token.slot = "lying", None
                    rewards_left -= 1
                    args = {"token": kind, "rewards_after": rewards_left, "charge": preview.charge}
                    steps.append(("retrieve", args))
    player.scientist = preview.destination
    game.note(
        seat,
        "move",
        f"{player.name} moved {preview.steps} to {title(preview.action)} "
        f"({SPACE_NAMES[preview.destination]}), distance {preview.distance}",
    )
    if preview.placeable:
        steps.append(("place_token", {"tokens": preview.placeable}))
    if preview.charge:
        steps.append(("charge", {}))
    if preview.bonus:
        steps.append(("traffic_bonus", {}))
    if _biome_triggered(game, player, preview.action):
        steps.append(("biome_rewards", {}))
    if steps:
        game.push_in_order(seat, steps)


def _biome_triggered(game: Context, player: PlayerState, action: str) -> bool:
    """Whether a Biome of the play area gives its reward for landing on `action`."""
    biomes = game.index.biome
    for system in player.systems:
        for planet in system.planets:
            if planet.biome is not None and biomes[planet.biome].trigger == action:
                return True
    return False


def retrieval_reward(game: Context, task: Task) -> Decision:
    """For each token retrieved: activate one Star (paying its Entropy) or gain 1 Entropy."""
    seat = task.player
    player = game.state.players[seat]
    charge = task.args["charge"]
    after = task.args["rewards_after"]
    kind = title(task.args["token"])

    def finish() -> None:
        game.pop(task)

    def gain_entropy() -> None:
        game.pop(task)
        player.entropy += 1
        game.note(seat, "retrieve", f"{player.name} retrieved their {kind} token: +1 Entropy")

    options = [option("entropy", "Gain 1 Entropy", gain_entropy)]
    for i, system in enumerate(player.systems):
        if system.star is None:
            continue
        cost = game.index.any_star[system.star].cost
        label = partial(_retrieval_star_label, game, system.star, i)
        if player.entropy < cost:
            options.append(
                disabled(f"star:{i}", label, f"needs {cost} Entropy, you have {player.entropy}")
            )
        elif player.entropy - cost + after < charge:
            options.append(
                disabled(f"star:{i}", label, "you must keep 1 Entropy to pay for landing")
            )
        else:

            def activate(i: int = i, cost: int = cost) -> None:
                game.pop(task)
                activate_star(game, seat, i, cost)

            options.append(option(f"star:{i}", label, activate))
    if player.entropy + after >= charge:
        options.append(option("skip", "Take nothing", finish))
    else:
        options.append(disabled("skip", "Take nothing", "you need the Entropy to pay for landing"))
    return Decision(
        seat,
        f"You retrieved your {kind} token: activate a Star or gain 1 Entropy",
        RULE_PASS,
        options,
    )


def _retrieval_star_label(game: Context, star: str, system: int) -> str:
    return f"Activate {star_words(game.index, star)} in Solar System {system + 1}"


def wild_unlock(game: Context, task: Task) -> Decision | None:
    """Passing the locked Wild flips it and lets you take back one other token, no reward."""
    seat = task.player
    player = game.player(seat)
    on_board = [k for k, t in player.tokens.items() if k != "wild" and t.where == "board"]
    if not on_board:
        game.pop(task)
        return None

    def retrieve(kind: str) -> None:
        game.pop(task)
        take_back_token(game, seat, kind)

    options = [
        option(f"token:{k}", f"Take back your {title(k)} token (no reward)", partial(retrieve, k))
        for k in on_board
    ]
    options.append(option("skip", "Leave your tokens where they are", lambda: game.pop(task)))
    return Decision(
        seat, "Your Wild token is unlocked: take back one Creation token?", RULE_PASS, options
    )


def place_token(game: Context, task: Task) -> Decision | None:
    seat = task.player

    def place(kind: str) -> None:
        game.pop(task)
        _place_token(game, seat, kind)

    tokens: list[str] = task.args["tokens"]
    if len(tokens) == 1:
        place(tokens[0])
        return None
    options = [
        option(f"token:{k}", partial(_place_label, game, seat, k), partial(place, k))
        for k in tokens
    ]
    return Decision(seat, "Which Creation token do you place?", RULE_INNER, options)


def _place_label(game: Context, seat: int, kind: str) -> str:
    return f"Place your {title(kind)} token ({token_focus_words(game, seat, kind)})"


def token_focus_words(game: Context, seat: int, kind: str) -> str:
    """What placing this token means for the Focus cards, said so it reads well quoted too."""
    if kind == "wild":
        return "no Focus card triggers"
    effects = focus_tier_effects(game, seat, kind)
    if not effects:
        return "its Focus card is not upgraded yet"
    return f"its Focus card triggers: {effects_words(effects)}"


def _place_token(game: Context, seat: int, kind: str) -> None:
    player = game.state.players[seat]
    token = player.tokens[kind]
    token.where, token.slot = "board", rondel.sector(game.state.turn.landed or 0)
    game.state.turn.token = kind
    game.note(seat, "token", f"{player.name} placed their {title(kind)} token")


def landing_charge(game: Context, task: Task) -> None:
    game.pop(task)
    seat = task.player
    player = game.state.players[seat]
    player.entropy -= 1
    game.note(seat, "charge", f"{player.name} paid 1 Entropy to land on an occupied space")


def traffic_bonus(game: Context, task: Task) -> None:
    """The Traffic Bonus of the space landed on."""
    game.pop(task)
    seat = task.player
    turn = game.state.turn
    assert turn.landed is not None
    bonus = rondel.bonus_effects(game, turn.landed, turn.distance)
    game.note(seat, "bonus", f"Traffic Bonus: {effects_words(bonus)}")
    push_effects(game, seat, bonus, origin="Traffic Bonus", rule=RULE_TRAFFIC)
