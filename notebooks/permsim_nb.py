"""Reading a permsim store from a notebook.

query(sql) returns a pandas DataFrame. It runs the SQL through
`permsim sql --format json`, so the notebooks see exactly the views the
command line shows (calls, calls_all, decisions, rules). With
PERMSIM_DUCKDB=1 and DuckDB's Python module installed, it reads the Parquet
tables directly instead (faster on large stores; views there are the raw
tables, so `calls` keeps copied calls — use permsim sql for exact counts).

Where the store is: $PERMSIM_OUT, else the demo store (.demo at the
repository root, written by `make demo`). The binary: $PERMSIM_BIN, else
bin/permsim at the repository root, else `permsim` on PATH.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(os.environ.get("PERMSIM_OUT") or ROOT / ".demo")


def binary():
    b = os.environ.get("PERMSIM_BIN")
    if b:
        return b
    local = ROOT / "bin" / "permsim"
    if local.exists():
        return str(local)
    found = shutil.which("permsim")
    if not found:
        raise RuntimeError("permsim not found: run `make build` or set PERMSIM_BIN")
    return found


def _duckdb():
    if os.environ.get("PERMSIM_DUCKDB") != "1":
        return None
    try:
        import duckdb  # noqa: F401
    except ImportError:
        return None
    con = duckdb.connect()
    for table in ("calls", "decisions", "rules"):
        files = str(OUT / table / "**" / "*.parquet")
        if list((OUT / table).glob("**/*.parquet")):
            con.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{files}', hive_partitioning = true)")
    return con


def query(sql):
    """Runs one SQL statement over the store and returns a DataFrame."""
    con = _duckdb()
    if con is not None:
        return con.execute(sql).df()
    p = subprocess.run([binary(), "sql", "--out", str(OUT), "--format", "json", sql],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"permsim sql failed ({p.returncode}): {p.stderr.strip()}")
    rows = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    df = pd.DataFrame(rows)
    for c in df.columns:
        if c in ("ts", "result_ts", "week", "day") and len(df):
            df[c] = pd.to_datetime(df[c], utc=True, errors="coerce")
    return df


def permsim(*args):
    """Runs a permsim command and returns its stdout (raises on exit 2)."""
    p = subprocess.run([binary(), *args], capture_output=True, text=True)
    if p.returncode == 2:
        raise RuntimeError(f"permsim {' '.join(args)}: {p.stderr.strip()}")
    return p.stdout
