-- Per week (weeks start on Monday, UTC; calls without a time fall in a
-- week of NULL, printed "unknown"): calls, decisions, dangerous calls,
-- dangerous calls the simulator says would run without asking, those of
-- them that really ran (calls.result ok or error, as in
-- report_dangerous_by_result.sql), and the would-run calls by danger
-- category. A call with several categories counts once, under its first.
WITH d AS (
    SELECT
        date_trunc('week', d.ts)                    AS wk,
        d.dangerous,
        d.outcome,
        coalesce(d.danger[1], 'unknown')            AS category,
        coalesce(c.result, d.result, 'unknown')     AS result
    FROM {{decisions}} d
    LEFT JOIN {{calls}} c ON c.call_key = d.call_key
),
cw AS (
    SELECT date_trunc('week', ts) AS wk, count(*) AS calls
    FROM {{calls}}
    GROUP BY 1
),
dw AS (
    SELECT
        wk,
        count(*)                                                   AS decisions,
        count(*) FILTER (WHERE dangerous)                          AS dangerous,
        count(*) FILTER (WHERE dangerous AND outcome = 'runs')     AS would_run,
        count(*) FILTER (WHERE dangerous AND outcome = 'runs'
                           AND result IN ('ok', 'error'))          AS ran
    FROM d
    GROUP BY wk
),
cat AS (
    SELECT wk, category, count(*) AS n
    FROM d
    WHERE dangerous AND outcome = 'runs'
    GROUP BY ALL
),
catl AS (
    SELECT wk, list({'category': category, 'calls': n} ORDER BY n DESC, category ASC) AS by_danger
    FROM cat
    GROUP BY wk
),
weeks AS (
    SELECT wk FROM cw UNION SELECT wk FROM dw
)
SELECT
    strftime(w.wk, '%Y-%m-%d')     AS week,
    coalesce(cw.calls, 0)          AS calls,
    coalesce(dw.decisions, 0)      AS decisions,
    coalesce(dw.dangerous, 0)      AS dangerous,
    coalesce(dw.would_run, 0)      AS would_run,
    coalesce(dw.ran, 0)            AS ran,
    catl.by_danger
FROM weeks w
LEFT JOIN cw   ON cw.wk   IS NOT DISTINCT FROM w.wk
LEFT JOIN dw   ON dw.wk   IS NOT DISTINCT FROM w.wk
LEFT JOIN catl ON catl.wk IS NOT DISTINCT FROM w.wk
ORDER BY w.wk ASC NULLS LAST
