"""Train a small NumPy policy on two-player Love Letter and plot its win rate.

    python examples/train_loveletter.py --minutes 3 --plot out.png

The same as ``python -m parlour.rl.train_example``; see that module and docs/rl.md.
"""

from parlour.rl.train_example import main

if __name__ == "__main__":
    main()
