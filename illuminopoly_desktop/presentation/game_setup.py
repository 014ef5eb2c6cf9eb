"""The new-game table, without Qt: who sits where, which house rules, which seed (R-SETUP, §32).

The dialog edits a `TableSetup`; `validate()` says in words what stops the game from starting and `start()`
creates it. Whether a seating is legal is the ruleset's decision (its `check_seating`, and `new_game`): this
module only adds what the engine does not check (names a player can tell apart, a faction for every seat or
for none) and words the engine's refusals so that the host sees which seats are at fault.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal, get_origin

from annotated_types import Ge

from ..model.datafile import read_json
from ..model.factions import FactionInfo, load_factions
from ..model.options import OptionError, Options, load_default_options, make_options, option_choices
from ..model.presets import Preset, default_preset_name, find_preset, option_values, presets_of, setup_preset_name
from ..model.resources import resource_path
from ..model.rng import new_seed
from ..model.rulesets import DEFAULT_RULESET, RULESETS, find_ruleset, options_model_of
from ..model.state import ComputerStrength, GameState, SeatConfig
from ..rules.errors import IllegalAction
from ..rules.game_start import new_game
from .preferences import NewGameChoices, RememberedSeat
from .wording import counted

DRAFT = "draft"
"""A seat's faction left to the game: the high-roll draft or a random deal, as `faction_assignment` says."""

ARTILLERY_LABEL = "Play with the Artillery"
"""The dialog's checkbox label, named here so that a problem can tell the host what to tick."""

SeatKind = Literal["human", "computer"]
SEED_LIMIT = 2**31
"""Random seeds stay below this so that a host can read one aloud and type it back in."""


def bank_money_problem(options: Options, faction_players: int) -> str | None:
    """The Bank's money must pay every faction player's starting $1,500 (R-SETUP-03): a smaller total would start
    the game with negative Reserves. The rules allow any total, so this is the table's check, not the engine's;
    with `bank_insolvency=unlimited` the Reserves never run out (R-BANK-02) and any total will do."""
    cash = find_ruleset(DEFAULT_RULESET).starting_cash
    needed = cash * faction_players
    if options.bank_insolvency == "unlimited" or options.bank_total_money >= needed:
        return None
    return (f"The Bank's total money (${options.bank_total_money:,}) cannot pay the {faction_players} faction "
            f"players their starting ${cash:,} each (${needed:,}): set it to at least "
            f"${needed:,} (House rules: Bank total money), or set Bank insolvency to unlimited so that its money "
            "never runs out (R-SETUP-03, R-BANK-02).")


def random_seed() -> int:
    return secrets.randbelow(SEED_LIMIT)


@dataclass
class SeatPlan:
    """One chair at the table before the game starts."""
    name: str
    kind: SeatKind = "human"
    faction: str = DRAFT
    strength: ComputerStrength = "schemer"
    """How a computer seat plays (bots/players.py); the schemer is the opponent worth playing against."""


@dataclass
class TableSetup:
    """Everything the host chooses before a game: the seats in table order, the Artillery, the professional
    Banker's seat (an index into `seats`, or None), house-rule overrides by option name, and the seed."""
    seats: list[SeatPlan] = field(default_factory=lambda: default_seats(4))
    use_artillery: bool = False
    banker_seat: int | None = None
    option_overrides: dict[str, object] = field(default_factory=dict)
    """House rules that differ from the defaults (the preset's values included)."""
    seed: int = field(default_factory=random_seed)
    preset: str | None = None
    """The preset the house rules started from (model/presets.py; None: the ruleset's own, its defaults), named in
    the game's setup."""
    ruleset: str = DEFAULT_RULESET
    """The rule system the game is played by (model/rulesets.py): Illuminopoly or classic Monopoly."""

    @property
    def has_factions(self) -> bool:
        """Whether seats take factions, the Artillery and a professional Banker (Illuminopoly); classic Monopoly's
        players have none of them."""
        return self.ruleset == DEFAULT_RULESET

    # ----- what the engine receives -----

    @property
    def has_artillery(self) -> bool:
        """Whether the Artillery checkbox applies: the ruleset's options have `use_artillery` (Illuminopoly, shared
        factions)."""
        return "use_artillery" in options_model_of(self.ruleset).model_fields

    def options(self) -> Options:
        """The game's options: the defaults, the overrides, and the Artillery checkbox (which wins).

        Raises OptionError for an unknown option or a value it does not allow.
        """
        if not self.has_factions:
            overrides = dict(self.option_overrides)
            if self.has_artillery:
                overrides["use_artillery"] = self.use_artillery
            return make_options(overrides, model=options_model_of(self.ruleset))
        return make_options({**self.option_overrides, "use_artillery": self.use_artillery})

    def is_banker(self, index: int) -> bool:
        return self.has_factions and self.banker_seat == index

    def presets_factions(self) -> bool:
        """True when the host chose factions at the table (R-SETUP-02 lets the host assign them)."""
        return self.has_factions and any(seat.faction != DRAFT for i, seat in enumerate(self.seats) if not self.is_banker(i))

    def seat_configs(self) -> list[SeatConfig]:
        return [SeatConfig(name=seat.name.strip(), kind=seat.kind, banker=self.is_banker(i),
                           strength=seat.strength if seat.kind == "computer" else "random",
                           faction=None if self.is_banker(i) or seat.faction == DRAFT or not self.has_factions
                           else seat.faction)
                for i, seat in enumerate(self.seats)]

    # ----- checking and starting -----

    def validate(self) -> list[str]:
        """Every problem that stops the game from starting, one sentence each; empty when it can start."""
        problems = self._name_problems()
        if not self.has_factions:
            problems += self._seating_problems()
            options = None if problems else self.options()
            if options is not None and hasattr(options, "bank_total_money"):  # shared factions: $1,500 a faction
                bank = bank_money_problem(options, len(self.seats))
                if bank is not None:
                    problems.append(bank)
            return problems
        if self.banker_seat is not None and not 0 <= self.banker_seat < len(self.seats):
            problems.append("The professional Banker must be one of the seats.")
            return problems
        try:
            options = self.options()
        except OptionError as error:
            return problems + [f"House rule {error}."]
        problems += self._faction_choice_problems()
        try:
            find_ruleset(DEFAULT_RULESET).check_seating(self.seat_configs(), options, self.presets_factions())
        except IllegalAction as refusal:
            problems.append(f"{refusal.message} ({refusal.rule_id})")
            problems += self._faction_details(options)
        bank = bank_money_problem(options, sum(not self.is_banker(i) for i in range(len(self.seats))))
        if bank is not None:
            problems.append(bank)
        return problems

    def _seating_problems(self) -> list[str]:
        """The ruleset's refusal of the seating (classic Monopoly: 2 to 8 players, CLASSIC-02), in words; a
        computer strength the ruleset has no player of (bots/players.py: no strategist outside Illuminopoly)."""
        if any(seat.kind == "computer" and seat.strength == "strategist" for seat in self.seats):
            return [f"{RULESETS[self.ruleset].label} has no strategist computer player yet: choose schemer or "
                    "random for the computer seats."]
        try:
            find_ruleset(self.ruleset).check_seating(self.seat_configs(), self.options(), False)
        except OptionError as error:
            return [f"House rule {error}."]
        except IllegalAction as refusal:
            return [f"{refusal.message} ({refusal.rule_id})"]
        return []

    def start(self, events: list | None = None) -> GameState:
        """Create the game: it waits for its first setup decision (the draft, the Dog's choice or the Chair election).

        Raises SetupInvalid listing the problems if `validate()` finds any.
        """
        problems = self.validate()
        if problems:
            raise SetupInvalid(problems)
        return new_game(self.seat_configs(), self.seed, self.options(), preset_factions=self.presets_factions(),
                        events=events, ruleset=self.ruleset, preset=self.preset)

    # ----- the wording of problems -----

    def _name_problems(self) -> list[str]:
        # Pass-and-play asks "Pass the laptop to Alice": two Alices, or a nameless seat, would be ambiguous.
        problems = [f"Seat {i + 1} needs a name." for i, seat in enumerate(self.seats) if not seat.name.strip()]
        seen: dict[str, int] = {}
        for i, seat in enumerate(self.seats):
            key = seat.name.strip().casefold()
            if key and key in seen:
                problems.append(f"Seats {seen[key] + 1} and {i + 1} are both called '{seat.name.strip()}': "
                                "every player needs a different name.")
            seen.setdefault(key, i)
        return problems

    def _faction_choice_problems(self) -> list[str]:
        # The engine either takes every faction from the host or deals/drafts them all (new_game's preset flag).
        faction_seats = [(i, seat) for i, seat in enumerate(self.seats) if not self.is_banker(i)]
        undecided = [seat.name.strip() or f"seat {i + 1}" for i, seat in faction_seats if seat.faction == DRAFT]
        if self.presets_factions() and undecided:
            return [f"Choose a faction for {join_names(undecided)} too, or leave every faction to the draft "
                    "(R-SETUP-02)."]
        return []

    def _faction_details(self, options: Options) -> list[str]:
        """Which seats the engine's faction refusal concerns: a faction taken twice, or one not in this game."""
        in_use = set(find_ruleset(DEFAULT_RULESET).seat_choices(options))
        names = faction_names()
        details = []
        holders: dict[str, list[str]] = {}
        for i, seat in enumerate(self.seats):
            if self.is_banker(i) or seat.faction == DRAFT:
                continue
            holders.setdefault(seat.faction, []).append(seat.name.strip() or f"seat {i + 1}")
        for faction, players in holders.items():
            shown = names.get(faction, faction)
            if len(players) > 1:
                both = "both" if len(players) == 2 else "all"
                details.append(f"{join_names(players)} {both} chose the {shown}.")
            if faction not in in_use:
                remedy = f': tick "{ARTILLERY_LABEL}"' if faction == "artillery" else ""
                details.append(f"{join_names(players)} chose the {shown}, which is not in this game{remedy}.")
        return details


class SetupInvalid(ValueError):
    """`TableSetup.start()` was called with problems; `problems` lists them in words."""

    def __init__(self, problems: list[str]):
        super().__init__(" ".join(problems))
        self.problems = problems


def join_names(names: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def default_seats(count: int) -> list[SeatPlan]:
    return [SeatPlan(name=f"Player {n}") for n in range(1, count + 1)]


def rematch(setup, seed: int | None = None):
    """A new game at the same table as `setup` (a finished game's GameSetup): the same seats, factions or draft,
    house rules and board, with a new seed (so new dice and cards): 128 bits from the OS, shown nowhere (issue 22)."""
    return new_game(setup.seats, new_seed() if seed is None else seed, setup.options, board=setup.board,
                    preset_factions=setup.preset_factions, ruleset=setup.ruleset, preset=setup.preset)


QUICK_OPPONENTS = 3


def quick_game(remembered: NewGameChoices | None) -> TableSetup:
    """One person against QUICK_OPPONENTS computer schemers, factions drafted, every rule at its default: the
    one-click start for someone alone at the computer. The person keeps the name of the first person of the last
    New Game (else "Player 1"); the computers are named so as never to share it."""
    people = [seat.name.strip() for seat in (remembered.seats if remembered else []) if seat.kind == "human"]
    name = next((n for n in people if n), "Player 1")
    computer_names = (f"Computer {n}" for n in range(1, QUICK_OPPONENTS + 2))
    computers = [SeatPlan(name=other, kind="computer") for other in computer_names
                 if other.casefold() != name.casefold()][:QUICK_OPPONENTS]
    return TableSetup(seats=[SeatPlan(name=name), *computers])


# ----- the last game's choices (kept in the preferences) -----

def remembered_choices(setup: TableSetup) -> NewGameChoices:
    """What the New Game dialog should start from next time: this setup without its seed."""
    return NewGameChoices(
        seats=[RememberedSeat(name=seat.name.strip(), kind=seat.kind, faction=seat.faction,
                                  strength=seat.strength) for seat in setup.seats],
        use_artillery=setup.use_artillery, banker_seat=setup.banker_seat,
        option_overrides={name: value for name, value in setup.option_overrides.items() if name != "use_artillery"},
        preset=setup_preset_name(setup.ruleset, setup.preset), ruleset=setup.ruleset)


def setup_from_choices(choices: NewGameChoices | None, seat_count: int) -> TableSetup:
    """The table the New Game dialog opens with: `seat_count` seats, the remembered ones first (a faction the game
    no longer has goes back to the draft), then "Player n" seats; the remembered Artillery, Banker (when his seat
    is still at the table) and house rules (already checked against the rules when the preferences were read);
    a new random seed. Without remembered choices, the rules' defaults."""
    if choices is None:
        return TableSetup(seats=default_seats(seat_count))
    ruleset = choices.ruleset if choices.ruleset in TABLE_RULESETS else DEFAULT_RULESET
    known = {info.id for info in choosable_factions()} | {DRAFT}
    seats = [SeatPlan(name=seat.name, kind=seat.kind, faction=seat.faction if seat.faction in known else DRAFT,
                      strength=seat.strength)
             for seat in choices.seats[:seat_count]]
    taken = {seat.name.strip().casefold() for seat in seats}
    number = 1
    while len(seats) < seat_count:
        while f"player {number}" in taken:
            number += 1
        seats.append(SeatPlan(name=f"Player {number}"))
        taken.add(f"player {number}")
    banker = choices.banker_seat if choices.banker_seat is not None and choices.banker_seat < seat_count else None
    # A preset since deleted (a user's own) is forgotten; its house rules stay, as they were remembered.
    preset = choices.preset if choices.preset in {p.name for p in preset_choices(ruleset)} else None
    return TableSetup(seats=seats, use_artillery=choices.use_artillery, banker_seat=banker,
                      option_overrides=dict(choices.option_overrides), preset=setup_preset_name(ruleset, preset),
                      ruleset=ruleset)


# ----- factions for the seat combos -----

def faction_names() -> dict[str, str]:
    return {faction_id: info.name for faction_id, info in load_factions().items()}


def choosable_factions() -> list[FactionInfo]:
    """The factions a seat may be given, the Artillery included (the Banker is a seat role, not a faction)."""
    return [info for faction_id, info in load_factions().items() if faction_id != "banker"]


def faction_description(faction_id: str) -> str:
    """The faction's power and victory condition in plain words (from resources/factions.json)."""
    if faction_id == DRAFT:
        return "Factions are picked in play: by a high-roll draft or dealt at random (R-SETUP-02)."
    info = load_factions()[faction_id]
    return (f"{info.name} ({info.title})\nPower: {info.power}\nVictory: {info.victory}\n"
            f"Rules: {', '.join(info.rule_ids)}")


# ----- house-rule options for the options page -----

OptionType = Literal["bool", "choice", "int", "list"]


@dataclass(frozen=True)
class OptionField:
    """One §32 option as the options page shows it."""
    name: str
    type: OptionType
    allowed: tuple[object, ...]
    """The choices of a "choice" option; (True, False) for a "bool"; empty for an "int"."""
    default: object
    minimum: int | None
    """The smallest value of an "int" option, if it has one."""
    help: str
    rule_ids: tuple[str, ...]

    @property
    def label(self) -> str:
        """The option's name in words: "pf_halts_destruction" -> "Political Favor halts destruction"."""
        names = self.name.split("_")
        if names[0] in ("classic", "george", "illumo") and len(names) > 1:  # a ruleset's prefix on all its options, said once
            names = names[1:]
        words = [LABEL_WORDS.get(word, word) for word in names]
        text = " ".join(words)
        return text[0].upper() + text[1:]

    def tooltip(self) -> str:
        return f"{self.help}\nDefault: {show_value(self.default)}. Rules: {', '.join(self.rule_ids)}. ({self.name})"


LABEL_WORDS = {"pf": "Political Favor", "fp": "Free Parking", "go": "GO", "10pct": "10%"}
VALUE_WORDS = {"value_x1_1": "value × 1.1"}


def show_value(value: object) -> str:
    """An option value in words: True -> "on", "high_roll_draft" -> "high roll draft", [11, 12] -> "11, 12"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    if value in VALUE_WORDS:
        return VALUE_WORDS[value]
    return " ".join(LABEL_WORDS.get(word, word) for word in str(value).split("_"))


def option_fields(ruleset: str = DEFAULT_RULESET) -> list[OptionField]:
    """Every option of the ruleset's options model (Illuminopoly's: model/options.py), in registry order, with its
    type, allowed values and default (resources/options.json) and its one-line help and rule IDs
    (resources/option_help.json; classic Monopoly's: classic_options.json and classic_option_help.json)."""
    model = options_model_of(ruleset)
    defaults = load_default_options(model=model)
    help_by_name = option_help(resource_path(model.HELP_FILE) if ruleset != DEFAULT_RULESET else None)
    if model.HELP_FILE != "option_help.json" and any(name not in help_by_name for name in model.model_fields):
        help_by_name = {**option_help(), **help_by_name}  # a ruleset on Illuminopoly's options (shared factions)
    fields = []
    for name, model_field in model.model_fields.items():
        choices = option_choices(name, model)
        if model_field.annotation is bool:
            kind, allowed = "bool", (True, False)
        elif choices is not None:
            kind, allowed = "choice", choices  # a choice of words, or a switch with more words ("none")
        elif get_origin(model_field.annotation) is list:
            kind, allowed = "list", ()  # whole numbers in order (V-GEORGE-02's starting cash by rank)
        else:
            kind, allowed = "int", ()
        minimum = next((m.ge for m in model_field.metadata if isinstance(m, Ge)), None)
        entry = help_by_name.get(name, {})
        fields.append(OptionField(name=name, type=kind, allowed=tuple(allowed), default=getattr(defaults, name),
                                  minimum=minimum, help=entry.get("help", ""),
                                  rule_ids=tuple(entry.get("rule_ids", ()))))
    return fields


def parse_number_list(text: str) -> list[int] | None:
    """"7000, 5500, 3000" -> [7000, 5500, 3000]; None when it is not whole numbers of at least 0 separated by
    commas (a "list" house rule's box)."""
    try:
        numbers = [int(part) for part in text.replace(" ", "").split(",")]
    except ValueError:
        return None
    return numbers if numbers and all(number >= 0 for number in numbers) else None


def option_help(path: str | Path | None = None) -> dict[str, dict]:
    """Option name -> {"help": one line, "rule_ids": [...]} from resources/option_help.json."""
    return _option_help_cached(Path(path) if path is not None else resource_path("option_help.json"))


@lru_cache(maxsize=4)
def _option_help_cached(path: Path) -> dict[str, dict]:
    return read_json(path)["options"]


# ----- presets (model/presets.py) for the house rules page -----

def preset_choices(ruleset: str = DEFAULT_RULESET) -> list[Preset]:
    """The presets a table may start from: the built-in ones (the revised edition first), then the user's own; a
    ruleset without a preset file has its own rules as the one built-in preset."""
    presets = presets_of(ruleset)
    if not any(p.name == default_preset_name(ruleset) for p in presets):
        presets.insert(0, find_preset(ruleset, None))
    return presets


def preset_values(preset: Preset) -> dict[str, object]:
    """Every option's value under `preset`: its own values, the defaults for the rest."""
    return {**option_values(load_default_options(model=options_model_of(preset.ruleset))), **preset.options}


def preset_tooltip(preset: Preset) -> str:
    changed = len(preset.options)
    source = "built in" if preset.builtin else "one of your own presets"
    return (f"{preset.description}\n{counted(changed, 'house rule')} set differently from the defaults; {source} "
            f"({preset.name}).")


def default_preset(ruleset: str = DEFAULT_RULESET) -> str:
    return default_preset_name(ruleset)


RULESET_SENTENCES = {
    "illuminopoly": "Monopoly with the soul of Illuminati: factions hang their deeds in power structures and fight "
                    "over them with takeovers, subversion and bribes.",
    "classic": "The classic property-trading game: buy, build evenly, collect rent and bankrupt everyone else (or "
               "have the highest net worth when the rounds run out).",
    "george": "Defeating Monopoly: nobody owns land; you lease parcels and pay their rent to the community, earn use "
              "fees from buildings bought on Bank loans, start richer or poorer by an opening roll, and the "
              "wealthiest after 30 rounds wins.",
    "illumo": "Illumonopoly: classic Monopoly fought in court: money split between a central and group treasuries, "
              "purchases challenged, lawsuits over landmarks, title defects and monopolies, and secret Court Date "
              "cards.",
    "shared": "Illuminopoly for 4 to 11 people in a ring: each faction sits between two neighbours, one moves it "
              "(First Action), the other plays its landing (Second Action), and you win when either of your two "
              "factions does.",
}
"""One sentence about each rule system, shown where a host chooses it (New Game, Host Game)."""


TABLE_RULESETS = ("illuminopoly", "classic", "george", "illumo", "shared")
"""The rule systems the table plays (New Game, Host Game), in the order offered. A ruleset joins when the table can
host it (the Georgist one since issue 27, Illumonopoly since issue 29, shared factions since issue 28)."""

RULESET_OPTION_SPECS = {"shared": "§32 and the shared_* options of VARIANTS §3.5"}
"""Where the house rules of each rule system are specified, for the House rules page's introduction."""

SEATS_TAB_TIPS = {"shared": "Who plays, in table order round the ring (4 to 10 people, 11 with the Artillery, "
                            "V-SHARED-01): each faction is shared by two neighbours, its token dealt at random or "
                            "chosen by the two together (House rules: Shared faction assignment, V-SHARED-03)."}
"""The Seats tab's tooltip for each rule system."""


def ruleset_choices() -> list[tuple[str, str, str]]:
    """(name, label, sentence) of every rule system a table may play, Illuminopoly first."""
    return [(name, RULESETS[name].label, RULESET_SENTENCES.get(name, "")) for name in TABLE_RULESETS]
