"""The "schemer" strength when the ruleset is Illumonopoly (issue 29): classic Monopoly's schemer
(bots/classic_schemer.py) with the legal warfare of VARIANTS §4 played with purpose. It sues when the odds are good
(a title defect over the costliest deed a weaker rival owns, antitrust against a rival's monopoly), complains against
a purchase that would complete a rival's group, pledges to keep its own purchases and suits on the winning side while
its reserve allows, keeps the do-nothing bonus when it has nothing better to do, and, once the bonus is lost anyway,
moves its group money into central with the free transfers of step 3; asked to repair an uneven group
(V-ILLUMO-33), it pays for a house on a lowest lot rather than see its own sold down, while its reserve allows;
with declared do-nothing turns (V-ILLUMO-34) it declares one when it is too poor to buy anyway.

It decides from its seat's view only, like every computer player; every action it takes is one the rules list."""
from __future__ import annotations

from ..rules import actions as A
from ..rules.context import RulesContext
from ..rules.errors import passes
from ..rules.legal import default_action
from ..rules.roll_contests import success_chance
from ..variants.illumo import interference, lawsuits
from ..variants.illumo.bonus import check_declare
from ..variants.illumo.groups import in_play_lots
from ..variants.illumo.steps import card_options
from ..variants.illumo.treasury import in_step_3
from .classic_schemer import RESERVE, ClassicSchemer

SUE_CHANCE = 0.55
"""The least chance of winning (before pledges) at which it files a lawsuit."""
SUE_RESERVE = 400
"""Central cash it keeps before filing or pledging."""
TARGET_CHANCE = 0.75
"""The chance it pledges towards in a contest of its own."""


class IllumoSchemer(ClassicSchemer):
    """A rule-based computer player of Illumonopoly (strength "schemer")."""

    def decide(self, state, seat: int) -> A.Action | None:
        if state.game_over or state.players[seat].eliminated:
            return None
        turn = state.turn
        if not state.pending and turn.seat == seat:
            ctx = RulesContext(state)
            if turn.step == "choice" and not turn.moves_made:
                suit = self.lawsuit(ctx, seat)
                if suit is not None:
                    return suit
                if state.players[seat].cash < RESERVE and passes(check_declare, ctx, seat):
                    return A.DeclareIdleTurn.shared(seat=seat)  # V-ILLUMO-34: too poor to buy; claim the $200
            if turn.step == "free" and in_step_3(ctx, seat) and not state.variant.bonus_eligible:
                gather = self.gather(ctx, seat)
                if gather is not None:
                    return gather
                card = self.court_card(ctx, seat)
                if card is not None:
                    return card
        return super().decide(state, seat)

    # ----- step 1: lawsuits -----

    def lawsuit(self, ctx: RulesContext, seat: int) -> A.Action | None:
        state = ctx.state
        if state.players[seat].cash < SUE_RESERVE or state.variant.lawsuits_left < 1:
            return None
        contest = lawsuits.spec(ctx)
        mine = lawsuits.legal_power(ctx, seat)
        best, best_gain = None, 0.0
        for index, prop in state.properties.items():
            owner = prop.owner
            if owner is None or owner == seat or state.players[owner].eliminated:
                continue
            base = mine - lawsuits.legal_power(ctx, owner)
            price = ctx.squares[index].price
            for suit, bonus, gain in (("title_defect", 0, price), ("antitrust", ctx.options.illumo_antitrust_bonus,
                                                                    price * 0.8)):
                chance = success_chance(contest, base + bonus)
                if chance < SUE_CHANCE or chance * gain <= best_gain:
                    continue
                action = A.Sue.shared(seat=seat, defendant=owner, suit=suit, target=index)
                try:
                    lawsuits.check_sue(ctx, seat, owner, suit, index)
                except Exception:  # an IllegalAction: not a target of this kind
                    continue
                best, best_gain = action, chance * gain
        return best

    # ----- step 3: gathering group money while the transfers are free -----

    def gather(self, ctx: RulesContext, seat: int) -> A.Action | None:
        state = ctx.state
        if state.variant.free_transfers_left < 1:
            return None
        kinds = state.variant.treasuries.get(seat, {})
        richest = max(kinds.items(), key=lambda item: (item[1], item[0]), default=None)
        if richest is None or richest[1] <= 0:
            return None
        return A.Transfer.shared(seat=seat, group=richest[0], to_group=False, amount=richest[1])

    # ----- step 4: a Court card once the bonus is lost anyway -----

    def court_card(self, ctx: RulesContext, seat: int) -> A.Action | None:
        """A card that hurts a rival: an audit or a spy on the player with most deeds, a Condemned Property on a
        rival's lot, a Brain Drain; never one against itself."""
        state = ctx.state
        plays = card_options(ctx, seat)
        if not plays:
            return None
        deeds = {p.seat: sum(1 for prop in state.properties.values() if prop.owner == p.seat) for p in state.players}

        def score(action: A.PlayCourtCard) -> float:
            if action.card == "condemned_property":
                owner = state.properties[action.property].owner
                return -1.0 if owner in (seat, None) else 3.0 + ctx.squares[action.property].house_cost / 100
            if action.card in ("irs_audit", "brain_drain"):
                return 2.0 + deeds.get(action.player, 0) / 10
            if action.card == "legal_holiday":
                return 1.0
            return -1.0  # spying and landmarks' return: not worth a card to this player
        best = max(plays, key=score)
        return best if score(best) > 0 else None

    # ----- the windows -----

    def window_action(self, ctx: RulesContext, seat: int, window, menu) -> A.Action | None:
        kind = window.kind
        if kind == "illumo_complaint":
            return self.complaint(ctx, seat, window)
        if kind == "illumo_interference":
            return self.interference_pledge(ctx, seat, window, menu)
        if kind == "illumo_lawsuit":
            return self.lawsuit_pledge(ctx, seat, window, menu)
        if kind == "illumo_holding":
            plays = menu.get("play_court_card", lambda: [])()
            case = window.case
            losing = seat == case.defendant and success_chance(lawsuits.spec(ctx), lawsuits.elp(ctx, case)) > 0.5
            return plays[0] if plays and losing else A.PassCard.shared(seat=seat)
        if kind == "illumo_level_repair":
            return self.level_repair(ctx, seat, menu)
        if kind == "raise_funds":
            if "settle_payment" in menu:
                return menu["settle_payment"]()[0]
            return default_action(ctx.state, seat)  # group money in first, then sales, mortgages, bankruptcy
        return super().window_action(ctx, seat, window, menu)

    def level_repair(self, ctx: RulesContext, seat: int, menu) -> A.Action:
        """V-ILLUMO-33: rather than see its high lots sold down at half cost, it pays for a house on a lowest lot
        (its own first) while its reserve allows; else it lets the engine sell."""
        builds = [a for a in menu.get("repair_level", lambda: [])() if a.property is not None and not a.sell]
        own = [a for a in builds if ctx.state.properties[a.property].owner == seat]
        choice = own or builds
        if choice and ctx.state.players[seat].cash >= RESERVE + ctx.squares[choice[0].property].house_cost:
            return choice[0]
        return A.RepairLevel.shared(seat=seat)

    def complaint(self, ctx: RulesContext, seat: int, window) -> A.Action:
        """Complain against a purchase that would complete the purchaser's colour group, when it can afford to."""
        state = ctx.state
        square = ctx.squares[window.property]
        completes = square.kind == "lot" and all(
            state.properties[lot].owner == window.purchaser for lot in in_play_lots(ctx, square.group)
            if lot != window.property)
        file = completes and state.players[seat].cash >= SUE_RESERVE
        return A.Complain.shared(seat=seat, file=file)

    def interference_pledge(self, ctx: RulesContext, seat: int, window, menu) -> A.Action:
        if seat not in (window.purchaser, window.complainant):
            return A.PassPledge.shared(seat=seat)
        contest = interference.spec(ctx)
        chance = success_chance(contest, interference.target(ctx, window))
        ours = chance if seat == window.purchaser else 1 - chance
        return self._pledge_towards(ctx, seat, menu, ours)

    def lawsuit_pledge(self, ctx: RulesContext, seat: int, window, menu) -> A.Action:
        if seat not in (window.plaintiff, window.defendant):
            return A.PassPledge.shared(seat=seat)
        chance = success_chance(lawsuits.spec(ctx), lawsuits.elp(ctx, window))
        ours = chance if seat == window.plaintiff else 1 - chance
        return self._pledge_towards(ctx, seat, menu, ours)

    def _pledge_towards(self, ctx: RulesContext, seat: int, menu, ours: float) -> A.Action:
        """One unit more while its side's chance is below TARGET_CHANCE and its reserve allows; the group treasury
        of the affected type first (worth double in a lawsuit)."""
        if ours >= TARGET_CHANCE:
            return A.PassPledge.shared(seat=seat)
        pledges = [a for a in menu.get("pledge", lambda: [])()]
        cash = ctx.state.players[seat].cash
        affordable = [a for a in pledges if a.source != "central" or cash - a.amount >= RESERVE]
        if not affordable:
            return A.PassPledge.shared(seat=seat)
        return min(affordable, key=lambda a: (a.source == "central", a.amount))
