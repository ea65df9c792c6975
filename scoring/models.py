"""Score sheets and table results (filled in by the score-sheet work, issue #6)."""
