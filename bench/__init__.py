"""`python -m bench`: the figures of each issue, each beside its baseline from the same run."""
