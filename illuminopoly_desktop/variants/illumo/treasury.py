"""Treasuries (VARIANTS §4.3, V-ILLUMO-02 to -11): a player's money is split between his central treasury (his
`cash`) and one group treasury per type of deed he owns (model/illumo_state.py). Income goes where V-ILLUMO-04 says,
a payment comes from where V-ILLUMO-05 allows, and moving money between one's own treasuries costs a fee
(V-ILLUMO-07, -08). Every dollar still moves through the core's ledger (rules/money.py `move`): a group treasury is
an account of the ledger, "t<seat>:<type>", which the ruleset adjusts (`adjust`)."""
from __future__ import annotations

from ...model.illumo_state import TREASURY_PREFIX, parse_account, treasury_account
from ...model.state import BANK, GameState, Party
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import Event, MoneyMoved, Notice, OwnershipChanged, PlayerEliminated
from ...rules.money import bank_receiver, ceil_div, move
from ...rules.payments import demand
from ...rules.required_fields import printed_group
from ..classic.worth import net_worths
from .access import illumo_options, illumo_options_of, illumo_slice

CENTRAL = "central"
"""A pledge's or a payment's source: the central treasury (else the name of a type)."""


def deed_type(ctx: RulesContext, index: int) -> str:
    """A deed's type (definitions §4.3): its colour group, "railroads" or "utilities"."""
    return printed_group(ctx.squares[index])


def balance(state: GameState, seat: int, kind: str) -> int:
    """What the seat's treasury of that type holds (0 when he has none)."""
    return illumo_slice(state).treasuries.get(seat, {}).get(kind, 0)


def has_treasury(state: GameState, seat: int, kind: str) -> bool:
    """Definitions §4.3: a group treasury exists while he owns a deed of its type (the slice's entry is opened by
    `sync_treasuries` after the event that brought the deed)."""
    squares = state.setup.board.squares
    return any(prop.owner == seat and squares[index].group == kind for index, prop in state.properties.items())


def adjust(state: GameState, account: str, amount: int) -> None:
    """The ledger's hook (Ruleset.adjust_account): add `amount` to a group treasury (opening it at $0 first, when a
    deed's income arrives in the same action that brought the deed, V-ILLUMO-02)."""
    seat, kind = parse_account(account)
    kinds = illumo_slice(state).treasuries.setdefault(seat, {})
    kinds[kind] = kinds.get(kind, 0) + amount


def account(seat: int, kind: str) -> str:
    return treasury_account(seat, kind)


def owned_types_by_seat(ctx: RulesContext) -> dict[int, set[str]]:
    """The types of the deeds each seat owns, mortgaged ones included (landmarks are nobody's), for every seat that
    owns one: one pass over the deeds, as it runs after every event."""
    group_of = ctx.board.group_of  # (a deed's printed group)
    owned: dict[int, set[str]] = {}
    for index, prop in ctx.state.properties.items():
        owner = prop.owner
        if owner is not None:
            kinds = owned.get(owner)
            if kinds is None:
                kinds = owned[owner] = set()
            kinds.add(group_of[index])
    return owned


# ----- V-ILLUMO-02, -10: treasuries open and close with the deeds -----

def may_unsettle_treasuries(events: list[Event]) -> bool:
    """Whether the events can have left a treasury to open or close: a deed that changed hands (every change of a
    deed's owner emits OwnershipChanged), a player eliminated, or money moved in or out of a group treasury (the
    ledger's `adjust` opens an entry it pays into). `sync_treasuries` runs after every event and leaves the
    treasuries in step with the deeds, so after an action's events with none of these it would change nothing."""
    for event in events:
        kind = event.__class__
        if kind is OwnershipChanged or kind is PlayerEliminated:
            return True
        if isinstance(event, MoneyMoved) and (_is_treasury(event.payer) or _is_treasury(event.payee)):
            return True
    return False


def _is_treasury(party: Party) -> bool:
    return isinstance(party, str) and party.startswith(TREASURY_PREFIX)


def sync_treasuries(ctx: RulesContext, legal_loss: int | None = None) -> None:
    """Open a treasury at $0 for each type a player has come to own (V-ILLUMO-02); close the treasury of a type he
    no longer owns, its balance moved to his central treasury free of charge (V-ILLUMO-10, A-IL-09: every loss, not
    only a lawsuit's). Run after every event (the ruleset's `check_losses`), so it is "at once"; a lawsuit's effect
    runs it at once for its loser (`legal_loss`).

    With `illumo_orphan_treasury_policy = legal_only` only a loss through a lawsuit closes the treasury free; after
    any other the engine forces the transfer, whose fee (V-ILLUMO-07, at most what central then holds) goes to the
    Bank. Resolution: the forced transfer is made at once (the player may empty the treasury himself beforehand)."""
    state = ctx.state
    treasuries = illumo_slice(state).treasuries
    # Closing and opening treasuries moves money only, never a deed: every seat's types can be read first.
    owned_by_seat = owned_types_by_seat(ctx)
    nothing: set[str] = set()
    for player in state.players:
        seat = player.seat
        kinds = treasuries.get(seat, {})
        owned = nothing if player.eliminated else owned_by_seat.get(seat, nothing)
        if len(owned) == len(kinds) and all(kind in kinds for kind in owned):
            if not kinds:
                treasuries.pop(seat, None)
            continue  # (nearly always: no treasury opens or closes)
        for kind in sorted(set(kinds) - owned):
            left = kinds[kind]
            if left:
                if player.eliminated:
                    raise AssertionError("an eliminated player's treasuries are handed over at his bankruptcy")
                move(ctx, account(seat, kind), seat, left, f"the {kind} treasury closes", "V-ILLUMO-10",
                     visible_to=private_to(ctx, seat))
                if illumo_options(ctx).illumo_orphan_treasury_policy == "legal_only" and seat != legal_loss:
                    fee = min(transfer_fee(ctx, left), player.cash)
                    move(ctx, seat, BANK, fee, "transfer fee", "V-ILLUMO-10", visible_to=private_to(ctx, seat))
            del kinds[kind]
            ctx.emit(Notice(text=f"{ctx.name(seat)} has no {kind} deed left: that treasury closes.",
                            rule_id="V-ILLUMO-10"))
        for kind in sorted(owned - set(kinds)):
            kinds[kind] = 0
            ctx.emit(Notice(text=f"{ctx.name(seat)} opens a {kind} treasury.", rule_id="V-ILLUMO-02"))
        if kinds:
            treasuries[seat] = kinds
        else:
            treasuries.pop(seat, None)


def private_to(ctx: RulesContext, seat: int) -> list[int] | None:
    """Who may see money moved between the seat's own treasuries (A-IL-05)."""
    return None if illumo_options(ctx).illumo_treasury_visibility == "public" else [seat]


# ----- V-ILLUMO-04: where income goes -----

def income_account(ctx: RulesContext, owner: int, index: int) -> Party:
    """Rent earned by a deed, and the money from mortgaging it, go into its owner's treasury of its type."""
    return account(owner, deed_type(ctx, index))


# ----- V-ILLUMO-05: where a payment may come from -----

def tied_funds(state: GameState, seat: int, kind: str) -> int:
    """What a payment tied to a type may use: the central treasury and the treasury of that type."""
    return state.players[seat].cash + balance(state, seat, kind)


def group_share(state: GameState, seat: int, kind: str, amount: int) -> int:
    """What of a payment tied to `kind` comes from the seat's treasury of that type: as much as it holds (the
    suggested split), or no more than he chose (`payment_split`)."""
    share = min(balance(state, seat, kind), amount)
    chosen = illumo_slice(state).payment_split.get(seat)
    return share if chosen is None else min(share, chosen)


def check_tied(ctx: RulesContext, seat: int, kind: str, amount: int, what: str, rule_id: str) -> None:
    funds = tied_funds(ctx.state, seat, kind)
    if funds < amount:
        raise refuse("E_INSUFFICIENT_FUNDS", rule_id,
                     f"{what} costs ${amount}; your central and {kind} treasuries hold ${funds} (V-ILLUMO-05).")
    central = amount - group_share(ctx.state, seat, kind, amount)
    if ctx.state.players[seat].cash < central:
        raise refuse("E_INSUFFICIENT_FUNDS", rule_id, f"{what} costs ${amount}: with the split you chose, "
                                                      f"${central} must come from central (V-ILLUMO-05).")


def pay_tied(ctx: RulesContext, seat: int, kind: str, amount: int, payee: Party, reason: str, rule_id: str) -> None:
    """A payment tied to a type (V-ILLUMO-05): from the type's treasury (all it holds, or no more than the payer
    chose) and the rest from central; the choice is used up. The caller has checked `check_tied`."""
    from_group = group_share(ctx.state, seat, kind, amount)
    illumo_slice(ctx.state).payment_split.pop(seat, None)
    move(ctx, account(seat, kind), payee, from_group, reason, rule_id)
    move(ctx, seat, payee, amount - from_group, reason, rule_id)


def settle_tied(ctx: RulesContext, seat: int, kind: str, amount: int, payee: Party, reason: str, rule_id: str) -> None:
    """A payment tied to a type that is already owed (an auction won, a repairs card's share for that type,
    V-ILLUMO-05): from the type's treasury as the payer's split says (the suggested split: all it holds), but never
    less than central cannot cover while that treasury can; whatever both cannot cover is demanded from central (the
    raise-funds window when he is short, V-ILLUMO-06)."""
    state = ctx.state
    from_group = group_share(state, seat, kind, amount)
    from_group = min(balance(state, seat, kind), max(from_group, amount - state.players[seat].cash))
    illumo_slice(state).payment_split.pop(seat, None)
    receiver = bank_receiver(ctx, is_fine=True) if payee == BANK else payee
    move(ctx, account(seat, kind), receiver, from_group, reason, rule_id)
    demand(ctx, seat, [(payee, amount - from_group)], reason, rule_id)


def pay_repairs(ctx: RulesContext, seat: int, per_house: int, per_hotel: int, rule_id: str) -> None:
    """A repairs card (V-ILLUMO-05: "its share of a repairs card"): each type's share of the charge (the buildings on
    the seat's lots of that colour) may come from his treasury of that type: all it holds of the share (the
    suggested split), or in all no more than he chose (`payment_split`, taken type by type in the board's order);
    the rest is demanded from central."""
    state = ctx.state
    shares: dict[str, int] = {}
    for index, prop in state.properties.items():
        if prop.owner == seat and (prop.houses or prop.hotel):
            kind = deed_type(ctx, index)
            shares[kind] = shares.get(kind, 0) + (per_hotel if prop.hotel else per_house * prop.houses)
    cap = illumo_slice(state).payment_split.pop(seat, None)
    payee = ctx.rules.fine_payee(ctx)
    receiver = bank_receiver(ctx, is_fine=True) if payee == BANK else payee
    from_central = 0
    for kind in [group for group in ctx.board.group_members if group in shares]:
        share = shares[kind]
        from_group = min(balance(state, seat, kind), share, share if cap is None else cap)
        if cap is not None:
            cap -= from_group
        move(ctx, account(seat, kind), receiver, from_group, "card: repairs", rule_id)
        from_central += share - from_group
    demand(ctx, seat, [(payee, from_central)], "card: repairs", rule_id)


# ----- V-ILLUMO-07, -08: internal transfers -----

def transfer_fee(ctx: RulesContext, amount: int) -> int:
    """max($5, 10% of the amount rounded up) (IL-T1: $500 -> $50, $30 -> $5, $55 -> $6)."""
    options = illumo_options(ctx)
    return max(options.illumo_transfer_fee_min, ceil_div(amount * options.illumo_transfer_fee_percent, 100))


def in_step_3(ctx: RulesContext, seat: int) -> bool:
    """V-ILLUMO-35 step 3: the mover's turn after his last move, no window open."""
    state = ctx.state
    turn = state.turn
    return (turn.seat == seat and turn.step == "free" and not turn.may_roll_again and not state.pending)


def gnome(state: GameState, seat: int) -> bool:
    """V-ILLUMO-44: the Gnomes of Zurich transfer without a fee after their last move (their step 5; steps 3 to 5
    all follow the last move here)."""
    return illumo_slice(state).illuminati.get(seat) == "gnomes"


def check_transfer(ctx: RulesContext, seat: int, kind: str, to_group: bool, amount: int, fee_from: str) -> int:
    """The fee the transfer costs, if it may be made now; else refuse."""
    if not has_treasury(ctx.state, seat, kind):
        raise refuse("E_NOT_OWNER", "V-ILLUMO-07", f"You have no {kind} treasury (you own no deed of that type).")
    return check_transfer_funds(ctx, seat, kind, to_group, amount, fee_from)


def check_transfer_funds(ctx: RulesContext, seat: int, kind: str, to_group: bool, amount: int, fee_from: str) -> int:
    """`check_transfer` once the seat is known to have that treasury (a listing asks that once per type)."""
    state = ctx.state
    free = in_step_3(ctx, seat) and (illumo_slice(state).free_transfers_left > 0 or gnome(state, seat))
    fee = 0 if free else transfer_fee(ctx, amount)
    source = state.players[seat].cash if to_group else balance(state, seat, kind)
    destination = balance(state, seat, kind) if to_group else state.players[seat].cash
    from_source = amount + (fee if fee_from == "source" else 0)
    if source < from_source:
        where = "central" if to_group else kind
        raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-07",
                     f"Moving ${amount} with a ${fee} fee needs ${from_source} in your {where} treasury.")
    if fee_from == "destination" and destination + amount < fee:
        raise refuse("E_INSUFFICIENT_FUNDS", "V-ILLUMO-07", f"The receiving treasury cannot pay the ${fee} fee.")
    return fee


def transfer(ctx: RulesContext, seat: int, kind: str, to_group: bool, amount: int, fee_from: str) -> int:
    """Make the transfer (V-ILLUMO-07); returns the fee paid. Free ones use up step 3's allowance (V-ILLUMO-08)."""
    fee = check_transfer(ctx, seat, kind, to_group, amount, fee_from)
    state = ctx.state
    group = account(seat, kind)
    source, destination = (seat, group) if to_group else (group, seat)
    seen_by = private_to(ctx, seat)
    move(ctx, source, destination, amount, "internal transfer", "V-ILLUMO-07", visible_to=seen_by)
    if fee:
        move(ctx, source if fee_from == "source" else destination, "bank", fee, "transfer fee", "V-ILLUMO-07",
             visible_to=seen_by)
    elif in_step_3(ctx, seat) and illumo_slice(state).free_transfers_left > 0:
        illumo_slice(state).free_transfers_left -= 1
    ctx.emit(Notice(text=f"{ctx.name(seat)} makes an internal transfer.", rule_id="V-ILLUMO-07"))
    return fee


def deliverable(ctx: RulesContext, amount: int) -> int:
    """The most a treasury holding `amount` can move to central when it pays the fee itself: the largest x with
    x + fee(x) <= amount (V-ILLUMO-11's test is net of fees, VARIANTS §6.4 decision 39)."""
    low, high = 0, amount
    while low < high:
        middle = (low + high + 1) // 2
        if middle + transfer_fee(ctx, middle) <= amount:
            low = middle
        else:
            high = middle - 1
    return low


def public_worths(state: GameState, squares) -> dict[int, int]:
    """Each player's worth as everyone may see it (the standings, `standings_name` "public worth"): with private
    treasuries (A-IL-05: "totals are hidden as well") the deeds at their price (half when mortgaged) and the
    buildings at cost; with `illumo_treasury_visibility` `totals_public` or `public`, the whole net worth
    (V-ILLUMO-48)."""
    worths = net_worths(state, squares)
    if illumo_options_of(state).illumo_treasury_visibility != "private":
        return worths
    return {seat: worth - state.money_of(seat) for seat, worth in worths.items()}
