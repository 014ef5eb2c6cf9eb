"""The "schemer" strength when the ruleset is Illumonopoly (issue 29): classic Monopoly's schemer
(bots/classic_schemer.py) playing the legal warfare of VARIANTS §4 with purpose (the weighing is bots/illumo_sense.py,
the contests' windows bots/illumo_contests.py):

- money: it keeps a cash reserve against the worst rent its rivals could charge it; once its do-nothing bonus is lost
  anyway it moves group money into central with the free transfers of step 3 (a transfer that would forfeit the $200
  bonus is left for a compulsory charge, which costs only its 10% fee, V-ILLUMO-06 to -08, -34);
- buildings: only on its own lots and only where a level earns its cost back over the coming rounds (V-ILLUMO-31);
  never on a lot nobody owns (V-ILLUMO-32: the buildings go free to whoever buys the lot); and not at all in a turn
  where the bonus is worth more than what it would build;
- lawsuits: it files the suit with the best expected value (the odds of the ELP it can reach from the contest spec,
  the filing fee, the pledges and the bonus forgone, against what the win brings it and costs the rival), and pledges
  in a contest while a point more pays for itself (V-ILLUMO-36 to -41);
- interference: it complains against a purchase that completes a rival's colour group when blocking it pays, and as
  purchaser pledges to keep its purchase (V-ILLUMO-12, -13);
- Court cards, each at a time it helps: Rent Control when rivals' improved rents outweigh its own, an IRS Audit on
  the leader, a Condemned Property on a rival's most built lot, Brain Drain on the fullest hand, a Legal Holiday when
  rivals could sue it, Bribed Assessor on a deed it is about to buy, a Secret Deal when the purchase completes its
  group, Holding Action when it is losing as defendant, Cancellation against a card aimed at it or an audit on it;
- it repairs an uneven group by paying for a house on the lowest lot rather than see its own sold down
  (V-ILLUMO-33), and with declared do-nothing turns (V-ILLUMO-34) declares one when it is too poor to buy anyway.

It decides from its seat's view only, like every computer player, and only ever answers with a kind of action the
rules list for it now (`legal_menu`); amounts not in the listing are checked with the rules' own checks."""
from __future__ import annotations

from ..model.illumo_state import CardResponse, Complaint, HoldingWindow, Interference, Lawsuit
from ..model.state import GameState
from ..rules import actions as A
from ..rules.context import RulesContext
from ..rules.decisions import Menu
from ..rules.errors import passes
from ..rules.legal import default_action, legal_menu
from ..variants.illumo.free_actions import check_transfer
from ..variants.illumo.groups import holds_group
from ..variants.illumo.treasury import in_step_3
from . import illumo_contests as contests
from . import illumo_sense as sense
from .classic_schemer import ClassicSchemer

SUE_MARGIN = 30.0
"""The least expected gain (dollars) for which it files a lawsuit."""
SECRET_DEAL_FODDER = ("secret_deal", "corporate_spy", "historic_blunder", "idle_hands", "legal_holiday",
                      "brain_drain", "interference", "bribed_assessor", "holding_action", "condemned_property",
                      "rent_control", "irs_audit", "cancellation")
"""The cards it gives up for a Secret Deal, the least useful to it first (V-ILLUMO-17: any card face down)."""
RENT_CONTROL_MARGIN = 60.0
RICH_MARGIN = 400
"""Central cash above its reserve at which it lifts mortgages on its groups."""


def action_kind(action: A.Action) -> str:
    """The action's kind, as menus group them: every concrete action class has its literal `type`."""
    kind = getattr(action, "type", None)
    if not isinstance(kind, str):
        raise TypeError(f"{type(action).__name__} is not a concrete action")
    return kind


class IllumoSchemer(ClassicSchemer):
    """A rule-based computer player of Illumonopoly (strength "schemer")."""

    improvement_steps: tuple[str, ...] = ("free",)
    """It builds and lifts mortgages after its last move, when it knows whether its bonus is lost anyway."""

    def decide(self, state: GameState, seat: int) -> A.Action | None:
        """Classic's decision loop (bots/classic_schemer.py) with this ruleset's answers in its hooks; an answer of a
        kind the rules do not list now is replaced by the rules' default (offers are judged by the rules)."""
        action = super().decide(state, seat)
        if action is None or action_kind(action) == "propose_offer":
            return action
        if action_kind(action) not in legal_menu(state, seat):
            return default_action(state, seat)
        return action

    def jail_or_roll(self, ctx: RulesContext, seat: int, menu: Menu) -> A.Action | None:
        """Steps 0 and 1 before the first roll (start-of-turn cards, lawsuits, a declared idle turn), then classic's
        roll or way out of Jail."""
        if not ctx.state.turn.moves_made:
            start = self.turn_start(ctx, seat, menu)
            if start is not None:
                return start
        return super().jail_or_roll(ctx, seat, menu)

    # ----- step 0 and 1: the start of the turn, lawsuits -----

    def turn_start(self, ctx: RulesContext, seat: int, menu: Menu) -> A.Action | None:
        state = ctx.state
        cancel = self.cancel_audit(seat, menu)
        if cancel is not None:
            return cancel
        plays = menu["play_court_card"]() if "play_court_card" in menu else []
        control = next((a for a in plays if isinstance(a, A.PlayCourtCard) and a.card == "rent_control"), None)
        if control is not None and sense.rent_control_worth(ctx, seat) > RENT_CONTROL_MARGIN + self.bonus_cost(ctx):
            return control  # V-ILLUMO-24: rivals' improved rents outweigh its own
        if "resume_case" in menu:
            return self.resume(ctx, seat, menu["resume_case"]())
        if "sue" in menu:
            worth = self.worth_suing(ctx, seat, menu["sue"]())
            idle_hands = next((a for a in plays if isinstance(a, A.PlayCourtCard) and a.card == "idle_hands"), None)
            targets = {action.target for action in worth}
            if idle_hands is not None and len(targets) > sense.illumo_slice(state).lawsuits_left:
                return idle_hands  # V-ILLUMO-22: one more lawsuit this turn, for a second suit worth filing
            if worth:
                return worth[0]
        if "declare_idle_turn" in menu and state.players[seat].cash < sense.reserve(ctx, seat):
            return menu["declare_idle_turn"]()[0]  # V-ILLUMO-34: too poor to buy anyway; claim the $200
        return None

    def bonus_cost(self, ctx: RulesContext) -> float:
        """What forfeiting the do-nothing bonus now is expected to cost (V-ILLUMO-34): the bonus, times the chance
        that the turn would otherwise keep it (it is lost anyway on landing on a deed it buys)."""
        state = ctx.state
        if not sense.illumo_slice(state).bonus_eligible:
            return 0.0
        unowned = sum(1 for prop in state.properties.values() if prop.owner is None)
        keep = 1.0 - 0.6 * unowned / max(1, len(state.properties))
        return sense.illumo_options(ctx).illumo_do_nothing_bonus * keep

    def cancel_audit(self, seat: int, menu: Menu) -> A.Action | None:
        """V-ILLUMO-30 (b): an IRS Audit on it ends at once with a Cancellation."""
        if "cancel_effect" not in menu:
            return None
        return next((a for a in menu["cancel_effect"]()
                     if isinstance(a, A.CancelEffect) and a.effect == "irs_audit" and a.player == seat), None)

    def worth_suing(self, ctx: RulesContext, seat: int, suits: list[A.Action]) -> list[A.Sue]:
        """The listed suits whose expected value is above SUE_MARGIN (and the bonus forgone), best first
        (V-ILLUMO-36 to -40)."""
        threshold = SUE_MARGIN + self.bonus_cost(ctx)
        fee = sense.illumo_options(ctx).illumo_filing_fee
        budget = ctx.state.players[seat].cash - fee - sense.reserve(ctx, seat)
        if budget < 0:
            return []
        valued: list[tuple[float, A.Sue]] = []
        for action in suits:
            if not isinstance(action, A.Sue):
                continue
            value = contests.suit_value(ctx, seat, action.suit, action.defendant, action.target,
                                        self.deed_value(ctx, seat, action.target), budget) - fee
            if value > threshold:
                valued.append((value, action))
        valued.sort(key=lambda pair: -pair[0])
        return [action for _, action in valued]

    def resume(self, ctx: RulesContext, seat: int, options: list[A.Action]) -> A.Action:
        """V-ILLUMO-41: resume a suspended case that is still worth it (no new fee), else drop it."""
        budget = max(0, ctx.state.players[seat].cash - sense.reserve(ctx, seat))
        for case in sense.illumo_slice(ctx.state).suspended:
            if case.plaintiff != seat:
                continue
            value = contests.suit_value(ctx, seat, case.suit, case.defendant, case.target,
                                        self.deed_value(ctx, seat, case.target), budget)
            drop = value <= self.bonus_cost(ctx)
            chosen = next((a for a in options if isinstance(a, A.ResumeCase) and a.target == case.target
                           and a.drop == drop), None)
            if chosen is not None:
                return chosen
        return options[-1]

    # ----- step 2: landing on a deed for sale -----

    def landing(self, ctx: RulesContext, seat: int, menu: Menu) -> A.Action:
        state = ctx.state
        decline = A.DoNothing.shared(seat=seat)
        if "buy" not in menu:
            return decline
        index = state.turn.landing_square
        if index is None:
            return decline
        square = ctx.squares[index]
        cost = sense.price(square)
        room = sense.spendable(state, seat, square.group) - cost
        value = self.deed_value(ctx, seat, index)
        if room < sense.reserve(ctx, seat) // 2 and not (value > 2 * cost and room >= 0):
            return decline
        bribe = self.bribe_before_buying(index, cost, menu)
        if bribe is not None:
            return bribe
        deal = self.secret_deal(ctx, seat, index, menu)
        if deal is not None:
            return deal
        return menu["buy"]()[0]

    def bribe_before_buying(self, index: int, cost: int, menu: Menu) -> A.Action | None:
        """V-ILLUMO-28: a Bribed Assessor halves the price of the deed it is about to buy."""
        if cost < 150 or "bribe_assessor" not in menu:
            return None
        return next((a for a in menu["bribe_assessor"]() if isinstance(a, A.BribeAssessor) and a.property == index),
                    None)

    def secret_deal(self, ctx: RulesContext, seat: int, index: int, menu: Menu) -> A.Action | None:
        """V-ILLUMO-17, -18: a purchase that completes its colour group is made a Secret Deal (only a player with an
        Interference card may then complain), with the card it needs least."""
        if "secret_deal" not in menu or not contests.completes_group(ctx, seat, index):
            return None
        deals = [a for a in menu["secret_deal"]() if isinstance(a, A.SecretDeal) and a.card is not None]
        ranked = sorted(deals, key=lambda a: SECRET_DEAL_FODDER.index(a.card) if a.card in SECRET_DEAL_FODDER
                        else len(SECRET_DEAL_FODDER))
        return ranked[0] if ranked else None

    # ----- step 3: buildings, mortgages, transfers -----

    def improvement(self, ctx: RulesContext, seat: int, menu: Menu) -> A.Action | None:
        cancel = self.cancel_audit(seat, menu)
        if cancel is not None:
            return cancel
        state = ctx.state
        keep = sense.reserve(ctx, seat)
        cash = state.players[seat].cash
        eligible = sense.illumo_slice(state).bonus_eligible
        if cash > keep + RICH_MARGIN and not eligible and "unmortgage" in menu:
            lifts = [a for a in menu["unmortgage"]() if isinstance(a, A.Unmortgage)
                     and self.whole_group(ctx, seat, a.property)]
            if lifts:
                return lifts[0]
        build = self.building(ctx, seat, menu, keep)
        if build is not None:
            return build
        trade = self.trade_proposal(ctx, seat)
        if trade is not None:
            return trade
        if in_step_3(ctx, seat) and not eligible:  # steps 3 and 4 once the bonus is lost anyway
            return self.gather(ctx, seat) or self.court_card(ctx, seat, menu)
        return None

    def whole_group(self, ctx: RulesContext, seat: int, index: int) -> bool:
        square = ctx.squares[index]
        return square.kind == "lot" and holds_group(ctx, seat, square.group or "")

    def building(self, ctx: RulesContext, seat: int, menu: Menu, keep: int) -> A.Action | None:
        """The listed house on its own lot that earns most over its cost while central stays above the reserve
        (group money of the lot's colour pays first, V-ILLUMO-05); none on unowned lots (V-ILLUMO-32). While the
        bonus is still to be had, only when what it would build this turn is worth more than the bonus."""
        if "buy_building" not in menu:
            return None
        state = ctx.state
        cash = state.players[seat].cash
        worth: list[tuple[float, A.BuyBuilding]] = []
        for action in menu["buy_building"]():
            if not isinstance(action, A.BuyBuilding) or state.properties[action.property].owner != seat:
                continue
            square = ctx.squares[action.property]
            from_central = max(0, sense.house_cost(square) - sense.group_money(state, seat, square.group))
            gain = sense.house_gain(ctx, seat, action.property)
            if gain > 0 and cash - from_central >= keep:
                worth.append((gain, action))
        if not worth:
            return None
        if sum(gain for gain, _ in worth) <= self.bonus_cost(ctx):
            return None
        return max(worth, key=lambda pair: (pair[0], -pair[1].property))[1]

    def gather(self, ctx: RulesContext, seat: int) -> A.Action | None:
        """With a free transfer of step 3 left (V-ILLUMO-08), all of its richest group treasury into central, where
        rent, fees and filing are paid from (V-ILLUMO-05, -06)."""
        state = ctx.state
        if sense.illumo_slice(state).free_transfers_left < 1:
            return None
        kinds = sense.illumo_slice(state).treasuries.get(seat, {})
        richest = max(kinds.items(), key=lambda item: (item[1], item[0]), default=None)
        if richest is None or richest[1] <= 0:
            return None
        kind, amount = richest
        if not passes(check_transfer, ctx, seat, kind, False, amount, "source"):
            return None
        return A.Transfer.shared(seat=seat, group=kind, to_group=False, amount=amount)

    # ----- step 4: a Court card -----

    def court_card(self, ctx: RulesContext, seat: int, menu: Menu) -> A.Action | None:
        """The listed step-4 card play that helps it most (sense.card_score), if any helps."""
        if "play_court_card" not in menu:
            return None
        plays = [a for a in menu["play_court_card"]() if isinstance(a, A.PlayCourtCard)]
        if not plays:
            return None
        scored = [(contests.card_score(ctx, seat, play), play) for play in plays]
        score, best = max(scored, key=lambda pair: pair[0])
        return best if score > 0 else None

    # ----- the windows -----

    def window_action(self, ctx: RulesContext, seat: int, window: object, menu: Menu) -> A.Action | None:
        if isinstance(window, Complaint):
            return contests.complaint(ctx, seat, window, menu)
        if isinstance(window, Interference):
            stake = contests.purchase_stake(ctx, seat, window, self.deed_value(ctx, seat, window.property))
            return contests.interference_pledge(ctx, seat, window, menu, stake)
        if isinstance(window, Lawsuit):
            deed_value = self.deed_value(ctx, seat, window.target)
            return contests.lawsuit_pledge(ctx, seat, window, menu, deed_value)
        if isinstance(window, HoldingWindow):
            return contests.holding_action(ctx, seat, window, menu)
        if isinstance(window, CardResponse):
            return contests.card_response(ctx, seat, window, menu)
        kind = getattr(window, "kind", "")
        if kind == "illumo_level_repair":
            return self.level_repair(ctx, seat, menu)
        if kind == "illumo_antitrust_choice" and "forfeit_deed" in menu:
            forfeits = [a for a in menu["forfeit_deed"]() if isinstance(a, A.ForfeitDeed)]
            return min(forfeits, key=lambda a: (sense.price(ctx.squares[a.property]), a.property))
        if kind == "auction" and "bid" not in menu:
            return A.PassBid.shared(seat=seat)  # V-ILLUMO-23: an audited player may not bid
        if kind == "raise_funds":
            if "settle_payment" in menu:
                return menu["settle_payment"]()[0]
            return default_action(ctx.state, seat)  # group money in first, then sales, mortgages, bankruptcy
        return super().window_action(ctx, seat, window, menu)

    def level_repair(self, ctx: RulesContext, seat: int, menu: Menu) -> A.Action:
        """V-ILLUMO-33: rather than see its high lots sold down at half cost, it pays for a house on a lowest lot
        (its own first) while its reserve allows; else it lets the engine sell."""
        listed = menu["repair_level"]() if "repair_level" in menu else []
        builds = [a for a in listed if isinstance(a, A.RepairLevel) and a.property is not None and not a.sell]
        own = [a for a in builds if a.property is not None and ctx.state.properties[a.property].owner == seat]
        choice = own or builds
        if choice and choice[0].property is not None:
            cost = sense.house_cost(ctx.squares[choice[0].property])
            if ctx.state.players[seat].cash >= sense.reserve(ctx, seat) + cost:
                return choice[0]
        return A.RepairLevel.shared(seat=seat)

