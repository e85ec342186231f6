-- Dangerous calls: the simulated group against what really happened
-- (calls.result, joined by call_key), so "would have run without asking"
-- meets "did run". A decision whose call is no longer in the calls table
-- falls back to the result replay copied into it, then to unknown.
WITH d AS (
    SELECT
        coalesce(d."group", 'unknown')              AS "group",
        coalesce(c.result, d.result, 'unknown')     AS result
    FROM {{decisions}} d
    LEFT JOIN {{calls}} c ON c.call_key = d.call_key
    WHERE d.dangerous
)
SELECT
    "group",
    count(*) FILTER (WHERE result = 'ok')     AS ok,
    count(*) FILTER (WHERE result = 'error')  AS error,
    count(*) FILTER (WHERE result = 'denied') AS denied,
    count(*) FILTER (WHERE result NOT IN ('ok', 'error', 'denied')) AS unknown,
    count(*)                                  AS total
FROM d
GROUP BY "group"
ORDER BY CASE "group"
             WHEN 'blocked'   THEN 1
             WHEN 'asks-rule' THEN 2
             WHEN 'asks-mode' THEN 3
             WHEN 'runs'      THEN 4
             ELSE 5
         END,
         "group"
