-- Outcomes per project × harness × mode, one column per scoring group.
-- The harness is part of the key because a mode's name only means something
-- for its own harness ("default" is not the same mode everywhere).
SELECT
    project_dir,
    harness,
    mode,
    count(*) FILTER (WHERE "group" = 'blocked')   AS blocked,
    count(*) FILTER (WHERE "group" = 'asks-rule') AS asks_rule,
    count(*) FILTER (WHERE "group" = 'asks-mode') AS asks_mode,
    count(*) FILTER (WHERE "group" = 'runs')      AS runs,
    count(*) FILTER (WHERE "group" = 'unknown'
                        OR "group" IS NULL
                        OR "group" NOT IN ('blocked', 'asks-rule', 'asks-mode', 'runs'))
                                                  AS unknown,
    count(*)                                      AS total
FROM {{decisions}}
GROUP BY ALL
ORDER BY project_dir ASC NULLS LAST, harness ASC NULLS LAST, mode ASC NULLS LAST
