"""The balance lab: simulate many games and summarise them."""
