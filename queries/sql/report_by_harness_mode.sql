-- Per harness and simulated mode: the same counts as report_by_project.sql.
WITH d AS (
    SELECT d.harness, d.mode, d.dangerous, d.outcome,
           coalesce(c.result, d.result, 'unknown') AS result
    FROM {{decisions}} d
    LEFT JOIN {{calls}} c ON c.call_key = d.call_key
)
SELECT
    harness,
    mode,
    count(*)                                                                     AS decisions,
    count(*) FILTER (WHERE dangerous)                                            AS dangerous,
    count(*) FILTER (WHERE dangerous AND outcome = 'runs')                       AS would_run,
    count(*) FILTER (WHERE dangerous AND outcome = 'runs' AND result IN ('ok', 'error')) AS ran
FROM d
GROUP BY ALL
ORDER BY would_run DESC, harness ASC NULLS LAST, mode ASC NULLS LAST
