"""Learning tools: post-game analysis of a seat's decisions from that seat's knowledge only."""
