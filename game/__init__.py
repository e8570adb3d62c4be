"""The rules layer of Omnibus: pure Python, never imports pygame."""
