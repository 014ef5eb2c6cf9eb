"""Stopping on a square in Illumonopoly: classic Monopoly's landing (variants/classic/landing.py) with rent paid
from the lander's central treasury into the owner's treasury of the deed's type (V-ILLUMO-04, -06), a landmark's
square doing nothing (V-ILLUMO-38), and a purchase announced rather than made: the other players may complain
(V-ILLUMO-12; variants/illumo/interference.py)."""
from __future__ import annotations

from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.payments import demand
from ...rules.rent import lot_rent, railroad_rent, utility_rent
from ...rules.required_fields import landing_square, printed_group, printed_price
from ..classic import landing as classic_landing
from ..classic.landing import landing_done
from . import bermuda, court, effects
from .access import illumo_options, illumo_slice
from .groups import holds_group
from .treasury import check_tied, deed_type, income_account, settle_tied


def rent_due(ctx: RulesContext, index: int, dice_total: int, card_rent: str | None = None) -> int:
    """CLASSIC-06's rent, with V-ILLUMO-31's doubling: an unimproved lot's base rent doubles only when one owner
    holds every in-play lot of its group. Unowned, mortgaged and landmark lots charge nothing (V-ILLUMO-32, -38)."""
    state = ctx.state
    prop = state.properties[index]
    owner = prop.owner
    if owner is None or prop.mortgaged:
        return 0
    square = ctx.squares[index]
    if square.kind == "lot":
        bare = not prop.houses and not prop.hotel
        return lot_rent(square, prop, bare and holds_group(ctx, owner, printed_group(square)))
    if square.kind == "railroad":
        held = sum(1 for r in ctx.board.railroad_indices if state.properties[r].owner == owner)
        rent = railroad_rent(ctx.board, held)
        return rent * 2 if card_rent == "double" else rent
    if card_rent == "ten_times_dice":
        return utility_rent(ctx.board, dice_total, both=True)
    both = all(state.properties[u].owner == owner for u in ctx.board.utility_indices)
    return utility_rent(ctx.board, dice_total, both)


def land(ctx: RulesContext, seat: int, index: int) -> None:
    """The ruleset's `land`: Illumonopoly's readings of a deed's square, classic Monopoly's for the rest."""
    state = ctx.state
    square = ctx.squares[index]
    if bermuda.is_missing(ctx, index):
        stop_on_missing(ctx, seat, index)
        return
    if not square.is_property:
        classic_landing.land(ctx, seat, index)
        if square.kind in ("go", "free_parking") and not illumo_slice(state).drawn_passing_go:
            court.draw(ctx, seat)  # V-ILLUMO-15: a movement that comes to rest there draws a Court Date card
        illumo_slice(state).drawn_passing_go = False
        return
    illumo_slice(state).drawn_passing_go = False
    slice_ = illumo_slice(state)
    prop = state.properties[index]
    if index in slice_.landmarks:
        state.turn.landing_square = index
        slice_.card_rent = None
        ctx.notice(f"{square.name} is a historic landmark: nothing happens there.", "V-ILLUMO-38", seat)
        landing_done(ctx)
        return
    if prop.owner is None:
        classic_landing.land(ctx, seat, index)  # buy (announced, V-ILLUMO-12) or decline
        return
    state.turn.landing_square = index
    card_rent, slice_.card_rent = slice_.card_rent, None
    landing_done(ctx)
    if prop.owner == seat or prop.mortgaged:
        return
    dice = slice_.dice_total
    if card_rent == "ten_times_dice":
        dice = sum(ctx.roll(2, seat, "the Utility card's throw", "CLASSIC-09"))
    rent = effects.rent_cap(ctx, index, rent_due(ctx, index, dice, card_rent))
    # V-ILLUMO-06: from the lander's central treasury (A-IL-06) into the owner's treasury of that type; short, he
    # transfers money in (with fees) or raises it in the raise-funds window. With `illumo_rent_from_same_type_group`
    # his own treasury of the deed's type pays first (the suggested split), the rest from central.
    payee = income_account(ctx, prop.owner, index)
    if illumo_options(ctx).illumo_rent_from_same_type_group:
        settle_tied(ctx, seat, deed_type(ctx, index), rent, payee, f"rent for {square.name}", "V-ILLUMO-06")
        return
    demand(ctx, seat, [(payee, rent)], f"rent for {square.name}", "V-ILLUMO-06")


def stop_on_missing(ctx: RulesContext, seat: int, index: int) -> None:
    """V-ILLUMO-46: nothing happens there; the turn ends at once (no doubles re-roll, steps 3 to 5 skipped: the
    `bermuda_end` step ends it)."""
    state = ctx.state
    turn = state.turn
    turn.landing_square = index
    illumo_slice(state).card_rent = None
    turn.last_roll_doubles = False
    turn.may_roll_again = False
    skips = illumo_options(ctx).illumo_bermuda_stop_skips_steps
    ctx.notice(f"{ctx.square_name(index)} is missing: {ctx.name(seat)}'s "
               f"{'turn ends' if skips else 'move ends'} there.", "V-ILLUMO-46", seat)
    illumo_slice(state).bermuda_stop = skips  # A-IL-32: else steps 3 to 5 follow (still no doubles re-roll)
    landing_done(ctx)


# ----- buying the deed stood on (announced: V-ILLUMO-12) -----

def check_buy(ctx: RulesContext, seat: int) -> int:
    """The price of the deed the mover stands on, if he may announce its purchase; else refuse."""
    state = ctx.state
    index = landing_square(state.turn)
    if state.properties[index].owner is not None:
        raise refuse("E_UNOWNED_REQUIRED", "CLASSIC-05", f"{ctx.square_name(index)} is already owned.")
    blocker = illumo_slice(state).blocked_until.get(index)
    if blocker is not None:
        raise refuse("E_BLOCKED", "V-ILLUMO-14", f"{ctx.square_name(index)} was blocked by a complaint: nobody may "
                                                 f"acquire it before {ctx.name(blocker)}'s next turn.")
    effects.check_not_audited(ctx, seat, "purchase")
    price = effects.assessed(ctx, index, printed_price(ctx.squares[index]), paying=True)
    check_tied(ctx, seat, deed_type(ctx, index), price, ctx.square_name(index), "V-ILLUMO-05")
    return price
