"""Defeating Monopoly, the Georgist rule system (VARIANTS §5, V-GEORGE-01 to -33), as a ruleset on the core and on
classic Monopoly: it keeps classic's board, dice, doubles, Jail and decks (and reuses classic's opening high roll,
turn state and bankruptcy bookkeeping; as a `ClassicRuleset` it plays classic's turns, moves and Jail through
that class's seams, naming its own rules), and replaces titles by leases, rent by community rent and use fees, and
classic building by per-parcel buildings on Bank loans (the modules of this package). Its state is its own slice
(model/george_state.py); every dollar moves through the core's ledger (rules/money.py), the GO pot included."""
from __future__ import annotations

from ...model.george_options import GeorgeOptions
from ...model.george_state import LoanSettlement, ParcelBuildingAuction, ShortageDeclaration
from ...model.state import BANK, Auction, GameState, Party, RaiseFunds
from ...rules.actions import Action
from ...rules.context import RulesContext
from ...rules.decisions import Menu, registry
from ..classic.ruleset import ClassicRuleset
from . import cards, charges, free_actions, landing, moves, setup, steps, trades, wealth
from .access import george_options, george_slice
from .parcels import bought_outright, holder_word
from .queries import QUERIES
from .windows import WINDOWS


class GeorgeRuleset(ClassicRuleset):
    name = "george"
    options_model = GeorgeOptions
    queries = QUERIES
    seats = setup.PLAYERS  # V-GEORGE-01
    starting_cash = 2500  # V-GEORGE-02: the lowest rank's; the others' depend on the opening roll
    rule_ids = {
        "game.over": "V-GEORGE-32", "game.no_seat": "V-GEORGE-01", "game.forced_dice": "CLASSIC-03",
        "player.eliminated": "V-GEORGE-30", "player.disabled": "V-GEORGE-30", "free.closed": "CLASSIC-03",
        "decision.out_of_place": "CLASSIC-03", "turn.not_yours": "CLASSIC-03", "turn.out_of_step": "CLASSIC-03",
        "go.salary": "V-GEORGE-24", "move.walk": "CLASSIC-03", "jail.send": "V-GEORGE-26", "card.draw": "V-GEORGE-28",
        "build.even": "V-GEORGE-14", "build.supply": "V-GEORGE-19", "build.sell": "V-GEORGE-20",
        "build.return": "V-GEORGE-31", "auction": "V-GEORGE-07", "offer": "V-GEORGE-21", "funds.raise": "V-GEORGE-30",
        "debt": "V-GEORGE-03", "bank.shortfall": "V-GEORGE-33", "bank.auction": "V-GEORGE-33",
        "bank.debt": "V-GEORGE-33",
        "move.third_doubles": "V-GEORGE-26", "jail.stay": "V-GEORGE-26", "jail.favor": "V-GEORGE-23",
        "round.end": "V-GEORGE-32",
    }

    windows = (RaiseFunds, Auction, LoanSettlement, ShortageDeclaration, ParcelBuildingAuction)
    decisions = registry([*WINDOWS, *steps.STEPS])
    free_action_handlers = free_actions.HANDLERS

    # ----- S02: the start of a game -----

    set_up = staticmethod(setup.new_game)
    def check_seating(self, seats, options, preset: bool = False) -> None:
        setup.check_seating(seats, options, preset)

    def round_cap(self, rounds: int) -> dict[str, object]:
        """V-GEORGE-32's wealth game: after its last round the wealthiest wins."""
        return {"george_victory": "wealth", "george_max_rounds": rounds}

    def check_victory(self, ctx: RulesContext, tested_events: int) -> int:
        return wealth.check_victory(ctx, tested_events)

    # ----- S06, S14: movement and cards -----

    def on_pass(self, ctx: RulesContext, seat: int, square: int, forward: bool) -> bool:
        return charges.on_pass(ctx, seat, square, forward)

    # ----- S12: lease auctions (V-GEORGE-07, -30, -31) -----

    after_bids = False
    """The player the Bank's auction starts after does not bid in it: the lessee who could not pay (V-GEORGE-07),
    the creditor who gave lots up (decision 12). Every other player still in the game bids, in turn order."""

    def auction_minimum(self, ctx: RulesContext, auction) -> int:
        """V-GEORGE-07, A-GE-06: a lease auction (of an empty parcel: the lease a lander could not pay for, or one
        declined with `george_auction_declined_leases`) opens at `george_lease_auction_min_bid`. Resolution: the
        lots of V-GEORGE-30 and -31 (a parcel with its buildings) open at $1, as those rules say, and so does a
        title bought outright under `classic_purchase` (no lease); a parcel with no building is a lease, whatever
        brought it to auction."""
        if auction.item != "property" or auction.property is None:
            return 1
        held = george_slice(ctx.state).parcels.get(auction.property)
        if held is None or held.built or bought_outright(ctx, auction.property):
            return 1
        return george_options(ctx).george_lease_auction_min_bid

    def give_property(self, ctx: RulesContext, index: int, seat: int, parent: int, arrow: int, rule_id: str) -> None:
        """The auction's winner becomes the lessee with no lease or holding fee; on an empty parcel (a lease
        auction, V-GEORGE-07) he may not build until his next turn. A title bought outright (`classic_purchase`,
        V-GEORGE-11) takes no building, so it has no lock."""
        held = george_slice(ctx.state).parcels[index]
        held.lessee = seat
        held.build_locked = not held.built and not bought_outright(ctx, index)
        ctx.notice(f"{ctx.name(seat)} is now the {holder_word(ctx, index)} of {ctx.square_name(index)}"
                   + (" (no building on it until his next turn)." if held.build_locked
                      else ", with its buildings." if held.built else "."),
                   "V-GEORGE-07", seat)

    # ----- offers (V-GEORGE-03, -21 to -23) -----

    def check_offer_terms(self, ctx: RulesContext, offer) -> None:
        trades.check_offer_terms(ctx, offer)

    def describe_offer(self, ctx: RulesContext, offer) -> str:
        return trades.describe(ctx, offer)

    def execute_offer(self, ctx: RulesContext, offer) -> None:
        trades.execute(ctx, offer)

    # ----- free actions -----

    def free_options(self, ctx: RulesContext, seat: int, offers_only: bool = False) -> list[Action]:
        return free_actions.free_options(ctx, seat, offers_only)

    def free_menu(self, ctx: RulesContext, seat: int) -> Menu:
        return free_actions.free_menu(ctx, seat)

    # ----- invariants: the money of an unlimited Bank with loans (V-GEORGE-33) -----

    def invariant_problems(self, state: GameState) -> list[str]:
        """The core checks that every dollar is where the ledger put it (the Bank issuing what it lacks, the GO pot
        counted). Here: the slice's own accounts: supplies, the buildings each parcel may hold, loans."""
        george = george_slice(state)
        if george is None or george.kind != "george":
            return ["a Georgist game without its slice"]
        problems = []
        for index, prop in state.properties.items():
            if prop.owner is not None or prop.houses or prop.hotel or prop.mortgaged:
                problems.append(f"deed {index} is owned or built on: land is never owned (V-GEORGE-04)")
        houses = sum(p.houses for p in george.parcels.values())
        hotels = sum(p.hotels for p in george.parcels.values())
        offices = sum(p.offices for p in george.parcels.values())
        for kind, built, left, total in (("houses", houses, george.house_supply, 32),
                                         ("hotels", hotels, george.hotel_supply, 12),
                                         ("offices", offices, george.office_supply, 12)):
            if built + left != total or left < 0:
                problems.append(f"{kind}: {built} built + {left} in supply != {total} (V-GEORGE-15, -19)")
        if george.go_pot < 0:
            problems.append("the GO pot is negative")
        held_for_claims = sum(c.amount for c in george.claims)
        if state.escrow > held_for_claims:
            problems.append(f"escrow holds ${state.escrow} for ${held_for_claims} of use fees to claim (V-GEORGE-13)")
        for index, held in george.parcels.items():
            if held.lessee is not None and state.players[held.lessee].eliminated:
                problems.append(f"parcel {index} leased to eliminated seat {held.lessee}")
            if held.houses > 4 or held.large > 2 or (held.houses and held.large):
                problems.append(f"parcel {index} holds {held.houses} houses and {held.large} large buildings")
            street = index in state.setup.board.property_indices and \
                state.setup.board.squares[index].kind == "lot"
            if held.plant and street or (not street and (held.houses or held.large)):
                problems.append(f"parcel {index} holds the wrong kind of building (V-GEORGE-11, -14)")
            if held.plant and bought_outright(RulesContext(state), index):
                problems.append(f"parcel {index} is owned outright and holds a plant (V-GEORGE-11)")
            if held.lessee is None and held.built and not _being_auctioned(state, index):
                problems.append(f"unleased parcel {index} carries buildings (V-GEORGE-04)")
        for loan in george.loans:
            if not 0 < loan.outstanding <= loan.original:
                problems.append(f"loan {loan.id}: ${loan.outstanding} owed of ${loan.original} (V-GEORGE-16)")
            if george.parcels[loan.parcel].lessee is None and not _being_auctioned(state, loan.parcel):
                problems.append(f"loan {loan.id} on unleased parcel {loan.parcel}")
        ids = [loan.id for loan in george.loans]
        if len(set(ids)) != len(ids) or any(i >= george.next_loan_id for i in ids):
            problems.append("loan ids are not unique")
        return problems

    # ----- the seams of classic's turn, moves and Jail (ClassicRuleset) -----

    land = staticmethod(landing.land)
    landing_done = staticmethod(landing.landing_done)
    card_move = staticmethod(moves.card_move)
    card_move_back = staticmethod(moves.card_move_back)
    repairs_cost = staticmethod(cards.repairs)

    @staticmethod
    def card_rent(ctx: RulesContext, seat: int, target: int, rent: str) -> str | None:
        """A card's "pay the owner" is the building use fee under its multiplier, whoever the lessee (cards.py)."""
        return rent

    jail_fine_turns: int | None = 2
    """VARIANTS §6.4 decision 14: the fine before rolling, on the first two jail turns only (V-GEORGE-26)."""

    def fine_payee(self, ctx: RulesContext) -> Party:
        """The $50 Jail fine goes to the Bank (V-GEORGE-26)."""
        return BANK

    def before_roll(self, ctx: RulesContext, seat: int) -> None:
        """The use fees left unclaimed lapse at the next roll of the dice (V-GEORGE-13's manual claims)."""
        charges.expire_claims(ctx)

    def turn_started(self, ctx: RulesContext, seat: int) -> None:
        """An auction winner's building lock lifts when his next turn starts (V-GEORGE-07)."""
        for held in george_slice(ctx.state).parcels.values():
            if held.lessee == seat and held.build_locked:
                held.build_locked = False

    @staticmethod
    def standings(state: GameState, squares) -> dict[int, int]:
        """Each player's wealth at the end of a round (V-GEORGE-32)."""
        return wealth.wealths(RulesContext(state))

    last_round_played = staticmethod(wealth.round_limit_reached)
    """The wealth game's last round ends it (V-GEORGE-32)."""


def _being_auctioned(state: GameState, index: int) -> bool:
    for window in state.pending:
        if window.kind == "auction" and window.item == "property" and (
                window.property == index or index in window.remaining_properties):
            return True
        if window.kind == "loan_settlement" and (index in window.given_up or index in window.parcels):
            return True
    return False


RULESET = GeorgeRuleset()
