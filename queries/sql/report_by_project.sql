-- Per project: decisions, dangerous calls, dangerous calls that would run
-- without asking, and those of them that really ran. Most would-run first.
WITH d AS (
    SELECT d.project_dir, d.dangerous, d.outcome,
           coalesce(c.result, d.result, 'unknown') AS result
    FROM {{decisions}} d
    LEFT JOIN {{calls}} c ON c.call_key = d.call_key
)
SELECT
    project_dir,
    count(*)                                                                     AS decisions,
    count(*) FILTER (WHERE dangerous)                                            AS dangerous,
    count(*) FILTER (WHERE dangerous AND outcome = 'runs')                       AS would_run,
    count(*) FILTER (WHERE dangerous AND outcome = 'runs' AND result IN ('ok', 'error')) AS ran
FROM d
GROUP BY ALL
ORDER BY would_run DESC, dangerous DESC, project_dir ASC NULLS LAST
