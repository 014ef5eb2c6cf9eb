"""The data files under resources/ and their loaders (§34 board/cards, §32 options, §25 factions)."""

from __future__ import annotations

import copy
import csv
import json
from pathlib import Path

import pytest

from illuminopoly_desktop.model.board import load_board
from illuminopoly_desktop.model.cards import load_cards
from illuminopoly_desktop.model.datafile import DataFileError, read_json
from illuminopoly_desktop.model.factions import load_factions
from illuminopoly_desktop.model.options import (
    OPTION_NAMES,
    OptionError,
    load_default_options,
    make_options,
    parse_option_assignment,
)
from illuminopoly_desktop.model.resources import RESOURCES_ENV_VAR, resource_path

# §32 registry, in table order, with its defaults.
SPEC_OPTION_DEFAULTS = {
    "use_artillery": False, "faction_assignment": "high_roll_draft", "bank_total_money": 30280,
    "bank_insolvency": "refuse", "bank_shortfall_payment": "partial", "bank_shortfall_forgiven": True,
    "chair_election_max_rounds": 3, "chair_election_deadlock": "plurality_then_random",
    "chair_may_waive_mortgage_block": True, "dog_keeps_chair_when_immune": True,
    "banker_personal_purse": False, "banker_victory_gate": "all_claimed", "go_on_landing": True,
    "luxury_tax_amount": 75, "graft_bidding_mode": "sealed", "natural_rolls_all_contests": True,
    "graft_on_other_rolls": False, "mortgage_attack_surcharge": "value_x1_1", "takeover_helpers": False,
    "takeover_buildings": "transfer", "rezoning_graft_to_fp": "all", "rezoning_refunds_buildings": True,
    "rezoned_breaks_monopoly": False, "monopoly_doubles_building_rent": False,
    "rebuild_after_purchase_next_turn": False, "mortgage_value_scales_with_rebuild": False,
    "ranking_value_halves_rezoned": False, "destruction_group_block": "until_cleanup",
    "unowned_rubble_blocks_group": True, "cleanup_cost_basis": "current_value",
    "destruction_forced_reorg_costs_move": True, "disrupted_counts_as_destroyed": True,
    "terrorist_surprise_target": 12, "pf_halts_destruction": False, "ransom_taxed_as_bribe": False,
    "abandon_any_reorganization": True, "boat_squeeze_pays_on_doubles": False,
    "lost_turn_collects_rent": False, "boat_mortgage_control": True,
    "horseman_counts_mortgage_control": False, "steam_iron_ignores_others_cards": False,
    "shoe_jump_passes_squares": True, "utility_card_double_rent": False, "card_fees_to_fp": False,
    "pf_blockable_sales": "purchase_buildings_abandon", "bribe_tax_scope": "votes_permits_banker",
    "power_base_total": "credited_only", "chair_power_base_includes_mortgaged": False,
    "special_victory_timing": "immediate", "general_victory_timing": "end_of_round",
    "simultaneous_win": "shared", "max_rounds": 0, "permit_window": True, "control_trading": False,
    "cheating_mode": "off", "false_accusation_penalty": 50, "till_dip_max": 200,
}

SPEC_GROUPS = {
    "brown": (1, 3), "light_blue": (6, 8, 9), "pink": (11, 13, 14), "orange": (16, 18, 19),
    "red": (21, 23, 24), "yellow": (26, 27, 29), "green": (31, 32, 34), "dark_blue": (37, 39),
}


def classic_board_data() -> dict:
    return json.loads(resource_path("boards", "classic.json").read_text(encoding="utf-8"))


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def classic_card_rows() -> list[list[str]]:
    with resource_path("cards_classic.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


def write_csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return path


# ---------------------------------------------------------------- board (§34.1)

def test_classic_board_boardwalk_matches_spec() -> None:
    boardwalk = load_board().squares[39]
    assert boardwalk.name == "Boardwalk" and boardwalk.kind == "lot" and boardwalk.group == "dark_blue"
    assert boardwalk.price == 400
    assert boardwalk.rents == (50, 200, 600, 1400, 1700, 2000)
    assert boardwalk.house_cost == 200 and boardwalk.mortgage == 200
    assert boardwalk.leg == 4 and boardwalk.out_arrows == 3


def test_classic_board_electric_company_is_a_leg_2_utility_with_one_arrow_r_struct_02() -> None:
    electric = load_board().squares[12]
    assert (electric.name, electric.kind, electric.group) == ("Electric Company", "utility", "utilities")
    assert (electric.price, electric.mortgage, electric.leg, electric.out_arrows) == (150, 75, 2, 1)
    assert electric.rents is None and electric.house_cost is None


def test_classic_board_counts_and_special_squares() -> None:
    board = load_board()
    kinds = [s.kind for s in board.squares]
    assert len(board.squares) == 40
    assert len(board.property_indices) == 28
    assert kinds.count("lot") == 22
    assert board.railroad_indices == (5, 15, 25, 35)
    assert board.utility_indices == (12, 28)
    assert board.chance_indices == (7, 22, 36)
    assert board.community_chest_indices == (2, 17, 33)
    assert (board.go_index, board.jail_index, board.free_parking_index, board.go_to_jail_index) == (0, 10, 20, 30)
    assert (kinds[4], kinds[38]) == ("income_tax", "luxury_tax")
    assert board.railroad_rents == (25, 50, 100, 200) and board.utility_multipliers == (4, 10)
    assert (board.go_salary, board.income_tax_flat, board.income_tax_percent) == (200, 200, 10)


def test_classic_board_colour_groups_match_spec() -> None:
    board = load_board()
    assert board.group_members == SPEC_GROUPS
    assert [g.id for g in board.groups] == list(SPEC_GROUPS)
    assert all(g.color.startswith("#") and len(g.color) == 7 for g in board.groups)


def test_out_arrows_follow_the_leg_r_struct_02() -> None:
    """R-STRUCT-02: a deed on leg L has L - 1 out-arrows; corners have no leg."""
    board = load_board()
    for square in board.squares:
        if square.index % 10 == 0:
            assert square.leg is None
        else:
            assert square.leg == square.index // 10 + 1
        assert square.out_arrows == (square.leg - 1 if square.is_property else 0)


def test_slot_capacity_of_all_deeds_is_42_r_struct_02() -> None:
    """§34.1: 8x1 + 8x2 + 6x3 = 42 arrows on the deeds."""
    board = load_board()
    assert sum(board.squares[i].out_arrows for i in board.property_indices) == 42


def test_classic_board_every_lot_price_and_mortgage_from_spec_spot_checks() -> None:
    squares = load_board().squares
    assert (squares[1].price, squares[1].rents, squares[1].house_cost, squares[1].mortgage) == (
        60, (2, 10, 30, 90, 160, 250), 50, 30)
    assert (squares[24].price, squares[24].rents, squares[24].house_cost) == (240, (20, 100, 300, 750, 925, 1100), 150)
    assert (squares[31].rents, squares[31].mortgage) == ((26, 130, 390, 900, 1100, 1275), 150)
    assert all(squares[i].price == 200 and squares[i].mortgage == 100 for i in (5, 15, 25, 35))


def test_board_load_is_cached() -> None:
    assert load_board() is load_board()
    assert load_board() is load_board(resource_path("boards", "classic.json"))


# ---------------------------------------------------------------- cards (§34.3)

def test_each_deck_has_16_cards_numbered_in_order() -> None:
    decks = load_cards()
    assert [c.number for c in decks.chance] == list(range(1, 17))
    assert [c.number for c in decks.community_chest] == list(range(1, 17))
    assert decks.card("chance", 14).square == 39


def test_chance_effect_codes_match_spec() -> None:
    effects = [c.effect for c in load_cards().chance]
    assert effects == [
        "advance_to_go", "advance_to", "advance_to", "advance_to_nearest_utility",
        "advance_to_nearest_railroad", "advance_to_nearest_railroad", "collect", "get_out_of_jail_free",
        "move_back", "go_to_jail", "repairs", "pay", "advance_to", "advance_to", "pay_each_player", "collect",
    ]
    chance = load_cards().chance
    assert [chance[i].square for i in (1, 2, 12, 13)] == [24, 11, 5, 39]
    assert (chance[8].amount, chance[10].per_house, chance[10].per_hotel, chance[14].amount) == (3, 25, 100, 50)


def test_community_chest_effect_codes_match_spec() -> None:
    cards = load_cards().community_chest
    assert [c.effect for c in cards] == [
        "advance_to_go", "collect", "pay", "collect", "get_out_of_jail_free", "go_to_jail",
        "collect_from_each_player", "collect", "collect", "collect", "pay", "pay", "collect", "repairs",
        "collect", "collect",
    ]
    assert [c.amount for c in cards if c.effect in ("collect", "pay")] == [200, 50, 45, 100, 20, 100, 100, 150, 25, 10, 100]
    assert (cards[13].per_house, cards[13].per_hotel, cards[6].amount) == (40, 115, 50)


def test_one_political_favor_per_deck_and_two_nearest_railroad_cards() -> None:
    decks = load_cards()
    for deck in (decks.chance, decks.community_chest):
        assert sum(c.is_political_favor for c in deck) == 1
    assert sum(c.effect == "advance_to_nearest_railroad" for c in decks.chance) == 2


# ---------------------------------------------------------------- options (§32)

EDITION_OPTION_DEFAULTS = {
    "rebuild_graft_to_fp": "half", "rebuilt_railroad_countdown_scope": "rent_and_victory",
    "rezoned_value_halved": "everywhere", "unowned_rubble_price": "half_price", "mortgage_lift_control": "post_mortgage",
    "income_tax_worth": "current_values", "dog_jail_immunity": "choose", "horseman_race_car_count_destroyed": True,
    "top_hat_second_rent": "instead_of_move", "special_victory_requires_normal_state": True,
    "stop_to_fix_ends": "movement", "ransom_pool_collected": "artillery_next_turn", "destroyed_deed": "marked",
    "abandon_mortgaged_rubble_pays": False, "general_victory_measure": "power_base",
    "ranking_value_halves_destroyed": True,
}
"""The options issue 25 added for the v2.2 edition (§31.1's E-rows), at the revised edition's readings."""


def test_all_57_options_present_with_spec_defaults() -> None:
    """§32's 57 options in the registry's order, then the options of the v2.2 edition's E-rows (issue 25), all at the
    revised edition's readings; those are left out of a dump at their defaults, so older saves keep their JSON."""
    assert len(SPEC_OPTION_DEFAULTS) == 57
    assert OPTION_NAMES == tuple(SPEC_OPTION_DEFAULTS) + tuple(EDITION_OPTION_DEFAULTS)
    defaults = load_default_options()
    assert defaults.model_dump() == SPEC_OPTION_DEFAULTS
    assert {name: getattr(defaults, name) for name in EDITION_OPTION_DEFAULTS} == EDITION_OPTION_DEFAULTS
    assert read_json(resource_path("options.json")) == {**SPEC_OPTION_DEFAULTS, **EDITION_OPTION_DEFAULTS}


def test_make_options_applies_overrides_and_keeps_other_defaults() -> None:
    options = make_options({"max_rounds": 50, "use_artillery": True, "bank_insolvency": "auction"})
    assert (options.max_rounds, options.use_artillery, options.bank_insolvency) == (50, True, "auction")
    assert options.luxury_tax_amount == 75
    assert make_options() is load_default_options()


def test_unknown_option_suggests_close_names() -> None:
    with pytest.raises(OptionError, match="max_round'.*did you mean 'max_rounds'") as caught:
        make_options({"max_round": 3})
    assert caught.value.option == "max_round"


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("bank_insolvency", "bogus", '"refuse", "unlimited" or "auction"'),
        ("chair_election_max_rounds", 0, ">= 1"),
        ("max_rounds", -1, ">= 0"),
        ("use_artillery", "yes", "true or false"),
        ("terrorist_surprise_target", 9, "12 or 7"),
    ],
)
def test_bad_option_value_names_the_allowed_values(name: str, value: object, allowed: str) -> None:
    with pytest.raises(OptionError) as caught:
        make_options({name: value})
    assert name in str(caught.value) and allowed in str(caught.value)


def test_parse_option_assignment_types_values_by_option() -> None:
    assert parse_option_assignment("max_rounds=50") == ("max_rounds", 50)
    assert parse_option_assignment("use_artillery=true") == ("use_artillery", True)
    assert parse_option_assignment(" go_on_landing = off ") == ("go_on_landing", False)
    assert parse_option_assignment("terrorist_surprise_target=7") == ("terrorist_surprise_target", 7)
    assert parse_option_assignment("cheating_mode=simulated") == ("cheating_mode", "simulated")
    for bad in ("max_rounds", "max_rounds=many", "use_artilery=true", "bank_insolvency=maybe"):
        with pytest.raises(OptionError):
            parse_option_assignment(bad)


def test_options_file_missing_an_option_is_a_data_file_error(tmp_path: Path) -> None:
    data = dict(SPEC_OPTION_DEFAULTS)
    del data["permit_window"]
    with pytest.raises(DataFileError, match=r"options\.json: options: field 'permit_window': is missing"):
        load_default_options(write_json(tmp_path / "options.json", data))


# ---------------------------------------------------------------- factions (§25)

def test_factions_file_has_ten_factions_and_the_banker() -> None:
    factions = load_factions()
    assert list(factions) == [
        "top_hat", "thimble", "race_car", "horseman", "boat", "wheelbarrow", "steam_iron", "dog", "shoe",
        "artillery", "banker",
    ]
    for faction in factions.values():
        assert faction.name and faction.title and faction.power and faction.victory
        assert faction.optional == (faction.id in ("artillery", "banker"))
        assert faction.rule_ids and all(rule.startswith("R-FAC-") for rule in faction.rule_ids)
    assert factions["top_hat"].title == "aristocrats"
    assert "R-FAC-HORSEMAN-03" in factions["horseman"].rule_ids


# ---------------------------------------------------------------- bad data files

def test_negative_price_names_file_square_and_field(tmp_path: Path) -> None:
    data = classic_board_data()
    data["squares"][39]["price"] = -400
    with pytest.raises(DataFileError) as caught:
        load_board(write_json(tmp_path / "classic.json", data))
    error = caught.value
    assert (error.path.name, error.entry, error.field) == ("classic.json", "squares[39] 'Boardwalk'", "price")
    assert str(error).startswith("classic.json: squares[39] 'Boardwalk': field 'price': must be a positive integer")


def test_lot_without_rents_names_file_square_and_field(tmp_path: Path) -> None:
    data = classic_board_data()
    del data["squares"][1]["rents"]
    with pytest.raises(DataFileError, match=r"^bad\.json: squares\[1\] 'Mediterranean Avenue': field 'rents': "):
        load_board(write_json(tmp_path / "bad.json", data))


def test_rent_table_with_five_amounts_is_refused(tmp_path: Path) -> None:
    data = classic_board_data()
    data["squares"][3]["rents"] = [4, 20, 60, 180, 320]
    with pytest.raises(DataFileError, match=r"'Baltic Avenue': field 'rents': must list 6 amounts"):
        load_board(write_json(tmp_path / "bad.json", data))


def test_wrong_out_arrows_cites_r_struct_02(tmp_path: Path) -> None:
    data = classic_board_data()
    data["squares"][21]["out_arrows"] = 3
    with pytest.raises(DataFileError, match=r"squares\[21\] 'Kentucky Avenue': field 'out_arrows': .*R-STRUCT-02"):
        load_board(write_json(tmp_path / "bad.json", data))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["squares"].pop(), r"top level: field 'squares': a board needs exactly 40 squares, found 39"),
        (lambda d: d["squares"][5].update(index=6), r"squares\[5\] 'Reading Railroad': field 'index'"),
        (lambda d: d["squares"][10].update(leg=1), r"squares\[10\] 'In Jail/Just Visiting': field 'leg'"),
        (lambda d: d["squares"][20].update(kind="jail"), r"squares\[20\] 'Free Parking': field 'kind': a second 'jail'"),
        (lambda d: d["squares"][6].update(group="teal"), r"squares\[6\] 'Oriental Avenue': field 'group': 'teal'"),
        (lambda d: d["squares"][15].update(group="blue"), r"'Pennsylvania Railroad': field 'group': must be 'railroads'"),
        (lambda d: d["squares"][8].update(name="Oriental Avenue"), r"squares\[8\] 'Oriental Avenue': field 'name'"),
        (lambda d: d["squares"][4].update(price=200), r"squares\[4\] 'Income Tax': field 'price': only properties"),
        (lambda d: d["squares"][9].update(colour="blue"), r"squares\[9\] 'Connecticut Avenue': field 'colour': is not a known"),
        (lambda d: d["groups"][0].update(color="brown"), r"groups\[0\] 'Brown': field 'color'"),
    ],
)
def test_board_mistakes_name_entry_and_field(tmp_path: Path, change, expected: str) -> None:
    data = classic_board_data()
    change(data)
    with pytest.raises(DataFileError, match=r"^my_board\.json: " + ".*" + expected):
        load_board(write_json(tmp_path / "my_board.json", data))


def test_json_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "name": "Broken"\n  "squares": []\n}\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"^broken\.json: line 3, column 3: invalid JSON") as caught:
        load_board(path)
    assert caught.value.entry == "line 3, column 3"


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match=r"^nowhere\.json: file not found"):
        load_board(tmp_path / "nowhere.json")


def test_card_with_unknown_effect_names_file_row_and_field(tmp_path: Path) -> None:
    rows = classic_card_rows()
    rows[4][2] = "teleport"  # line 5 of the file: chance #4
    with pytest.raises(DataFileError) as caught:
        load_cards(write_csv(tmp_path / "cards.csv", rows))
    error = caught.value
    assert (error.entry, error.field) == ("row 5 (chance #4)", "effect")
    assert str(error).startswith("cards.csv: row 5 (chance #4): field 'effect': must be one of")


def test_card_missing_its_parameter_is_refused(tmp_path: Path) -> None:
    rows = classic_card_rows()
    rows[2][4] = ""  # chance #2 "advance_to" loses its square
    with pytest.raises(DataFileError, match=r"row 3 \(chance #2\): field 'square': is required for effect 'advance_to'"):
        load_cards(write_csv(tmp_path / "cards.csv", rows))


def test_deck_with_a_missing_card_is_refused(tmp_path: Path) -> None:
    rows = classic_card_rows()
    del rows[-1]
    with pytest.raises(DataFileError, match=r"deck 'community_chest': field 'number': .*missing 16"):
        load_cards(write_csv(tmp_path / "cards.csv", rows))


def test_renamed_house_made_board_loads(tmp_path: Path) -> None:
    """A renamed board with other prices and colours is valid data (§34)."""
    data = copy.deepcopy(classic_board_data())
    data["name"] = "Our Town"
    for square in data["squares"]:
        if square["kind"] in ("lot", "railroad", "utility"):
            square["name"] = f"{square['name']} (renamed)".replace("Avenue", "Street")
            square["price"] += 10
    data["groups"][0] = {"id": "purple", "name": "Purple", "color": "#800080"}
    for square in data["squares"]:
        if square.get("group") == "brown":
            square["group"] = "purple"
    board = load_board(write_json(tmp_path / "our_town.json", data))
    assert board.name == "Our Town"
    assert board.squares[39].name == "Boardwalk (renamed)" and board.squares[39].price == 410
    assert board.group_members["purple"] == (1, 3)


# ---------------------------------------------------------------- resources folder

def test_resources_folder_can_be_overridden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(RESOURCES_ENV_VAR, str(tmp_path))
    assert resource_path("boards", "x.json") == tmp_path / "boards" / "x.json"


def test_resources_folder_inside_a_pyinstaller_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(RESOURCES_ENV_VAR, raising=False)
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert resource_path("options.json") == tmp_path / "resources" / "options.json"


def test_default_resources_folder_is_the_repository_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(RESOURCES_ENV_VAR, raising=False)
    assert resource_path("options.json") == Path(__file__).resolve().parents[1] / "resources" / "options.json"
