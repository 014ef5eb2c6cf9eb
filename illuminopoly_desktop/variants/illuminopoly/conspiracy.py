"""The conspiracy's landing options: takeover (R-TAKEOVER), rezoning (R-REZONE), subversion (R-SUBVERT) and
rebuilding (R-REBUILD): their eligibility checks, their declarations, and the effect of each result.

The contest itself (sides, graft, roll, money) is contest_steps.py.
"""
from __future__ import annotations

from ...model.property_state import ControlOrigin
from ...model.state import Contest, ReattachWindow
from ...rules.buildings import remove_buildings
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import ControlChanged, Notice, OwnershipChanged, PropertyChanged
from ...rules.money import bank_pays, check_no_bank_debt, pay_bank
from ...rules.required_fields import landing_square, printed_group, printed_price
from .access import illuminopoly_options
from . import commitments, contest_steps, structure
from .favors import can_play
from .property_values import base_cost

REBUILD_RAILROAD_COST = 200
"""R-REBUILD-04: a Railroad costs "the full single-Railroad price"."""


def _is_conspirator(ctx: RulesContext, seat: int) -> bool:
    player = ctx.state.players[seat]
    return player.role == "faction" and player.faction != "artillery"


def _check_conspirator(ctx: RulesContext, seat: int, rule_id: str, what: str) -> None:
    if not _is_conspirator(ctx, seat):
        raise refuse("E_FACTION_CANNOT", rule_id, f"The Artillery and the professional Banker cannot {what}.")


def _check_cash(ctx: RulesContext, seat: int, amount: int, rule_id: str, what: str) -> None:
    if amount:
        check_no_bank_debt(ctx, seat)
    cash = ctx.state.players[seat].cash
    if cash < amount:
        raise refuse("E_INSUFFICIENT_FUNDS", rule_id, f"{what} costs ${amount} and you have ${cash}.")


# ----- TAKE_OVER (R-TAKEOVER-01..06) -----

def chair_blocks(ctx: RulesContext, seat: int, index: int) -> bool:
    """R-CHAIR-05: a mortgaged property the Chair holds as `mortgage_chair` (and the attacker is not the Chair)."""
    prop = ctx.state.properties[index]
    chair = ctx.state.chair
    return (prop.mortgaged and prop.control_origin == "mortgage_chair" and prop.controller == chair
            and chair is not None and chair != seat)


def check_takeover(ctx: RulesContext, seat: int, index: int, parent: int, arrow: int) -> int:
    state = ctx.state
    prop = state.properties[index]
    _check_conspirator(ctx, seat, "R-TAKEOVER-01", "take over property")
    if prop.owner is None:
        raise refuse("E_OWNED_REQUIRED", "R-TAKEOVER-01", f"{ctx.square_name(index)} is unowned: buy it instead.")
    if prop.owner == seat:
        raise refuse("E_OWN_PROPERTY", "R-TAKEOVER-01", f"You already own {ctx.square_name(index)}.")
    structure.check_free_arrow(ctx, seat, parent, arrow, "R-TAKEOVER-01")
    commitments.check_restraint(ctx, seat, index, "takeover")  # R-DEAL-03
    cost = base_cost(ctx, index, seat, "takeover")
    _check_cash(ctx, seat, cost, "R-TAKEOVER-01", f"The takeover base cost of {ctx.square_name(index)}")
    if chair_blocks(ctx, seat, index) and not _chair_may_be_asked(ctx):
        raise refuse("E_BLOCKED_BY_CHAIR", "R-CHAIR-05",
                     f"The Chair blocks takeovers of mortgaged {ctx.square_name(index)}.")
    return cost


def _chair_may_be_asked(ctx: RulesContext) -> bool:
    """The block is certain when the Chair may not waive it, or cannot answer (a disabled Boat takes the default)."""
    seat = ctx.state.chair
    if seat is None:
        raise ValueError("a mortgage takeover block is asked of a Chair")
    chair = ctx.state.players[seat]
    return illuminopoly_options(ctx).chair_may_waive_mortgage_block and not chair.disabled


def declare_takeover(ctx: RulesContext, seat: int, parent: int, arrow: int) -> None:
    state = ctx.state
    index = landing_square(state.turn)
    cost = check_takeover(ctx, seat, index, parent, arrow)
    prop = state.properties[index]
    contest = Contest(id=state.next_id, contest="takeover", attacker=seat, target=index, owner=prop.owner,
                      base_cost=cost, parent=parent, arrow=arrow, double_rent=prop.double_rent_by == seat)
    contest_steps.declare(ctx, contest, chair_asked=chair_blocks(ctx, seat, index))


# ----- REZONE (R-REZONE-01..07) -----

def check_rezone(ctx: RulesContext, seat: int, index: int) -> int:
    prop = ctx.state.properties[index]
    _check_conspirator(ctx, seat, "R-REZONE-01", "rezone property")
    if ctx.squares[index].kind == "utility":
        raise refuse("E_UTILITY_NOT_REZONABLE", "R-REZONE-01", "Utilities cannot be rezoned.")
    if prop.destroyed:
        raise refuse("E_DESTROYED", "R-REZONE-01", f"{ctx.square_name(index)} is destroyed.")
    if prop.rezoned:
        raise refuse("E_REZONED", "R-REZONE-01", f"{ctx.square_name(index)} is already rezoned.")
    commitments.check_restraint(ctx, seat, index, "rezoning")  # R-DEAL-03
    cost = base_cost(ctx, index, seat, "rezoning")
    _check_cash(ctx, seat, cost, "R-REZONE-01", f"The rezoning base cost of {ctx.square_name(index)}")
    return cost


def halt_holders(ctx: RulesContext, contest: Contest) -> list[int]:
    """R-REZONE-03: who may play a Political Favor to halt: the owner of an owned property; anyone but the
    attacker for an unowned property or a self-rezoning. Destruction only with `pf_halts_destruction`, by the
    players allowed to defend it (the owner and the colour group's owners; anyone if unowned)."""
    state = ctx.state
    if contest.contest == "rezoning":
        if contest.owner is not None and contest.owner != contest.attacker:
            eligible = [contest.owner]
        else:
            eligible = [s for s in state.seats_after(contest.attacker)]
    elif contest.contest == "destruction" and illuminopoly_options(ctx).pf_halts_destruction:
        if contest.owner is None:
            eligible = [s for s in state.seats_after(contest.attacker)]
        else:
            square = ctx.squares[contest.target]
            owners: set[int | None] = {contest.owner}
            if square.kind == "lot":
                owners |= {state.properties[m].owner for m in ctx.board.group_members.get(printed_group(square), ())}
            eligible = [s for s in state.seats_after(contest.attacker) if s in owners]
    else:
        return []
    return [s for s in eligible if can_play(state, s) and state.players[s].role == "faction"]


def declare_rezone(ctx: RulesContext, seat: int) -> None:
    state = ctx.state
    index = landing_square(state.turn)
    cost = check_rezone(ctx, seat, index)
    prop = state.properties[index]
    contest = Contest(id=state.next_id, contest="rezoning", attacker=seat, target=index, owner=prop.owner,
                      base_cost=cost, double_rent=prop.double_rent_by == seat)
    contest_steps.declare(ctx, contest, halt_holders=halt_holders(ctx, contest))


# ----- SUBVERT (R-SUBVERT-01..06, R-CONTEST-08) -----

def check_subvert(ctx: RulesContext, seat: int, index: int) -> int:
    state = ctx.state
    prop = state.properties[index]
    _check_conspirator(ctx, seat, "R-SUBVERT-01", "subvert property")
    if prop.owner is None:
        raise refuse("E_OWNED_REQUIRED", "R-SUBVERT-01", f"{ctx.square_name(index)} is unowned.")
    if prop.destroyed:
        raise refuse("E_DESTROYED", "R-SUBVERT-01", f"{ctx.square_name(index)} is destroyed.")
    if prop.controller == seat:
        raise refuse("E_ALREADY_CONTROLLER", "R-SUBVERT-01", f"You already control {ctx.square_name(index)}.")
    owner = state.players[prop.owner]
    if owner.faction == "boat" and not owner.awakened and prop.owner != seat:
        raise refuse("E_BOAT_IMMUNE", "R-SUBVERT-01", "The unawakened Boat's properties cannot be subverted.")
    if prop.owner == seat and not prop.mortgaged:
        raise refuse("E_OWN_PROPERTY", "R-SUBVERT-01",
                     "You own it: you take back control of an unmortgaged property by discovery.")
    commitments.check_restraint(ctx, seat, index, "subversion")  # R-DEAL-03
    cost = base_cost(ctx, index, seat, "subversion")
    _check_cash(ctx, seat, cost, "R-SUBVERT-01", f"The subversion base cost of {ctx.square_name(index)}")
    return cost


def declare_subvert(ctx: RulesContext, seat: int) -> None:
    state = ctx.state
    index = landing_square(state.turn)
    cost = check_subvert(ctx, seat, index)
    prop = state.properties[index]
    bonuses = state.players[seat].bail_bonus_against
    controller = prop.controller
    auto = controller in bonuses
    if auto and controller is not None:
        bonuses.remove(controller)  # used up by this attempt (R-CONTEST-08)
    contest = Contest(id=state.next_id, contest="subversion", attacker=seat, target=index, owner=prop.owner,
                      base_cost=cost, auto_success=auto, double_rent=prop.double_rent_by == seat)
    contest_steps.declare(ctx, contest)


# ----- REBUILD and FORFEIT_MOVE_TO_REBUILD (R-REBUILD-01..07) -----

def rebuild_cost(ctx: RulesContext, index: int) -> int:
    """ceil(½ × P × F_old), or $200 for a Railroad (R-REBUILD-04)."""
    if ctx.squares[index].kind == "railroad":
        return REBUILD_RAILROAD_COST
    prop = ctx.state.properties[index]
    return -(-printed_price(ctx.squares[index]) * prop.factor_halves // 4)


def check_rebuild(ctx: RulesContext, seat: int, index: int) -> int:
    prop = ctx.state.properties[index]
    _check_conspirator(ctx, seat, "R-REBUILD-01", "rebuild property")
    if prop.owner != seat:
        raise refuse("E_NOT_OWNER", "R-REBUILD-01", "Only the owner may rebuild a property.")
    if not (prop.rezoned or prop.destroyed):
        raise refuse("E_NOT_REZONED_OR_DESTROYED", "R-REBUILD-01", f"{ctx.square_name(index)} is in normal state.")
    if prop.destroyed and prop.rubble:
        raise refuse("E_NOT_CLEANED", "R-REBUILD-01", "The rubble must be cleaned up before the lot is rebuilt.")
    cost = rebuild_cost(ctx, index)
    _check_cash(ctx, seat, cost, "R-REBUILD-01", f"Rebuilding {ctx.square_name(index)}")
    return cost


def declare_rebuild(ctx: RulesContext, seat: int, index: int, token_attempt: bool = False) -> None:
    state = ctx.state
    cost = check_rebuild(ctx, seat, index)
    prop = state.properties[index]
    if prop.destroyed:
        # A cleaned destroyed lot skips the zoning roll (R-REBUILD-03): no contest, the rebuild happens at once.
        if token_attempt:
            state.turn.step = "free"
        else:
            state.turn.step = "after_landing"
        rebuild(ctx, seat, index)
        return
    contest = Contest(id=state.next_id, contest="rebuild", attacker=seat, target=index, owner=seat,
                      rebuild_cost=cost, token_attempt=token_attempt)
    contest_steps.declare(ctx, contest)


def check_forfeit(ctx: RulesContext, seat: int) -> int:
    player = ctx.state.players[seat]
    if player.rebuild_token is None or not player.rebuild_token_ready:
        raise refuse("E_WRONG_PHASE", "R-REBUILD-02", "You hold no rebuild token usable this turn.")
    if player.no_forfeit_rebuild_next_turn:
        raise refuse("E_WRONG_PHASE", "R-REBUILD-03", "After a failed forfeit rebuild you must move or reorganize.")
    if player.in_jail:
        raise refuse("E_IN_JAIL", "R-JAIL-04", "In Jail you may roll, pay bail, play a favor or reorganize.")
    if player.forced_reorg_pending:  # checked here too, so that the legal menu never offers it (R-TURN-04)
        raise refuse("E_FORCED_REORG_PENDING", "R-TURN-04", "You must reorganize your power structure this turn.")
    index = player.rebuild_token
    check_rebuild(ctx, seat, index)
    return index


def forfeit_move_to_rebuild(ctx: RulesContext, seat: int) -> None:
    """R-REBUILD-02: at T3, rebuild as if landed there; the token does not move, and there is no move this turn."""
    index = check_forfeit(ctx, seat)
    player = ctx.state.players[seat]
    player.rebuild_token = None
    player.rebuild_token_ready = False
    declare_rebuild(ctx, seat, index, token_attempt=True)


def grant_rebuild_token(ctx: RulesContext, seat: int, index: int) -> None:
    """R-REBUILD-02: a token for a rezoned or destroyed property just taken over (or bought, under
    `rebuild_after_purchase_next_turn`), usable at the T3 of the seat's next turn."""
    player = ctx.state.players[seat]
    player.rebuild_token = index
    player.rebuild_token_ready = False
    ctx.notice(f"{ctx.name(seat)} may forfeit his next move to rebuild {ctx.square_name(index)}.", "R-REBUILD-02",
               seat)


def ready_rebuild_token(ctx: RulesContext, seat: int) -> None:
    """At T1 a token earned before this turn becomes usable; one that was usable last turn has lapsed."""
    player = ctx.state.players[seat]
    if player.rebuild_token is None:
        return
    prop = ctx.state.properties[player.rebuild_token]
    if player.rebuild_token_ready or prop.owner != seat or not (prop.rezoned or prop.destroyed):
        player.rebuild_token = None
        player.rebuild_token_ready = False
    else:
        player.rebuild_token_ready = True


def end_of_turn(ctx: RulesContext, seat: int) -> None:
    """Tokens usable this turn lapse unused; the bar on forfeiting lasts through the next turn only."""
    player = ctx.state.players[seat]
    if player.rebuild_token_ready:
        player.rebuild_token = None
        player.rebuild_token_ready = False
    if player.no_forfeit_rebuild_next_turn and "forfeit_failed" not in ctx.state.turn.used_once:
        player.no_forfeit_rebuild_next_turn = False


def rebuild(ctx: RulesContext, seat: int, index: int) -> None:
    """Pay the rebuild cost, roll the table (colour lots) or start the countdown (Railroads) (R-REBUILD-04..07)."""
    state = ctx.state
    prop = state.properties[index]
    pay_bank(ctx, seat, rebuild_cost(ctx, index), "rebuild cost", "R-REBUILD-04")
    square = ctx.squares[index]
    countdown = None
    if square.kind == "railroad":
        countdown = ctx.roll(1, seat, "rebuilt Railroad countdown", "R-REBUILD-07")[0]
        prop.rail_countdown = countdown
    else:
        roll = ctx.roll(1, seat, "rebuild table", "R-REBUILD-05")[0]
        if state.players[seat].faction == "steam_iron":
            roll -= 2  # R-FAC-STEAMIRON-02
        if roll <= 2:
            prop.factor_halves = 1
        elif roll >= 5:
            prop.factor_halves = 3
    prop.rezoned = prop.destroyed = prop.rubble = False
    prop.mortgage_written_off = prop.face_down = False  # rebuilt: a face-down deed is turned face up (E-36)
    ctx.emit(PropertyChanged(property=index, change="rebuilt", factor_halves=prop.factor_halves, countdown=countdown,
                             rule_id="R-REBUILD-06"))


# ----- effects of a result (R-CONTEST-02 step 10), registered by contest kind in the ruleset -----

def takeover_result(ctx: RulesContext, contest: Contest, success: bool) -> None:
    if success:
        take_over_arm(ctx, contest)


def rezoning_result(ctx: RulesContext, contest: Contest, success: bool) -> None:
    if success:
        rezone(ctx, contest.target)


def subversion_result(ctx: RulesContext, contest: Contest, success: bool) -> None:
    if success:
        subvert(ctx, contest)


def rebuild_result(ctx: RulesContext, contest: Contest, success: bool) -> None:
    if success:
        rebuild(ctx, contest.attacker, contest.target)
    elif contest.token_attempt:
        ctx.state.players[contest.attacker].no_forfeit_rebuild_next_turn = True
        ctx.state.turn.used_once.append("forfeit_failed")


def take_over_arm(ctx: RulesContext, contest: Contest) -> None:
    """R-TAKEOVER-05: the whole arm passes to the taker; control as steps 2 and 3 say; the root on his arrow."""
    state = ctx.state
    props = state.properties
    index, taker, old_owner = contest.target, contest.attacker, contest.owner
    if old_owner is None:
        raise ValueError("a takeover's target has an owner")
    player = state.players[taker]
    if player.faction == "boat" and not player.awakened:
        # D-04: the Boat awakens the moment the takeover succeeds, before the arm moves.
        player.awakened = True
        ctx.emit(Notice(text=f"{ctx.name(taker)} awakens: the Boat's first takeover.", seat=taker,
                        rule_id="R-FAC-BOAT-02"))
    members = structure.arm(state, index)
    target = props[index]
    was_spoiled = target.rezoned or target.destroyed
    if illuminopoly_options(ctx).takeover_buildings == "sell_to_bank":
        for member in members:
            refund = remove_buildings(ctx, member) // 2
            if refund:
                bank_pays(ctx, old_owner, refund, "buildings sold to the Bank on takeover", "R-TAKEOVER-05")
    target.parent = None  # the arm leaves the old structure before the taker's free arrows are counted
    for member in members:
        prop = props[member]
        prop.owner = taker
        ctx.emit(OwnershipChanged(property=member, old_owner=old_owner, new_owner=taker, reason="takeover",
                                  rule_id="R-TAKEOVER-05"))
        old_controller, old_origin = prop.controller, prop.control_origin
        if prop.mortgaged and prop.control_origin == "mortgage_chair":
            pass  # the Chair's mortgage hold belongs to the office, even when O or X is the Chair (step 3, A-89)
        elif member == index:
            prop.controller, prop.control_origin = taker, "owner"
        elif prop.controller == old_owner:
            prop.control_origin = "arm_residual"
        elif prop.controller == taker:
            prop.control_origin = "owner"
        if (prop.controller, prop.control_origin) != (old_controller, old_origin):
            ctx.emit(ControlChanged(property=member, old_controller=old_controller, new_controller=prop.controller,
                                    origin=prop.control_origin, reason="takeover", rule_id="R-TAKEOVER-05"))
    structure.place_or_unattach(ctx, taker, index, contest.parent, contest.arrow)
    if was_spoiled:
        grant_rebuild_token(ctx, taker, index)
    if any(props[m].destroyed and any(props[c].parent == m and props[c].owner == taker for c in members)
           for m in members):
        player.forced_reorg_pending = True  # R-TAKEOVER-05 step 6, R-STRUCT-08


def rezone(ctx: RulesContext, index: int) -> None:
    """R-REZONE-05: half value, buildings to supply (half refunded), held arms re-attached by the owner."""
    state = ctx.state
    prop = state.properties[index]
    prop.rezoned = True
    ctx.emit(PropertyChanged(property=index, change="rezoned", rule_id="R-REZONE-05"))
    cost = remove_buildings(ctx, index)
    if cost and prop.owner is not None and illuminopoly_options(ctx).rezoning_refunds_buildings:
        bank_pays(ctx, prop.owner, cost // 2, "building refund on rezoning", "R-REZONE-05")
    if prop.owner is None:
        return
    orphans = sorted(i for i, p in state.properties.items() if p.owner == prop.owner and p.parent == index)
    if orphans:
        for orphan in orphans:
            state.properties[orphan].parent = None
        state.pending.append(ReattachWindow(seat=prop.owner, roots=orphans))


def reattach(ctx: RulesContext, window: ReattachWindow, seat: int, placements) -> None:
    """R-STRUCT-07: each orphaned root to a free arrow of the owner's choice, in the order he lists them (a root
    may hang on an arrow of an arm he placed before it); the rest fill the shallowest free arrows in board order;
    those that cannot be placed stay unattached (R-STRUCT-09). He may leave a root unattached only when no arrow
    is free for it (R-STRUCT-03 invariant 5)."""
    if seat != window.seat:
        raise refuse("E_NOT_YOUR_TURN", "R-STRUCT-07", "Only the owner re-attaches his arms.")
    chosen: dict[int, tuple[int, int]] = {}
    unattached: list[int] = []
    free = structure.free_arrows(ctx, seat)
    for item in placements:
        if item.property not in window.roots or item.property in chosen or item.property in unattached:
            raise refuse("E_INVALID_STRUCTURE", "R-STRUCT-07", "Only each orphaned arm's root may be placed, once.")
        if item.parent is None:
            if free:
                raise refuse("E_INVALID_STRUCTURE", "R-STRUCT-07",
                             "An arm may stay unattached only when no arrow is free.")
            unattached.append(item.property)
            continue
        slot = (item.parent, item.arrow)
        if slot not in free:
            raise refuse("E_NO_FREE_ARROW", "R-STRUCT-07", "That arrow is not free in your power structure.")
        chosen[item.property] = slot
        free = [f for f in free if f != slot] + _free_arrows_of_arm(ctx, seat, item.property)
    ctx.state.pending.remove(window)
    for root, (parent, arrow) in chosen.items():
        structure.place_root(ctx, seat, root, parent, arrow)
    for root in window.roots:
        if root not in chosen and root not in unattached:
            structure.place_or_unattach(ctx, seat, root)
    for root in unattached:
        structure.place_root(ctx, seat, root, None, 0)


def _free_arrows_of_arm(ctx: RulesContext, seat: int, root: int) -> list[tuple[int, int]]:
    """The arrows an orphaned arm brings into the structure once its root is attached: those of its
    holding-capable deeds that hold nothing."""
    state = ctx.state
    used = {(p.parent, p.arrow) for p in state.properties.values() if p.owner == seat and p.parent is not None}
    return [(deed, arrow) for deed in structure.arm(state, root)
            for arrow in range(structure.out_arrows(ctx, deed)) if (deed, arrow) not in used]


def subvert(ctx: RulesContext, contest: Contest) -> None:
    """R-SUBVERT-04: the attacker becomes controller (the owner taking back his mortgaged property: no marker)."""
    prop = ctx.state.properties[contest.target]
    old = prop.controller
    origin: ControlOrigin = "owner" if contest.attacker == prop.owner else "subversion"
    prop.controller, prop.control_origin = contest.attacker, origin
    ctx.emit(ControlChanged(property=contest.target, old_controller=old, new_controller=contest.attacker,
                            origin=origin, reason="subversion", rule_id="R-SUBVERT-04"))
