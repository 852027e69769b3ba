"""The beer-pong table's physics (never imports pygame; importing the package loads no pymunk).

constants – every number of the model; table – cups and formations; events – the facts reported;
flight – drag and gravity; rim – the rim torus; world – the live `Table` and `simulate`;
aim – inverting the flight; sweep – random throws and the invariants they keep.
"""
