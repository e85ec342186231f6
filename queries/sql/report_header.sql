-- Report header: what the report covers. Counts come from the deduplicated
-- calls view (a copied call is one call); the time range falls back to the
-- decisions when no calls are left (the calls table was removed after a
-- replay), and projects are those of either table.
SELECT
    (SELECT list(DISTINCT label ORDER BY label)
       FROM {{decisions}}
      WHERE label IS NOT NULL)                       AS labels,
    (SELECT count(*) FROM {{calls}})                     AS calls,
    (SELECT count(*) FROM {{decisions}})                 AS decisions,
    (SELECT count(DISTINCT project_dir)
       FROM (SELECT project_dir FROM {{calls}}
             UNION ALL
             SELECT project_dir FROM {{decisions}}))     AS projects,
    coalesce((SELECT min(ts) FROM {{calls}}),
             (SELECT min(ts) FROM {{decisions}}))        AS first_ts,
    coalesce((SELECT max(ts) FROM {{calls}}),
             (SELECT max(ts) FROM {{decisions}}))        AS last_ts
