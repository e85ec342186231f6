-- Simulation vs what happened: the decisions that contradict their
-- transcript, grouped by harness, recorded version, simulated mode and
-- what that mode rests on, simulated and recorded outcome and reason, the
-- largest groups first, each with its three earliest calls (by time, then
-- call_key; calls without a time last) and the transcript's evidence.
WITH d AS (
    SELECT
        d.call_key,
        d.harness,
        coalesce(d.harness_version, '')   AS harness_version,
        coalesce(d.mode, '')              AS mode,
        coalesce(d.mode_basis, '')        AS mode_basis,
        coalesce(d.outcome, '')           AS simulated,
        coalesce(d.recorded_outcome, '')  AS recorded_outcome,
        coalesce(d.agreement_reason, '')  AS reason,
        d.ts,
        coalesce(nullif(d.command, ''), d.paths[1], '') AS what,
        coalesce(c.recorded_evidence, '') AS evidence
    FROM {{decisions}} d
    LEFT JOIN {{calls}} c ON c.call_key = d.call_key
    WHERE d.agreement = 'contradicts'
),
ranked AS (
    SELECT *, row_number() OVER (
        PARTITION BY harness, harness_version, mode, mode_basis, simulated, recorded_outcome, reason
        ORDER BY ts ASC NULLS LAST, call_key ASC) AS n
    FROM d
)
SELECT
    harness, harness_version, mode, mode_basis, simulated, recorded_outcome, reason,
    count(*) AS calls,
    list({'call_key': call_key,
          'ts': coalesce(strftime(ts, '%Y-%m-%dT%H:%M:%SZ'), ''),
          'what': what,
          'evidence': evidence} ORDER BY n) FILTER (WHERE n <= {{examples}}) AS examples
FROM ranked
GROUP BY ALL
ORDER BY calls DESC, harness ASC NULLS LAST, harness_version, mode, mode_basis, simulated, recorded_outcome, reason
