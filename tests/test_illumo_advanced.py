"""Illumonopoly's advanced mode (V-ILLUMO-42, -44, -45, -47; issue 29's second half as far as this version plays
it): the Illuminati dealt at random to at most five players, their fixed legal powers in lawsuits, and the abilities
of the Servants of Cthulhu, the Discordian Society and the Gnomes of Zurich."""
from __future__ import annotations

from illuminopoly_desktop.rules import actions as A
from illuminopoly_desktop.rules.context import RulesContext
from illuminopoly_desktop.variants.illumo import lawsuits

from classic_scenario import act, give, mover, others, place, refused, roll
from illumo_scenario import illumo_game, pass_pledges, treasury

ADVANCED = {"illumo_mode": "advanced"}
ORIENTAL, VERMONT, READING = 6, 8, 5


def test_v_illumo_42_at_most_five_players_get_an_illuminatus_and_the_rest_play_basic():
    state = illumo_game(7, options=ADVANCED)
    dealt = state.variant.illuminati
    assert len(dealt) == 5 and sorted(dealt.values()) == ["bavarian", "bermuda", "cthulhu", "discordian", "gnomes"]
    assert set(dealt) == set(state.seat_order[:5])
    assert illumo_game(3).variant.illuminati == {}


def _with(state, seat, ident):
    """Give the seat that Illuminatus (swapping with whoever had it)."""
    dealt = state.variant.illuminati
    holder = next((s for s, i in dealt.items() if i == ident), None)
    if holder is not None and holder != seat:
        dealt[holder] = dealt.get(seat, "bermuda")
    dealt[seat] = ident


def test_v_illumo_37_42_45_fixed_legal_powers_and_cthulhus_landmark_bonus():
    state = illumo_game(3, options=ADVANCED)
    seat = mover(state)
    defendant = others(state)[0]
    _with(state, seat, "cthulhu")
    _with(state, defendant, "gnomes")
    give(state, defendant, ORIENTAL)
    act(state, A.Sue(seat=seat, defendant=defendant, suit="landmark", target=ORIENTAL))
    ctx = RulesContext(state)
    assert (lawsuits.legal_power(ctx, seat), lawsuits.legal_power(ctx, defendant)) == (9, 7)
    assert lawsuits.elp(ctx, state.pending[-1]) == 9 - 7 + 2


def test_v_illumo_47_the_discordian_society_sues_twice_a_turn():
    """V-ILLUMO-47."""
    state = illumo_game(3, options=ADVANCED)
    seat = mover(state)
    _with(state, seat, "discordian")
    state.variant.lawsuits_left = 2  # the deal was made before the swap; a turn's start sets it
    defendant = others(state)[0]
    give(state, defendant, ORIENTAL, VERMONT)
    for target in (ORIENTAL, VERMONT):
        act(state, A.Sue(seat=seat, defendant=defendant, suit="title_defect", target=target))
        pass_pledges(state)
    assert state.players[seat].cash == 1400
    # and a new turn of his starts with two again
    place(state, seat, 7)
    roll(state, 1, 2)
    act(state, A.EndTurn(seat=seat))
    while mover(state) != seat:
        other = mover(state)
        place(state, other, 7)
        roll(state, 1, 2)
        act(state, A.EndTurn(seat=other))
    assert state.variant.lawsuits_left == 2


def test_v_illumo_44_the_gnomes_transfer_without_a_fee_after_their_last_move():
    """V-ILLUMO-44."""
    state = illumo_game(3, options=ADVANCED)
    seat = mover(state)
    _with(state, seat, "gnomes")
    give(state, seat, READING)
    act(state, A.Transfer(seat=seat, group="railroads", to_group=True, amount=100))  # step 1: the fee
    assert state.players[seat].cash == 1390
    place(state, seat, 7)
    roll(state, 1, 2)
    for _ in range(4):  # two free transfers, then more without a fee
        act(state, A.Transfer(seat=seat, group="railroads", to_group=True, amount=100))
    assert state.players[seat].cash == 990 and treasury(state, seat, "railroads") == 500


# ----- V-ILLUMO-46: the Bermuda Triangle -----

def _declare(state, seat, index):
    place(state, seat, 7)
    roll(state, 1, 2)
    act(state, A.DeclareMissing(seat=seat, property=index))
    act(state, A.EndTurn(seat=seat))


def test_v_illumo_46_a_missing_space_stops_the_token_and_ends_its_turn():
    state = illumo_game(2, options=ADVANCED)
    seat = mover(state)
    other = others(state)[0]
    _with(state, seat, "bermuda")
    _with(state, other, "discordian")
    give(state, seat, ORIENTAL)
    _declare(state, seat, ORIENTAL)
    assert state.variant.missing == ORIENTAL
    place(state, other, 38)
    roll(state, 4, 4)  # 38 -> 6 by doubles: GO's salary on the way stands, the token stops on Oriental
    player = state.players[other]
    # no rent; GO's $200 stands, and step 6 still comes: the do-nothing bonus
    assert player.position == ORIENTAL and player.cash == 1500 + 200 + 200
    assert treasury(state, seat, "light_blue") == 0
    assert mover(state) == seat  # his turn ended at once: no re-roll for the doubles


def test_v_illumo_46_a_missing_deed_cannot_be_mortgaged_built_on_or_sued_over_and_comes_back():
    state = illumo_game(2, options=ADVANCED)
    seat = mover(state)
    other = others(state)[0]
    _with(state, seat, "bermuda")
    give(state, other, ORIENTAL)
    _declare(state, seat, ORIENTAL)
    assert refused(state, A.Mortgage(seat=other, property=ORIENTAL)).rule_id == "V-ILLUMO-46"
    assert refused(state, A.BuyBuilding(seat=other, property=ORIENTAL)).rule_id == "V-ILLUMO-46"
    place(state, other, 7)
    roll(state, 1, 2)
    act(state, A.EndTurn(seat=other))
    assert refused(state, A.Sue(seat=seat, defendant=other, suit="title_defect", target=ORIENTAL)).rule_id \
        == "V-ILLUMO-46"
    place(state, seat, 7)
    roll(state, 1, 2)
    act(state, A.EndTurn(seat=seat))  # the end of the Bermuda Triangle's next turn
    assert state.variant.missing is None
