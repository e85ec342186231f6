-- Simulation vs what happened: how many decisions rest on each assumption,
-- per aspect (mode, version, settings, folder) and basis (recorded,
-- inferred, defaulted, given; "not recorded" for decisions an older
-- permsim made).
WITH d AS (SELECT mode_basis, version_basis, settings_basis, folder_basis FROM {{decisions}}),
a AS (
    SELECT 1 AS k, 'mode' AS aspect, mode_basis AS basis FROM d
    UNION ALL SELECT 2, 'version', version_basis FROM d
    UNION ALL SELECT 3, 'settings', settings_basis FROM d
    UNION ALL SELECT 4, 'folder', folder_basis FROM d
)
SELECT aspect, coalesce(basis, 'not recorded') AS basis, count(*) AS decisions
FROM a
GROUP BY k, aspect, coalesce(basis, 'not recorded')
ORDER BY k, basis
