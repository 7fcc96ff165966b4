"""The bottom of printkit, importing nothing else of it: source locations and the diagnostics every
stage reports (`errors`), the documented input limits (`limits`, docs/limits.md), process lifetime
(`processes`: signals unwind like Ctrl-C, workers end with their parent), speed switches that
change no output (`perf`), and plain data files read only when they are the user's own
(`privatefile`)."""
