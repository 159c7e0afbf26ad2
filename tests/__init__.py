"""The test suite (the folders are described in the README's "Project layout"); what it shares
with the benchmarks (app servers, chromium, waits) is in devtools/."""
