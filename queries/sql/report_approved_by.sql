-- Approved by: dangerous calls the simulator says run without asking,
-- grouped by the rule that let them through (text, file, layer), or, when
-- no rule decided, by the step and reason that did ("read-only set", "left
-- to the classifier", "bypassPermissions", …). Each group carries its
-- danger categories, the harnesses it came from, and its three most
-- frequent commands or paths (ties broken alphabetically).
WITH d AS (
    SELECT
        d.rule_text,
        d.rule_file,
        d.rule_layer,
        CASE WHEN d.rule_text IS NULL THEN d.step END   AS step,
        CASE WHEN d.rule_text IS NULL THEN d.reason END AS reason,
        d.harness,
        d.danger,
        -- What the user recognises the call by: its command line, else the
        -- paths it names, else (from the calls table) its URL, search query
        -- or pattern, else the tool.
        coalesce(
            d.command,
            nullif(array_to_string(d.paths, ' '), ''),
            c.url,
            c.query,
            c.pattern,
            d.tool,
            '?'
        ) AS what
    FROM {{decisions}} d
    LEFT JOIN {{calls}} c ON c.call_key = d.call_key
    WHERE d.dangerous AND d.outcome = 'runs'
),
items AS (
    SELECT rule_text, rule_file, rule_layer, step, reason, what, count(*) AS n
    FROM d
    GROUP BY ALL
),
top AS (
    SELECT
        rule_text, rule_file, rule_layer, step, reason,
        list({'what': what, 'calls': n} ORDER BY n DESC, what ASC)[1:3] AS top
    FROM items
    GROUP BY ALL
),
groups AS (
    SELECT
        rule_text, rule_file, rule_layer, step, reason,
        count(*) AS calls,
        list_sort(list_distinct(flatten(list(coalesce(danger, []::VARCHAR[]))))) AS danger,
        list(DISTINCT harness ORDER BY harness) FILTER (WHERE harness IS NOT NULL) AS harnesses
    FROM d
    GROUP BY ALL
)
SELECT
    g.rule_text, g.rule_file, g.rule_layer, g.step, g.reason,
    g.calls, g.danger, coalesce(g.harnesses, []::VARCHAR[]) AS harnesses, t.top
FROM groups g
JOIN top t
  ON  t.rule_text  IS NOT DISTINCT FROM g.rule_text
  AND t.rule_file  IS NOT DISTINCT FROM g.rule_file
  AND t.rule_layer IS NOT DISTINCT FROM g.rule_layer
  AND t.step       IS NOT DISTINCT FROM g.step
  AND t.reason     IS NOT DISTINCT FROM g.reason
ORDER BY g.calls DESC,
         g.rule_text ASC NULLS LAST, g.rule_file ASC NULLS LAST, g.rule_layer ASC NULLS LAST,
         g.reason ASC NULLS LAST, g.step ASC NULLS LAST
