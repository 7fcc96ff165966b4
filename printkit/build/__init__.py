"""`printkit build`: plan what is stale (`incremental`: hashes of inputs, options and code, the
build record), find what only drawing finds (`drawchecks`), render every component (in parallel
with --jobs) and commit every output together (`pipeline`)."""
