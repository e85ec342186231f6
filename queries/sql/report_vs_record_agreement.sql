-- Simulation vs what happened, per harness and recorded version: each
-- decision's agreement with what its transcript shows happened
-- (decisions.agreement; replay/agreement.go says when a call agrees), the
-- agreements that hold only by a reasoned exception the transcript shows
-- ("exception: …"), and the simulated outcomes with the calls left to the
-- classifier counted apart from those that run. Decisions an older
-- permsim made have no agreement: not comparable.
SELECT
    harness,
    coalesce(harness_version, '')                                               AS harness_version,
    count(*)                                                                    AS decisions,
    count(*) FILTER (WHERE agreement = 'agrees')                                AS agrees,
    count(*) FILTER (WHERE agreement = 'agrees'
                     AND starts_with(coalesce(agreement_reason, ''), 'exception: ')) AS agrees_by_exception,
    count(*) FILTER (WHERE agreement = 'contradicts')                           AS contradicts,
    count(*) FILTER (WHERE agreement IS NULL
                     OR agreement NOT IN ('agrees', 'contradicts'))             AS not_comparable,
    count(*) FILTER (WHERE outcome = 'runs'
                     AND coalesce(reason, '') <> '{{classifier}}')              AS runs,
    count(*) FILTER (WHERE outcome = 'runs' AND reason = '{{classifier}}')      AS left_to_classifier,
    count(*) FILTER (WHERE outcome = 'asks')                                    AS asks,
    count(*) FILTER (WHERE outcome = 'blocked')                                 AS blocked,
    count(*) FILTER (WHERE outcome IS NULL
                     OR outcome NOT IN ('runs', 'asks', 'blocked'))             AS unknown
FROM {{decisions}}
GROUP BY ALL
ORDER BY harness ASC NULLS LAST, harness_version ASC
