"""Inserts rows into a PocketBase data.db: `python3 sqlite-insert.py DATA_DB < rows.json`.

rows.json is {"table": [{"column": value, ...}, ...], ...}; booleans become 0/1 as PocketBase stores them.
Used to seed the demo data and the bench's 100,000 bookings in seconds (the REST API would hash every
password and cannot set `created`). Never used on a production server.
"""
import json
import sqlite3
import sys


def main() -> None:
    data = json.load(sys.stdin)
    db = sqlite3.connect(sys.argv[1], timeout=30)
    db.execute("PRAGMA busy_timeout = 30000")
    with db:
        for table, rows in data.items():
            if not rows:
                continue
            columns = list(rows[0].keys())
            sql = "INSERT INTO `{}` ({}) VALUES ({})".format(
                table, ", ".join("`{}`".format(c) for c in columns), ", ".join("?" for _ in columns)
            )
            db.executemany(sql, ([int(v) if isinstance(v, bool) else v for v in (row[c] for c in columns)] for row in rows))
    db.close()


if __name__ == "__main__":
    main()
