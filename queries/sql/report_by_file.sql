-- Per settings file: the dangerous calls that would run without asking,
-- by the file (and layer) of the rule that let them through; calls no rule
-- decided (a mode, a read-only set, a sandbox) have no file.
SELECT
    rule_file,
    rule_layer,
    count(*)                  AS calls,
    count(DISTINCT rule_text) AS rules
FROM {{decisions}}
WHERE dangerous AND outcome = 'runs'
GROUP BY ALL
ORDER BY calls DESC, rule_file ASC NULLS LAST, rule_layer ASC NULLS LAST
