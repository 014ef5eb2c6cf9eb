"""Positions by rule area (issue 23): "`illuminopoly referee --position` reproduces by hand a situation from each rule
area".

For every rule area of the spec (§3 to §30; §2 Setup is exempt) there is at least one hand-written position under
tests/positions/, named for the area and the rule (`takeover_R-TAKEOVER-04_...json`), with its actions
(`...jsonl`). Each is run through the real command line, `illuminopoly referee --position P --actions A --dice D
--events` (and once more without `--events` for the final state), and the test checks the effect the spec gives:
money to the dollar, owners, controllers, who is awaited next, and the rule IDs the events cite. Every expected
figure is worked out from the spec's text in the comment beside it, never copied from the program's output. Money is
conserved in every scenario (R-GEN-08).
"""
from __future__ import annotations

import contextlib
import io
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from illuminopoly_desktop import cli
from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.state import ROOT, GameState
from illuminopoly_desktop.rules import engine

POSITIONS = Path(__file__).resolve().parent / "positions"
BANK_TOTAL = 30_280  # bank_total_money: two classic sets (R-SETUP-03, §34.2)
START_RESERVES = BANK_TOTAL - 3 * 1500  # three players holding $1,500 each, nothing in the pot: $25,780
SQUARE = {square.name: square.index for square in load_board().squares}

AREAS = {
    "bank": ("§3 The Bank", ("R-BANK",)),
    "chair": ("§4 The Chair of the Bank", ("R-CHAIR",)),
    "banker": ("§5 The professional Banker", ("R-BANKER",)),
    "turn": ("§6 Turn structure", ("R-TURN",)),
    "movement": ("§7 Movement and GO", ("R-MOVE", "R-GO")),
    "landing": ("§8 Landing", ("R-LAND",)),
    "values": ("§9 Values and formulas", ("R-VAL",)),
    "contests": ("§10 Contests", ("R-CONTEST",)),
    "takeover": ("§11 Takeover", ("R-TAKEOVER",)),
    "rezoning": ("§12 Rezoning", ("R-REZONE",)),
    "rebuilding": ("§13 Rebuilding", ("R-REBUILD",)),
    "subversion": ("§14 Subversion and discovery", ("R-SUBVERT",)),
    "structure": ("§15 Power structure", ("R-STRUCT",)),
    "rent": ("§16 Rent and Power Base", ("R-RENT", "R-PB")),
    "buildings": ("§17 Monopolies and buildings", ("R-MONO", "R-BUILD")),
    "selling": ("§18 Selling and trading", ("R-SELL",)),
    "mortgages": ("§19 Mortgages", ("R-MORT",)),
    "jail": ("§20 Jail", ("R-JAIL",)),
    "free_parking": ("§21 Free Parking", ("R-FP",)),
    "taxes": ("§22 Taxes", ("R-TAX",)),
    "cards": ("§23 Chance, Community Chest and Political Favors", ("R-CARD",)),
    "artillery": ("§24 The Artillery", ("R-ART",)),
    "factions": ("§25 Factions", ("R-FAC",)),
    "victory": ("§26 Victory", ("R-WIN",)),
    "losing": ("§27 Losing", ("R-LOSE",)),
    "deals": ("§28 Deals, loans, bribes", ("R-DEAL",)),
    "cheating": ("§29 Cheating", ("R-CHEAT",)),
    "every_dollar": ("§30 Where every dollar goes", ("R-",)),  # §30 is a summary: any rule its rows come from
}
"""Every rule area of the spec but §2 Setup: the file-name prefix, the section, and the rule IDs its files may name."""
FILE_NAME = re.compile(r"^(?P<area>[a-z_]+?)_(?P<rule>R-[A-Z]+(?:-[A-Z]+)?-\d\d)_[a-z0-9_]+$")


@dataclass
class Refereed:
    """What the referee printed: every event (with `after_action`), and the final state, or the refusal."""
    events: list[dict]
    state: GameState | None
    refused: dict | None

    def of(self, kind: str, after: int | None = None, **fields) -> list[dict]:
        """The events of type `kind` (caused by action `after`, if given) whose fields have these values."""
        return [e for e in self.events if e["type"] == kind and (after is None or e["after_action"] == after)
                and all(e.get(k) == v for k, v in fields.items())]

    def one(self, kind: str, after: int | None = None, **fields) -> dict:
        found = self.of(kind, after, **fields)
        assert len(found) == 1, (kind, fields, found)
        return found[0]

    def flows(self, after: int | None = None) -> list[tuple]:
        """(payer, payee, amount) of every money movement, in order; seats as numbers."""
        return [(e["payer"], e["payee"], e["amount"]) for e in self.of("money_moved", after)]

    @property
    def cash(self) -> list[int]:
        return [p.cash for p in self.state.players]

    @property
    def awaiting(self) -> list[int]:
        return engine.awaiting(self.state)

    def prop(self, name: str):
        return self.state.properties[SQUARE[name]]


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(args)
    return status, out.getvalue(), err.getvalue()


def referee(name: str, dice: str = "") -> Refereed:
    """`illuminopoly referee --position tests/positions/NAME.json --actions tests/positions/NAME.jsonl [--dice
    DICE]`, once with `--events` and once for the final state. Every forced die must be used, and the money of
    R-GEN-08 must be whole at the end."""
    position, actions = POSITIONS / f"{name}.json", POSITIONS / f"{name}.jsonl"
    assert position.is_file(), f"the position file {position.name} is missing"
    assert actions.is_file() and actions.read_text().strip(), f"the actions file {actions.name} is missing or empty"
    args = ["referee", "--position", str(position), "--actions", str(actions)] + (["--dice", dice] if dice else [])
    status, printed, errors = _run(args + ["--events"])
    lines = [json.loads(line) for line in printed.splitlines()]
    assert "left unused" not in errors, errors
    if status == 1:
        assert lines and "refused" in lines[-1], errors or printed  # a refusal, not a position that failed to load
        return Refereed(events=lines[:-1], state=None, refused=lines[-1]["refused"])
    assert status == 0, errors
    status, printed, errors = _run(args)
    assert status == 0, errors
    state = GameState.model_validate_json(printed.splitlines()[-1])
    money = sum(p.cash for p in state.players) + state.reserves + state.fp_pot + state.escrow
    assert money == state.setup.options.bank_total_money + state.bank_issued, "R-GEN-08: money was created or lost"
    return Refereed(events=lines, state=state, refused=None)


# ----- the list stays complete -----

def test_every_rule_area_has_a_position_with_its_actions_and_a_test():
    """§3 to §30 each have at least one position file named `area_RULE-ID_what_happens.json`, naming a rule of that
    area, with its actions; every file is run by a test of this module; §25 covers at least four factions' powers."""
    files = sorted(POSITIONS.glob("*.json"))
    source = Path(__file__).read_text(encoding="utf-8")
    covered: dict[str, list[str]] = {area: [] for area in AREAS}
    for path in files:
        match = FILE_NAME.match(path.stem)
        assert match and match["area"] in AREAS, f"{path.name}: name it area_RULE-ID_what_happens.json"
        assert match["rule"].startswith(AREAS[match["area"]][1]), f"{path.name}: {match['rule']} is not in its area"
        assert path.with_suffix(".jsonl").is_file(), f"{path.name} has no actions file"
        assert f'"{path.stem}"' in source, f"{path.name} is run by no test"
        covered[match["area"]].append(match["rule"])
    assert not [area for area, rules in covered.items() if not rules], "rule areas without a position"
    factions = {rule.split("-")[2] for rule in covered["factions"]}
    assert len(factions) >= 4, factions
    assert not set(POSITIONS.glob("*.jsonl")) - {p.with_suffix(".jsonl") for p in files}, "actions without position"


# ----- §3 The Bank -----

def test_bank_a_short_bank_pays_what_it_has_of_the_go_salary():
    """R-BANK-02 `refuse` with `bank_shortfall_payment=partial`: bank_total_money $4,600 and three players holding
    $1,500 leave Reserves of 4,600 − 3 × 1,500 = $100. Ann rolls 1 + 2 from Luxury Tax (38) over GO to
    Mediterranean (1): the $200 salary (R-GO-01) is paid as far as Reserves allow, $100, and the other $100 is lost
    to her for good."""
    result = referee("bank_R-BANK-02_a_short_bank_pays_part_of_the_go_salary", dice="1,2")
    assert result.flows() == [("bank", 0, 100)]
    short = result.one("payment_short")
    assert (short["owed"], short["paid"], short["outcome"], short["rule_id"]) == (200, 100, "lost", "R-BANK-02")
    assert result.cash == [1500 + 100, 1500, 1500] and result.state.reserves == 0
    assert result.state.players[0].position == SQUARE["Mediterranean Avenue"] and result.awaiting == [0]


# ----- §4 The Chair of the Bank -----

def test_chair_blocks_a_takeover_of_a_mortgage_he_holds_and_nothing_is_paid():
    """R-CHAIR-05: Cat's Baltic is mortgaged, so the Chair Ann holds it as `mortgage_chair` (R-MORT-02, the
    position's default). Ben lands on it (0 + 1 + 2) and declares a takeover; before any money moves the Chair is
    asked, blocks, and the declaration is rejected with E_BLOCKED_BY_CHAIR: nothing is paid and the landing is not
    used up, so Ben chooses again."""
    result = referee("chair_R-CHAIR-05_the_chair_blocks_a_takeover_of_a_mortgage_he_holds", dice="1,2")
    blocked = result.one("contest", stage="blocked")
    assert (blocked["code"], blocked["rule_id"], blocked["seat"]) == ("E_BLOCKED_BY_CHAIR", "R-CHAIR-05", 0)
    assert result.flows() == [] and result.cash == [1500, 1500, 1500] and result.state.escrow == 0
    baltic = result.prop("Baltic Avenue")
    assert (baltic.owner, baltic.controller, baltic.control_origin, baltic.mortgaged) == (2, 0, "mortgage_chair", True)
    assert result.awaiting == [1] and result.state.turn.step == "landing"  # the landing is not used up


# ----- §5 The professional Banker -----

def test_banker_takes_back_a_subverted_mortgage_for_free_and_that_is_his_whole_turn():
    """R-BANKER-02: at his turn the Banker takes back, for free, one mortgaged property subverted away from him;
    control goes to him as `mortgage_chair`; nothing else happens, so Ann's turn starts next (T0 → T8 → Ann's T1,
    her rent: Baltic is mortgaged, $0, R-RENT-02 row 1). The Banker owns nothing and his funds are the Bank's
    (R-BANKER-01): no money moves."""
    result = referee("banker_R-BANKER-02_the_banker_takes_back_a_subverted_mortgage")
    taken = result.one("control_changed", after=0)
    assert (taken["property"], taken["old_controller"], taken["new_controller"], taken["origin"],
            taken["rule_id"]) == (SQUARE["Baltic Avenue"], 2, 0, "mortgage_chair", "R-BANKER-02")
    assert result.flows() == [] and result.cash == [0, 1500, 1500, 1500]
    assert result.one("turn_started")["seat"] == 1 and result.one("rent_collected")["total"] == 0
    assert (result.state.professional_banker, result.state.chair) == (0, 0) and result.awaiting == [1]


def test_banker_wins_at_round_end_on_the_normal_rent_of_the_mortgages_he_holds():
    """R-BANKER-05, R-FAC-BANKER-01 at ROUND_END (R-TURN-09 (c)): every property is owned or rezoned, so the gate
    is open. The Banker holds Ann's mortgaged Park Place and Boardwalk; their normal rent (row 1 skipped, the
    monopoly doubling) is 35 × 2 + 50 × 2 = $170. The Power Bases: Ann 0 (mortgaged property counts for no one),
    Ben's Electric Company and Cat's Water Works 5 × 4 = 20 each (their last rolls, one Utility each): total 40,
    and nobody has more than 20, so no general victory (R-WIN-03). 170 > 0 and beats every Power Base: the Banker
    wins. Ann owns no Utility, so nothing is rolled for her (R-PB-01 rolls only for a Utility's owner)."""
    result = referee("banker_R-BANKER-05_the_banker_wins_on_the_mortgages_he_holds")
    assert result.one("round_ended")["power_bases"] == {"1": 0, "2": 20, "3": 20}
    over = result.one("game_over")
    assert (over["winners"], over["rule_id"]) == ([0], "R-FAC-BANKER-01")
    assert result.of("dice_rolled") == [] and result.state.players[1].last_utility_roll is None
    assert result.state.game_over and result.awaiting == [] and result.flows() == []


# ----- §6 Turn structure -----

def test_turn_a_chair_jailed_in_his_turn_ends_the_round_and_the_new_chair_plays_next():
    """R-TURN-02 with R-CHAIR-03 (a): Ann, the Chair, anchors round 1 and rolls 1 + 2 from Ventnor (27) onto Go To
    Jail (30): she is jailed (R-JAIL-01) and loses the Chair at once; the election (R-CHAIR-02: four voters, the
    jailed Ann is no candidate) makes Cat Chair with 4 votes of 4. Ann's turn runs to its end; then ROUND_END runs
    for the shortened round and round 2 starts at the new Chair, Cat: Ben, who had not played, loses that turn."""
    result = referee("turn_R-TURN-02_a_new_chair_starts_a_new_round", dice="1,2")
    assert result.one("election_opened")["candidates"] == [1, 2, 3]
    assert result.one("chair_changed", after=0)["rule_id"] == "R-CHAIR-03"
    assert result.one("chair_changed", after=4)["new_chair"] == 2
    assert result.one("round_ended", after=5)["round_no"] == 1
    started = result.one("turn_started", after=5)
    assert (started["seat"], started["round_no"]) == (2, 2)  # Cat's: nobody else's turn started
    assert result.state.chair == 2 and result.state.round_no == 2 and result.awaiting == [2]
    assert result.state.players[0].in_jail


# ----- §7 Movement and GO -----

def test_movement_go_salary_and_third_doubles_go_to_jail_without_moving():
    """R-GO-01: 1 + 1 from Boardwalk (39) passes GO onto Mediterranean: +$200 from Reserves. Doubles give another
    move (R-MOVE-05): 4 + 4 to Connecticut (9); the third roll, 5 + 5, is doubles again: Ann goes straight to Jail
    without moving that roll (a teleport, no GO), and her move loop ends in T5."""
    result = referee("movement_R-MOVE-05_third_doubles_go_to_jail_without_moving", dice="1,1,4,4,5,5")
    assert result.flows() == [("bank", 0, 200)] and result.one("money_moved")["rule_id"] == "R-GO-01"
    jailed = result.one("jail_changed", after=4)
    assert (jailed["seat"], jailed["in_jail"], jailed["rule_id"]) == (0, True, "R-MOVE-05")
    assert result.one("token_moved", after=4)["how"] == "teleport"
    assert result.cash == [1700, 1500, 1500] and result.state.reserves == START_RESERVES - 200
    ann = result.state.players[0]
    assert (ann.position, ann.in_jail) == (10, True)
    assert result.awaiting == [0] and result.state.turn.step == "free" and not result.state.turn.may_roll_again


# ----- §8 Landing -----

def test_landing_buying_a_rezoned_lot_rebuilt_posh_costs_half_its_price_times_f():
    """R-LAND-04: the price is printed price × F, halved (rounded up) if rezoned: Kentucky, $220 at F = 1½, rezoned:
    220 × 3/2 = 330, halved = $165, paid to the Bank. Ann (18 + 1 + 2 = 21) becomes owner and controller and hangs
    the deed on her faction card; no rent is paid for landing (R-LAND-02)."""
    result = referee("landing_R-LAND-04_a_rezoned_posh_lot_costs_half_its_rebuilt_price", dice="1,2")
    assert result.flows() == [(0, "bank", 165)] and result.one("money_moved")["rule_id"] == "R-LAND-04"
    kentucky = result.prop("Kentucky Avenue")
    assert (kentucky.owner, kentucky.controller, kentucky.parent, kentucky.rezoned) == (0, 0, ROOT, True)
    assert result.cash == [1500 - 165, 1500, 1500] and result.state.reserves == START_RESERVES + 165
    assert result.one("landing_resolved")["option"] == "buy"


# ----- §9 Values -----

def test_values_the_worked_example_of_rezoned_vermont_at_depth_two():
    """R-VAL-08: "Vermont ($100), rezoned, depth 2: V = 50, A = 75, base cost $37.50, rounded up to $38"
    (R-VAL-02 V = B × ½; R-VAL-04 S = 1½ at depth 2; R-VAL-05 takeover base A/2; R-GEN-01 payers round up).
    Ben holds it under St. Charles. Ann's takeover rolls 2 + 3 = 5 < 12 and fails: only the base cost moves, to the
    Bank (R-TAKEOVER-06)."""
    result = referee("values_R-VAL-08_rezoned_vermont_at_depth_two_costs_38", dice="1,2,2,3")
    assert result.flows(after=1) == [(0, "escrow", 38)] and result.flows(after=3) == [("escrow", "bank", 38)]
    assert result.one("contest", stage="resolved")["success"] is False
    assert result.cash == [1500 - 38, 1500, 1500] and result.prop("Vermont Avenue").owner == 1


# ----- §10 Contests -----

def test_contests_snake_eyes_fail_whatever_the_graft():
    """R-CONTEST-05: with 2 dice, both dice showing 1 always fails. Ann rezones Ben's Oriental (depth 1: A = 100 × 2
    = 200, base A/2 = $100 to the Bank, R-REZONE-04) with 6 pips of graft ($60): 1 + 1 + 6 = 8 would pass the 7,
    but the natural 2 fails. All rezoning graft goes to FP (R-REZONE-04), whatever the result (R-CONTEST-02 step 6)."""
    result = referee("contests_R-CONTEST-05_snake_eyes_fail_whatever_the_graft", dice="1,2,1,1")
    verdict = result.one("contest", stage="resolved")
    assert (verdict["success"], verdict["natural"], verdict["modified"]) == (False, "failure", 8)
    assert result.flows(after=5) == [(0, "escrow", 60), ("escrow", "bank", 100), ("escrow", "fp", 60)]
    assert result.cash == [1500 - 100 - 60, 1500, 1500] and result.state.fp_pot == 60
    assert result.state.reserves == START_RESERVES + 100 and not result.prop("Oriental Avenue").rezoned
    assert result.awaiting == [0] and result.state.turn.step == "free"


# ----- §11 Takeover -----

def test_takeover_the_specs_worked_example_that_fails():
    """R-TAKEOVER-04's example: Ben attacks Boardwalk, which Ann holds at depth 1: A = 400 × 2 = 800, base $400.
    Ben grafts $60 (+6), Ann $40 (−4). Ben rolls 9 (4 + 5): modified 11, the attack fails. "Bank +$400 (base) +
    $30. FP +$30. B receives A's $40. Net result: B −$420, A −$40." """
    result = referee("takeover_R-TAKEOVER-04_worked_example_fails", dice="2,3,4,5")
    verdict = result.one("contest", stage="resolved")
    assert (verdict["success"], verdict["modified"], verdict["rule_id"]) == (False, 11, "R-TAKEOVER-03")
    assert Counter(result.flows(after=3)) == Counter([(1, "escrow", 60), (0, "escrow", 40), ("escrow", "bank", 400),
                                                      ("escrow", 1, 40), ("escrow", "fp", 30), ("escrow", "bank", 30)])
    assert {e["rule_id"] for e in result.of("money_moved", after=3) if e["payer"] == "escrow"} == {"R-TAKEOVER-04"}
    assert result.cash == [1500 - 40, 1500 - 420, 1500] and result.state.fp_pot == 30
    assert result.state.reserves == START_RESERVES + 430 and result.prop("Boardwalk").owner == 0


def test_takeover_a_natural_double_six_takes_the_whole_arm():
    """R-CONTEST-05: 6 + 6 always succeeds, here against Ben's 10 pips (6 + 6 − 10 = 2). St. Charles at depth 1:
    A = 140 × 2 = 280, base $140 to the Bank (R-TAKEOVER-04). The attack succeeds: Ann's graft ($0) would go to Ben;
    Ben's $100 goes floor(½) = $50 to FP and $50 to the Bank. R-TAKEOVER-05: the arm, St. Charles and Connecticut
    below it, passes to Ann, keeping its shape; Ann controls St. Charles; Ben controlled Connecticut, so he keeps it
    as `arm_residual`; Ann hangs St. Charles on her card."""
    result = referee("takeover_R-TAKEOVER-05_natural_double_six_takes_the_whole_arm", dice="1,2,6,6")
    verdict = result.one("contest", stage="resolved")
    assert (verdict["success"], verdict["natural"]) == (True, "success")
    assert result.cash == [1500 - 140, 1500 - 100, 1500] and result.state.fp_pot == 50
    assert result.state.reserves == START_RESERVES + 140 + 50
    charles, connecticut = result.prop("St. Charles Place"), result.prop("Connecticut Avenue")
    assert (charles.owner, charles.controller, charles.parent) == (0, 0, ROOT)
    assert (connecticut.owner, connecticut.controller, connecticut.control_origin, connecticut.parent) == (
        0, 1, "arm_residual", SQUARE["St. Charles Place"])
    assert {e["rule_id"] for e in result.of("ownership_changed")} == {"R-TAKEOVER-05"}


# ----- §12 Rezoning -----

def test_rezoning_success_refunds_the_house_and_the_owner_rehangs_the_orphaned_arm():
    """R-REZONE-04/05: Ann rezones Ben's St. James (depth 1: A = 180 × 2 = 360, base $180 to the Bank) with 2 pips
    ($20) against Ben's 1 ($10): 3 + 3 + 2 − 1 = 7, success. All graft, $30, goes to FP. The house on St. James
    returns to supply and Ben gets half its $100 cost, $50, from the Bank; the houses elsewhere in the group stay.
    St. James can hold nothing now: Mediterranean, which hung from it, is re-attached by Ben at once (R-STRUCT-07),
    here on his card's free fourth arrow, and then Ann's turn goes on."""
    result = referee("rezoning_R-REZONE-05_success_refunds_the_house_and_frees_the_arm", dice="1,2,3,3")
    assert result.one("contest", stage="resolved")["success"] is True
    refund = result.one("money_moved", reason="building refund on rezoning")
    assert (refund["payer"], refund["payee"], refund["amount"], refund["rule_id"]) == ("bank", 1, 50, "R-REZONE-05")
    assert result.cash == [1500 - 180 - 20, 1500 - 10 + 50, 1500] and result.state.fp_pot == 30
    assert result.state.reserves == START_RESERVES + 180 - 50
    james = result.prop("St. James Place")
    assert (james.rezoned, james.houses, james.owner, james.controller) == (True, 0, 1, 1)
    assert (result.prop("Tennessee Avenue").houses, result.prop("New York Avenue").houses) == (1, 1)
    assert result.state.house_supply == 32 - 3 + 1
    mediterranean = result.prop("Mediterranean Avenue")
    assert (mediterranean.parent, mediterranean.arrow) == (ROOT, 3)
    assert result.awaiting == [0] and result.state.turn.step == "free"


# ----- §13 Rebuilding -----

def test_rebuilding_a_rezoned_lot_rolls_eight_pays_half_its_price_and_comes_back_posh():
    """R-REBUILD-03: Ann lands on her own rezoned Vermont and rebuilds: 3 + 4 + 1 pip = 8, success; her $10 graft
    goes floor(½) = $5 to FP, $5 to the Bank. R-REBUILD-04: she pays ceil(½ × 100 × 1) = $50 to the Bank.
    R-REBUILD-05: the table die shows 5 (the Top Hat adds nothing, R-FAC-TOPHAT-03): F = 1½, posh. R-REBUILD-06: no
    longer rezoned."""
    result = referee("rebuilding_R-REBUILD-05_a_posh_rebuild_of_a_rezoned_lot", dice="1,2,3,4,5")
    assert result.one("contest", stage="resolved")["success"] is True
    assert result.flows(after=2) == [(0, "escrow", 10), ("escrow", "fp", 5), ("escrow", "bank", 5),
                                     (0, "bank", 50)]
    assert result.one("money_moved", reason="rebuild cost")["rule_id"] == "R-REBUILD-04"
    vermont = result.prop("Vermont Avenue")
    assert (vermont.rezoned, vermont.factor_halves) == (False, 3)
    assert result.one("property_changed", change="rebuilt")["factor_halves"] == 3
    assert result.cash == [1500 - 60, 1500, 1500] and result.state.fp_pot == 5


# ----- §14 Subversion -----

def test_subversion_the_pot_gets_half_of_base_and_graft_rounded_down():
    """R-SUBVERT-02/03: Vermont at depth 2 under Ben's St. Charles: A = 100 × 1½ = 150, base A/2 = $75; Ann adds 1
    pip ($10) and rolls 5 + 6 + 1 = 12, success. Total 75 + 10 = $85: floor(85/2) = $42 to FP, $43 to the Bank
    (R-GEN-01). R-SUBVERT-04: Ann controls Vermont by subversion; Ben still owns it."""
    result = referee("subversion_R-SUBVERT-03_half_the_cost_to_the_pot_the_rest_to_the_bank", dice="1,2,5,6")
    assert result.flows(after=2)[-2:] == [("escrow", "fp", 42), ("escrow", "bank", 43)]
    assert {e["rule_id"] for e in result.of("money_moved", after=2) if e["payer"] == "escrow"} == {"R-SUBVERT-03"}
    vermont = result.prop("Vermont Avenue")
    assert (vermont.owner, vermont.controller, vermont.control_origin) == (1, 0, "subversion")
    assert result.cash == [1500 - 85, 1500, 1500] and result.state.fp_pot == 42
    assert result.state.reserves == START_RESERVES + 43


def test_subversion_an_owner_passing_his_depth_one_deed_takes_control_back():
    """R-SUBVERT-08 (a): Ben's Baltic hangs from his card (depth 1) and Ann controls it. Ben rolls 2 + 3 from
    Mediterranean (1) to Oriental (6), passing Baltic (3): control goes back to him automatically, for free, and he
    goes on to his landing."""
    result = referee("subversion_R-SUBVERT-08_passing_a_depth_one_deed_takes_it_back", dice="2,3")
    back = result.one("control_changed")
    assert (back["property"], back["old_controller"], back["new_controller"], back["rule_id"]) == (
        SQUARE["Baltic Avenue"], 0, 1, "R-SUBVERT-08")
    assert (result.prop("Baltic Avenue").controller, result.prop("Baltic Avenue").control_origin) == (1, "owner")
    assert result.flows() == [] and result.awaiting == [1] and result.state.turn.step == "landing"
    assert result.state.players[1].position == SQUARE["Oriental Avenue"]


# ----- §15 Power structure -----

def test_structure_no_free_arrow_no_purchase():
    """R-STRUCT-04 (via R-LAND-04's requirements): Ann's card holds four leg-1 deeds, which have no out-arrows
    (R-STRUCT-02), so she has no free slot for Oriental: BUY is refused with E_NO_FREE_ARROW, and nothing is
    paid."""
    result = referee("structure_R-STRUCT-04_no_free_arrow_no_purchase", dice="1,2")
    assert result.refused["index"] == 1
    assert (result.refused["code"], result.refused["rule_id"]) == ("E_NO_FREE_ARROW", "R-LAND-04")
    assert result.flows() == []


# ----- §16 Rent and Power Base -----

def test_rent_one_collection_row_by_row_and_the_power_bases_at_round_end():
    """Cat ends the last turn of round 1 (the Chair Ann anchors it), so ROUND_END runs, then Ann's turn starts.

    R-PB at ROUND_END (R-TURN-09): Ann controls Baltic 8 and Mediterranean 4 (brown monopoly, 2 × 4 and 2 × 2),
    Reading and Short Line 50 each (k = 2), Electric Company 8 × 4 = 32 (her last utility roll, 8, R-PB-01); the
    rezoned Oriental and mortgaged Vermont count for no one: 8 + 4 + 50 + 50 + 32 = 144. Ben controls Connecticut:
    16 (the light-blue monopoly's double rent: Ann owns all three, mortgaged and rezoned members count, R-MONO-01).

    R-RENT-02 at Ann's T2, from the Bank: Baltic 8, Mediterranean 4, Reading 50, Short Line 50 (row 10, k = 2),
    Oriental floor(6/2) = 3 (row 5), Vermont 0 (row 1), Connecticut 16 (row 8: the owner collects though Ben
    controls it, R-SUBVERT-06), Electric Company 7 × 4 = 28 (a new roll, 3 + 4, R-RENT-03): $159 in one payment."""
    result = referee("rent_R-RENT-02_one_collection_row_by_row", dice="3,4")
    assert result.one("round_ended")["power_bases"] == {"0": 144, "1": 16, "2": 0}
    rent = result.one("rent_collected")
    assert rent["rents"] == {str(SQUARE[name]): amount for name, amount in (
        ("Mediterranean Avenue", 4), ("Baltic Avenue", 8), ("Reading Railroad", 50), ("Oriental Avenue", 3),
        ("Connecticut Avenue", 16), ("Electric Company", 28), ("Short Line", 50))}
    assert (rent["total"], rent["paid"], rent["rule_id"]) == (159, 159, "R-RENT-01")
    assert result.flows() == [("bank", 0, 159)]
    assert result.cash == [1500 + 159, 1500, 1500] and result.state.players[0].last_utility_roll == 7
    assert result.state.round_no == 2 and result.awaiting == [0] and result.state.turn.step == "choice"


# ----- §17 Monopolies and buildings -----

def test_buildings_a_house_costs_its_price_and_houses_go_up_evenly():
    """R-BUILD-01: Ann owns the brown group, so she may build: a house on Baltic costs $50, to the Bank, and leaves
    31 in supply (R-BANK-04). R-BUILD-02: a second house on Baltic while Mediterranean has none is refused
    (E_UNEVEN)."""
    result = referee("buildings_R-BUILD-02_houses_go_up_evenly")
    assert result.flows(after=0) == [(0, "bank", 50)]
    built = result.one("buildings_changed")
    assert (built["property"], built["houses"], built["house_supply"]) == (SQUARE["Baltic Avenue"], 1, 31)
    assert (result.refused["index"], result.refused["code"], result.refused["rule_id"]) == (1, "E_UNEVEN", "R-BUILD-02")


def test_buildings_a_permit_bribe_for_the_last_house_is_split_and_the_briber_builds():
    """R-BUILD-06 (`permit_window=true`), §33.7: 31 houses stand on the board, so Ann's request for a house on Baltic
    takes the last one and opens the permit window. Ben, who may build on Connecticut (his light blues stand at 1, 1
    and 0), offers $31 to withdraw; Ann accepts. The bribe is split by R-FP-02: floor(31/2) = $15 to FP, $16 to Ann.
    Her request is cancelled and Ben builds at once: $50 to the Bank, none left in supply."""
    result = referee("buildings_R-BUILD-06_a_permit_bribe_buys_the_last_house")
    assert result.flows(after=0) == [] and result.one("notice", after=0)["rule_id"] == "R-BUILD-06"
    assert result.flows(after=2) == [(1, "fp", 15), (1, 0, 16), (1, "bank", 50)]
    assert [e["rule_id"] for e in result.of("money_moved", reason="permit bribe")] == ["R-FP-02", "R-FP-02"]
    assert (result.prop("Baltic Avenue").houses, result.prop("Connecticut Avenue").houses) == (0, 1)
    assert result.state.house_supply == 0 and result.cash == [1516, 1500 - 31 - 50, 1500]
    assert result.state.fp_pot == 15 and result.awaiting == [0]


# ----- §18 Selling and trading -----

def test_selling_a_deed_for_cash_the_seller_keeps_control():
    """R-SELL-01/03: Ann sells Baltic to Ben for $100 (offer and accept, R-DEAL-02). The price is not a bribe: all
    $100 goes to Ann, nothing to the pot. Ann controlled Baltic, so she keeps control as `seller_retention`; Ben
    owns it and hangs it on his card's first free arrow."""
    result = referee("selling_R-SELL-03_the_seller_keeps_control")
    assert result.flows() == [(1, 0, 100)] and result.state.fp_pot == 0
    kept = result.one("control_changed")
    assert (kept["new_controller"], kept["origin"], kept["rule_id"]) == (0, "seller_retention", "R-SELL-03")
    baltic = result.prop("Baltic Avenue")
    assert (baltic.owner, baltic.controller, baltic.control_origin, baltic.parent) == (1, 0, "seller_retention", ROOT)
    assert result.cash == [1600, 1400, 1500] and result.one("offer", status="executed")


# ----- §19 Mortgages -----

def test_mortgages_a_rezoned_lot_brings_half_and_the_lifted_mortgage_leaves_the_chair_a_hold():
    """R-MORT-01: Oriental (M = $50) is rezoned, so the Bank lends floor(50/2) = $25. R-MORT-02: control passes to
    the Chair, Ben, as `mortgage_chair`. R-MORT-03: lifting it costs ceil(1.1 × 25) = ceil(27.5) = $28. R-MORT-04:
    Ben's hold becomes `post_mortgage`; Ann must discover it. Net: Ann −$3, the Bank +$3."""
    result = referee("mortgages_R-MORT-04_a_lifted_mortgage_leaves_the_chair_a_hold")
    assert result.flows() == [("bank", 0, 25), (0, "bank", 28)]
    chair_hold = result.one("control_changed", after=0)
    assert (chair_hold["new_controller"], chair_hold["origin"], chair_hold["rule_id"]) == (1, "mortgage_chair",
                                                                                          "R-MORT-02")
    lifted = result.one("control_changed", after=1)
    assert (lifted["new_controller"], lifted["origin"], lifted["rule_id"]) == (1, "post_mortgage", "R-MORT-04")
    oriental = result.prop("Oriental Avenue")
    assert (oriental.mortgaged, oriental.mortgage_principal, oriental.controller) == (False, 0, 1)
    assert result.cash == [1497, 1500, 1500] and result.state.reserves == START_RESERVES + 3


# ----- §20 Jail -----

def test_jail_the_trial_after_a_third_failed_roll():
    """R-JAIL-04/05: Ann has spent two jail turns; her third roll, 2 + 3, is not doubles, so she stands trial: a
    $50 bribe to the judge, $25 to FP and $25 to the Bank (R-FP-02), then she leaves Jail and moves by that roll,
    10 + 5 = Pennsylvania Railroad (15), where she chooses her landing option."""
    result = referee("jail_R-JAIL-05_the_trial_after_a_third_failed_roll", dice="2,3")
    assert result.flows() == [(0, "fp", 25), (0, "bank", 25)]
    assert {e["rule_id"] for e in result.of("money_moved")} == {"R-JAIL-05"}
    ann = result.state.players[0]
    assert (ann.in_jail, ann.position, ann.cash) == (False, SQUARE["Pennsylvania Railroad"], 1450)
    assert result.state.fp_pot == 25 and result.awaiting == [0] and result.state.turn.step == "landing"


# ----- §21 Free Parking -----

def test_free_parking_the_lander_takes_the_whole_pot():
    """R-FP-03 (b): Ann lands on Free Parking (17 + 1 + 2) and takes the whole pot, $345."""
    result = referee("free_parking_R-FP-03_the_lander_takes_the_whole_pot", dice="1,2")
    assert result.flows() == [("fp", 0, 345)] and result.one("money_moved")["rule_id"] == "R-FP-03"
    assert result.cash == [1845, 1500, 1500] and result.state.fp_pot == 0
    assert result.state.reserves == BANK_TOTAL - 3 * 1500 - 345  # the pot was never the Bank's (R-FP-01)


# ----- §22 Taxes -----

def test_taxes_ten_percent_of_worth_is_rounded_up():
    """R-TAX-01 with R-VAL-06: worth = cash $1,234 + Boardwalk 400 + Vermont, rezoned, 100 × ½ = 50 + Connecticut,
    mortgaged, at V = 120 (no surcharge, no debt subtracted) + Mediterranean 60 + Baltic 60 + two houses at their
    $50 cost = $2,024. 10% = $202.40, paid rounded up (R-GEN-01): $203 to the Bank."""
    result = referee("taxes_R-TAX-01_ten_percent_of_worth_rounded_up", dice="1,2")
    assert result.flows() == [(0, "bank", 203)] and result.one("money_moved")["rule_id"] == "R-TAX-01"
    assert result.cash == [1234 - 203, 1500, 1500]
    assert result.state.reserves == BANK_TOTAL - 1234 - 3000 + 203


# ----- §23 Cards -----

def test_cards_the_nearest_railroad_card_doubles_the_attack_and_halves_the_owners_graft_price():
    """R-CARD-04 with R-VAL-08's example: Chance 5 sends Ann from Chance (22) to the nearest Railroad, B&O (25),
    which Ben holds at depth 1, with the double-rent effect (R-LAND-06). Takeover: A = 200 × 2 (S) × 2 (D) = 800,
    base $400 to the Bank; no rent is paid (R-CARD-03). Ben's graft costs $5 per −1 (R-CONTEST-07): 4 pips, $20.
    5 + 6 − 4 = 7 fails: Ben's $20 goes to Ann (R-TAKEOVER-04). Ann −400 + 20, Ben −20."""
    result = referee("cards_R-CARD-04_the_nearest_railroad_card_doubles_the_attack", dice="1,2,5,6")
    drawn = result.one("card_drawn")
    assert (drawn["deck"], drawn["number"], drawn["effect"]) == ("chance", 5, "advance_to_nearest_railroad")
    assert result.flows(after=1) == [(0, "escrow", 400)] and result.flows(after=3)[0] == (1, "escrow", 20)
    assert result.flows(after=3)[1:] == [("escrow", "bank", 400), ("escrow", 0, 20)]
    assert result.cash == [1500 - 400 + 20, 1500 - 20, 1500] and result.prop("B&O Railroad").owner == 1
    assert result.state.chance_deck[-1] == 5  # back to the bottom (R-CARD-01)


# ----- §24 The Artillery -----

def test_artillery_a_surprise_destruction_removes_the_house_unpaid_and_blocks_the_group():
    """R-ART-07 with D-07: Baltic hangs from Ben's card, so S = 2: A = 60 × 2 = 120, base A/2 = $60; the Artillery
    adds 2 pips ($20) and rolls 5 + 5 + 2 = 12, success. Base + graft = $80: floor(½) = $40 to FP, $40 to the
    Bank. R-ART-10: Baltic is destroyed and rubble; its house returns to supply with no payment; Mediterranean keeps
    its house; brown joins the Artillery's tally."""
    result = referee("artillery_R-ART-07_surprise_destruction_of_a_lot_with_a_house", dice="1,2,5,5")
    assert result.flows(after=2)[-2:] == [("escrow", "fp", 40), ("escrow", "bank", 40)]
    assert result.one("property_changed")["rule_id"] == "R-ART-10"
    baltic = result.prop("Baltic Avenue")
    assert (baltic.destroyed, baltic.rubble, baltic.houses, baltic.owner, baltic.controller) == (True, True, 0, 1, 1)
    assert result.prop("Mediterranean Avenue").houses == 1 and result.state.house_supply == 32 - 2 + 1
    assert result.state.terrorist_colors_destroyed == ["brown"]
    assert result.cash == [1500 - 80, 1500, 1500] and result.state.fp_pot == 40


def test_artillery_a_ransom_pool_pays_in_proportion_and_the_colour_group_defends_the_attack():
    """R-ART-03/04: the Artillery lands on the unowned Baltic and demands $100; his turn ends at once. Ben pledges
    $70 and Cat $50: $120 ≥ $100, so at Art's next T1 exactly $100 is collected: Ben floor(70 × 100 / 120) = 58,
    Cat floor(50 × 100 / 120) = 41, and the missing $1 from the largest pledger, Ben: 59 and 41, to the Artillery in
    full (no bribe split, A-45). R-ART-05/06: he attempts the destruction anyway: A = 60 (unowned, S = 1), base
    A/2 = $30 to the Bank; Cat defends as owner of Mediterranean, in Baltic's colour group, with 3 pips against
    the Artillery's 1: 4 + 4 + 1 − 3 = 6 < 7 fails; all graft, 10 + 30 = $40, to FP. R-ART-12: the Artillery goes
    to Jail with no Favor allowed, his first such jailing, and loses the Chair (R-CHAIR-03)."""
    result = referee("artillery_R-ART-04_a_ransom_pool_pays_in_proportion_then_the_attack_fails", dice="1,2,4,4")
    assert result.flows(after=7) == [(1, 0, 59), (2, 0, 41)]
    assert {e["rule_id"] for e in result.of("money_moved", after=7)} == {"R-ART-04"}
    assert result.one("contest", stage="resolved")["modified"] == 6
    assert result.flows(after=12) == [(0, "escrow", 10), (2, "escrow", 30), ("escrow", "bank", 30),
                                      ("escrow", "fp", 40)]
    art = result.state.players[0]
    assert (art.in_jail, art.jail_no_favor, art.terrorist_jailings) == (True, True, 1)
    assert result.cash == [1500 + 100 - 30 - 10, 1500 - 59, 1500 - 41 - 30 + 2]  # Cat's T2: Mediterranean, $2
    assert result.state.chair is None and sorted(result.awaiting) == [0, 1, 2]
    assert not result.prop("Baltic Avenue").destroyed and result.state.pending_ransom is None


# ----- §25 Factions -----

def test_factions_top_hat_collects_a_second_rent_and_the_countdown_does_not_go_down():
    """R-FAC-TOPHAT-02: instead of moving, the Top Hat collects again (R-RENT-01): Baltic 4 (no monopoly), Reading
    $25 (rail countdown above 0, R-RENT-02 row 9), Electric Company on a new roll, 2 + 3 = 5, × 4 = 20: $49. The
    countdown does not go down."""
    result = referee("factions_R-FAC-TOPHAT-02_a_second_rent_without_countdown", dice="2,3")
    rent = result.one("rent_collected")
    assert (rent["total"], rent["rule_id"]) == (49, "R-FAC-TOPHAT-02")
    assert result.flows() == [("bank", 0, 49)] and result.prop("Reading Railroad").rail_countdown == 2
    assert result.awaiting == [0] and result.state.turn.step == "free"


def test_factions_boat_squeezes_the_peasants_once_a_turn():
    """R-FAC-BOAT-03: 3 + 5 is not doubles, so the Boat receives 10 × 8 = $80 from the Bank; a second squeeze in
    the same turn is refused (R-TURN-08, E_ONCE_PER_TURN)."""
    result = referee("factions_R-FAC-BOAT-03_squeezing_the_peasants_once_a_turn", dice="3,5")
    assert result.flows() == [("bank", 1, 80)] and result.one("money_moved")["rule_id"] == "R-FAC-BOAT-03"
    assert (result.refused["index"], result.refused["code"], result.refused["rule_id"]) == (
        1, "E_ONCE_PER_TURN", "R-TURN-08")


def test_factions_the_steam_iron_ignores_the_doctors_fee_he_draws():
    """R-FAC-STEAMIRON-03: Sid draws Community Chest 3, "Doctor's fee: pay $50", and ignores it: no money moves,
    and the card goes to the bottom of its deck (R-CARD-01)."""
    result = referee("factions_R-FAC-STEAMIRON-03_the_steam_iron_ignores_the_doctor", dice="1,2")
    assert result.one("card_drawn")["number"] == 3
    assert result.one("notice", after=1)["rule_id"] == "R-FAC-STEAMIRON-03"
    assert result.flows() == [] and result.cash == [1500, 1500, 1500] and result.state.chest_deck[-1] == 3


def test_factions_the_dog_goes_just_visiting_instead_of_jail_and_bails_a_prisoner():
    """R-FAC-DOG-02 (b): Dot lands on Go To Jail and is not jailed; she teleports to Just Visiting, which counts as
    landing there, so she may bail out Cat (R-JAIL-07): $50 to the Bank; Cat leaves Jail and stays on square 10;
    Dot's next subversion against what Cat controls succeeds automatically."""
    result = referee("factions_R-FAC-DOG-02_the_dog_goes_just_visiting_and_bails_a_prisoner", dice="1,2")
    assert result.one("token_moved", after=1)["rule_id"] == "R-FAC-DOG-02"
    assert result.flows() == [(1, "bank", 50)] and result.one("money_moved")["rule_id"] == "R-JAIL-07"
    dot, cat = result.state.players[1], result.state.players[2]
    assert (dot.in_jail, dot.position, dot.bail_bonus_against) == (False, 10, [2])
    assert (cat.in_jail, cat.position) == (False, 10)
    assert result.cash == [1500, 1450, 1500]


def test_factions_the_shoe_rides_the_rails_past_go():
    """R-FAC-SHOE-02, [REV]'s example: the Shoe stands 3 squares before Short Line and rolls 5 (2 + 3): steps onto
    Short Line (step 3), jumps to Reading (step 4, passing GO: $200, R-GO-01), steps to Oriental (step 5)."""
    result = referee("factions_R-FAC-SHOE-02_riding_the_rails_past_go", dice="2,3")
    jump = result.one("token_moved", after=1, rule_id="R-FAC-SHOE-02")
    assert (jump["start"], jump["end"]) == (SQUARE["Short Line"], SQUARE["Reading Railroad"])
    assert result.flows() == [("bank", 1, 200)]
    assert result.state.players[1].position == SQUARE["Oriental Avenue"] and result.state.turn.step == "landing"


def test_factions_the_shoe_wins_the_moment_he_places_a_hotel_on_leg_four():
    """R-FAC-SHOE-01 via R-BUILD-07: both dark-blue lots carry 4 houses (R-BUILD-02), so Sue may put a hotel on
    Boardwalk (leg 4) for the group's house cost, $200 (§34.1), handing in its 4 houses; she wins at once."""
    result = referee("factions_R-FAC-SHOE-01_a_hotel_on_boardwalk_wins")
    assert result.flows() == [(0, "bank", 200)]
    built = result.one("buildings_changed")
    assert (built["houses"], built["hotel"], built["house_supply"], built["hotel_supply"]) == (0, True, 32 - 4, 11)
    over = result.one("game_over")
    assert (over["winners"], over["rule_id"]) == ([0], "R-FAC-SHOE-01") and result.awaiting == []


def test_factions_the_race_cars_three_dice_with_a_pair_are_doubles():
    """R-FAC-RACECAR-02: with 3d6, any two equal dice are doubles: 1 + 1 + 5 = 7 moves Ray from Baltic (3) to Just
    Visiting (10), and he may roll again (R-MOVE-05)."""
    result = referee("factions_R-FAC-RACECAR-02_three_dice_with_a_pair_are_doubles", dice="1,1,5")
    assert result.one("dice_rolled")["dice"] == [1, 1, 5]
    assert result.state.players[1].position == 10 and result.state.turn.may_roll_again
    assert result.awaiting == [1]


def test_factions_the_horseman_wins_at_the_seventh_rezoned_property():
    """R-FAC-HORSEMAN-01 (a), tested at once (R-WIN-02): six properties are rezoned; Hal rezones the unowned
    Vermont (A = 100, S = 1 unowned, base $50; 3 + 4 = 7 succeeds) and wins on the spot."""
    result = referee("factions_R-FAC-HORSEMAN-01_the_seventh_rezoning_wins", dice="1,2,3,4")
    over = result.one("game_over")
    assert (over["winners"], over["rule_id"]) == ([1], "R-FAC-HORSEMAN-01")
    assert result.state.game_over and result.awaiting == []
    assert result.cash == [1500, 1450, 1500]


def test_factions_the_wheelbarrow_subverts_on_three_dice():
    """R-FAC-WHEELBARROW-02: the Wheelbarrow rolls 3d6 to subvert; 3 + 4 + 5 is an unmodified 12, which always
    succeeds (R-CONTEST-05). Baltic at depth 1: A = 120, base $60: $30 to FP, $30 to the Bank (R-SUBVERT-03)."""
    result = referee("factions_R-FAC-WHEELBARROW-02_subversion_on_three_dice", dice="1,2,3,4,5")
    assert result.one("dice_rolled", purpose="subversion roll")["dice"] == [3, 4, 5]
    assert result.one("contest", stage="resolved")["natural"] == "success"
    assert result.flows(after=2)[-2:] == [("escrow", "fp", 30), ("escrow", "bank", 30)]
    assert (result.prop("Baltic Avenue").controller, result.prop("Baltic Avenue").control_origin) == (2, "subversion")


# ----- §26 Victory -----

def test_victory_the_thimble_wins_the_moment_he_buys_a_sixth_colour():
    """R-WIN-02 (`special_victory_timing=immediate`) with R-FAC-THIMBLE-01: Tim holds qualifying lots in five colour
    groups; he buys Atlantic ($260), a sixth, and the game ends at once with him the winner."""
    result = referee("victory_R-WIN-02_the_thimble_wins_the_moment_he_buys_a_sixth_colour", dice="1,2")
    over = result.one("game_over", after=1)
    assert (over["winners"], over["rule_id"]) == ([1], "R-FAC-THIMBLE-01")
    assert result.flows() == [(1, "bank", 260)] and result.prop("Atlantic Avenue").parent == SQUARE["St. James Place"]
    assert result.state.game_over and result.state.winners == [1] and result.awaiting == []


def test_victory_more_than_half_of_the_power_at_round_end():
    """R-WIN-03 at ROUND_END: the gate is open (every property owned or rezoned). Power Bases (R-PB): Ann's dark-blue
    monopoly, Park Place 35 × 2 + Boardwalk 50 × 2 = 170; Ben's two Utilities 5 × 10 = 50 each, 100 (his last
    roll, 5; both owned, × 10); rezoned property counts for no one. Total 270; 170 > 270 / 2 = 135: Ann wins."""
    result = referee("victory_R-WIN-03_more_than_half_the_power_at_round_end")
    assert result.one("round_ended")["power_bases"] == {"0": 170, "1": 100, "2": 0}
    over = result.one("game_over")
    assert (over["winners"], over["rule_id"]) == ([0], "R-WIN-03")
    assert result.state.winners == [0] and result.awaiting == []


# ----- §27 Losing -----

def test_losing_a_player_who_cannot_pay_a_tax_pays_all_he_has_and_is_destitute():
    """R-LOSE-02: Ben owes the $75 Luxury Tax (R-TAX-02) with $50: a raise-funds window opens; he settles: all his
    cash to the Bank, the other $25 forgiven (`bank_shortfall_forgiven`). R-LOSE-01: past his first circuit, with
    no property and $0, he is eliminated at once, and Cat's turn starts (D-16)."""
    result = referee("losing_R-LOSE-01_destitute_after_a_tax_he_cannot_pay", dice="1,2")
    assert result.flows() == [(1, "bank", 50)]
    short = result.one("payment_short")
    assert (short["owed"], short["paid"], short["outcome"]) == (75, 50, "forgiven")
    out = result.one("player_eliminated")
    assert (out["seat"], out["rule_id"], out["beneficiary"]) == (1, "R-LOSE-01", "bank")
    assert result.state.players[1].eliminated and result.cash == [1500, 0, 1500]
    assert result.awaiting == [2] and result.state.turn.seat == 2


def test_losing_mortgaged_out_the_chair_buys_off_a_mortgage_and_the_bank_auctions_the_rest():
    """R-LOSE-03: Ben pays the $75 Luxury Tax from $100, leaving $25, less than lifting his mortgages would cost,
    ceil(1.1 × 30) + ceil(1.1 × 10) = 33 + 11 = $44, and everything he owns is mortgaged: he is eliminated, his $25
    to the Bank (R-LOSE-05). The Chair, Ann, buys off Baltic: $33 to the Bank, hers unmortgaged, on her card. The
    Bank auctions Mediterranean unmortgaged (R-DEAL-09), bidding from the player after the Chair: Cat $10, Ann
    passes; Cat pays the Bank. Then Cat's turn starts (her rent: Mediterranean, $2)."""
    result = referee("losing_R-LOSE-03_mortgaged_out_the_chair_buys_off_the_bank_auctions", dice="1,2")
    out = result.one("player_eliminated")
    assert (out["seat"], out["rule_id"], out["beneficiary"]) == (1, "R-LOSE-03", "bank")
    assert result.flows(after=0) == [(1, "bank", 75), (1, "bank", 25)]
    assert result.flows(after=1) == [(0, "bank", 33)] and result.flows(after=4)[0] == (2, "bank", 10)
    baltic, mediterranean = result.prop("Baltic Avenue"), result.prop("Mediterranean Avenue")
    assert (baltic.owner, baltic.controller, baltic.mortgaged, baltic.parent) == (0, 0, False, ROOT)
    assert (mediterranean.owner, mediterranean.mortgaged) == (2, False)
    assert result.cash == [1500 - 33, 0, 1500 - 10 + 2] and result.awaiting == [2]


# ----- §28 Deals -----

def test_deals_a_loan_is_repaid_at_the_first_open_window_of_its_round():
    """R-DEAL-04: Ann lends Ben $300 against $330 due in round 2 (interest is whatever they agree). Ann's turn is
    the last of round 1 (Ben, the Chair, anchors it), so ending it brings round 2, and the $330 moves from Ben to
    Ann in full: no share for the pot (R-FP-02). Ann +$30, Ben −$30."""
    result = referee("deals_R-DEAL-04_a_loan_is_repaid_when_its_round_comes")
    assert result.flows(after=1) == [(0, 1, 300)] and result.flows(after=2) == [(1, 0, 330)]
    assert result.one("debt", status="created")["amount"] == 330
    assert result.one("debt", status="paid")["rule_id"] == "R-DEAL-04"
    assert result.cash == [1530, 1470, 1500] and result.state.fp_pot == 0 and not result.state.debts
    assert result.state.round_no == 2 and result.awaiting == [1]


def test_deals_a_vote_bribe_is_held_until_the_vote_and_split_with_the_pot():
    """R-DEAL-06, R-FP-02, §33.1: Cat, the Chair, lands on Go To Jail and loses the Chair (R-CHAIR-03); while the
    election is open (its id is the game's first, 1, so the offer is 2), Ann offers Ben $45 for his vote. A vote
    commitment makes the offer a bribe: the $45 waits in escrow until Ben votes as promised, then floor(45/2) = $22
    goes to FP and $23 to Ben. Ann wins with 2 votes of the 3 voters, a strict majority (R-CHAIR-02)."""
    result = referee("deals_R-DEAL-06_a_vote_bribe_is_split_with_the_pot", dice="1,2")
    assert result.flows(after=2) == [(0, "escrow", 45)]
    assert result.flows(after=3) == [("escrow", "fp", 22), ("escrow", 1, 23)]
    assert {e["rule_id"] for e in result.of("money_moved", after=3)} == {"R-FP-02"}
    assert result.one("chair_changed", reason="elected")["new_chair"] == 0 and result.state.chair == 0
    assert result.cash == [1455, 1523, 1500] and result.state.fp_pot == 22 and result.state.escrow == 0


# ----- §29 Cheating -----

def test_cheating_the_chair_caught_dipping_into_the_till():
    """R-CHEAT-02 (d), R-CHEAT-03: Ann, the Chair, quietly takes $150 from Reserves; Ben accuses her of it and is
    right: the $150 goes back, Ann goes to Jail with no Political Favor allowed (R-JAIL-02), and she loses the Chair
    (R-CHAIR-03 (b)); an election opens at once, every active player voting, Ann no candidate."""
    result = referee("cheating_R-CHEAT-03_the_chair_caught_dipping_into_the_till")
    assert result.flows() == [("bank", 0, 150), (0, "bank", 150)]
    ruled = result.one("accusation", stage="ruled")
    assert (ruled["guilty"], ruled["rule_id"]) == (True, "R-CHEAT-04")
    assert result.one("chair_changed")["rule_id"] == "R-CHAIR-03"
    ann = result.state.players[0]
    assert (ann.in_jail, ann.jail_no_favor, ann.cash) == (True, True, 1500)
    assert result.state.chair is None and result.one("election_opened")["candidates"] == [1, 2]
    assert sorted(result.awaiting) == [0, 1, 2] and result.state.reserves == START_RESERVES


# ----- §30 Where every dollar goes -----

def test_every_dollar_a_bribe_to_the_professional_banker_is_split_with_the_pot():
    """§30 "Bribe to the professional Banker: FP ½, rest to Bank" (R-FP-02, R-BANKER-04): Ann's $75 goes
    floor(75/2) = $37 to FP and $38 to Reserves; the Banker himself gets nothing (his funds are the Bank's)."""
    result = referee("every_dollar_R-FP-02_a_bribe_to_the_banker_is_split_with_the_pot")
    assert result.flows() == [(1, "fp", 37), (1, "bank", 38)]
    assert {e["rule_id"] for e in result.of("money_moved")} == {"R-FP-02"}
    assert result.cash == [0, 1425, 1500, 1500] and result.state.fp_pot == 37
    assert result.state.reserves == START_RESERVES + 38


def test_every_dollar_the_cash_of_a_foreclosed_player_goes_to_his_creditor():
    """§30 "Cash of an eliminated player: Bank, or the creditor in a foreclosure" (R-LOSE-04): Ben owes Ann a due
    $500 and his net assets are $120 + Baltic 60 = $180 (R-VAL-07), so Ann forecloses: she receives his $120 and
    Baltic (hung on her card), Ben is eliminated, and the debt is cancelled. Nothing goes to the Bank."""
    result = referee("every_dollar_R-LOSE-04_a_foreclosing_creditor_takes_the_debtors_cash")
    assert result.flows() == [(1, 0, 120)] and result.one("money_moved")["rule_id"] == "R-LOSE-04"
    out = result.one("player_eliminated")
    assert (out["seat"], out["beneficiary"]) == (1, 0)
    assert (result.prop("Baltic Avenue").owner, result.prop("Baltic Avenue").controller) == (0, 0)
    assert result.cash == [1620, 0, 1500] and result.state.reserves == BANK_TOTAL - 3120
    assert result.one("debt")["status"] == "cancelled" and result.awaiting == [0]
