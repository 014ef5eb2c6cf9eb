"""Illumonopoly's advanced mode (V-ILLUMO-42 to -47; `illumo_mode = advanced`): the Illuminati are dealt at random
at the start, or drafted in turn order (`illumo_illuminati_assignment = draft`), one each to at most five players
(the rest play basic, A-IL-33); an Illuminatus fixes its player's
legal power (V-ILLUMO-37) and gives an ability. Played here: the Servants of Cthulhu's +2 in landmark suits
(V-ILLUMO-45), the Discordian Society's two lawsuits a turn (V-ILLUMO-47), the Gnomes of Zurich's fee-free
transfers after the last move (V-ILLUMO-44, treasury.py `gnome`), the Bavarian Illuminati's paid Secret Deal
(V-ILLUMO-43, court.py) and the Bermuda Triangle's missing spaces (V-ILLUMO-46, bermuda.py)."""
from __future__ import annotations

from ...model.illumo_illuminati import illuminati
from ...model.illumo_state import IlluminatiDraft
from ...rules.context import RulesContext
from ...rules.errors import refuse
from ...rules.events import Notice
from .access import illumo_options, illumo_slice

DISCORDIAN_LAWSUITS = 2
CTHULHU_LANDMARK_BONUS = 2


def deal(ctx: RulesContext) -> None:
    """V-ILLUMO-42: in turn order, each player gets one of the Illuminati shuffled, while they last; or, with the
    draft, the first five players in turn order choose theirs (the draft window, before the first turn)."""
    if illumo_options(ctx).illumo_mode != "advanced":
        return
    pool = [one.id for one in illuminati().illuminati]
    if illumo_options(ctx).illumo_illuminati_assignment == "draft":
        ctx.state.pending.append(IlluminatiDraft(askees=ctx.state.seat_order[:len(pool)], pool=pool))
        return
    ctx.shuffle(pool)
    for seat, ident in zip(ctx.state.seat_order, pool):
        assign(ctx, seat, ident)


def assign(ctx: RulesContext, seat: int, ident: str) -> None:
    illumo_slice(ctx.state).illuminati[seat] = ident
    one = illuminati().by_id(ident)
    ctx.emit(Notice(text=f"{ctx.name(seat)} plays the {one.name} (legal power {one.legal_power}).",
                    rule_id="V-ILLUMO-42"))


def check_choice(ctx: RulesContext, window: IlluminatiDraft, seat: int, ident: str) -> None:
    if not window.askees or window.askees[0] != seat:
        raise refuse("E_NOT_YOUR_TURN", "V-ILLUMO-42", "It is not your turn to choose an Illuminatus.")
    if ident not in window.pool:
        raise refuse("E_WRONG_PHASE", "V-ILLUMO-42", "Choose one of the Illuminati still free.")


def choose(ctx: RulesContext, window: IlluminatiDraft, seat: int, ident: str) -> None:
    """The askee takes it; the next chooses; the window closes after the last (the first turn follows)."""
    check_choice(ctx, window, seat, ident)
    window.pool.remove(ident)
    window.askees.pop(0)
    assign(ctx, seat, ident)
    skip_gone(ctx, window)


def skip_gone(ctx: RulesContext, window: IlluminatiDraft) -> None:
    """Nobody gone is asked (D-16); with nobody left to ask, the draft is over."""
    players = ctx.state.players
    window.askees = [seat for seat in window.askees if not players[seat].eliminated]
    if not window.askees or not window.pool:
        ctx.state.pending.remove(window)


def of(ctx: RulesContext, seat: int) -> str | None:
    return illumo_slice(ctx.state).illuminati.get(seat)


def fixed_legal_power(ctx: RulesContext, seat: int) -> int | None:
    ident = of(ctx, seat)
    return None if ident is None else illuminati().by_id(ident).legal_power


def lawsuits_per_turn(ctx: RulesContext, seat: int) -> int:
    return DISCORDIAN_LAWSUITS if of(ctx, seat) == "discordian" else illumo_options(ctx).illumo_lawsuits_per_turn


def plaintiff_bonus(ctx: RulesContext, seat: int, suit: str) -> int:
    return CTHULHU_LANDMARK_BONUS if suit == "landmark" and of(ctx, seat) == "cthulhu" else 0

