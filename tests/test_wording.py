
def test_a_count_is_said_in_plain_words_never_with_a_parenthesised_plural():
    from illuminopoly_desktop.presentation.wording import counted
    assert [counted(n, "house rule") for n in (0, 1, 2)] == ["0 house rules", "1 house rule", "2 house rules"]
    assert counted(3, "faction", "factions") == "3 factions"
