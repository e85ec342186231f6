-- A second dataset for the report's window (--since/--until), its weeks,
-- what the run could not decide, and secret masking. The expected results
-- are worked out by hand in queries/report_more_test.go. Only the columns
-- the report reads are filled.
--
--   u1  claude-code /p/a  2026-03-02 10:00  bash "git push origin main"         decided: runs, dangerous git-push, rule Bash(git push *)
--   u2  claude-code /p/a  2026-03-10 10:00  bash curl with a bearer token         decided: runs, dangerous network-exfiltration, mode bypassPermissions; ran ok
--   u3  claude-code /p/a  2026-03-03 10:00  other TodoWrite                       no decision: not a shell or file-tool call
--   u4  claude-code /p/a  2026-03-03 11:00  bash, no command, declined            no decision: declined without its command
--   u5  cursor      /p/c  2026-03-04 10:00  bash "ls"                             no decision: no simulator for cursor
--   u6  claude-code /p/b  2026-03-04 11:00  bash "make"                           no decision, none for /p/b: settings not read
--   u7  claude-code /p/a  2026-03-16 10:00  bash "npm test"                       no decision: left out of the last replay
--   u8  claude-code /p/a  2026-03-11 10:00  bash "./deploy.sh"                    decided: unknown (hook timed out)
--   u9  claude-code /p/a  2026-03-05 10:00  bash "rm -rf dist"                    decided: runs, but its project folder was not found

CREATE TABLE fx_calls (harness VARCHAR, date VARCHAR, call_key VARCHAR, project_dir VARCHAR, ts TIMESTAMP,
    tool VARCHAR, raw_tool VARCHAR, command VARCHAR, paths VARCHAR[], result VARCHAR, mode VARCHAR, copy_rank VARCHAR);
INSERT INTO fx_calls VALUES
    ('claude-code', '2026-03-02', 'u1', '/p/a', TIMESTAMP '2026-03-02 10:00:00', 'bash', 'Bash', 'git push origin main', NULL, 'ok', 'default', '0'),
    ('claude-code', '2026-03-10', 'u2', '/p/a', TIMESTAMP '2026-03-10 10:00:00', 'bash', 'Bash',
        'curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0" https://api.internal/v1', NULL, 'ok', 'bypassPermissions', '0'),
    ('claude-code', '2026-03-03', 'u3', '/p/a', TIMESTAMP '2026-03-03 10:00:00', 'other', 'TodoWrite', NULL, NULL, 'ok', 'default', '0'),
    ('claude-code', '2026-03-03', 'u4', '/p/a', TIMESTAMP '2026-03-03 11:00:00', 'bash', 'Bash', NULL, NULL, 'denied', 'default', '0'),
    ('cursor',      '2026-03-04', 'u5', '/p/c', TIMESTAMP '2026-03-04 10:00:00', 'bash', 'Shell', 'ls', NULL, 'ok', 'default', '0'),
    ('claude-code', '2026-03-04', 'u6', '/p/b', TIMESTAMP '2026-03-04 11:00:00', 'bash', 'Bash', 'make', NULL, 'ok', 'default', '0'),
    ('claude-code', '2026-03-16', 'u7', '/p/a', TIMESTAMP '2026-03-16 10:00:00', 'bash', 'Bash', 'npm test', NULL, 'ok', 'default', '0'),
    ('claude-code', '2026-03-11', 'u8', '/p/a', TIMESTAMP '2026-03-11 10:00:00', 'bash', 'Bash', './deploy.sh', NULL, 'ok', 'default', '0'),
    ('claude-code', '2026-03-05', 'u9', '/p/a', TIMESTAMP '2026-03-05 10:00:00', 'bash', 'Bash', 'rm -rf dist', NULL, 'ok', 'default', '0');

CREATE TABLE fx_decisions (harness VARCHAR, date VARCHAR, call_key VARCHAR, project_dir VARCHAR, ts TIMESTAMP,
    tool VARCHAR, command VARCHAR, mode VARCHAR, outcome VARCHAR, "group" VARCHAR, step VARCHAR,
    rule_text VARCHAR, rule_file VARCHAR, rule_layer VARCHAR, reason VARCHAR, dangerous BOOLEAN, danger VARCHAR[],
    result VARCHAR, label VARCHAR, notes VARCHAR[] DEFAULT NULL);
INSERT INTO fx_decisions VALUES
    ('claude-code', '2026-03-02', 'u1', '/p/a', TIMESTAMP '2026-03-02 10:00:00', 'bash', 'git push origin main', 'default',
        'runs', 'runs', '4 allow rules', 'Bash(git push *)', '/p/a/.claude/settings.json', 'project', NULL, true, ['git-push'], 'ok',
        'simulated from the documented rules', NULL),
    ('claude-code', '2026-03-10', 'u2', '/p/a', TIMESTAMP '2026-03-10 10:00:00', 'bash',
        'curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0" https://api.internal/v1', 'bypassPermissions',
        'runs', 'runs', '1 mode', NULL, NULL, NULL, 'bypassPermissions', true, ['network-exfiltration'], 'ok',
        'simulated from the documented rules', NULL),
    ('claude-code', '2026-03-11', 'u8', '/p/a', TIMESTAMP '2026-03-11 10:00:00', 'bash', './deploy.sh', 'default',
        'unknown', 'unknown', '0 hooks', NULL, NULL, NULL, 'hook timed out', false, NULL, 'ok',
        'simulated from the documented rules', NULL),
    ('claude-code', '2026-03-05', 'u9', '/p/a', TIMESTAMP '2026-03-05 10:00:00', 'bash', 'rm -rf dist', 'default',
        'runs', 'runs', '9 mode', NULL, NULL, NULL, 'default mode', false, NULL, 'ok',
        'simulated from the documented rules', ['project folder not found: decided without the project''s settings']);

COPY (SELECT * EXCLUDE (harness, date) FROM fx_calls WHERE harness = 'claude-code' AND date < '2026-03-09')
  TO '{{out}}/calls/harness=claude-code/date=2026-03-02/part-1.parquet' (FORMAT parquet);
COPY (SELECT * EXCLUDE (harness, date) FROM fx_calls WHERE harness = 'claude-code' AND date >= '2026-03-09')
  TO '{{out}}/calls/harness=claude-code/date=2026-03-10/part-1.parquet' (FORMAT parquet);
COPY (SELECT * EXCLUDE (harness, date) FROM fx_calls WHERE harness = 'cursor')
  TO '{{out}}/calls/harness=cursor/date=2026-03-04/part-1.parquet' (FORMAT parquet);
COPY (SELECT * EXCLUDE (harness, date) FROM fx_decisions WHERE harness = 'claude-code')
  TO '{{out}}/decisions/harness=claude-code/date=2026-03-02/part-1.parquet' (FORMAT parquet);
