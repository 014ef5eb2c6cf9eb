"""The buildings and mortgages dialogs without Qt: a seat's lots by colour group with the building moves the rules
allow now, and its properties with what mortgaging or lifting each would bring or cost.

What is allowed comes from the engine's legal actions (`enumerate_legal`); what a refused move would meet comes from
`engine.is_legal` (the refusal with its rule ID); amounts are the ruleset's answers (`ruleset.queries`), which
come from the rules' own check functions. Nothing here decides a rule (R-BUILD, R-MORT).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.state import GameState
from ..rules import actions as A
from ..rules import engine
from ..model.rulesets import ruleset_of
from ..rules.boardindex import board_index
from ..rules.legal import enumerate_legal
from .action_choices import refusal_reference

SELL_WORDS = {"house": "Sell a house", "hotel_breakdown": "Sell the hotel, keeping houses",
              "hotel_block": "Sell the hotel and its houses at once"}
PLAIN_COLOUR = "#9e9e9e"


def _why_not(state: GameState, action: A.Action) -> str:
    refusal = engine.is_legal(state, action)
    return refusal_reference(refusal) if refusal is not None else ""


def level_text(houses: int, hotel: bool) -> str:
    if hotel:
        return "a hotel"
    return "no buildings" if not houses else f"{houses} house{'s' if houses != 1 else ''}"


# ----- buildings (R-BUILD) -----

@dataclass(frozen=True)
class LotRow:
    index: int
    name: str
    owner: str
    houses: int
    hotel: bool
    house_cost: int
    build: A.BuyBuilding | None
    """The legal purchase on this lot now, or None (see `build_refusal`)."""
    build_text: str
    sells: tuple[tuple[A.SellBuilding, str], ...]
    """Every legal sale on this lot now, with its words and refund."""
    sell_refusal: str
    notes: str
    """Rezoned, mortgaged or destroyed, in words."""

    @property
    def level(self) -> str:
        return level_text(self.houses, self.hotel)


@dataclass(frozen=True)
class GroupRow:
    group: str
    name: str
    colour: str
    lots: tuple[LotRow, ...]


def building_groups(state: GameState, seat: int) -> list[GroupRow]:
    """Every colour group in which `seat` owns a lot, each lot with the building moves the rules allow now."""
    board = board_index(state.setup.board)
    queries = ruleset_of(state).queries
    legal = enumerate_legal(state, seat)
    buys = {a.property: a for a in legal if isinstance(a, A.BuyBuilding)}
    sells: dict[int, list[A.SellBuilding]] = {}
    for action in legal:
        if isinstance(action, A.SellBuilding):
            sells.setdefault(action.property, []).append(action)
    names = [p.name for p in state.players]
    rows = []
    for group in board.groups:
        members = board.group_members.get(group.id, ())
        if not any(state.properties[m].owner == seat for m in members):
            continue
        lots = []
        for index in members:
            prop = state.properties[index]
            square = board.squares[index]
            build = buys.get(index)
            if build is not None:
                kind = queries.building_kind(state, seat, index)
                build_text = f"Buy a {kind} for ${square.house_cost:,} (R-BUILD-01, R-BUILD-02)"
            elif prop.owner == seat:
                build_text = _why_not(state, A.BuyBuilding(seat=seat, property=index))
            else:
                build_text = f"{names[prop.owner] if prop.owner is not None else 'The Bank'} owns it."
            sale_options = []
            for sale in sells.get(index, []):
                refund = queries.price(state, sale)
                sale_options.append((sale, f"{SELL_WORDS[sale.mode]} (+${refund:,}) (R-BUILD-04)"))
            sell_refusal = ""
            if not sale_options and prop.owner == seat and (prop.houses or prop.hotel):
                mode = "hotel_breakdown" if prop.hotel else "house"
                sell_refusal = _why_not(state, A.SellBuilding(seat=seat, property=index, mode=mode))
            notes = ", ".join(word for word, flag in (("rezoned", prop.rezoned), ("mortgaged", prop.mortgaged),
                                                      ("destroyed", prop.destroyed)) if flag)
            lots.append(LotRow(index=index, name=square.name, owner=names[prop.owner] if prop.owner is not None
                               else "the Bank", houses=prop.houses, hotel=prop.hotel,
                               house_cost=square.house_cost or 0, build=build, build_text=build_text,
                               sells=tuple(sale_options), sell_refusal=sell_refusal, notes=notes))
        rows.append(GroupRow(group=group.id, name=group.name, colour=group.color, lots=tuple(lots)))
    return rows


def supply_text(state: GameState) -> str:
    """The Bank's building supply (R-BANK-04, R-BUILD-06)."""
    return (f"The Bank has {state.house_supply} house{'s' if state.house_supply != 1 else ''} and "
            f"{state.hotel_supply} hotel{'s' if state.hotel_supply != 1 else ''} left (R-BANK-04).")


# ----- mortgages (R-MORT) -----

@dataclass(frozen=True)
class MortgageRow:
    index: int
    name: str
    colour: str
    mortgaged: bool
    status: str
    amount: int | None
    """What mortgaging brings now (the Bank's loan), or what lifting costs now, when the rules allow it."""
    action: A.Mortgage | A.Unmortgage | None
    text: str
    """The move in words with its rule, or why the rules refuse it now."""


def mortgage_rows(state: GameState, seat: int) -> list[MortgageRow]:
    """Every property `seat` owns, in board order, with the mortgage move the rules allow now."""
    board = board_index(state.setup.board)
    queries = ruleset_of(state).queries
    legal = {(a.type, a.property) for a in enumerate_legal(state, seat) if isinstance(a, (A.Mortgage, A.Unmortgage))}
    colours = {g.id: g.color for g in board.groups}
    rows = []
    for index in sorted(i for i, p in state.properties.items() if p.owner == seat):
        prop = state.properties[index]
        square = board.squares[index]
        if prop.mortgaged:
            action = A.Unmortgage(seat=seat, property=index)
            amount = queries.lift_cost(state, index)
            allowed = ("unmortgage", index) in legal
            text = (f"Lift the mortgage: pay the Bank ${amount:,} (R-MORT-03)" if allowed
                    else _why_not(state, action))
            status = f"mortgaged for ${prop.mortgage_principal:,}"
        else:
            action = A.Mortgage(seat=seat, property=index)
            amount = queries.price(state, action)
            allowed = ("mortgage", index) in legal
            text = (f"Mortgage it: the Bank lends you ${amount:,} (R-MORT-01)" if allowed
                    else _why_not(state, action))
            status = "not mortgaged" + (" (rezoned: half the loan)" if prop.rezoned else "")
            if amount is None:
                amount = square.mortgage
        rows.append(MortgageRow(index=index, name=square.name, colour=colours.get(square.group, PLAIN_COLOUR),
                                mortgaged=prop.mortgaged, status=status, amount=amount,
                                action=action if allowed else None, text=text))
    return rows
