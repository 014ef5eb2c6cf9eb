"""The do-nothing bonus (V-ILLUMO-34): a player whose whole turn was rolling, moving and settling compulsory
charges receives $200 from the Bank into his central treasury at its end. Whatever else he does in his own turn
(buying or bidding, building, selling, mortgaging or lifting, trading, voluntary transfers, suing, filing or pledging,
playing a Court card, using an ability, paying bail or using a Jail card) forfeits it. A refused action has no
effect, eligibility included: callers disqualify only once the action's checks have passed.

With `illumo_do_nothing_mode = declare_at_start` the bonus is claimed by declaring the turn idle before step 1
(`DeclareIdleTurn`); the engine then refuses every disqualifying action of his in that turn (`blocked`, asked at the
door by the ruleset's `actor_refusal`), and only a declared turn earns it. Resolution: raising money for a
compulsory charge he is short of (selling buildings, mortgaging, the transfers the charge forces) is still allowed
then, since otherwise a declared player could be neither solvent nor bankrupt (V-ILLUMO-11 counts those means); it
forfeits the bonus as in `auto_detect`."""
from __future__ import annotations

from ...model.state import GameState, RaiseFunds
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.money import bank_pays
from .access import illumo_options, illumo_slice
from .treasury import transfer_fee

DECLARE_AT_START = "declare_at_start"
DISQUALIFYING = frozenset({"buy", "bid", "buy_building", "sell_building", "mortgage", "unmortgage", "propose_offer",
                           "accept_offer", "transfer", "sue", "resume_case", "complain", "pledge", "play_court_card",
                           "bribe_assessor", "cancel_effect", "secret_deal", "secret_trade", "declare_missing", "jail_bail",
                           "jail_favor", "repair_level"})
"""The action types V-ILLUMO-34 lists as disqualifying."""
RAISING = frozenset({"sell_building", "mortgage", "transfer"})


def disqualify(ctx: RulesContext, seat: int) -> None:
    """The seat did something voluntary: if it is his own turn, no bonus at its end."""
    state = ctx.state
    slice_ = illumo_slice(state)
    if state.turn.seat == seat and slice_.bonus_eligible:
        slice_.bonus_eligible = False


def pay_bonus(ctx: RulesContext, seat: int) -> None:
    """At the end of his turn (V-ILLUMO-35 step 6), if he still qualifies and is still in the game (and, in
    `declare_at_start` mode, declared the turn idle)."""
    slice_ = illumo_slice(ctx.state)
    if illumo_options(ctx).illumo_do_nothing_mode == DECLARE_AT_START and not slice_.idle_declared:
        return
    if slice_.bonus_eligible and not ctx.state.players[seat].eliminated:
        bank_pays(ctx, seat, illumo_options(ctx).illumo_do_nothing_bonus, "do-nothing bonus", "V-ILLUMO-34")


def declared(state: GameState, seat: int) -> bool:
    """The seat declared his current turn idle (`declare_at_start`)."""
    return state.turn.seat == seat and illumo_slice(state).idle_declared


def raising_funds(state: GameState, seat: int) -> RaiseFunds | None:
    return next((w for w in state.pending if isinstance(w, RaiseFunds) and w.payer == seat), None)


def blocked(state: GameState, action) -> bool:
    """V-ILLUMO-34, `declare_at_start`: whether the engine refuses this action of a player who declared his turn
    idle (a disqualifying one, but for what a compulsory charge he is short of forces)."""
    kind = action.type
    if kind not in DISQUALIFYING or not declared(state, action.seat):
        return False
    if kind == "complain":
        return action.file
    if kind == "resume_case":
        return not action.drop
    if kind == "repair_level":
        return action.property is not None
    window = raising_funds(state, action.seat)
    if kind in RAISING and window is not None:
        if kind != "transfer":
            return False
        shortfall = sum(owed for _, owed in window.payments) - state.players[action.seat].cash
        fee = transfer_fee(RulesContext(state), action.amount)
        return action.to_group or action.amount > shortfall + fee  # decision 35: no more than the charge forces
    return True


def declared_refusal():
    """The door's refusal of a `blocked` action."""
    return refuse("E_DECLARED_IDLE", "V-ILLUMO-34", "You declared this turn a do-nothing turn: only rolling, moving "
                                                    "and compulsory charges are allowed.")


def check_declare(ctx: RulesContext, seat: int) -> None:
    """A turn is declared idle before step 1: before rolling, before any lawsuit or card of the turn."""
    state = ctx.state
    turn = state.turn
    slice_ = illumo_slice(state)
    if illumo_options(ctx).illumo_do_nothing_mode != DECLARE_AT_START:
        raise refuse("E_OPTION_DISABLED", "V-ILLUMO-34", "Do-nothing turns are detected, not declared, in this game.")
    if turn.seat != seat or turn.step != "choice" or turn.moves_made or state.pending:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-34", "A do-nothing turn is declared at its start, before rolling.")
    if slice_.idle_declared or not slice_.bonus_eligible or slice_.step != 1 or slice_.sued_this_turn:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-34", "This turn can no longer be declared a do-nothing turn.")


def declare(ctx: RulesContext, seat: int) -> None:
    check_declare(ctx, seat)
    illumo_slice(ctx.state).idle_declared = True
    ctx.notice(f"{ctx.name(seat)} declares a do-nothing turn.", "V-ILLUMO-34", seat)
