-- What the run could not decide, by cause, with up to three examples
-- (the most frequent commands or paths). Two kinds of calls count:
--
--   * calls of the calls table that have no decision row. Their cause is
--     worked out the way replay skips calls (replay/run.go selectCalls and
--     Decide): a harness without a simulator ({{simulated}} lists those that
--     have one; NULL when the caller does not say), a tool replay does not
--     decide ({{replayed}}), a shell call whose command the transcript does
--     not hold (declined or not), a call whose transcript names no project
--     folder (Gemini CLI's, by hash only), a project none of whose calls was decided
--     (its settings could not be read), else a call the last replay left
--     out (--since, --newest, or ingested after it);
--   * decisions whose outcome is unknown: the simulator could not tell (a
--     hook that did not answer, a classifier), by reason;
--   * decisions made without the project's settings because its folder was
--     not found (replay.NoteProjectMissing in their notes).
--
-- Calls without a call_key cannot be matched to a decision and are not
-- counted.
WITH c AS (
    SELECT
        c.harness, c.project_dir, c.tool, c.result,
        coalesce(nullif(trim(c.command), ''), nullif(array_to_string(c.paths, ' '), ''),
                 c.url, c.query, c.pattern, c.raw_tool, c.tool, '?') AS what,
        trim(coalesce(c.command, '')) = ''                           AS no_command
    FROM {{calls}} c
    WHERE c.call_key IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM decisions d WHERE d.call_key = c.call_key)
),
decided_projects AS (
    SELECT DISTINCT project_dir, harness FROM decisions
),
decided_harnesses AS (
    SELECT DISTINCT harness FROM decisions
),
causes AS (
    SELECT
        CASE
            WHEN {{simulated}} IS NOT NULL AND NOT list_contains({{simulated}}, c.harness)
                THEN 'no simulator for harness ' || coalesce(c.harness, '?')
            WHEN {{simulated}} IS NULL AND c.harness NOT IN (SELECT harness FROM decided_harnesses)
                THEN 'no call of harness ' || coalesce(c.harness, '?') || ' was decided: no simulator for it, or no replay since its ingest'
            WHEN NOT list_contains({{replayed}}, c.tool)
                THEN 'not a shell or file-tool call (replay decides only those)'
            WHEN c.tool = 'bash' AND c.no_command AND c.result = 'denied'
                THEN 'declined, and the transcript does not hold its command'
            WHEN c.tool = 'bash' AND c.no_command
                THEN 'the transcript does not hold the shell command'
            -- reportsum.CauseNoProjectFolder, word for word.
            WHEN coalesce(c.project_dir, '') = ''
                THEN 'its project folder is not known: the transcript names it only by a hash (Gemini CLI), and no folder given with --projects DIR or --root OLD=NEW hashes to it (replay --problems names each hash), so no project rules can be read'
            WHEN NOT EXISTS (SELECT 1 FROM decided_projects p
                             WHERE p.project_dir IS NOT DISTINCT FROM c.project_dir
                               AND p.harness IS NOT DISTINCT FROM c.harness)
                THEN 'no call of its project was decided: its settings could not be read (replay names the problem)'
            ELSE 'left out of the last replay (--since, --newest, or ingested after it)'
        END AS cause,
        what
    FROM c
    UNION ALL
    SELECT
        'the simulator could not tell: ' || coalesce(d.reason, d.step, 'no reason recorded') AS cause,
        coalesce(nullif(trim(d.command), ''), nullif(array_to_string(d.paths, ' '), ''), d.tool, '?') AS what
    FROM {{decisions}} d
    WHERE d.outcome = 'unknown'
    UNION ALL
    SELECT
        'project folder not found: decided without its settings (replay --root OLD=NEW finds it)' AS cause,
        coalesce(nullif(trim(d.command), ''), nullif(array_to_string(d.paths, ' '), ''), d.tool, '?') AS what
    FROM {{decisions}} d
    WHERE d.outcome IS DISTINCT FROM 'unknown'
      AND list_contains(d.notes, 'project folder not found: decided without the project''s settings')
),
items AS (
    SELECT cause, what, count(*) AS n FROM causes GROUP BY ALL
)
SELECT
    cause,
    sum(n)::BIGINT                                   AS calls,
    list(what ORDER BY n DESC, what ASC)[1:3]        AS examples
FROM items
GROUP BY cause
ORDER BY calls DESC, cause ASC
