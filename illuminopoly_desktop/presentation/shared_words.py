"""The action panel's words for the shared-faction ruleset's own actions (VARIANTS §3.4, §3.7): the halves' passes
with their money ("Pass the First Action (+$20)"), the sharers' joint choice of their faction's token (V-SHARED-03
`pair_choice`) and of the Dog's condition (V-SHARED-04). Every other action is worded as in
Illuminopoly (presentation/action_choices.py), whose rules shared factions keep."""
from __future__ import annotations

from collections.abc import Callable

from ..model.factions import load_factions
from ..rules import actions as A
from .classic_words import Labeller, Words


def _pass_money(labeller: Labeller, half: str) -> int:
    state = labeller.state
    if state.variant is None or state.variant.turn.cycle != 1:
        return 0  # A-SH-14: no pass money in a doubles cycle
    options = state.setup.options
    count = options.shared_first_pass_mb if half == "first" else options.shared_second_pass_mb
    return count * options.shared_mb_value


def _money_words(amount: int) -> str:
    return f" (+${amount:,})" if amount else ""


def _pass_first(labeller: Labeller, a: A.Action) -> Words:
    money = _pass_money(labeller, "first")
    return (f"Pass the First Action{_money_words(money)}", None,
            f"Leave the token where it is: the faction takes ${money:,} from the Bank and its operator's Second "
            "Action starts at once (V-SHARED-11).")


def _pass_second(labeller: Labeller, a: A.Action) -> Words:
    money = _pass_money(labeller, "second")
    paid = (f"the faction takes ${money:,} from the Bank" if money
            else "no money in a doubles cycle (A-SH-14)")
    return (f"Pass the Second Action{_money_words(money)}", None,
            f"Take no landing decision: {paid}, and the faction turn ends (V-SHARED-13).")


def _condition(choice: str) -> str:
    """A Dog condition's name: a faction's ("Top Hat"), or one of the Horseman's two ("Horseman (a)")."""
    info = load_factions().get(choice)
    if info is not None:
        return info.name
    faction, _, variant = choice.rpartition("_")
    info = load_factions().get(faction)
    return f"{info.name} ({variant})" if info is not None and len(variant) == 1 else choice.replace("_", " ")


def _token_window(labeller: Labeller):
    """The open joint choice of a faction's token (V-SHARED-03 `pair_choice`), or None (the Dog's condition)."""
    pending = labeller.state.pending
    return pending[-1] if pending and pending[-1].kind == "token_pair_choice" else None


def _propose(labeller: Labeller, a: A.Action) -> Words:
    if _token_window(labeller) is not None:
        return (f"Propose the token: {_condition(a.choice)}", None,
                "The faction's two sharers choose its token together: you propose, your partner accepts or proposes "
                "another (V-SHARED-03). Everyone sees the choice.")
    return (f"Propose the Dog's condition: {_condition(a.choice)}", None,
            "The Dog's two sharers choose its secret victory condition together: you propose, your partner "
            "accepts or proposes another (V-SHARED-04). Nobody else sees it.")


def _accept(labeller: Labeller, a: A.Action) -> Words:
    window = _token_window(labeller)
    if window is not None:
        if not a.accept:
            return ("Leave the token to chance", None,
                    "Chance draws one of the tokens still free (V-SHARED-03).")
        standing = _condition(window.proposals[-1][1]) if window.proposals else "the proposal"
        return (f"Accept the token: {standing}", None,
                "Agree to your partner's proposal for your shared faction's token (V-SHARED-03).")
    if not a.accept:
        return ("Leave the Dog's condition to chance", None,
                "Chance picks among the conditions proposed (V-SHARED-04).")
    proposals = getattr(labeller.state.variant, "dog_proposals", [])
    standing = _condition(proposals[-1][1]) if proposals else "the proposal"
    return (f"Accept the Dog's condition: {standing}", None,
            "Agree to your partner's proposal for the Dog's secret condition (V-SHARED-04).")


SHARED_WORDS: dict[str, Callable[[Labeller, A.Action], Words]] = {
    "pass_first_action": _pass_first, "pass_second_action": _pass_second,
    "propose_pair_choice": _propose, "accept_pair_choice": _accept,
}
