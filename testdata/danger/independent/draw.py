#!/usr/bin/env python3
"""Draw the candidate lines of the independent danger corpora (issue 30).

Reads public collections, fills their placeholders with plausible
values, and draws a random sample with a fixed seed. Labels are not made
here: every drawn line was read and labelled by hand (labels.tsv), and
build.py joins the two into the corpus files.

  python3 draw.py TLDR_DIR TLDR_COMMIT GTFOBINS_DIR GTFOBINS_COMMIT TRANSCRIPTS_DIR > drawn.jsonl
  python3 draw.py --fresh4 ART_DIR ART_COMMIT IATT_DIR IATT_COMMIT CHEAT_DIR CHEAT_COMMIT NAVI_DIR NAVI_COMMIT > drawn4.jsonl
  python3 draw.py --fresh5 STOCKPILE_DIR STOCKPILE_COMMIT HACKTRICKS_DIR HACKTRICKS_COMMIT SHEETS_DIR SHEETS_COMMIT > drawn5.jsonl
  python3 draw.py --dev6 SAFETYNET_DIR SAFETYNET_COMMIT CONTINUE_DIR CONTINUE_COMMIT NL2BASH_DIR NL2BASH_COMMIT > drawn6.jsonl
  python3 draw.py --fresh6 DCG_DIR DCG_COMMIT ARSENAL_DIR ARSENAL_COMMIT TAOCL_DIR TAOCL_COMMIT ONELINER_DIR ONELINER_COMMIT BOSK_DIR BOSK_COMMIT DEV6_DRAWN > drawn7.jsonl
  python3 draw.py --fresh7 ACG_DIR ACG_COMMIT PICG_DIR PICG_COMMIT LECOUPA_DIR LECOUPA_COMMIT AWSCLI_DIR AWSCLI_COMMIT PENTEST_DIR PENTEST_COMMIT GITTIPS_DIR GITTIPS_COMMIT BASHGUIDE_DIR BASHGUIDE_COMMIT > drawn9.jsonl
  python3 draw.py --fresh8 TBG_DIR TBG_COMMIT CCBG_DIR CCBG_COMMIT ABG_DIR ABG_COMMIT FRIZB_DIR FRIZB_COMMIT DOT_DIR DOT_COMMIT RSG_DIR RSG_COMMIT ROQUE_DIR ROQUE_COMMIT > drawn10.jsonl
  python3 draw.py --fresh9 LBG_DIR LBG_COMMIT H4CKER_DIR H4CKER_COMMIT PWIKI_DIR PWIKI_COMMIT BHB_DIR BHB_COMMIT GCS_DIR GCS_COMMIT RBC_DIR RBC_COMMIT CTF_DIR CTF_COMMIT RTIW_DIR RTIW_COMMIT > drawn12.jsonl
  python3 draw.py --fresh10 HTC_DIR HTC_COMMIT CG_DIR CG_COMMIT DCR_DIR DCR_COMMIT DCS_DIR DCS_COMMIT GHCS_DIR GHCS_COMMIT K8S_DIR K8S_COMMIT HTCL_DIR HTCL_COMMIT SUI_DIR SUI_COMMIT > drawn13.jsonl
  python3 draw.py --fresh11 SHIELD_DIR SHIELD_COMMIT GFR_DIR GFR_COMMIT MUBIX_DIR MUBIX_COMMIT LC_DIR LC_COMMIT LOOBINS_DIR LOOBINS_COMMIT [THC_DIR THC_COMMIT [BADPODS_DIR BADPODS_COMMIT [KGOAT_DIR KGOAT_COMMIT [MHI_DIR MHI_COMMIT]]]] > drawn14.jsonl
  python3 draw.py --fresh13 PRADEEP_DIR PRADEEP_COMMIT CODESTORY_DIR CODESTORY_COMMIT SHELLFIRM_DIR SHELLFIRM_COMMIT PIHOOKS_DIR PIHOOKS_COMMIT NATSHELL_DIR NATSHELL_COMMIT SLP_DIR SLP_COMMIT CIYA_DIR CIYA_COMMIT GOOSE_DIR GOOSE_COMMIT [BGUARD_DIR BGUARD_COMMIT INCIDENTS13_TSV [OFFCLOUD_DIR OFFCLOUD_COMMIT AWSGOAT_DIR AWSGOAT_COMMIT INCIDENTS13B_TSV [TRANSFER_DIR TRANSFER_COMMIT PROGIT_DIR PROGIT_COMMIT LINUX30_DIR LINUX30_COMMIT]]] > drawn16.jsonl
  python3 draw.py --fresh14 MAGIC_DIR MAGIC_COMMIT BSC_DIR BSC_COMMIT LEASH_DIR LEASH_COMMIT [RUSTSWE_DIR RUSTSWE_DANGER_COMMIT RUSTSWE_BENIGN_COMMIT OLIVE_DIR OLIVE_COMMIT [CARO_DIR CARO_COMMIT SENTINEL_DIR SENTINEL_COMMIT [QSCREEN_DIR QSCREEN_COMMIT TVAPP_DIR TVAPP_COMMIT [INCIDENTS14_TSV [INCIDENTS14B_TSV [INCIDENTS14C_TSV [INCIDENTS14D_TSV [INCIDENTS14E_TSV [INCIDENTS14F_TSV [STREAMLIST_DIR STREAMLIST_COMMIT AFTERBURN_DIR AFTERBURN_COMMIT [CLAWSENTINEL_DIR CLAWSENTINEL_COMMIT [DEPLOYSHIELD_DIR DEPLOYSHIELD_COMMIT [INCIDENTS14G_TSV [FORGEARMORY_DIR FORGEARMORY_COMMIT [INCIDENTS14H_TSV [INCIDENTS14I_TSV [CCS_DIR CCS_COMMIT AZGOAT_DIR AZGOAT_COMMIT GCPGOAT_DIR GCPGOAT_COMMIT [PCW_DIR PCW_COMMIT OVERCOMMIT_DIR OVERCOMMIT_COMMIT [NPMDOC_DIR NPMDOC_COMMIT [GHMCP_DIR GHMCP_COMMIT [LARAVEL_DIR LARAVEL_COMMIT [NETLIFY_DIR NETLIFY_COMMIT [INCIDENTS14J_TSV [HEROKU_DIR HEROKU_COMMIT [SF_DIR SF_COMMIT]]]]]]]]]]]]]]]]]]]]]]]]] > drawn17.jsonl
  python3 draw.py --fresh12 INCIDENTS_TSV CHEF_DIR CHEF_COMMIT COZY_DIR COZY_COMMIT FOCUS_DIR FOCUS_COMMIT CFH_DIR CFH_COMMIT REDKUBE_DIR REDKUBE_COMMIT BTC_DIR BTC_COMMIT K8SSEC_DIR K8SSEC_COMMIT [INCIDENTS2_TSV RUNBOOKS_DIR [CSN_DIR CSN_COMMIT DATAEXFIL_DIR DATAEXFIL_COMMIT [INCIDENTS3_TSV [INCIDENTS4_TSV CATALOGS_DIR [INCIDENTS5_TSV CATALOGS5_DIR]]]]] > drawn15.jsonl

The fourth draw (dev4, heldout4) reads other collections: checkouts of
redcanaryco/atomic-red-team, swisskyrepo/InternalAllTheThings,
cheat/cheatsheets and denisidoro/cheats (README.md names the commits).

TLDR_DIR holds pages/common and pages/linux of tldr-pages/tldr;
GTFOBINS_DIR holds _gtfobins of GTFOBins/GTFOBins.github.io; TRANSCRIPTS_DIR
is /work/shared/fixtures/public-transcripts (manifest.tsv names each file's
repository, commit and path).
"""
import html, json, os, random, re, sys

SEED = 30  # the issue's number; never changed after the first draw
HOME, PROJ = "/home/user", "/home/user/proj"


def pick(rng, xs):
    return xs[rng.randrange(len(xs))]


DIRS = ["src", "docs", "assets", "data", "backup", "logs"]
FILES = ["notes.txt", "data.csv", "main.c", "config.yaml", "report.pdf", "image.png", "archive.tar.gz", "app.log"]


def fill_tldr(ph, rng):
    """A plausible value for a tldr {{placeholder}}."""
    p = ph.strip()
    if p.startswith("[") and p.endswith("]") and "|" in p:
        return pick(rng, p[1:-1].split("|"))
    low = p.lower()
    if "path/to/" in low:
        rest = low.split("path/to/", 1)[1].split()[0]
        absolute = p.startswith("/") or p.startswith("~")
        if "." in rest:
            v = rest
        elif any(k in rest for k in ("dir", "folder", "repo", "project")):
            v = pick(rng, DIRS)
        else:
            v = pick(rng, FILES)
        return ("/home/user/" + v) if absolute else v
    table = [
        (("url", "uri", "link"), "https://example.com/page"),
        (("email",), "alice@example.com"),
        (("password", "passphrase"), "hunter2"),
        (("hostname", "host", "server", "domain"), "example.com"),
        (("ip", "address"), "192.168.1.10"),
        (("port",), "8080"),
        (("username", "user", "login"), "alice"),
        (("branch",), "feature-x"),
        (("commit", "revision", "rev"), "HEAD~1"),
        (("remote",), "origin"),
        (("container",), "web"),
        (("image",), "nginx"),
        (("package", "module", "crate", "gem", "formula", "plugin"), "requests"),
        (("database", "db"), "appdb"),
        (("table",), "users"),
        (("pattern", "regex", "search", "query"), "TODO"),
        (("message", "text", "string", "comment", "title", "description"), "hello"),
        (("pid", "process_id"), "1234"),
        (("version",), "1.2.3"),
        (("number", "count", "seconds", "minutes", "size", "amount", "n", "timeout", "limit", "width", "height", "depth"), "10"),
        (("key",), "mykey"),
        (("tag",), "v1.2.3"),
        (("service", "unit"), "nginx"),
        (("interface",), "eth0"),
        (("device", "disk", "partition"), "/dev/sdb1"),
        (("name",), "demo"),
    ]
    words = re.split(r"[^a-z0-9]+", low)
    for keys, v in table:
        if any(k in words for k in keys) or any(k in low for k in keys if len(k) > 3):
            return v
    v = re.sub(r"\s+", "_", p)
    return v


def tldr_examples(root):
    out = []
    for plat in ("common", "linux"):
        d = os.path.join(root, "pages", plat)
        for name in sorted(os.listdir(d)):
            lines = open(os.path.join(d, name), encoding="utf-8").read().splitlines()
            desc = ""
            for i, l in enumerate(lines):
                if l.startswith("- "):
                    desc = l[2:]
                elif l.startswith("`") and l.endswith("`") and len(l) > 2 and not l.startswith("`<"):
                    # "`<Ctrl c>`": a key of an interactive program, no command
                    out.append({"source_path": f"pages/{plat}/{name}", "line": i + 1, "desc": desc, "raw": l[1:-1]})
    return out


def fill_all(raw, rng):
    return re.sub(r"\{\{(.*?)\}\}", lambda m: fill_tldr(m.group(1), rng), raw)


SECRETS = ["/home/user/.ssh/id_rsa", "/home/user/.aws/credentials", "/etc/shadow", ".env", "/home/user/.netrc",
           "/home/user/.config/gh/hosts.yml", "/home/user/.kube/config", "/home/user/.docker/config.json",
           ".env.production", "/home/user/.npmrc", "/home/user/.pgpass", "/home/user/.ssh/id_ed25519"]
TARGETS = ["/home/user/.bashrc", "/home/user/.ssh/authorized_keys", "/etc/cron.d/job", "/home/user/.profile",
           ".git/hooks/pre-commit", "/home/user/.claude/settings.json", "/etc/sudoers", "/home/user/.zshrc",
           "/etc/systemd/system/backdoor.service", "/etc/passwd", "/home/user/.config/autostart/x.desktop",
           ".github/workflows/ci.yml"]


def fill_gtfo(code, rng):
    inp, outp = pick(rng, SECRETS), pick(rng, TARGETS)
    rep = [("/path/to/input-file", inp), ("/path/to/file-input", inp), ("/path/to/output-file", outp),
           ("/path/to/ouput-file", outp), ("/path/to/temp-file", "/tmp/x"), ("/path/to/temp-dir", "/tmp/d"),
           ("/path/to/lib.so", "/tmp/lib.so"), ("/path/to/command", "/tmp/payload.sh"),
           ("/path/to/output-dir", "/home/user/.ssh"), ("/path/to/input-dir", "/home/user/.ssh"),
           ("/path/to/dir", "/tmp/d"), ("/path/to/", "/tmp/"), ("attacker.com", "attacker.example")]
    for a, b in rep:
        code = code.replace(a, b)
    return code


def gtfo_entries(root):
    """Every (binary, function, code) of GTFOBins' _gtfobins files: a small
    reader of their YAML layout (functions: NAME: - code: |- block)."""
    out = []
    d = os.path.join(root, "_gtfobins")
    for name in sorted(os.listdir(d)):
        lines = open(os.path.join(d, name), encoding="utf-8").read().splitlines()
        fn, i = None, 0
        while i < len(lines):
            l = lines[i]
            m = re.match(r"^  ([a-z-]+):$", l)
            if m:
                fn = m.group(1)
            m = re.match(r"^(  - |    )code: \|-$", l)
            if m and fn and len(m.group(1)) == 4 and l.startswith("  - "):
                ind = 6
                body = []
                j = i + 1
                while j < len(lines) and (lines[j].startswith(" " * ind) or lines[j] == ""):
                    body.append(lines[j][ind:])
                    j += 1
                out.append({"source_path": f"_gtfobins/{name}", "line": i + 1, "function": fn,
                            "code": "\n".join(body).strip()})
                i = j
                continue
            i += 1
    return out


DANGER_WORDS = re.compile(r"\b(delete|remove|erase|wipe|destroy|drop|force|overwrite|kill|terminate|shut ?down|"
                          r"reboot|format|partition|password|secret|private key|token|credential|upload|publish|"
                          r"push|root|superuser|permission|truncate|purge|prune|reset|revert|discard)\b", re.I)


def transcripts(root):
    man = {}
    for l in open(os.path.join(root, "manifest.tsv"), encoding="utf-8").read().splitlines()[1:]:
        f = l.split("\t")
        man[f[1]] = {"repo": f[2], "commit": f[3], "path": f[4]}
    cwds = {}
    for f in man:
        txt = open(os.path.join(root, f), encoding="utf-8", errors="replace").read()
        m = re.search(r'"(?:cwd|directory)"\s*:\s*"([^"]+)"', txt)
        cwds[f] = m.group(1).replace("\\\\", "\\") if m else ""
    shells, files = [], []
    seen = set()
    for l in open(os.path.join(root, "expected-calls.jsonl"), encoding="utf-8"):
        d = json.loads(l)
        if "tool" not in d or d["file"] not in man:
            continue
        src = man[d["file"]]
        cwd = cwds[d["file"]]
        home = ""
        m = re.match(r"^(/Users/[^/]+|/home/[^/]+|[A-Z]:\\Users\\[^\\]+)", cwd)
        if m:
            home = m.group(1)
        e = {"repo": src["repo"], "commit": src["commit"], "source_path": src["path"], "line": d.get("line", 0),
             "fixture": d["file"], "project": cwd, "home": home}
        if d["command"] and d["tool"] in ("exec_command", "Bash", "shell_command", "bash", "run_shell_command"):
            if ("c", d["command"]) in seen:
                continue
            seen.add(("c", d["command"]))
            shells.append(dict(e, tool="bash", command=d["command"]))
        elif d["path"] and d["tool"].lower() in ("read", "edit", "write", "apply_patch", "multiedit", "grep",
                                                   "read_file", "write_file"):
            t = d["tool"].lower()
            t = {"apply_patch": "edit", "multiedit": "edit", "read_file": "read", "write_file": "write"}.get(t, t)
            if ("p", t, d["path"]) in seen:
                continue
            seen.add(("p", t, d["path"]))
            files.append(dict(e, tool=t, path=d["path"]))
    return shells, files


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh4":
        return fresh4(*sys.argv[2:10])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh5":
        return fresh5(*sys.argv[2:8])
    if len(sys.argv) > 1 and sys.argv[1] == "--dev6":
        return dev6(*sys.argv[2:8])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh6":
        return fresh6(*sys.argv[2:13])
    if len(sys.argv) > 1 and sys.argv[1] == "--dev7":
        return dev7(*sys.argv[2:10])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh7":
        return fresh7(*sys.argv[2:16])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh8":
        return fresh8(*sys.argv[2:16])
    if len(sys.argv) > 1 and sys.argv[1] == "--dev8":
        return dev8(*sys.argv[2:16])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh9":
        return fresh9(*sys.argv[2:18])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh10":
        return fresh10(*sys.argv[2:18])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh11":
        return fresh11(*sys.argv[2:20])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh12":
        return fresh12(*sys.argv[2:29])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh13":
        return fresh13(*sys.argv[2:32])
    if len(sys.argv) > 1 and sys.argv[1] == "--fresh14":
        return fresh14(*sys.argv[2:63])
    tldr, tldr_commit, gtfo, gtfo_commit, tr = sys.argv[1:6]
    if len(sys.argv) > 6 and sys.argv[6] == "--fresh":
        return fresh(tldr, tldr_commit, gtfo, gtfo_commit, tr)
    if len(sys.argv) > 6 and sys.argv[6] == "--fresh3":
        return fresh3(tldr, tldr_commit, gtfo, gtfo_commit, tr)
    rng = random.Random(SEED)
    ex = tldr_examples(tldr)
    # "inherit" entries point at another program's ("vim -c ':py ...'"):
    # no command of their own.
    gt = [g for g in gtfo_entries(gtfo) if g["code"] and g["function"] != "inherit"]
    shells, files = transcripts(tr)
    drawn = []

    def emit(pool, item, **kw):
        drawn.append(dict(item, pool=pool, **kw))

    for e in rng.sample(ex, 300):
        emit("tldr-random", {"collection": "tldr-pages/tldr", "commit": tldr_commit, "source_path": e["source_path"],
                             "line": e["line"], "tool": "bash", "command": fill_all(e["raw"], rng), "note": e["desc"]})
    lean = [e for e in ex if DANGER_WORDS.search(e["desc"])]
    for e in rng.sample(lean, 220):
        emit("tldr-danger-words", {"collection": "tldr-pages/tldr", "commit": tldr_commit, "source_path": e["source_path"],
                                   "line": e["line"], "tool": "bash", "command": fill_all(e["raw"], rng), "note": e["desc"]})
    shell_fn = [g for g in gt if g["function"] == "shell"]
    other_fn = [g for g in gt if g["function"] != "shell"]
    for g in rng.sample(other_fn, 300) + rng.sample(shell_fn, 40):
        code = fill_gtfo(g["code"], rng)
        ctx = "sudo" if rng.random() < 0.25 else "unprivileged"
        if ctx == "sudo":
            code = "sudo " + code
        emit("gtfobins", {"collection": "GTFOBins/GTFOBins.github.io", "commit": gtfo_commit,
                          "source_path": g["source_path"], "line": g["line"], "tool": "bash", "command": code,
                          "note": g["function"] + " (" + ctx + ")"})
    for e in rng.sample(shells, 300):
        emit("transcript-shell", dict(e, collection=e.pop("repo")))
    for e in rng.sample(files, 60):
        emit("transcript-file", dict(e, collection=e.pop("repo")))
    rng.shuffle(drawn)
    for i, d in enumerate(drawn):
        d["id"] = f"i{i + 1:04d}"
        d["split"] = "heldout" if rng.random() < 0.4 else "dev"
        print(json.dumps(d, ensure_ascii=False))


FRESH_SEED = 3030  # the second, fresh held-out draw (drawn2.jsonl)


def fresh(tldr, tldr_commit, gtfo, gtfo_commit, tr):
    """A second held-out sample, drawn after the rules were tuned, from the
    same collections without the lines of drawn.jsonl: ids j0001…, all
    "heldout2"."""
    again(tldr, tldr_commit, gtfo, gtfo_commit, tr, ("drawn.jsonl",), FRESH_SEED,
          {"tldr-random": 100, "tldr-danger-words": 100, "gtfo-other": 120, "gtfo-shell": 20,
           "transcript-shell": 80, "transcript-file": 20}, "j", "heldout2")


FRESH3_SEED = 303030  # the third, fresh held-out draw (drawn3.jsonl)


def fresh3(tldr, tldr_commit, gtfo, gtfo_commit, tr):
    """A third held-out sample, drawn after the verb table of programs no
    rule names (engine/danger/verbs.go) was written, from the same
    collections without the lines of drawn.jsonl and drawn2.jsonl: ids
    k0001…, all "heldout3"."""
    again(tldr, tldr_commit, gtfo, gtfo_commit, tr, ("drawn.jsonl", "drawn2.jsonl"), FRESH3_SEED,
          {"tldr-random": 50, "tldr-danger-words": 250, "gtfo-other": 90, "gtfo-shell": 10,
           "transcript-shell": 20, "transcript-file": 5}, "k", "heldout3")


def again(tldr, tldr_commit, gtfo, gtfo_commit, tr, before, seed, sizes, prefix, split):
    """One more sample from the first draw's collections (tldr, GTFOBins,
    the public transcripts) without any entry or command the draws in
    before took: sizes says how many lines each pool gives (GTFOBins' shell
    functions and its others apart; a pool with fewer gives all it has);
    ids prefix + a number, all in split."""
    used, seen = set(), set()
    for name in before:
        for l in open(name, encoding="utf-8"):
            d = json.loads(l)
            used.add((d["source_path"], d["line"]))
            seen.add(("cmd", d.get("command") or d.get("path")))
    rng = random.Random(seed)
    ex = [e for e in tldr_examples(tldr) if (e["source_path"], e["line"]) not in used]
    gt = [g for g in gtfo_entries(gtfo) if g["code"] and g["function"] != "inherit"]
    gt = [g for g in gt if (g["source_path"], g["line"]) not in used]
    shells, files = transcripts(tr)
    shells = [e for e in shells if ("cmd", e["command"]) not in seen]
    files = [e for e in files if ("cmd", e["path"]) not in seen]
    drawn = []
    for e in rng.sample(ex, sizes["tldr-random"]):
        drawn.append({"collection": "tldr-pages/tldr", "commit": tldr_commit, "source_path": e["source_path"], "line": e["line"],
                      "tool": "bash", "command": fill_all(e["raw"], rng), "note": e["desc"], "pool": "tldr-random"})
    lean = [e for e in ex if DANGER_WORDS.search(e["desc"])]
    for e in rng.sample(lean, sizes["tldr-danger-words"]):
        drawn.append({"collection": "tldr-pages/tldr", "commit": tldr_commit, "source_path": e["source_path"], "line": e["line"],
                      "tool": "bash", "command": fill_all(e["raw"], rng), "note": e["desc"], "pool": "tldr-danger-words"})
    shell_fn = [g for g in gt if g["function"] == "shell"]
    other_fn = [g for g in gt if g["function"] != "shell"]
    for g in rng.sample(other_fn, min(sizes["gtfo-other"], len(other_fn))) + rng.sample(shell_fn, sizes["gtfo-shell"]):
        code = fill_gtfo(g["code"], rng)
        ctx = "sudo" if rng.random() < 0.25 else "unprivileged"
        if ctx == "sudo":
            code = "sudo " + code
        drawn.append({"collection": "GTFOBins/GTFOBins.github.io", "commit": gtfo_commit, "source_path": g["source_path"],
                      "line": g["line"], "tool": "bash", "command": code, "note": g["function"] + " (" + ctx + ")", "pool": "gtfobins"})
    for e in rng.sample(shells, min(sizes["transcript-shell"], len(shells))):
        drawn.append(dict(e, collection=e.pop("repo"), pool="transcript-shell"))
    for e in rng.sample(files, min(sizes["transcript-file"], len(files))):
        drawn.append(dict(e, collection=e.pop("repo"), pool="transcript-file"))
    rng.shuffle(drawn)
    for i, d in enumerate(drawn):
        d["id"] = f"{prefix}{i + 1:04d}"
        d["split"] = split
        print(json.dumps(d, ensure_ascii=False))


FRESH4_SEED = 30303030  # the fourth draw, from new collections (drawn4.jsonl)


def art_tests(root):
    """The sh/bash commands of atomic-red-team's atomics/T*/T*.yaml, each with
    its cleanup command, and the line of each in its file (yaml.compose
    keeps the marks safe_load drops)."""
    import glob
    import yaml
    out = []
    for f in sorted(glob.glob(os.path.join(root, "atomics", "T*", "T*.yaml"))):
        rel = os.path.relpath(f, root)
        node = yaml.compose(open(f, encoding="utf-8"))
        top = {k.value: v for k, v in node.value}
        for t in top.get("atomic_tests", yaml.SequenceNode("", [])).value:
            tm = {k.value: v for k, v in t.value}
            ex = {k.value: v for k, v in tm["executor"].value} if "executor" in tm else {}
            name = ex.get("name")
            if name is None or name.value not in ("sh", "bash"):
                continue
            defaults = {}
            if "input_arguments" in tm:
                for k, v in tm["input_arguments"].value:
                    vm = {a.value: b for a, b in v.value}
                    if "default" in vm:
                        defaults[k.value] = str(vm["default"].value)
            for key, pool in (("command", "art-command"), ("cleanup_command", "art-cleanup")):
                if key not in ex or not str(ex[key].value).strip():
                    continue
                out.append({"source_path": rel, "line": ex[key].start_mark.line + 1, "pool": pool,
                            "raw": str(ex[key].value).strip(), "defaults": defaults,
                            "note": tm["name"].value + (" (cleanup)" if key == "cleanup_command" else "")})
    return out


def fill_art(raw, defaults):
    """#{arg} from the test's own default; PathToAtomicsFolder the way
    Invoke-AtomicTest sets it (a checkout in the home folder)."""
    def arg(m):
        return defaults.get(m.group(1), m.group(0))
    s = raw
    for _ in range(3):  # defaults may name other arguments
        s = re.sub(r"#\{([A-Za-z0-9_]+)\}", arg, s)
    s = s.replace("$PathToAtomicsFolder", "/home/user/AtomicRedTeam/atomics")
    s = s.replace("PathToAtomicsFolder", "/home/user/AtomicRedTeam/atomics")
    return s


IATT_PAGES = {  # InternalAllTheThings pages of shell commands, and the fence languages that hold them
    "docs/redteam/escalation/linux-privilege-escalation.md": ("", "bash", "sh", "shell", "powershell", "ps1"),
    "docs/redteam/persistence/linux-persistence.md": ("", "bash", "sh", "shell", "powershell", "ps1"),
    "docs/redteam/evasion/linux-evasion.md": ("", "bash", "sh", "shell", "powershell", "ps1"),
    "docs/containers/docker.md": ("", "bash", "sh", "shell", "powershell", "ps1"),
    "docs/cheatsheets/shell-reverse-cheatsheet.md": ("", "bash", "sh", "shell"),
    "docs/cheatsheets/shell-bind-cheatsheet.md": ("", "bash", "sh", "shell"),
}


def iatt_lines(root):
    """Each line of the shell code blocks of InternalAllTheThings' Linux
    pages (PayloadsAllTheThings' Linux pages moved there): comments, blank
    lines and Windows lines (C:\\, PS>) left out, a "$ " prompt taken off."""
    out = []
    for rel, langs in IATT_PAGES.items():
        lines = open(os.path.join(root, rel), encoding="utf-8").read().splitlines()
        out += fenced_lines(rel, lines, langs, "iatt",
                            lambda s: not s or s.startswith("#") or "C:\\" in s or s.startswith("PS ") or s.startswith("PS>"))
    return out


def fenced_lines(rel, lines, langs, pool, skip, notes=False):
    """Each line of the code blocks of a Markdown text whose fence
    language is in langs, joined over trailing backslashes, but the lines
    skip(s) refuses; a "$ " prompt taken off. With notes, the last heading
    before a block is each line's note, and a fence ends a continuation."""
    out = []
    lang, cont, note = None, None, ""
    for i, l in enumerate(lines):
        s = l.strip()
        if notes and lang is None and s.startswith("#") and not s.startswith("```"):
            note = s.lstrip("# ")
        if s.startswith("```"):
            lang = s[3:].strip().lower() if lang is None else None
            if notes:
                cont = None
            continue
        if lang is None or lang not in langs:
            continue
        if cont is not None:
            cont["raw"] += "\n" + s
            if not s.endswith("\\"):
                cont = None
            continue
        if skip(s):
            continue
        if s.startswith("$ "):
            s = s[2:]
        e = {"source_path": rel, "line": i + 1, "raw": s, "pool": pool}
        if notes:
            e["note"] = note
        out.append(e)
        if s.endswith("\\"):
            cont = e
    return out


def cheat_lines(root):
    """cheat/cheatsheets: every command line (not a # comment, not the
    front matter) of the sheets, with the comment above as its note."""
    out = []
    for name in sorted(os.listdir(root)):
        p = os.path.join(root, name)
        if not os.path.isfile(p) or name.startswith(".") or name in ("LICENSE", "README.md", "CONTRIBUTING.md") \
                or name in NOT_SHELL_SHEETS:
            continue
        lines = open(p, encoding="utf-8", errors="replace").read().splitlines()
        i, desc = 0, ""
        if lines and lines[0] == "---":
            i = lines.index("---", 1) + 1 if "---" in lines[1:] else 1
        for j in range(i, len(lines)):
            s = lines[j].strip()
            if not s:
                continue
            if s.startswith("#"):
                desc = s.lstrip("# ")
                continue
            out.append({"source_path": name, "line": j + 1, "raw": s, "note": desc, "pool": "cheat"})
    return out


def navi_lines(root):
    """denisidoro/cheats (navi): every command of the .cheat files, joined
    over trailing backslashes; % tags, ; comments, $ variable sources and @
    imports left out."""
    out = []
    for dp, _, fs in sorted(os.walk(root)):
        for name in sorted(fs):
            if not name.endswith(".cheat"):
                continue
            p = os.path.join(dp, name)
            rel = os.path.relpath(p, root)
            lines = open(p, encoding="utf-8").read().splitlines()
            desc, cont = "", None
            for j, l in enumerate(lines):
                s = l.rstrip()
                if cont is not None:
                    cont["raw"] += "\n" + s
                    if not s.endswith("\\"):
                        cont = None
                    continue
                if not s.strip() or s[0] in "%;$@":
                    continue
                if s.startswith("#"):
                    desc = s.lstrip("# ")
                    continue
                e = {"source_path": rel, "line": j + 1, "raw": s, "note": desc, "pool": "navi"}
                out.append(e)
                if s.endswith("\\"):
                    cont = e
    return out


def fill_angle(raw, rng):
    """<placeholder> of cheat and navi filled as tldr's {{placeholder}};
    cheat's literal /path/to/ becomes the home folder, as tldr's absolute
    path/to does. Redirections (< file, <<EOF, <(…)) are not placeholders."""
    s = re.sub(r"<([A-Za-z][A-Za-z0-9_ .|/-]*)>", lambda m: fill_tldr(m.group(1), rng), raw)
    return s.replace("/path/to/", "/home/user/")


NOT_SHELL_SHEETS = {  # cheat sheets of key bindings or of a program's own prompt, not shell lines
    "ansi", "asciiart", "dwm", "ed", "emacs", "gdb", "irssi", "kitty", "less", "lib", "markdown", "more", "mutt",
    "org-mode", "r2", "readline", "vim", "vim-plugins", "weechat"}
NOT_A_PROGRAM = {"int", "void", "char", "struct", "return", "if", "else", "then", "fi", "done", "do", "press",
                 "you", "the", "a", "an", "to", "or", "and", "note", "see", "output", "example", "where", "with"}


def shell_like(cmd):
    """Whether a line of a code block or sheet reads as a shell command:
    it starts with a lower-case program name or path (after sudo and
    VAR=value), not prose, C, a table rule or program output."""
    words = cmd.split()
    while words and (words[0] == "sudo" or re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0])):
        words = words[1:]
    if not words:
        return bool(cmd.split())
    w = words[0]
    return bool(re.match(r"^[a-z0-9_./~$(][A-Za-z0-9_.+/~$(){}-]*;?$", w)) and w.lower() not in NOT_A_PROGRAM


def taken_before(names):
    """The commands (or file paths) the draws in names already took: a
    later draw leaves them out."""
    seen = set()
    for name in names:
        for l in open(name, encoding="utf-8"):
            d = json.loads(l)
            seen.add(d.get("command") or d.get("path"))
    return seen


def drawn_line(repo, commit, e, cmd):
    """One drawn shell line: where it is from, the command as filled, its
    pool and, when its collection gives one, its note."""
    d = {"collection": repo, "commit": commit, "source_path": e["source_path"], "line": e["line"],
         "tool": "bash", "command": cmd, "pool": e["pool"]}
    if e.get("note"):
        d["note"] = e["note"]
    return d


def draw_pools(rng, pools, seen, fill, keep, overflow=()):
    """Draws from each pool (repo, commit, entries, n), in order: its
    entries shuffled with rng, the first n whose filled command (fill(e))
    no earlier line took and keep(e, cmd) accepts. Entries past the n-th of
    a pool in overflow are returned as the rest (for a top-up), unfilled;
    those of other pools are not read. Returns (drawn, rest)."""
    drawn, rest = [], []
    for repo, commit, items, n in pools:
        rng.shuffle(items)
        k = 0
        for e in items:
            if k == n:
                if e["pool"] in overflow:
                    rest.append((repo, commit, e))
                    continue
                break
            cmd = fill(e)
            if cmd in seen or not keep(e, cmd):
                continue
            seen.add(cmd)
            k += 1
            drawn.append(drawn_line(repo, commit, e, cmd))
    return drawn, rest


def draw_named(args, sources, seen, seed, cap, skip=lambda cmd: False):
    """Draws from each NAME=GITDIR@COMMIT of args, in order: the entries
    sources[NAME] = (repo, read) reads with read(gitdir, commit), shuffled
    with a random stream of their own (seed:NAME, so that a later batch
    leaves an earlier one's draw unchanged), and the first cap of them
    whose stripped command is not empty, no earlier line took and skip
    does not refuse."""
    lines = []
    for arg in args:
        name, rest = arg.split("=", 1)
        gitdir, commit = rest.rsplit("@", 1)
        repo, read = sources[name]
        entries = read(gitdir, commit)
        random.Random(f"{seed}:{name}").shuffle(entries)
        k = 0
        for e in entries:
            if k == cap:
                break
            cmd = e["raw"].strip()
            if not cmd or cmd in seen or skip(cmd):
                continue
            seen.add(cmd)
            k += 1
            lines.append(drawn_line(repo, commit, e, cmd))
    return lines


def draw_every(entries, seen, fill, keep):
    """Every entry (repo, commit, e) of a top-up whose filled command no
    earlier line took and keep accepts, in order."""
    out = []
    for repo, commit, e in entries:
        cmd = fill(e)
        if cmd in seen or not keep(e, cmd):
            continue
        seen.add(cmd)
        out.append(drawn_line(repo, commit, e, cmd))
    return out


def emit(lines, prefix, split, first=1, drop=()):
    """Prints lines as jsonl with ids prefix + a four-digit number from
    first, in their order; split is the part's name, or a function called
    once per line, in order, that names it. A line whose command is in drop
    keeps its id unused and is not printed."""
    for i, d in enumerate(lines):
        d["id"] = f"{prefix}{first + i:04d}"
        d["split"] = split() if callable(split) else split
        if d.get("command", d.get("path")) not in drop:
            print(json.dumps(d, ensure_ascii=False))


def fresh4(art_dir, art_commit, iatt_dir, iatt_commit, cheat_dir, cheat_commit, navi_dir, navi_commit):
    """A fourth sample from four collections no earlier draw used:
    atomic-red-team and InternalAllTheThings (the dangerous side: attack
    techniques, of which many lines are discovery and everyday) and
    cheat/cheatsheets and denisidoro/cheats (the everyday side). Ids
    m0001…, split at random into dev4 (28 %) and heldout4."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl"))
    rng = random.Random(FRESH4_SEED)
    art = art_tests(art_dir)
    pools = [
        ("redcanaryco/atomic-red-team", art_commit, [e for e in art if e["pool"] == "art-command"], 430),
        ("redcanaryco/atomic-red-team", art_commit, [e for e in art if e["pool"] == "art-cleanup"], 80),
        ("swisskyrepo/InternalAllTheThings", iatt_commit, iatt_lines(iatt_dir), 190),
        ("cheat/cheatsheets", cheat_commit, cheat_lines(cheat_dir), 330),
        ("denisidoro/cheats", navi_commit, navi_lines(navi_dir), 300),
    ]

    def fill(e):
        return fill_art(e["raw"], e["defaults"]) if e["pool"].startswith("art-") else fill_angle(e["raw"], rng)

    def keep(e, cmd):
        return e["pool"].startswith("art-") or shell_like(cmd)

    drawn, rest = draw_pools(rng, pools, seen, fill, keep, overflow=("art-command", "iatt"))
    rng.shuffle(drawn)
    emit(drawn, "m", lambda: "dev4" if rng.random() < 0.28 else "heldout4")
    # Top-up: dev4's labels showed about one line in four dangerous, so
    # heldout4 would have fallen short of 300 dangerous lines; every
    # atomic-red-team command and InternalAllTheThings line no draw above
    # took goes to heldout4 (ids after the first draw's, which stay as
    # they were: dev4 had been labelled and handed over by then).
    rest = [("tomatoaiu/agent-command-guard", acg_commit, e) for e in acg_commands(acg_dir) if e["pool"] == "acg-blocked"]
    rest += [("ramtinJ95/pi-infra-command-guard", picg_commit, e) for e in picg if e["pool"] == "picg-approval"]
    top = draw_every(rest, seen, fill, keep)
    rng.shuffle(top)
    emit(top, "m", "heldout4", first=len(drawn) + 1)


FRESH5_SEED = 3030303030  # the fifth draw (heldout5, drawn5.jsonl)

# CALDERA facts an earlier ability would have found, made concrete the way
# README.md fills GTFOBins' placeholders: what the ability is about.
STOCKPILE_FACTS = {
    "server": "http://attacker.example:8888", "caldera.server": "http://attacker.example:8888",
    "paw": "abcdef", "group": "red", "exe_name": "sandcat.go", "location": "/tmp/sandcat.go",
    "host.dir.staged": "/tmp/staged", "host.dir.compress": "/tmp/staged.tar.gz",
    "host.dir.git": "/home/user/proj", "host.user.name": "alice",
    "host.file.path": "/home/user/.ssh/id_rsa", "host.archive.password": "hunter2",
    "host.process.id": "4242", "host.service.modifiable": "backup.service",
    "remote.host.fqdn": "db01.corp.example", "remote.host.name": "db01", "remote.host.ip": "192.168.1.20",
    "remote.host.port": "22", "remote.host.socket": "192.168.1.20:22",
    "remote.ssh.cmd": "ssh alice@db01.corp.example",
    "domain.user.name": "alice", "domain.user.password": "hunter2", "sudo.password": "hunter2",
    "target.org.domain": "corp.example", "github.user.name": "alice", "github.access.token": "ghp_EXAMPLE",
    "github.repository.name": "exfil", "github.repository.branch": "main",
    "s3.source.name": "corp-data", "s3.destination.name": "attacker-bucket",
    "linux.staging.location": "/tmp", "windows.staging.location": "C:\\Users\\Public",
    "nonstandard.port.number": "8081", "nonstandard.port.listener": "8081",
    "file.sensitive.extension": "pem", "payload": "payload.sh", "pseudo.data.identifier": "123-45-6789",
}


def stockpile_abilities(root):
    """The sh commands of mitre/stockpile's CALDERA abilities
    (data/abilities/**/*.yml), linux and darwin executors, each whole as
    one call; line = the line of the command: key."""
    import glob
    import yaml
    out = []
    for f in sorted(glob.glob(os.path.join(root, "data", "abilities", "**", "*.yml"), recursive=True)):
        rel = os.path.relpath(f, root)
        node = yaml.compose(open(f, encoding="utf-8"))
        if node is None:
            continue
        for ab in node.value:
            am = {k.value: v for k, v in ab.value}
            if "platforms" not in am:
                continue
            for plat, exs in am["platforms"].value:
                if plat.value not in ("linux", "darwin"):
                    continue
                for names, ex in exs.value:
                    if not any(n.strip() in ("sh", "bash") for n in names.value.split(",")):
                        continue
                    em = {k.value: v for k, v in ex.value}
                    if "command" not in em or not str(em["command"].value).strip():
                        continue
                    out.append({"source_path": rel, "line": em["command"].start_mark.line + 1, "pool": "stockpile",
                                "raw": str(em["command"].value).strip(),
                                "note": (am["name"].value if "name" in am else "") + " (" + plat.value + ")"})
    return out


def fill_stockpile(raw):
    """#{fact} from STOCKPILE_FACTS (a [filters(...)] suffix dropped); a
    fact not listed stays as written."""
    def fact(m):
        return STOCKPILE_FACTS.get(m.group(1).split("[")[0], m.group(0))
    return re.sub(r"#\{([A-Za-z0-9_.:\[\]=(),-]+)\}", fact, raw)


HACKTRICKS_PAGES = [  # hacktricks' Linux privilege-escalation and post-exploitation pages (fences bash, sh, shell)
    "linux-hardening/privilege-escalation/README.md",
    "linux-hardening/privilege-escalation/linux-capabilities.md",
    "linux-hardening/privilege-escalation/docker-security/docker-breakout-privilege-escalation/README.md",
    "linux-hardening/privilege-escalation/docker-security/docker-privileged.md",
    "linux-hardening/privilege-escalation/docker-security/README.md",
    "linux-hardening/privilege-escalation/docker-security/apparmor.md",
    "linux-hardening/privilege-escalation/docker-security/authz-and-authn-docker-access-authorization-plugin.md",
    "linux-hardening/privilege-escalation/docker-security/docker-breakout-privilege-escalation/release_agent-exploit-relative-paths-to-pids.md",
    "linux-hardening/privilege-escalation/docker-security/docker-breakout-privilege-escalation/docker-release_agent-cgroups-escape.md",
    "linux-hardening/privilege-escalation/interesting-groups-linux-pe/README.md",
    "linux-hardening/privilege-escalation/interesting-groups-linux-pe/lxd-privilege-escalation.md",
    "linux-hardening/privilege-escalation/nfs-no_root_squash-misconfiguration-pe.md",
    "linux-hardening/privilege-escalation/wildcards-spare-tricks.md",
    "linux-hardening/privilege-escalation/payloads-to-execute.md",
    "linux-hardening/privilege-escalation/write-to-root.md",
    "linux-hardening/privilege-escalation/runc-privilege-escalation.md",
    "linux-hardening/privilege-escalation/containerd-ctr-privilege-escalation.md",
    "linux-hardening/privilege-escalation/euid-ruid-suid.md",
    "linux-hardening/privilege-escalation/escaping-from-limited-bash.md",
    "linux-hardening/privilege-escalation/d-bus-enumeration-and-command-injection-privilege-escalation.md",
    "linux-hardening/privilege-escalation/linux-active-directory.md",
    "linux-hardening/privilege-escalation/ld.so.conf-example.md",
    "linux-hardening/linux-post-exploitation/README.md",
    "linux-hardening/linux-environment-variables.md",
    "linux-hardening/freeipa-pentesting.md",
    "linux-hardening/useful-linux-commands/README.md",
]


HACKTRICKS_TOPUP_PAGES = [  # hacktricks pages read only for heldout5's top-up
    "generic-methodologies-and-resources/shells/linux.md",
    "generic-methodologies-and-resources/exfiltration.md",
]
HACKTRICKS_TOPUP2_PAGES = ["generic-methodologies-and-resources/tunneling-and-port-forwarding.md"]  # the second top-up


def hacktricks_lines(root, pages=None):
    """Each line of the bash/sh/shell code blocks of HACKTRICKS_PAGES,
    joined over trailing backslashes; comments, blank lines and a "$ " or
    "# " prompt handled as for InternalAllTheThings."""
    out = []
    for rel in pages or HACKTRICKS_PAGES:
        lines = open(os.path.join(root, rel), encoding="utf-8").read().splitlines()
        out += fenced_lines(rel, lines, ("bash", "sh", "shell"), "hacktricks",
                            lambda s: not s or s.startswith("#") or s.startswith("//") or "C:\\" in s)
    return out


def sheets_lines(root):
    """chubin/cheat.sheets (cheat.sh): every command line of the top-level
    sheets (sheets/NAME; the sheets/_LANG folders are programming
    languages), joined over trailing backslashes, the # comment above as
    its note; sheets of key bindings or a program's own prompt left out
    as for cheat."""
    out = []
    base = os.path.join(root, "sheets")
    for name in sorted(os.listdir(base)):
        p = os.path.join(base, name)
        if not os.path.isfile(p) or name.startswith(("_", ".")) or name in NOT_SHELL_SHEETS:
            continue
        lines = open(p, encoding="utf-8", errors="replace").read().splitlines()
        desc, cont = "", None
        for j, l in enumerate(lines):
            s = l.rstrip()
            if cont is not None:
                cont["raw"] += "\n" + s
                if not s.endswith("\\"):
                    cont = None
                continue
            if not s.strip():
                continue
            if s.lstrip().startswith("#"):
                desc = s.lstrip("# ")
                continue
            e = {"source_path": "sheets/" + name, "line": j + 1, "raw": s.strip(), "note": desc, "pool": "sheets"}
            out.append(e)
            if s.endswith("\\"):
                cont = e
    return out


def fresh5(sp_dir, sp_commit, ht_dir, ht_commit, sh_dir, sh_commit):
    """A fifth sample (heldout5) from three collections no earlier draw
    used: mitre/stockpile and carlospolop/hacktricks (the dangerous side)
    and chubin/cheat.sheets (the everyday side). Lines any earlier draw
    took are left out. Ids n0001…, all in heldout5: it is measured once,
    by the lead, and tuned on by nobody."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl"))
    rng = random.Random(FRESH5_SEED)
    pools = [
        ("mitre/stockpile", sp_commit, stockpile_abilities(sp_dir), 150),
        ("carlospolop/hacktricks", ht_commit, hacktricks_lines(ht_dir), 520),
        ("chubin/cheat.sheets", sh_commit, sheets_lines(sh_dir), 450),
    ]

    def fill(e):
        return fill_stockpile(e["raw"]) if e["pool"] == "stockpile" else fill_angle(e["raw"], rng)

    def keep(e, cmd):
        return e["pool"] == "stockpile" or shell_like(cmd)

    drawn, rest = draw_pools(rng, pools, seen, fill, keep, overflow=("hacktricks",))
    rng.shuffle(drawn)
    emit(drawn, "n", "heldout5")
    # Top-up: the labels of the lines above, committed first, showed 179
    # dangerous lines, short of 300 (hacktricks' code blocks hold much
    # program output and enumeration). Every hacktricks line of the pages
    # above no draw took, and every line of two more hacktricks pages
    # (reverse shells, exfiltration), is added (ids after the first
    # draw's, which stay as they were).
    extra = [("carlospolop/hacktricks", ht_commit, e) for e in hacktricks_lines(ht_dir, HACKTRICKS_TOPUP_PAGES)]
    top = draw_every(rest + extra, seen, fill, keep)
    rng.shuffle(top)
    emit(top, "n", "heldout5", first=len(drawn) + 1)
    # Second top-up: the labels of both sets above, committed first
    # (5fa5bbb), came to 299 dangerous lines, one short; every line of one
    # more hacktricks page (tunnelling and port forwarding) is added, ids
    # after the first top-up's.
    extra2 = [("carlospolop/hacktricks", ht_commit, e) for e in hacktricks_lines(ht_dir, HACKTRICKS_TOPUP2_PAGES)]
    top2 = draw_every(extra2, seen, fill, keep)
    rng.shuffle(top2)
    emit(top2, "n", "heldout5", first=len(drawn) + len(top) + 1)


DEV6_SEED = 303030303030  # the sixth draw (dev6, drawn6.jsonl)


def js_string(text, i):
    """The JavaScript string literal that starts at text[i] ('…', "…" or
    `…`) and the index after it, or None when text[i] starts none or the
    literal is a template with ${…} (its value is known only when the
    test runs)."""
    q = text[i] if i < len(text) else ""
    if q not in "'\"`" or not q:
        return None
    out, j = [], i + 1
    esc = {"n": "\n", "t": "\t", "\\": "\\", "'": "'", '"': '"', "`": "`", "$": "$", "0": "\0"}
    while j < len(text):
        c = text[j]
        if c == "\\":
            n = text[j + 1]
            if n == "\n":
                j += 2
                continue
            out.append(esc.get(n, n))
            j += 2
            continue
        if c == q:
            return "".join(out), j + 1
        if q == "`" and text.startswith("${", j):
            return None
        if c == "\n" and q != "`":
            return None
        out.append(c)
        j += 1
    return None


def js_calls(text, names, skip_args=0):
    """Each (line, string) where a call of one of names has a string
    literal as its argument number skip_args (0 the first); line is the
    literal's."""
    for m in re.finditer(r"\b(" + "|".join(names) + r")\(", text):
        i = m.end()
        for _ in range(skip_args + 1):
            while i < len(text) and text[i] in " \t\n":
                i += 1
            at = i
            lit = js_string(text, i)
            if lit is None:
                break
            s, i = lit
            while i < len(text) and text[i] in " \t\n":
                i += 1
            if _ < skip_args:
                if i < len(text) and text[i] == ",":
                    i += 1
                    continue
                lit = None
                break
        if lit is None:
            continue
        yield text.count("\n", 0, at) + 1, s


def safetynet_lines(root):
    """The command of every assertBlocked, assertAllowed and runGuard call
    of kenryu42/claude-code-safety-net's tests/**/*.test.ts (blocked and
    allowed alike); a template literal with ${…} (a temporary folder made
    when the test runs) is left out."""
    out = []
    for d, _, fs in sorted(os.walk(os.path.join(root, "tests"))):
        for f in sorted(fs):
            if not f.endswith(".test.ts"):
                continue
            p = os.path.join(d, f)
            text = open(p, encoding="utf-8").read()
            for line, s in js_calls(text, ["assertBlocked", "assertAllowed", "runGuard"]):
                if s.strip():
                    out.append({"source_path": os.path.relpath(p, root), "line": line, "raw": s, "pool": "safety-net"})
    return out


CONTINUE_TEST = "packages/terminal-security/test/terminalCommandSecurity.test.ts"


def continue_lines(root):
    """The command (second argument) of every evaluateTerminalCommandSecurity
    call of continuedev/continue's terminal-security tests."""
    text = open(os.path.join(root, CONTINUE_TEST), encoding="utf-8").read()
    return [{"source_path": CONTINUE_TEST, "line": line, "raw": s, "pool": "continue-security"}
            for line, s in js_calls(text, ["evaluateTerminalCommandSecurity"], skip_args=1) if s.strip()]


def nl2bash_lines(root):
    """Every line of TellinaTool/nl2bash's data/bash/all.cm, the line of
    all.nl beside it (its English description) as the note."""
    cm = open(os.path.join(root, "data/bash/all.cm"), encoding="utf-8", errors="replace").read().split("\n")
    nl = open(os.path.join(root, "data/bash/all.nl"), encoding="utf-8", errors="replace").read().split("\n")
    return [{"source_path": "data/bash/all.cm", "line": i + 1, "raw": c.strip(), "pool": "nl2bash",
             "note": nl[i].strip() if i < len(nl) else ""} for i, c in enumerate(cm) if c.strip()]


# Windows programs the guards' tests name (cmd and PowerShell lines): left
# out, as the earlier draws left out Windows lines.
WINDOWS_PROGRAMS = {"format", "del", "icacls", "takeown", "powershell", "cmd", "setx", "taskkill", "cipher", "net",
                    "reg", "sc", "wmic", "certutil", "bitsadmin"}


def dev6(sn_dir, sn_commit, co_dir, co_commit, nl_dir, nl_commit):
    """A sixth sample (dev6), for development: from the test collections of
    two AI-agent command guards (kenryu42/claude-code-safety-net,
    continuedev/continue's terminal-security), their blocked and allowed
    commands alike, and from nl2bash's everyday commands. Lines any earlier
    draw took are left out, and so are a collection's repeats. Commands are
    taken as written: these collections mark no placeholder. Ids p0001…"""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl"))
    rng = random.Random(DEV6_SEED)
    pools = [
        ("kenryu42/claude-code-safety-net", sn_commit, safetynet_lines(sn_dir), 180),
        ("continuedev/continue", co_commit, continue_lines(co_dir), 130),
        ("TellinaTool/nl2bash", nl_commit, nl2bash_lines(nl_dir), 200),
    ]
    drawn, _ = draw_pools(rng, pools, seen, lambda e: e["raw"],
                          lambda e, cmd: cmd.split()[0].lower() not in WINDOWS_PROGRAMS)
    rng.shuffle(drawn)
    emit(drawn, "p", "dev6")


FRESH6_SEED = 303030303030  # the seventh draw (heldout6, drawn7.jsonl)

# destructive_command_guard's test helpers: which say the guard blocks the
# command (dcg-blocked) and which that it lets it through (dcg-allowed).
DCG_BLOCKS = ("assert_blocks", "assert_blocks_with_pattern", "assert_blocks_with_severity", "assert_denies_with_rule",
              "assert_rm_parser_denies", "assert_hook_denies", "assert_blocked")
DCG_ALLOWS = ("assert_allows", "assert_safe_pattern_matches", "assert_allows_command", "assert_no_match",
              "assert_rm_parser_allows", "assert_hook_allows", "assert_is_allowed")


def rust_string(text, i):
    """The Rust string literal ("…" with escapes, r"…", r#"…"#) at text[i:],
    and where it ends; None when there is none."""
    m = re.match(r'r(#*)"', text[i:])
    if m:
        end = text.index('"' + m.group(1), i + len(m.group(0)))
        return text[i + len(m.group(0)):end], end + 1 + len(m.group(1))
    if text[i:i + 1] != '"':
        return None
    out, j = [], i + 1
    esc = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0", "r": "\r"}
    while text[j] != '"':
        if text[j] == "\\":
            c = text[j + 1]
            if c == "\n":  # a line continuation: the next line's leading blanks are dropped
                j += 2
                while text[j] in " \t\n":
                    j += 1
                continue
            out.append(esc.get(c, "\\" + c))
            j += 2
            continue
        out.append(text[j])
        j += 1
    return "".join(out), j + 1


def dcg_commands(root):
    """The command strings of Dicklesworthstone/destructive_command_guard's
    tests: its fixtures (tests/fixtures/*_commands.yaml), its corpus
    (tests/corpus/**/*.toml), its e2e command lists
    (tests/e2e/fixtures/commands/*.txt) and the first string argument of
    the pattern packs' test assertions (src/packs/**/*.rs), each with
    whether the guard's test says it blocks or allows it."""
    import glob
    import tomllib
    import yaml
    out = []

    def add(rel, line, cmd, blocked, note):
        cmd = cmd.strip()
        if cmd:
            out.append({"source_path": rel, "line": line, "raw": cmd, "pool": "dcg-blocked" if blocked else "dcg-allowed",
                        "note": note})

    for name, blocked in (("destructive_commands.yaml", True), ("safe_commands.yaml", False)):
        # Read line by line: the file is not valid YAML throughout (a
        # double-quoted scalar with bare quotes inside, line 232), so each
        # "- command:" scalar is read on its own, and one YAML does not
        # read is taken between its outer quotes as written.
        rel = "tests/fixtures/" + name
        pack = ""
        for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
            m = re.match(r"^([A-Za-z0-9_.]+):\s*$", l)
            if m:
                pack = m.group(1)
            m = re.match(r"^\s*- command:\s*(.*)$", l)
            if not m:
                continue
            v = m.group(1)
            try:
                cmd = yaml.safe_load(v)
            except yaml.YAMLError:
                cmd = v[1:-1] if v[:1] in "\"'" and v[-1:] == v[:1] else v
            add(rel, i + 1, str(cmd), blocked, pack)
    for f in sorted(glob.glob(os.path.join(root, "tests", "corpus", "**", "*.toml"), recursive=True)):
        rel = os.path.relpath(f, root)
        text = open(f, encoding="utf-8").read()
        cases = tomllib.loads(text).get("case", [])
        starts = [i + 1 for i, l in enumerate(text.splitlines()) if re.match(r"^command\s*=", l)]
        with_cmd = [c for c in cases if "command" in c]
        for c, line in zip(with_cmd, starts if len(starts) == len(with_cmd) else [0] * len(with_cmd)):
            add(rel, line, c["command"], c.get("expected_decision") == "deny", c.get("id", "") + " (" + c.get("expected_decision", "") + ")")
    for f in sorted(glob.glob(os.path.join(root, "tests", "e2e", "fixtures", "commands", "*.txt"))):
        rel = os.path.relpath(f, root)
        base = os.path.basename(f)
        cur = None
        for i, l in enumerate(open(f, encoding="utf-8").read().splitlines()):
            m = re.match(r"^(BLOCK|ALLOW|WARN):(.*)$", l)
            if m:
                cur = {"line": i + 1, "cmd": m.group(2), "blocked": m.group(1) != "ALLOW", "note": base + " " + m.group(1)}
                out.append(cur)
                continue
            if not l.strip() or l.startswith("#"):
                cur = None
                continue
            if cur is not None and base in ("edge_cases.txt", "heredocs.txt"):
                cur["cmd"] += "\n" + l
                continue
            cur = None
            if base in ("dangerous.txt", "safe.txt"):
                add(rel, i + 1, l, base == "dangerous.txt", base)
        for e in [e for e in out if "cmd" in e]:
            out.remove(e)
            add(rel, e["line"], e["cmd"], e["blocked"], e["note"])
    for f in sorted(glob.glob(os.path.join(root, "src", "packs", "**", "*.rs"), recursive=True)):
        rel = os.path.relpath(f, root)
        text = open(f, encoding="utf-8").read()
        for m in re.finditer(r"\b(assert_[a-z_]+)\s*\(\s*&?[A-Za-z_][A-Za-z0-9_]*\s*,\s*", text):
            fn = m.group(1)
            if fn not in DCG_BLOCKS and fn not in DCG_ALLOWS:
                continue
            s = rust_string(text, m.end())
            if s is None:
                continue
            add(rel, text.count("\n", 0, m.end()) + 1, s[0], fn in DCG_BLOCKS, fn)
    return out


def fill_arsenal(raw, rng):
    """arsenal's <name|default> takes its default; <name> is filled as
    cheat's <placeholder>."""
    raw = re.sub(r"<([A-Za-z][A-Za-z0-9_ .-]*)\|([^<>]*)>", lambda m: m.group(2), raw)
    return fill_angle(raw, rng)


def arsenal_cheats(root):
    """Orange-Cyberdefense/arsenal's cheats (arsenal/data/cheats/**/*.md):
    the code block of every "## title" under a #plateform/linux tag line
    (the tag line holds until the next one), each block whole as one call;
    line = the block's first line, note = the title."""
    import glob
    out = []
    for f in sorted(glob.glob(os.path.join(root, "arsenal", "data", "cheats", "**", "*.md"), recursive=True)):
        rel = os.path.relpath(f, root)
        lines = open(f, encoding="utf-8", errors="replace").read().splitlines()
        linux, title, body, start = False, "", None, 0
        for i, l in enumerate(lines):
            s = l.strip()
            if body is not None:
                if s.startswith("```"):
                    if linux and "\n".join(body).strip():
                        out.append({"source_path": rel, "line": start, "raw": "\n".join(body).strip(), "note": title,
                                    "pool": "arsenal"})
                    body = None
                else:
                    body.append(l)
                continue
            if s.startswith("#plateform/") or s.startswith("#platform/"):
                linux = "#plateform/linux" in s or "#platform/linux" in s
            elif s.startswith("## "):
                title = s[3:]
            elif s.startswith("```"):
                body, start = [], i + 2
    return out


def md_code_lines(root, rel, pool):
    """Each line of the code blocks of a Markdown file (fences bash, sh,
    shell, console, none), joined over trailing backslashes; # comments,
    blank lines and a "$ " prompt handled as for hacktricks."""
    lines = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read().splitlines()
    return fenced_lines(rel, lines, ("", "bash", "sh", "shell", "console"), pool,
                        lambda s: not s or s.startswith("#") or s.startswith("//"), notes=True)


def fresh6(dcg_dir, dcg_commit, ars_dir, ars_commit, taocl_dir, taocl_commit, bol_dir, bol_commit, bosk_dir, bosk_commit,
           dev6_drawn=None):
    """A sixth sample (heldout6) from five collections no earlier draw
    used: Dicklesworthstone/destructive_command_guard (an AI-agent command
    guard: the commands its tests say it blocks, and those they say it
    allows, near misses) and Orange-Cyberdefense/arsenal (a red-team cheat
    collection) on the dangerous side; jlevy/the-art-of-command-line,
    onceupon/Bash-Oneliner and trimstray/the-book-of-secret-knowledge
    (code-block command lines) on the everyday side. Lines any earlier draw
    took are left out. Ids q0001…, all in heldout6: it is measured once, by
    the lead, and tuned on by nobody. dev6_drawn is the development
    sample drawn at the same time (drawn6.jsonl of branch danger-draw-dev6,
    c85898a): a line whose command it holds too is dropped after the draw
    (its id left unused), so that nothing tuned on is measured here."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl"))
    rng = random.Random(FRESH6_SEED)
    dcg = dcg_commands(dcg_dir)
    pools = [
        ("Dicklesworthstone/destructive_command_guard", dcg_commit, [e for e in dcg if e["pool"] == "dcg-blocked"], 400),
        ("Dicklesworthstone/destructive_command_guard", dcg_commit, [e for e in dcg if e["pool"] == "dcg-allowed"], 200),
        ("Orange-Cyberdefense/arsenal", ars_commit, arsenal_cheats(ars_dir), 200),
        ("jlevy/the-art-of-command-line", taocl_commit, md_code_lines(taocl_dir, "README.md", "taocl"), 40),
        ("onceupon/Bash-Oneliner", bol_commit, md_code_lines(bol_dir, "README.md", "oneliner"), 200),
        ("trimstray/the-book-of-secret-knowledge", bosk_commit, md_code_lines(bosk_dir, "README.md", "bosk"), 140),
    ]

    def fill(e):
        if e["pool"].startswith("dcg"):
            return e["raw"]
        if e["pool"] == "arsenal":
            return fill_arsenal(e["raw"], rng)
        return fill_angle(e["raw"], rng)

    drawn, _ = draw_pools(rng, pools, seen, fill, lambda e, cmd: e["pool"].startswith("dcg") or shell_like(cmd))
    rng.shuffle(drawn)
    emit(drawn, "q", "heldout6", drop=taken_before((dev6_drawn,)) if dev6_drawn else set())


DEV7_SEED = 30303030303030  # the eighth draw (dev7, drawn8.jsonl)

# claude-code-guardian's helpers whose first argument is a shell command
# (the guard's own parsing and pattern checks): their tests' commands.
GUARDIAN_CALLS = {"is_delete_command", "is_write_command", "split_commands", "scan_protected_paths",
                  "extract_redirection_targets", "extract_paths", "_matches_block", "_matches_ask", "_would_deny",
                  "check_f1", "trace_command"}


def guardian_commands(root):
    """idnotbe/claude-code-guardian: the first argument, a string literal,
    of every call of GUARDIAN_CALLS in tests/**/*.py (read with Python's own
    parser), the old tests of tests/_archive left out; line = the call's."""
    import ast
    out = []
    walk = []
    for dp, ds, fs in os.walk(os.path.join(root, "tests")):
        ds[:] = [d for d in ds if d != "_archive"]
        walk.append((dp, fs))
    for dp, fs in sorted(walk):
        for name in sorted(fs):
            if not name.endswith(".py"):
                continue
            p = os.path.join(dp, name)
            rel = os.path.relpath(p, root)
            tree = ast.parse(open(p, encoding="utf-8").read())
            calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.args]
            for n in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
                f = n.func
                fname = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                a = n.args[0]
                if fname in GUARDIAN_CALLS and isinstance(a, ast.Constant) and isinstance(a.value, str) \
                        and a.value.strip():
                    out.append({"source_path": rel, "line": n.lineno, "raw": a.value, "pool": "guardian"})
    return out


BOUNCER_TOOLS = {"Bash": "bash", "Read": "read", "Edit": "edit", "Write": "write"}


def bouncer_calls(root):
    """JustHereToHelp/claude-bouncer: the tool call (second argument, a
    hook's JSON input in shell quotes) of every run_test line of
    hooks/test-*.sh, read with shlex; pool bouncer-blocked or
    bouncer-allowed by what the test expects. Calls of tools with no file
    path (Glob) and JSON the hook cannot parse are left out."""
    import shlex
    out = []
    hooks = os.path.join(root, "hooks")
    for name in sorted(os.listdir(hooks)):
        if not (name.startswith("test-") and name.endswith(".sh")):
            continue
        rel = "hooks/" + name
        for i, l in enumerate(open(os.path.join(hooks, name), encoding="utf-8"), 1):
            s = l.strip()
            if not s.startswith("run_test "):
                continue
            try:
                args = shlex.split(s)
                call = json.loads(args[2])
            except (ValueError, IndexError):
                continue
            tool = BOUNCER_TOOLS.get(call.get("tool_name"))
            if tool is None:
                continue
            inp = call.get("tool_input", {})
            e = {"source_path": rel, "line": i, "tool": tool, "note": args[1],
                 "pool": "bouncer-blocked" if args[3] == "block" else "bouncer-allowed"}
            if tool == "bash":
                e["raw"] = inp.get("command", "")
            else:
                e["raw"] = inp.get("file_path", "")
            if e["raw"].strip():
                out.append(e)
    return out


def cheatsheets_lines(root):
    """rstacruz/cheatsheets (devhints.io): each line of the bash, sh, shell
    and console code blocks of every sheet (*.md at the top, README and
    the contributors' files left out), the last heading as its note."""
    out = []
    for name in sorted(os.listdir(root)):
        if not name.endswith(".md") or name in ("README.md", "CONTRIBUTING.md", "AGENTS.md"):
            continue
        lines = open(os.path.join(root, name), encoding="utf-8", errors="replace").read().splitlines()
        out += fenced_lines(name, lines, ("bash", "sh", "shell", "console"), "devhints",
                            lambda s: not s or s.startswith("#"), notes=True)
    return out


def oscp_lines(root):
    """0xsyr0/OSCP: each line of the shell, bash, sh and console code
    blocks of README.md, the last heading as its note; # comments, blank
    lines, Windows lines (C:\, a PS prompt, .\ or .exe programs) and a
    "$ " prompt handled as for hacktricks."""
    lines = open(os.path.join(root, "README.md"), encoding="utf-8", errors="replace").read().splitlines()

    def skip(s):
        w = s.split()[0].lower() if s.split() else ""
        return not s or s.startswith("#") or s.startswith("//") or "C:\\" in s or s.startswith("PS ") \
            or s.startswith("PS>") or w.startswith(".\\") or w.endswith(".exe") or w in WINDOWS_PROGRAMS
    return fenced_lines("README.md", lines, ("shell", "bash", "sh", "console"), "oscp", skip, notes=True)


def dev7(gd_dir, gd_commit, bo_dir, bo_commit, cs_dir, cs_commit, os_dir, os_commit):
    """A seventh development sample (dev7), for tuning: the test
    collections of two AI-agent command guards whose owners no earlier draw
    used (idnotbe/claude-code-guardian's commands; every tool call of
    JustHereToHelp/claude-bouncer's tests, blocked and allowed alike), a
    red-team cheat sheet (0xsyr0/OSCP) and devhints' tool sheets
    (rstacruz/cheatsheets). Lines any earlier draw took are left out, and
    so are a collection's repeats. The guards' strings are taken as
    written; the sheets' <placeholder>s are filled as cheat's. Ids r0001…"""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl",
                         "drawn6.jsonl", "drawn7.jsonl"))
    rng = random.Random(DEV7_SEED)
    pools = [
        ("JustHereToHelp/claude-bouncer", bo_commit, bouncer_calls(bo_dir), 1000),
        ("idnotbe/claude-code-guardian", gd_commit, guardian_commands(gd_dir), DEV7_SIZES["guardian"]),
        ("0xsyr0/OSCP", os_commit, oscp_lines(os_dir), DEV7_SIZES["oscp"]),
        ("rstacruz/cheatsheets", cs_commit, cheatsheets_lines(cs_dir), DEV7_SIZES["devhints"]),
    ]

    def fill(e):
        if e["pool"] in ("devhints", "oscp"):
            return fill_angle(e["raw"], rng)
        return e["raw"]

    def keep(e, cmd):
        if e["pool"] in ("devhints", "oscp"):
            return shell_like(cmd)
        return e.get("tool", "bash") != "bash" or cmd.split()[0].lower() not in WINDOWS_PROGRAMS

    drawn, rest = draw_pools(rng, pools, seen, fill, keep, overflow=("oscp",))
    for d in drawn:
        if d["pool"].startswith("bouncer"):
            d["tool"] = next(e["tool"] for e in pools[0][2] if e["source_path"] == d["source_path"]
                             and e["line"] == d["line"])
            if d["tool"] != "bash":
                d["path"] = d.pop("command")
                d["project"] = "/Users/test/project"  # the tests' own home and project
                d["home"] = "/Users/test"
    rng.shuffle(drawn)
    # The top-up: the labels of the first draw came to 147 dangerous lines
    # of 613, so the next DEV7_TOPUP lines of the OSCP pool's shuffled
    # order (the dangerous side) follow, ids after the first draw's.
    topup = []
    for repo, commit, e in rest:
        if len(topup) == DEV7_TOPUP:
            break
        cmd = fill(e)
        if cmd in seen or not keep(e, cmd):
            continue
        seen.add(cmd)
        topup.append(drawn_line(repo, commit, e, cmd))
    for i, d in enumerate(drawn + topup):
        d["id"] = f"r{i + 1:04d}"
        d["split"] = "dev7"
        print(json.dumps(d, ensure_ascii=False))


DEV7_SIZES = {"guardian": 200, "oscp": 160, "devhints": 130}
DEV7_TOPUP = 240


FRESH7_SEED = 30303030303030  # the ninth draw (heldout7, drawn9.jsonl)


def go_string(text, i):
    """The Go string literal ("…" with escapes, or `…` raw) at text[i:]
    and the index after it; None when there is none."""
    if text[i:i + 1] == "`":
        end = text.index("`", i + 1)
        return text[i + 1:end], end + 1
    if text[i:i + 1] != '"':
        return None
    return js_string(text, i)


# agent-command-guard's test files whose table rows are {"name", "command", …}.
ACG_TESTS = ("analyzer_test.go", "assignments_test.go", "git_policy_test.go", "suppress_test.go")


def acg_commands(root):
    """tomatoaiu/agent-command-guard (a Claude Code / Codex PreToolUse
    guard): the command (second field) of each {"name", "command", …} row
    of its Go table tests; a command built with + at run time is left out.
    The pool says what the row expects: acg-blocked (Block or Review),
    acg-allowed (Allow) or acg-case (the row names no decision)."""
    out = []
    for rel in ACG_TESTS:
        text = open(os.path.join(root, rel), encoding="utf-8").read()
        for m in re.finditer(r'\{\s*"(?:[^"\\\n]|\\.)*"\s*,\s*', text):
            s = go_string(text, m.end())
            if s is None:
                continue
            cmd, j = s
            rest = text[j:j + 200]
            if not re.match(r"\s*[,}]", rest):
                continue
            d = re.match(r"\s*,\s*(Allow|Block|Review)\b", rest)
            pool = "acg-case" if not d else "acg-allowed" if d.group(1) == "Allow" else "acg-blocked"
            name = text[m.start():m.end()].strip("{ ,\t\n")
            if cmd.strip():
                out.append({"source_path": rel, "line": text.count("\n", 0, m.end()) + 1, "raw": cmd.strip(),
                            "pool": pool, "note": name.strip('"')})
    return out


def picg_commands(root):
    """ramtinJ95/pi-infra-command-guard (a pi coding-agent extension that
    asks before infrastructure commands): every string of the command
    lists of its two policy corpora (command-policy-corpus.test.ts'
    DOCKER_/GIT_/VAULT_ ALLOWED, APPROVALS and UNCLASSIFIED arrays,
    cloud-policy-corpus.test.ts' reads, approvals and unclassified lists of
    aws, az and gcloud). pool: picg-allowed (ALLOWED, reads),
    picg-approval (APPROVALS, approvals) or picg-unclassified."""
    out = []
    base = "extensions/infra-command-guard/"
    for rel in ("command-policy-corpus.test.ts", "cloud-policy-corpus.test.ts"):
        text = open(os.path.join(root, base + rel), encoding="utf-8").read()
        for m in re.finditer(r"(?:const ([A-Z]+_(ALLOWED|APPROVALS|UNCLASSIFIED))\s*=|\b(reads|approvals|unclassified):)\s*\[", text):
            kind = (m.group(2) or m.group(3)).lower()
            pool = {"allowed": "picg-allowed", "reads": "picg-allowed", "approvals": "picg-approval"}.get(kind, "picg-unclassified")
            i = m.end()
            while True:
                while text[i] in " \t\n,":
                    i += 1
                if text[i] == "]":
                    break
                if text.startswith("//", i):
                    i = text.index("\n", i)
                    continue
                s = js_string(text, i)
                if s is None:
                    i = text.index("\n", i)
                    continue
                out.append({"source_path": base + rel, "line": text.count("\n", 0, i) + 1, "raw": s[0],
                            "pool": pool, "note": m.group(1) or m.group(3)})
                i = s[1]
    return out


LECOUPA_MD = ("tools/kubernetes.md", "tools/gcp.md", "tools/firebase_cli.md")


def lecoupa_lines(root):
    """LeCoupa/awesome-cheatsheets: each line of languages/bash.sh and of
    the shell sheets tools/*.sh (not a # comment or blank), its trailing
    "# comment" taken off as the note, joined over trailing backslashes;
    and the code-block lines of its Markdown tool sheets (kubernetes, gcp,
    firebase)."""
    out = []
    rels = ["languages/bash.sh"] + sorted("tools/" + n for n in os.listdir(os.path.join(root, "tools")) if n.endswith(".sh"))
    for rel in rels:
        lines = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read().splitlines()
        cont = None
        for i, l in enumerate(lines):
            s = l.strip()
            if cont is not None:
                cont["raw"] += "\n" + s
                if not s.endswith("\\"):
                    cont = None
                continue
            if not s or s.startswith("#"):
                continue
            note = ""
            m = re.search(r"\s#\s", s)
            if m:
                s, note = s[:m.start()].rstrip(), s[m.end():].strip()
            e = {"source_path": rel, "line": i + 1, "raw": s, "pool": "lecoupa", "note": note}
            out.append(e)
            if s.endswith("\\"):
                cont = e
    for rel in LECOUPA_MD:
        out += md_code_lines(root, rel, "lecoupa")
    return out


def awscli_examples(root):
    """aws/aws-cli: every command line of awscli/examples/**/*.rst (a line
    that starts with "aws "), joined over trailing backslashes; the
    example's bold title as the note."""
    import glob
    out = []
    for f in sorted(glob.glob(os.path.join(root, "awscli", "examples", "**", "*.rst"), recursive=True)):
        rel = os.path.relpath(f, root)
        lines = open(f, encoding="utf-8", errors="replace").read().splitlines()
        cont, note = None, ""
        for i, l in enumerate(lines):
            s = l.strip()
            if cont is not None:
                cont["raw"] += "\n" + s
                if not s.endswith("\\"):
                    cont = None
                continue
            if s.startswith("**") and s.endswith("**"):
                note = s.strip("*")
            if not s.startswith("aws "):
                continue
            e = {"source_path": rel, "line": i + 1, "raw": s, "pool": "awscli", "note": note}
            out.append(e)
            if s.endswith("\\"):
                cont = e
    return out


# six2dez/pentest-book's Linux, recon, post-exploitation and cloud pages.
PENTEST_PAGES = ("post-exploitation/linux.md", "post-exploitation/pivoting.md", "exploitation/reverse-shells.md",
                 "exploitation/file-transfer.md", "recon/host-scanning.md", "recon/network-scanning.md",
                 "recon/packet-scanning.md", "recon/domain-enum.md", "recon/webs-recon.md",
                 "recon/subdomain-enum/README.md", "enumeration/files.md", "enumeration/cloud/aws.md",
                 "enumeration/cloud/gcp.md", "enumeration/cloud/docker-and-and-kubernetes.md")


def pentest_lines(root):
    """six2dez/pentest-book: each line of the code blocks (fences none,
    bash, sh, shell, console and text, which the book uses for shell) of
    PENTEST_PAGES, joined over trailing backslashes; # comments, // lines,
    Windows lines and a "$ " prompt handled as for hacktricks."""
    out = []
    for rel in PENTEST_PAGES:
        lines = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read().splitlines()
        out += fenced_lines(rel, lines, ("", "bash", "sh", "shell", "console", "text"), "pentest-book",
                            lambda s: not s or s.startswith("#") or s.startswith("//") or "C:\\" in s
                            or s.startswith("PS ") or s.startswith("PS>"), notes=True)
    return out


def fresh7(acg_dir, acg_commit, picg_dir, picg_commit, lc_dir, lc_commit, aws_dir, aws_commit, pb_dir, pb_commit,
           gt_dir, gt_commit, bg_dir, bg_commit):
    """A seventh out-of-sample part (heldout7) from collections no earlier
    draw used: two AI-agent command guards' test commands, blocked and
    allowed alike (tomatoaiu/agent-command-guard,
    ramtinJ95/pi-infra-command-guard), aws/aws-cli's documented examples
    and six2dez/pentest-book on the dangerous side; LeCoupa's
    awesome-cheatsheets, git-tips/tips and Idnan/bash-guide on the everyday
    side. Lines any earlier draw took (drawn.jsonl … drawn7.jsonl) are
    left out. Ids s0001…, all in heldout7: measured once, by the lead,
    tuned on by nobody. Then a top-up from the dangerous side: every
    command left that the guards' tests block or ask approval for."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl",
                         "drawn6.jsonl", "drawn7.jsonl"))
    rng = random.Random(FRESH7_SEED)
    acg = acg_commands(acg_dir)
    picg = picg_commands(picg_dir)
    pools = [
        ("tomatoaiu/agent-command-guard", acg_commit, acg, 230),
        ("ramtinJ95/pi-infra-command-guard", picg_commit, [e for e in picg if e["pool"] != "picg-allowed"], 170),
        ("ramtinJ95/pi-infra-command-guard", picg_commit, [e for e in picg if e["pool"] == "picg-allowed"], 60),
        ("aws/aws-cli", aws_commit, awscli_examples(aws_dir), 120),
        ("six2dez/pentest-book", pb_commit, pentest_lines(pb_dir), 200),
        ("LeCoupa/awesome-cheatsheets", lc_commit, lecoupa_lines(lc_dir), 140),
        ("git-tips/tips", gt_commit, md_code_lines(gt_dir, "README.md", "git-tips"), 70),
        ("Idnan/bash-guide", bg_commit, md_code_lines(bg_dir, "README.md", "bash-guide"), 70),
    ]

    def fill(e):
        if e["pool"].startswith(("acg", "picg")):
            return e["raw"]
        return fill_angle(e["raw"], rng)

    def keep(e, cmd):
        if e["pool"].startswith(("acg", "picg")):
            return True
        return shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS

    drawn, _ = draw_pools(rng, pools, seen, fill, keep)
    rng.shuffle(drawn)
    emit(drawn, "s", "heldout7")
    # Top-up: the labels of s0001-s1060, committed first, came to 233
    # dangerous lines, short of 300; every command the two guards' tests
    # block or ask approval for that the draw above did not take follows
    # (ids after the first draw's, which stay as they were).
    rest = [("tomatoaiu/agent-command-guard", acg_commit, e) for e in acg_commands(acg_dir) if e["pool"] == "acg-blocked"]
    rest += [("ramtinJ95/pi-infra-command-guard", picg_commit, e) for e in picg if e["pool"] == "picg-approval"]
    top = draw_every(rest, seen, fill, keep)
    rng.shuffle(top)
    emit(top, "s", "heldout7", first=len(drawn) + 1)


FRESH8_SEED = 3030303030303030  # the tenth draw (heldout8, drawn10.jsonl)

# tani-shi/claude-bash-guard's rule checks whose first argument is a
# command, and the pool each says the test expects.
TBG_CALLS = {"match_deny": "tbg-deny", "match_ask": "tbg-ask", "match_allow": "tbg-allow",
             "evaluate_command": "tbg-case", "extract_commands": "tbg-case", "_eval": "tbg-case",
             "normalize_for_analysis": "tbg-case", "normalize_for_matching": "tbg-case"}


def tbg_commands(root):
    """tani-shi/claude-bash-guard (a Claude Code PreToolUse guard): the
    first argument, a string literal, of every call of its rule checks
    (TBG_CALLS) in tests/test_rules.py, test_evaluator.py and
    test_command_normalizer.py, read with Python's ast; line = the call's."""
    import ast
    out = []
    for rel in ("tests/test_rules.py", "tests/test_evaluator.py", "tests/test_command_normalizer.py"):
        tree = ast.parse(open(os.path.join(root, rel), encoding="utf-8").read())
        calls = []
        for n in ast.walk(tree):
            if not isinstance(n, ast.Call) or not n.args:
                continue
            name = getattr(n.func, "id", None) or getattr(n.func, "attr", None)
            a = n.args[0]
            if name in TBG_CALLS and isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.strip():
                calls.append((n.lineno, n.col_offset, a.value.strip(), TBG_CALLS[name], name))
        for line, _, cmd, pool, name in sorted(calls):
            out.append({"source_path": rel, "line": line, "raw": cmd, "pool": pool, "note": name})
    return out


def ccbg_commands(root):
    """tasuku43/cc-bash-guard (a Claude Code Bash permission guard in Go):
    every Go string literal given as a table field raw, cmd, in, command or
    Command in internal/**/*_test.go whose value holds a space (a command
    line, not a program name); line = the field's."""
    out = []
    for dp, _, fs in sorted(os.walk(os.path.join(root, "internal"))):
        for name in sorted(fs):
            if not name.endswith("_test.go"):
                continue
            p = os.path.join(dp, name)
            text = open(p, encoding="utf-8").read()
            for m in re.finditer(r"\b(raw|cmd|in|command|Command)\s*:\s*", text):
                got = go_string(text, m.end())
                if got is None:
                    continue
                cmd = got[0].strip()
                if " " not in cmd:
                    continue
                out.append({"source_path": os.path.relpath(p, root), "line": text.count("\n", 0, m.start()) + 1,
                            "raw": cmd, "pool": "ccbg", "note": m.group(1)})
    return out


def abg_commands(root):
    """abellagonzalo/bash-guard (a hook that allows read-only commands and
    defers the rest to the user): every string of the ALLOW and DEFER
    lists of test_bash_guard.py, read with Python's ast."""
    import ast
    tree = ast.parse(open(os.path.join(root, "test_bash_guard.py"), encoding="utf-8").read())
    out = []
    for n in tree.body:
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.List) and len(n.targets) == 1 \
                and getattr(n.targets[0], "id", None) in ("ALLOW", "DEFER"):
            pool = "abg-allow" if n.targets[0].id == "ALLOW" else "abg-defer"
            for e in n.value.elts:
                if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value.strip():
                    out.append({"source_path": "test_bash_guard.py", "line": e.lineno, "raw": e.value.strip(),
                                "pool": pool, "note": n.targets[0].id})
    return out


def frizb_lines(root):
    """frizb/Linux-Privilege-Escalation: each line of README.md's code
    blocks (handled as hacktricks'), and each line that is only inline
    code (`cmd`), the last text line above as the note."""
    lines = open(os.path.join(root, "README.md"), encoding="utf-8", errors="replace").read().splitlines()
    out = fenced_lines("README.md", lines, ("", "bash", "sh", "shell", "console"), "frizb",
                       lambda s: not s or s.startswith("#") or s.startswith("//"), notes=True)
    fence, note = False, ""
    for i, l in enumerate(lines):
        s = l.strip()
        if s.startswith("```"):
            fence = not fence
            continue
        if fence or not s:
            continue
        m = re.fullmatch(r"`([^`]+)`", s)
        if m:
            out.append({"source_path": "README.md", "line": i + 1, "raw": m.group(1).strip(), "pool": "frizb",
                        "note": note})
        else:
            note = s
    return out


def dotfiles_lines(root):
    """mathiasbynens/dotfiles: every command line (not a # comment, not
    blank, not a line of a block that an earlier line opened) of .macos and
    brew.sh, the # comment above as its note, joined over trailing
    backslashes."""
    out = []
    for rel in (".macos", "brew.sh"):
        lines = open(os.path.join(root, rel), encoding="utf-8").read().splitlines()
        note, cont = "", None
        for i, l in enumerate(lines):
            s = l.strip()
            if cont is not None:
                cont["raw"] += "\n" + s
                if not s.endswith("\\"):
                    cont = None
                continue
            if not s or s.startswith("#!"):
                continue
            if s.startswith("#"):
                note = s.lstrip("# ")
                continue
            if l[:1] in (" ", "\t"):
                continue
            e = {"source_path": rel, "line": i + 1, "raw": s, "pool": "dotfiles", "note": note}
            out.append(e)
            if s.endswith("\\"):
                cont = e
    return out


def tbg_paths(root):
    """tani-shi/claude-bash-guard: the first argument, a string literal, of
    every match_sensitive_path call of tests/test_rules.py (the check the
    guard applies to a Read, Write or Edit tool's file_path), as Read tool
    lines; relative paths are the project's (/project, as its tests'
    /project/.env.local), home /home/user (as its tests'); Windows paths
    (C:\\Users\\…) left out, as Windows lines are."""
    import ast
    rel = "tests/test_rules.py"
    tree = ast.parse(open(os.path.join(root, rel), encoding="utf-8").read())
    calls = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and n.args and getattr(n.func, "id", None) == "match_sensitive_path":
            a = n.args[0]
            if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.strip() \
                    and "\\" not in a.value:
                calls.append((n.lineno, n.col_offset, a.value.strip()))
    out = []
    for line, _, path in sorted(calls):
        if path.startswith("~/"):
            path = "/home/user/" + path[2:]
        elif not path.startswith("/"):
            path = "/project/" + path
        out.append({"source_path": rel, "line": line, "path": path, "pool": "tbg-path",
                    "note": "match_sensitive_path"})
    return out


RSG_FILL = {"{ip}": "10.10.10.10", "{port}": "9001", "{shell}": "sh"}  # the generator's defaults


def rsg_commands(root):
    """0dayCTF/reverse-shell-generator: the command of every entry of
    js/data.js whose meta names linux or mac (reverse shells, bind shells,
    msfvenom payloads, HoaxShell, assembled), each whole as one call, with
    the page's defaults filled in (RSG_FILL: ip 10.10.10.10, port 9001,
    shell sh, the first of its shell list); note = the entry's name."""
    rel = "js/data.js"
    text = open(os.path.join(root, rel), encoding="utf-8").read()
    out = []
    for m in re.finditer(r'"name":\s*', text):
        got = js_string(text, m.end())
        if got is None:
            continue
        name, j = got
        c = re.match(r'\s*,\s*"command":\s*', text[j:])
        if not c:
            continue
        got = js_string(text, j + c.end())
        if got is None:
            continue
        cmd, k = got
        meta = re.match(r'\s*,\s*"meta":\s*\[([^\]]*)\]', text[k:])
        if not meta or not re.search(r'"(linux|mac)"', meta.group(1)):
            continue
        for ph, v in RSG_FILL.items():
            cmd = cmd.replace(ph, v)
        out.append({"source_path": rel, "line": text.count("\n", 0, m.start()) + 1, "raw": cmd.strip(),
                    "pool": "rsg", "note": name})
    return out


def roque_lines(root):
    """RoqueNight/Linux-Privilege-Escalation-Basics: each line of
    README.md's code blocks, handled as hacktricks'."""
    lines = open(os.path.join(root, "README.md"), encoding="utf-8", errors="replace").read().splitlines()
    return fenced_lines("README.md", lines, ("", "bash", "sh", "shell", "console"), "roque",
                        lambda s: not s or s.startswith("#") or s.startswith("//"), notes=True)


def fresh8(tbg_dir, tbg_commit, ccbg_dir, ccbg_commit, abg_dir, abg_commit, fz_dir, fz_commit, dot_dir, dot_commit,
           rsg_dir=None, rsg_commit=None, rq_dir=None, rq_commit=None):
    """An eighth out-of-sample part (heldout8) from collections no earlier
    draw used: three AI-agent command guards' test commands, blocked and
    allowed alike (tani-shi/claude-bash-guard, tasuku43/cc-bash-guard,
    abellagonzalo/bash-guard) and frizb/Linux-Privilege-Escalation on the
    dangerous side; mathiasbynens/dotfiles (.macos, brew.sh) on the
    everyday side. Lines any earlier draw took (drawn.jsonl … drawn9.jsonl)
    are left out. Ids t0001…, all in heldout8: measured once, by the lead,
    tuned on by nobody."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl",
                         "drawn6.jsonl", "drawn7.jsonl", "drawn8.jsonl", "drawn9.jsonl"))
    rng = random.Random(FRESH8_SEED)
    tbg = tbg_commands(tbg_dir)
    pools = [
        ("tani-shi/claude-bash-guard", tbg_commit, tbg, 10000),
        ("tasuku43/cc-bash-guard", ccbg_commit, ccbg_commands(ccbg_dir), 10000),
        ("abellagonzalo/bash-guard", abg_commit, abg_commands(abg_dir), 10000),
        ("frizb/Linux-Privilege-Escalation", fz_commit, frizb_lines(fz_dir), 10000),
        ("mathiasbynens/dotfiles", dot_commit, dotfiles_lines(dot_dir), 10000),
    ]

    def fill(e):
        if e["pool"] in ("frizb", "dotfiles", "roque"):
            return fill_angle(e["raw"], rng)
        return e["raw"]

    def keep(e, cmd):
        if e["pool"] in ("frizb", "dotfiles", "roque"):
            return shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS
        return True

    drawn, _ = draw_pools(rng, pools, seen, fill, keep)
    rng.shuffle(drawn)
    emit(drawn, "t", "heldout8")
    if rsg_dir is None:
        return
    # Top-up: the labels of t0001-t1218, committed first, came to 132
    # dangerous lines, short of 300; from the dangerous side follow every
    # Read-tool path of the first guard's sensitive-path tests, every
    # Linux/macOS command of 0dayCTF/reverse-shell-generator and every
    # code-block line of RoqueNight/Linux-Privilege-Escalation-Basics not
    # taken before (ids after the first draw's, which stay as they were).
    top = []
    for e in tbg_paths(tbg_dir):
        if e["path"] in seen:
            continue
        seen.add(e["path"])
        top.append({"collection": "tani-shi/claude-bash-guard", "commit": tbg_commit, "source_path": e["source_path"],
                    "line": e["line"], "tool": "read", "path": e["path"], "project": "/project", "home": "/home/user",
                    "pool": e["pool"], "note": e["note"]})
    rest = [("0dayCTF/reverse-shell-generator", rsg_commit, e) for e in rsg_commands(rsg_dir)]
    rest += [("RoqueNight/Linux-Privilege-Escalation-Basics", rq_commit, e) for e in roque_lines(rq_dir)]
    top += draw_every(rest, seen, fill, keep)
    rng.shuffle(top)
    emit(top, "t", "heldout8", first=len(drawn) + 1)


DEV8_SEED = 303030303030303030  # the eleventh draw (dev8, drawn11.jsonl)

# preved911/opencode-bash-guard's checks whose first argument is a command
# (or a command line whose paths it reads).
OBG_CALLS = ["beforeExecute", "resolveSegment", "parseChain", "isComplexChain", "extractPaths",
             "extractPotentialPaths", "matchBashPermission", "buildReadabilityMessage"]


def obg_commands(root):
    """preved911/opencode-bash-guard: the first argument, a string literal
    holding a space (a command line, not a program name), of every call of
    its checks (OBG_CALLS) in src/__tests__/*.test.ts."""
    out = []
    d = os.path.join(root, "src", "__tests__")
    for f in sorted(os.listdir(d)):
        if not f.endswith(".test.ts"):
            continue
        text = open(os.path.join(d, f), encoding="utf-8").read()
        for line, s in js_calls(text, OBG_CALLS):
            if " " in s.strip():
                out.append({"source_path": "src/__tests__/" + f, "line": line, "raw": s, "pool": "obg"})
    return out


def prompt_lines(root, rel, pool):
    """The commands of a book whose code blocks show a session: each line
    of a code block that starts with a "$ " prompt, the prompt taken off,
    joined over trailing backslashes (and the "> " lines a shell asks for
    while a quote is open); output lines are not commands and are left
    out; the last heading is the note."""
    lines = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read().splitlines()
    out, inside, cont, note = [], False, None, ""
    for i, l in enumerate(lines):
        if l.startswith("```"):
            inside, cont = not inside, None
            continue
        if not inside:
            if l.startswith("#"):
                note = l.lstrip("# ")
            continue
        if cont is not None:
            if l.startswith("> ") or cont["raw"].endswith("\\"):
                cont["raw"] += "\n" + (l[2:] if l.startswith("> ") else l)
                continue
            cont = None
        if l.startswith("$ ") and not l[2:].lstrip().startswith("#"):
            cont = {"source_path": rel, "line": i + 1, "raw": l[2:], "pool": pool, "note": note}
            out.append(cont)
    return out


# dafthack/CloudPentestCheatsheets' sheets whose shell blocks are read
# (Azure's are mostly PowerShell, fenced as such and so left out).
CPC_SHEETS = ("cheatsheets/AWS.md", "cheatsheets/Azure.md", "cheatsheets/GCP.md", "cheatsheets/OtherTools.md")


# krishkumar/agentguard's test helpers and checks whose first argument is a
# command line.
AGG_CALLS = ["createCommand", "tokenize", "runCommand", "runAgentguardCommand", "validate", "runCommandWithInput"]


def agentguard_commands(root):
    """krishkumar/agentguard: the first argument, a string literal holding
    a space, of every call of AGG_CALLS in tests/**/*.test.ts, whatever
    the test expects."""
    out = []
    for d, _, fs in sorted(os.walk(os.path.join(root, "tests"))):
        for f in sorted(fs):
            if not f.endswith(".test.ts"):
                continue
            p = os.path.join(d, f)
            text = open(p, encoding="utf-8").read()
            for line, s in js_calls(text, AGG_CALLS):
                if " " in s.strip():
                    out.append({"source_path": os.path.relpath(p, root), "line": line, "raw": s, "pool": "agentguard"})
    return out


def revshell_lines(root):
    """flast101/reverse-shell-cheatsheet: each line of README.md's code
    blocks, handled as hacktricks', the blocks fenced as a language
    (python, perl, php, ruby, lua) included: they hold the one-liners a
    shell runs (python -c '…')."""
    lines = open(os.path.join(root, "README.md"), encoding="utf-8", errors="replace").read().splitlines()
    return fenced_lines("README.md", lines, ("", "bash", "sh", "shell", "console", "python", "perl", "php", "ruby",
                                             "lua"), "revshell",
                        lambda s: not s or s.startswith("#") or s.startswith("//"), notes=True)


def dev8(obg_dir, obg_commit, rs_dir, rs_commit, jth_dir, jth_commit, cpc_dir, cpc_commit, kio_dir, kio_commit,
         lbe_dir, lbe_commit, agg_dir=None, agg_commit=None):
    """A development sample (dev8) for the next session's tuning, from
    collections no earlier draw used: an AI-agent command guard's test
    commands, blocked and allowed alike (preved911/opencode-bash-guard),
    flast101/reverse-shell-cheatsheet, sinfulz/JustTryHarder (an OSCP
    cheat sheet), dafthack/CloudPentestCheatsheets and
    Kiosec/Linux-Exploitation on the dangerous side and
    learnbyexample's coreutils text-processing book on the everyday side.
    Lines any earlier draw took (drawn.jsonl … drawn10.jsonl) are left out.
    Ids u0001…, all in dev8."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl",
                         "drawn6.jsonl", "drawn7.jsonl", "drawn8.jsonl", "drawn9.jsonl", "drawn10.jsonl"))
    rng = random.Random(DEV8_SEED)
    pools = [
        ("preved911/opencode-bash-guard", obg_commit, obg_commands(obg_dir), 10000),
        ("flast101/reverse-shell-cheatsheet", rs_commit, revshell_lines(rs_dir), 10000),
        ("sinfulz/JustTryHarder", jth_commit, md_code_lines(jth_dir, "README.md", "jth")
         + md_code_lines(jth_dir, "pwn_shell.md", "jth"), 10000),
        ("dafthack/CloudPentestCheatsheets", cpc_commit, [e for rel in CPC_SHEETS
                                                          for e in md_code_lines(cpc_dir, rel, "cloudpentest")], 10000),
        ("Kiosec/Linux-Exploitation", kio_commit, md_code_lines(kio_dir, "README.md", "kiosec"), 10000),
        ("learnbyexample/cli_text_processing_coreutils", lbe_commit,
         prompt_lines(lbe_dir, "cli_text_processing_coreutils.md", "lbe-coreutils"), 300),
    ]

    def fill(e):
        return fill_angle(e["raw"], rng) if e["pool"] in ("revshell", "jth", "cloudpentest", "kiosec") else e["raw"]

    def keep(e, cmd):
        if e["pool"] in ("revshell", "jth", "cloudpentest", "kiosec"):
            return shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS
        return True

    drawn, _ = draw_pools(rng, pools, seen, fill, keep)
    rng.shuffle(drawn)
    emit(drawn, "u", "dev8")
    if agg_dir is None:
        return
    # Top-up: the labels of u0001-u0666, committed first, came to 53
    # dangerous lines; from the dangerous side follow the command strings
    # of one more agent guard's tests (krishkumar/agentguard) not taken
    # before (ids after the first draw's, which stay as they were).
    top = draw_every([("krishkumar/agentguard", agg_commit, e) for e in agentguard_commands(agg_dir)], seen, fill, keep)
    rng.shuffle(top)
    emit(top, "u", "dev8", first=len(drawn) + 1)


FRESH9_SEED = 30303030303030303030  # the twelfth draw (heldout9, drawn12.jsonl)


def lbg_commands(root):
    """lloydzhou/bash-guard: the command (first field) of every
    ("command", "mode") tuple of the test module of src/policy.rs, whatever
    mode the test expects."""
    rel = "src/policy.rs"
    text = open(os.path.join(root, rel), encoding="utf-8").read()
    start = text.index("#[cfg(test)]")
    out = []
    for m in re.finditer(r'\(\s*(?=r?#*")', text[start:]):
        i = start + m.end()
        r = rust_string(text, i)
        if r is None:
            continue
        s, j = r
        if not re.match(r'\s*,\s*"[0-9]{4}"', text[j:]):
            continue
        out.append({"source_path": rel, "line": text.count("\n", 0, i) + 1, "raw": s, "pool": "lbg"})
    return out


# The-Art-of-Hacking/h4cker's pages whose code blocks hold shell commands
# that change or read the machine (hardening, forensics, encryption, netcat,
# gpg, a Linux survival guide); every line of each is drawn.
H4CKER_PAGES = [
    ("cybersecurity-domains/defensive-security/macos-hardening/detecting-compromise.md", 10000),
    ("cybersecurity-domains/defensive-security/linux-hardening/detecting-compromise.md", 10000),
    ("cybersecurity-domains/cryptography-pki/cryptography-and-pki/disk_encryption.md", 10000),
    ("cybersecurity-domains/defensive-security/linux-hardening/selinux_CENTOS_lab.md", 10000),
    ("cybersecurity-domains/defensive-security/linux-hardening/selinux_UBUNTU_lab.md", 10000),
    ("cybersecurity-domains/defensive-security/linux-hardening/port-knocking-and-spa.md", 10000),
    ("training-reference/cheat-sheets/firewall/ufw.md", 10000),
    ("training-reference/cheat-sheets/networking/netcat.md", 10000),
    ("cybersecurity-domains/cryptography-pki/cryptography-and-pki/quick-reference/gpg-cheatsheet.md", 10000),
    ("training-reference/cheat-sheets/linux/survival-guide.md", 10000),
]

# nixawk/pentest-wiki's pages of Linux and database attacks and CTF
# walk-throughs (its Windows Active Directory pages and the Cisco ASA
# page, mostly program output, left out).
PWIKI_DIRS = ("2.Vulnerability-Assessment/Database-Assessment", "2.Vulnerability-Assessment/Network-Assessment",
              "CTFS", "System-Services")


def pwiki_lines(root):
    """Each code-block line of the pentest wiki's pages under PWIKI_DIRS,
    handled as hacktricks'."""
    out = []
    for top in PWIKI_DIRS:
        for d, _, fs in sorted(os.walk(os.path.join(root, top))):
            for f in sorted(fs):
                if f.endswith(".md"):
                    out += md_code_lines(root, os.path.relpath(os.path.join(d, f), root), "pwiki")
    return out


# Pages of hideckies' exploit-notes as copied into Shiva108/CTF-notes
# (sudo privilege escalations, backdoors, account management, firewall
# rules, docker escapes), read for heldout9's top-up; the compilation's
# other folders (its PayloadsAllTheThings copy among them) are not read.
CTF_PAGES = ("hardware/linux/privilege-escalation/sudo", "hardware/linux/post-exploitation/Linux-Backdoors.md",
             "hardware/linux/management/Add-and-Delete-User-in-Linux.md",
             "hardware/linux/management/Add-and-Delete-Groups-in-Linux.md", "network/Firewall.md",
             "container/docker/Docker-Escape.md")


def ctf_lines(root):
    """Each code-block line of CTF_PAGES (a folder: its pages in name
    order), handled as hacktricks'."""
    out = []
    for rel in CTF_PAGES:
        p = os.path.join(root, rel)
        names = [os.path.join(rel, f) for f in sorted(os.listdir(p)) if f.endswith(".md")] if os.path.isdir(p) else [rel]
        for name in names:
            out += md_code_lines(root, name, "ctf-notes")
    return out


def fresh9(lbg_dir, lbg_commit, hk_dir, hk_commit, pw_dir, pw_commit, bhb_dir, bhb_commit, gcs_dir, gcs_commit,
           rbc_dir, rbc_commit, ctf_dir=None, ctf_commit=None, rtiw_dir=None, rtiw_commit=None):
    """A ninth out-of-sample part (heldout9) from collections no earlier
    draw used: an AI-agent command guard's test commands, whatever the
    test expects (lloydzhou/bash-guard), The-Art-of-Hacking/h4cker's
    hardening, forensics and attack pages and nixawk/pentest-wiki on the
    dangerous side; denysdovhan/bash-handbook, arslanbilal/git-cheat-sheet
    and RehanSaeed/Bash-Cheat-Sheet on the everyday side. Lines any
    earlier draw took (drawn.jsonl … drawn11.jsonl) are left out. Ids
    v0001…, all in heldout9: measured once, by the lead, tuned on by
    nobody."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl",
                         "drawn6.jsonl", "drawn7.jsonl", "drawn8.jsonl", "drawn9.jsonl", "drawn10.jsonl",
                         "drawn11.jsonl"))
    rng = random.Random(FRESH9_SEED)
    pools = [("lloydzhou/bash-guard", lbg_commit, lbg_commands(lbg_dir), 10000)]
    pools += [("The-Art-of-Hacking/h4cker", hk_commit, md_code_lines(hk_dir, rel, "h4cker"), n) for rel, n in H4CKER_PAGES]
    pools += [
        ("nixawk/pentest-wiki", pw_commit, pwiki_lines(pw_dir), 200),
        ("denysdovhan/bash-handbook", bhb_commit, md_code_lines(bhb_dir, "README.md", "bash-handbook"), 80),
        ("arslanbilal/git-cheat-sheet", gcs_commit, md_code_lines(gcs_dir, "README.md", "git-cheat-sheet"), 80),
        ("RehanSaeed/Bash-Cheat-Sheet", rbc_commit, md_code_lines(rbc_dir, "README.md", "bash-cheat-sheet"), 60),
    ]

    def fill(e):
        return e["raw"] if e["pool"] == "lbg" else fill_angle(e["raw"], rng)

    def keep(e, cmd):
        if e["pool"] == "lbg":
            return bool(cmd.strip())
        return shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS

    drawn, _ = draw_pools(rng, pools, seen, fill, keep)
    rng.shuffle(drawn)
    emit(drawn, "v", "heldout9")
    if ctf_dir is None:
        return
    # Top-up: the labels of v0001-v1386, committed first, came to 255
    # dangerous lines, short of 300; from the dangerous side follow every
    # code-block line of CTF_PAGES and of bluscreenofjeff's Red Team
    # Infrastructure Wiki not taken before (ids after the first draw's,
    # which stay as they were).
    rest = [("Shiva108/CTF-notes", ctf_commit, e) for e in ctf_lines(ctf_dir)]
    rest += [("bluscreenofjeff/Red-Team-Infrastructure-Wiki", rtiw_commit, e)
             for e in md_code_lines(rtiw_dir, "README.md", "rtiw")]
    top = draw_every(rest, seen, fill, keep)
    rng.shuffle(top)
    emit(top, "v", "heldout9", first=len(drawn) + 1)


FRESH10_SEED = 3030303030303030303030  # the thirteenth draw (heldout10, drawn13.jsonl)


def tree_md_lines(root, top, pool, name=None):
    """Each code-block line, handled as hacktricks', of every Markdown page
    under top (pages in path order); with name, only the pages whose file
    name matches it."""
    out = []
    for d, _, fs in sorted(os.walk(os.path.join(root, top))):
        for f in sorted(fs):
            if f.endswith(".md") and (name is None or re.match(name, f)):
                out += md_code_lines(root, os.path.relpath(os.path.join(d, f), root), pool)
    return out


def org_table_commands(root, rel, pool):
    """Each command of the second column of an Org-mode table (dennyzhang's
    kubernetes sheet): the =verbatim= spans of the cell, or the cell itself
    when it has none; the row's first cell is the note. Links and header
    rows are left to shell_like."""
    out = []
    for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
        if not l.startswith("|") or l.startswith("|-"):
            continue
        cells = [c.strip() for c in l.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[1]:
            continue
        spans = re.findall(r"=(.+?)=(?=,|\s|$)", cells[1]) if cells[1].startswith("=") else [cells[1]]
        for c in spans:
            out.append({"source_path": rel, "line": i + 1, "raw": c.strip(), "note": cells[0], "pool": pool})
    return out


# HackTricks Cloud's pages of what an attacker does once in (post-exploitation:
# deletes, exfiltration, credential reads; persistence) and its CI/CD pages,
# read for heldout10's top-up, with how many lines each folder gives.
HTCL_DIRS = [
    ("src/pentesting-cloud/aws-security/aws-post-exploitation", 200),
    ("src/pentesting-cloud/aws-security/aws-persistence", 60),
    ("src/pentesting-cloud/gcp-security/gcp-post-exploitation", 70),
    ("src/pentesting-cloud/azure-security/az-post-exploitation", 50),
    ("src/pentesting-ci-cd", 70),
]


def fresh10(htc_dir, htc_commit, cg_dir, cg_commit, dcr_dir, dcr_commit, dcs_dir, dcs_commit, ghcs_dir, ghcs_commit,
            k8s_dir, k8s_commit, htcl_dir=None, htcl_commit=None, sui_dir=None, sui_commit=None):
    """A tenth out-of-sample part (heldout10) from collections no earlier
    draw used, chosen for dangerous lines of many families rather than
    sudo: Hacking the Cloud's attack pages and Rhino Security Labs'
    CloudGoat cheat sheets (cloud credentials, privilege escalation,
    destruction), an AI-agent team's review of the commands its guardrails
    block (deletes, system changes, databases, git, publishing, secrets,
    download-and-run; shageevan/nextjs-saas-fullstack-dev-team) on the
    dangerous side; the Docker cheat sheet, the GitHub cheat sheet and
    dennyzhang's kubectl sheet on the everyday side. Every line of each that
    no earlier draw took (drawn.jsonl … drawn12.jsonl), that shell_like
    accepts and whose program is not a Windows one. Ids w0001…, all in
    heldout10: measured once, by the lead, tuned on by nobody."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl",
                         "drawn6.jsonl", "drawn7.jsonl", "drawn8.jsonl", "drawn9.jsonl", "drawn10.jsonl",
                         "drawn11.jsonl", "drawn12.jsonl"))
    rng = random.Random(FRESH10_SEED)
    pools = [
        ("Hacking-the-Cloud/hackingthe.cloud", htc_commit, tree_md_lines(htc_dir, "content", "htc"), 10000),
        ("RhinoSecurityLabs/cloudgoat", cg_commit, tree_md_lines(cg_dir, "cloudgoat/scenarios", "cloudgoat",
                                                                  r"cheat_?sheet.*\.md$"), 10000),
        ("shageevan/nextjs-saas-fullstack-dev-team", dcr_commit,
         md_code_lines(dcr_dir, ".claude-code/agents/fullstack-team/DANGEROUS-COMMANDS-REVIEW.md", "dcr"), 10000),
        ("wsargent/docker-cheat-sheet", dcs_commit, md_code_lines(dcs_dir, "README.md", "docker-cheat-sheet"), 10000),
        ("tiimgreen/github-cheat-sheet", ghcs_commit, md_code_lines(ghcs_dir, "README.md", "github-cheat-sheet"), 10000),
        ("dennyzhang/cheatsheet-kubernetes-A4", k8s_commit, org_table_commands(k8s_dir, "README.org", "k8s-a4"), 10000),
    ]

    def fill(e):
        return fill_angle(e["raw"], rng)

    def keep(e, cmd):
        return shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS

    drawn, _ = draw_pools(rng, pools, seen, fill, keep)
    rng.shuffle(drawn)
    emit(drawn, "w", "heldout10")
    if htcl_dir is None:
        return
    # Top-up: the labels of w0001-w0991, committed first, came to 179
    # dangerous lines, short of 300; from the dangerous side follow lines
    # drawn at random from HTCL_DIRS of HackTricks Cloud (ids after the
    # first draw's, which stay as they were).
    top, _ = draw_pools(rng, [("HackTricks-wiki/hacktricks-cloud", htcl_commit, tree_md_lines(htcl_dir, d, "htcl"), n)
                              for d, n in HTCL_DIRS], seen, fill, keep)
    rng.shuffle(top)
    emit(top, "w", "heldout10", first=len(drawn) + 1)
    if sui_dir is None:
        return
    # Second top-up: those labels, committed, came to 266 dangerous lines;
    # from the dangerous side follow every line left of the two densest
    # folders of the first top-up (GCP and Azure post-exploitation) and
    # every command of mad4j/suicide-linux (ids after the first top-up's).
    rest = [("HackTricks-wiki/hacktricks-cloud", htcl_commit, e) for d, _ in HTCL_DIRS[2:4]
            for e in tree_md_lines(htcl_dir, d, "htcl")]
    rest += [("mad4j/suicide-linux", sui_commit, e) for e in inline_code_lines(sui_dir, "README.md", "suicide-linux")]
    top2 = draw_every(rest, seen, fill, keep)
    rng.shuffle(top2)
    emit(top2, "w", "heldout10", first=len(drawn) + len(top) + 1)


def inline_code_lines(root, rel, pool):
    """Each line of a Markdown page that is only inline code (`cmd`), out
    of code blocks, the last heading above as the note."""
    out, fence, note = [], False, ""
    for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
        s = l.strip()
        if s.startswith("```"):
            fence = not fence
            continue
        if fence:
            continue
        if s.startswith("#"):
            note = s.lstrip("# ")
            continue
        m = re.fullmatch(r"`([^`]+)`", s)
        if m:
            out.append({"source_path": rel, "line": i + 1, "raw": m.group(1).strip(), "pool": pool, "note": note})
    return out



FRESH11_SEED = 303030303030303030303030  # the fourteenth draw (heldout11, drawn14.jsonl)

SHIELD_CALLS = ["analyze", "checkDestructive", "runHook", "runCheck", "runCheckTty", "runPaste"]  # what ShellShield's tests check


def shield_commands(root):
    """The first argument, a string literal, of every call of SHIELD_CALLS
    in ShellShield's tests/*.ts (hevlyo/opencode-rm-rf), whatever the test
    expects."""
    out = []
    d = os.path.join(root, "tests")
    for f in sorted(os.listdir(d)):
        if not f.endswith(".ts"):
            continue
        text = open(os.path.join(d, f), encoding="utf-8").read()
        for line, s in js_calls(text, SHIELD_CALLS):
            out.append({"source_path": "tests/" + f, "line": line, "raw": s, "pool": "shellshield"})
    return out


MUBIX_PAGES = ("linux/bulk.md", "linux/persistance.md", "linux/privesc.md", "linux/blind.md", "osx/bulk.md")


def mubix_lines(root):
    """Each command of mubix's post-exploitation wiki pages (MUBIX_PAGES):
    the first cell of a table row when it is inline code, the inline code
    of a line that is only that, and every other line that is not a
    heading, a table rule or blank (the pages are a pasted Google Doc:
    bare command lines and <code> blocks); the last heading as note;
    shell_like drops the prose."""
    out = []
    for rel in MUBIX_PAGES:
        note = ""
        for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
            s = l.strip()
            if s.startswith("#"):
                note = s.lstrip("# ")
                continue
            if not s or s.startswith("|-") or s.startswith("| -") or s.startswith("----"):
                continue
            if s.startswith("|"):
                cell = s.strip("|").split("|")[0].strip()
                m = re.fullmatch(r"`([^`]+)`", cell)
                if not m:
                    continue
                s = m.group(1)
            s = re.sub(r"</?code>", "", s).strip()
            m = re.fullmatch(r"`+([^`]+)`+", s)
            if m:
                s = m.group(1).strip()
            if s:
                out.append({"source_path": rel, "line": i + 1, "raw": s, "pool": "mubix", "note": note})
    return out


def gfr_lines(root):
    """Each line of the sh and unfenced code blocks of git-flight-rules'
    README.md (English), its "(branch)$ " prompt taken off as a "$ " one
    is; others (git's output) are left to shell_like."""
    lines = open(os.path.join(root, "README.md"), encoding="utf-8").read().splitlines()
    lines = [re.sub(r"^(\s*)\([^()\s]*\)\$ ", r"\1", l) for l in lines]
    return fenced_lines("README.md", lines, ("", "sh"), "git-flight-rules",
                        lambda s: not s or s.startswith("#") or s.startswith("//"), notes=True)


def linux_command_lines(root):
    """Each code-block line (as md_code_lines) of every command page of
    jaywcjlove/linux-command (command/*.md)."""
    out = []
    d = os.path.join(root, "command")
    for f in sorted(os.listdir(d)):
        if f.endswith(".md"):
            out += md_code_lines(root, "command/" + f, "linux-command")
    return out


def loobins_examples(root):
    """The code of every example use case of LOOBins' LOOBins/*.yml (macOS
    living-off-the-land binaries), each whole as one call (a block scalar
    of several lines too), read with yaml; line = the line of its code:
    key, note = the example's name."""
    import yaml
    out = []
    d = os.path.join(root, "LOOBins")
    for f in sorted(os.listdir(d)):
        if not f.endswith(".yml"):
            continue
        text = open(os.path.join(d, f), encoding="utf-8").read()
        at = [i + 1 for i, l in enumerate(text.splitlines()) if re.match(r"^\s*code:", l)]
        cases = (yaml.safe_load(text) or {}).get("example_use_cases") or []
        for k, c in enumerate(cases):
            code = c.get("code")
            if isinstance(code, str) and code.strip():
                out.append({"source_path": "LOOBins/" + f, "line": at[k] if k < len(at) else 0,
                            "raw": code.strip(), "pool": "loobins", "note": c.get("name", "")})
    return out


THC_SECTIONS = ("4", "5", "6", "8", "10")  # data exfil, reverse shells, backdoors, shell hacks, session sniffing


def thc_lines(root):
    """Each code-block line (as md_code_lines) of the sections THC_SECTIONS
    ("## N. title") of hackerschoice/thc-tips-tricks-hacks-cheat-sheet's
    README.md, chosen by their titles before any line was read; the other
    sections' lines are blanked, so line numbers stay the file's."""
    lines = open(os.path.join(root, "README.md"), encoding="utf-8").read().splitlines()
    keep, sec = [], None
    for l in lines:
        m = re.match(r"^## (\d+)\.", l)
        if m:
            sec = m.group(1)
        keep.append(l if sec in THC_SECTIONS else "")
    return fenced_lines("README.md", keep, ("", "bash", "sh", "shell", "console"), "thc",
                        lambda s: not s or s.startswith("#") or s.startswith("//"), notes=True)


def badpods_lines(root):
    """Each code-block line (as md_code_lines) of BishopFox/badPods'
    README.md and manifests/*/README.md (Kubernetes pods that escalate to
    the node: the pods applied, the escalation inside them, clean-up)."""
    out = md_code_lines(root, "README.md", "badpods")
    d = os.path.join(root, "manifests")
    for f in sorted(os.listdir(d)):
        if os.path.isfile(os.path.join(d, f, "README.md")):
            out += md_code_lines(root, "manifests/" + f + "/README.md", "badpods")
    return out


def kgoat_lines(root):
    """Each code-block line (as md_code_lines) of every scenario walk-through
    of madhuakula/kubernetes-goat (guide/docs/scenarios/*/scenario-*.md; the
    index.md pages beside them are left out), in scenario order as sorted
    by path."""
    out = []
    d = os.path.join(root, "guide", "docs", "scenarios")
    for sc in sorted(os.listdir(d)):
        if not os.path.isdir(os.path.join(d, sc)):
            continue
        for f in sorted(os.listdir(os.path.join(d, sc))):
            if f.endswith(".md") and f != "index.md":
                out += md_code_lines(root, "guide/docs/scenarios/" + sc + "/" + f, "kgoat")
    return out


MHI_ROW = re.compile(r'^\s*\{("(?:[^"\\]|\\.)*"),\s*("(?:[^"\\]|\\.)*"),\s*(?:true|false)\},?')


def mhi_destructive_cases(root):
    """The command, the second field, of every row {"name", "command",
    blocked} of the test tables in milehighideas/claude-hooks'
    cmd/block-destructive-commands/main_test.go (a Claude Code PreToolUse
    guard in Go), whatever the test expects; a Go string literal is read
    as JSON's, which its escapes here (\\" and \\\\) match; note = the
    row's name."""
    rel = "cmd/block-destructive-commands/main_test.go"
    out = []
    for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
        m = MHI_ROW.match(l)
        if m:
            out.append({"source_path": rel, "line": i + 1, "raw": json.loads(m.group(2)), "pool": "mhi-guard",
                        "note": json.loads(m.group(1))})
    return out


def fresh11(sh_dir, sh_commit, gfr_dir, gfr_commit, mx_dir, mx_commit, lc_dir, lc_commit, lb_dir=None, lb_commit=None,
            thc_dir=None, thc_commit=None, bp_dir=None, bp_commit=None, kg_dir=None, kg_commit=None,
            mhi_dir=None, mhi_commit=None):
    """A fourteenth out-of-sample part (heldout11) from collections no
    earlier draw used, chosen for dangerous lines of several families: an
    AI-agent terminal guard's test commands, blocked and allowed alike
    (ShellShield, hevlyo/opencode-rm-rf: deletes, download-and-run, git,
    interpreters), git-flight-rules (force pushes, history rewrites,
    discarded work, and everyday git), mubix's post-exploitation wiki
    (Linux and macOS: credential files, persistence, exfiltration,
    enumeration) in full; jaywcjlove/linux-command's command pages (400
    lines at random) on the everyday side. Lines any earlier draw took
    (drawn.jsonl … drawn13.jsonl) are left out. Ids x0001…, all in
    heldout11: measured once, by the lead, tuned on by nobody."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl",
                         "drawn6.jsonl", "drawn7.jsonl", "drawn8.jsonl", "drawn9.jsonl", "drawn10.jsonl",
                         "drawn11.jsonl", "drawn12.jsonl", "drawn13.jsonl"))
    rng = random.Random(FRESH11_SEED)
    pools = [
        ("hevlyo/opencode-rm-rf", sh_commit, shield_commands(sh_dir), 10000),
        ("k88hudson/git-flight-rules", gfr_commit, gfr_lines(gfr_dir), 10000),
        ("mubix/post-exploitation-wiki", mx_commit, mubix_lines(mx_dir), 10000),
        ("jaywcjlove/linux-command", lc_commit, linux_command_lines(lc_dir), 400),
    ]

    def fill(e):
        return e["raw"] if e["pool"] == "shellshield" else fill_angle(e["raw"], rng)

    def keep(e, cmd):
        if e["pool"] == "shellshield":
            return bool(cmd.strip())
        return shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS

    drawn, _ = draw_pools(rng, pools, seen, fill, keep)
    rng.shuffle(drawn)
    emit(drawn, "x", "heldout11")
    if lb_dir is None:
        return
    # Top-up: the labels of x0001-x0905, committed first, came to 114
    # dangerous lines, short of 300; from the dangerous side follow every
    # example of infosecB/LOOBins (macOS: keychains, persistence, security
    # settings, exfiltration) no earlier line took, whole (ids after the
    # first draw's, which stay as they were).
    top = draw_every([("infosecB/LOOBins", lb_commit, e) for e in loobins_examples(lb_dir)], seen,
                     lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
    rng.shuffle(top)
    emit(top, "x", "heldout11", first=len(drawn) + 1)
    if thc_dir is None:
        return
    # Second top-up: the labels of x0001-x1076, committed first, came to 155
    # dangerous lines, short of 300; from the dangerous side follow every
    # line of THC's cheat sheet's sections THC_SECTIONS no earlier line took,
    # that shell_like accepts (ids after the first top-up's).
    thc = draw_every([("hackerschoice/thc-tips-tricks-hacks-cheat-sheet", thc_commit, e) for e in thc_lines(thc_dir)],
                     seen, lambda e: e["raw"], lambda e, cmd: shell_like(cmd))
    rng.shuffle(thc)
    emit(thc, "x", "heldout11", first=len(drawn) + len(top) + 1)
    if bp_dir is None:
        return
    # Third top-up: THC's lines, committed first, came to 34 dangerous (189
    # in all); from the dangerous side follow every line of BishopFox/badPods'
    # pages (a Kubernetes attack sheet) no earlier line took, that
    # shell_like accepts (ids after the second top-up's).
    bp = draw_every([("BishopFox/badPods", bp_commit, e) for e in badpods_lines(bp_dir)],
                    seen, lambda e: e["raw"], lambda e, cmd: shell_like(cmd))
    rng.shuffle(bp)
    emit(bp, "x", "heldout11", first=len(drawn) + len(top) + len(thc) + 1)
    if kg_dir is None:
        return
    # Fourth top-up: badPods' lines, committed first, came to 81 dangerous
    # (270 in all); from the dangerous side follow every line of Kubernetes
    # Goat's scenario walk-throughs no earlier line took, that shell_like
    # accepts (ids after the third top-up's).
    kg = draw_every([("madhuakula/kubernetes-goat", kg_commit, e) for e in kgoat_lines(kg_dir)],
                    seen, lambda e: e["raw"], lambda e, cmd: shell_like(cmd))
    rng.shuffle(kg)
    emit(kg, "x", "heldout11", first=len(drawn) + len(top) + len(thc) + len(bp) + 1)
    if mhi_dir is None:
        return
    # Fifth top-up: Kubernetes Goat's lines, committed first, came to 12
    # dangerous (282 in all); from the dangerous side follow every command
    # of an AI-agent guard's test table (milehighideas/claude-hooks'
    # block-destructive-commands: git history, discarded work, hook
    # bypasses), blocked and allowed alike, that no earlier line took, in
    # a random order (ids after the fourth top-up's).
    mhi = draw_every([("milehighideas/claude-hooks", mhi_commit, e) for e in mhi_destructive_cases(mhi_dir)],
                     seen, lambda e: e["raw"], lambda e, cmd: bool(cmd.strip()))
    rng.shuffle(mhi)
    emit(mhi, "x", "heldout11", first=len(drawn) + len(top) + len(thc) + len(bp) + len(kg) + 1)


FRESH12_SEED = 30303030303030303030303030  # the fifteenth draw (heldout12, drawn15.jsonl)

# The tools through which the agents of SpecStory's histories run a shell
# command: Cursor's (run_terminal_cmd, run_terminal_command_v2), VS Code
# Copilot's (run_in_terminal), Claude Code's (Bash) and Codex's (shell).
SPECSTORY_SHELL_TOOLS = {"run_terminal_cmd", "run_terminal_command_v2", "run_in_terminal", "Bash", "shell",
                         "shell_command"}


def specstory_commands(root, pool):
    """The shell commands an agent ran in the SpecStory histories
    (.specstory/history/*.md) of one repository, each whole as one call,
    line = where the command starts. A history names each tool call
    "Tool use: **NAME**"; for a shell tool the command is the "- command:
    `…`" line that follows (VS Code Copilot's form) or else the first
    fenced block after it (Cursor's form), before the next tool call or
    message; when that block is VS Code's JSON record of the terminal call,
    the command is its commandLine.original, HTML entities decoded. An older history without tool names (Cursor's first format)
    shows a terminal call as a message that is only a ```bash block: a
    block whose previous non-blank line is the message rule "---" or an
    "_**Assistant**_" header."""
    out = []
    top = os.path.join(root, ".specstory", "history")
    for name in sorted(os.listdir(top)):
        if not name.endswith(".md"):
            continue
        rel = os.path.join(".specstory", "history", name)
        lines = open(os.path.join(top, name), encoding="utf-8", errors="replace").read().splitlines()
        named = any("Tool use: **" in l for l in lines)
        i = 0
        while i < len(lines):
            l = lines[i]
            m = re.search(r"Tool use: \*\*([A-Za-z0-9_]+)\*\*", l)
            if named and m and m.group(1) in SPECSTORY_SHELL_TOOLS:
                j = i + 1
                while j < len(lines):
                    s = lines[j].strip()
                    if "Tool use: **" in s or s.startswith("_**"):
                        break
                    c = re.match(r"^- command: `(.*)`$", s)
                    if c:
                        out.append({"source_path": rel, "line": j + 1, "raw": c.group(1), "pool": pool})
                        break
                    if s.startswith("```"):
                        k = j + 1
                        while k < len(lines) and not lines[k].strip().startswith("```"):
                            k += 1
                        cmd = "\n".join(lines[j + 1:k]).strip()
                        if cmd.startswith("{"):
                            try:
                                cmd = html.unescape(json.loads(cmd)["commandLine"]["original"])
                            except (ValueError, KeyError, TypeError):
                                pass
                        if cmd:
                            out.append({"source_path": rel, "line": j + 2, "raw": cmd, "pool": pool})
                        break
                    j += 1
                i = j
                continue
            if not named and l.strip() in ("```bash", "```sh", "```shell"):
                p = i - 1
                while p >= 0 and not lines[p].strip():
                    p -= 1
                if p >= 0 and lines[p].strip() in ("---", "_**Assistant**_"):
                    k = i + 1
                    while k < len(lines) and not lines[k].strip().startswith("```"):
                        k += 1
                    cmd = "\n".join(lines[i + 1:k]).strip()
                    if cmd:
                        out.append({"source_path": rel, "line": i + 2, "raw": cmd, "pool": pool})
                    i = k + 1
                    continue
            i += 1
    return out


def incident_commands(path):
    """Commands quoted in public incident reports (GitHub issues on AI
    agents' and other tools' repositories): incidents12.tsv, one row per
    command as the report quotes it (url, date of the report, command;
    a ⏎ in the command is a line break, a backslash is itself). Issues
    have no commit: the report's URL and date pin them."""
    out = []
    for n, l in enumerate(open(path, encoding="utf-8"), 1):
        if n == 1 or not l.strip():
            continue
        url, date, cmd = l.rstrip("\n").split("\t")
        m = re.match(r"^https://github\.com/([^/]+/[^/]+)/(issues|pull)/(\d+)$", url)
        out.append({"repo": m.group(1), "commit": "issue " + date, "source_path": f"{m.group(2)}/{m.group(3)}",
                    "line": n, "raw": cmd.replace("⏎", "\n"), "pool": "incident"})
    return out


def redkube_commands(root):
    """lightspin-tech/red-kube: the command of every attack of
    attacks/*.json (kubectl red-team techniques by ATT&CK tactic), and each
    step of a multi-step attack's "commands", each whole as one call; line
    = the line that holds it, note = the attack's description. A file that
    is not JSON (one is empty) is left out; $ARG arguments (RedKubeCTL
    fills them at run time) stay as written."""
    out = []
    for name in sorted(os.listdir(os.path.join(root, "attacks"))):
        rel = os.path.join("attacks", name)
        text = open(os.path.join(root, rel), encoding="utf-8").read()
        try:
            attacks = json.loads(text)
        except ValueError:
            continue
        lines = text.splitlines()
        for a in attacks:
            for cmd in ([a["command"]] if "command" in a else a.get("commands", [])):
                quoted = (json.dumps(cmd, ensure_ascii=False), json.dumps(cmd))
                ln = next((i + 1 for i, l in enumerate(lines) if any(q in l for q in quoted)), 0)
                out.append({"source_path": rel, "line": ln, "raw": cmd, "note": a.get("description", ""),
                            "pool": "red-kube"})
    return out


# Package release runbooks (heldout12's top-up): repository, commit, file.
RELEASE_RUNBOOKS = [
    ("jupyter-widgets/widget-cookiecutter", "347b812631f9e92f32bd2a8ccd78958a8fa8abed",
     "{{cookiecutter.github_project_name}}/RELEASE.md"),
    ("edelstone/tints-and-shades", "03077e07e3da7f67dd86db77b9837ca11bb0fecf", "RELEASING.md"),
    ("BananoCoin/camo-banano-light-wallet", "5af7bf91be95c4153d7283620ec6779b33936780", "docs/build-notes.md"),
    ("stjude-rust-labs/crankshaft", "64ab525b08500411ae614fc8713835c57100bf5f", "RELEASE.md"),
    ("JakeWharton/NormallyClosed", "19aa53584505ca388e517872d7d9d1cc26caa409", "RELEASING.md"),
]

# 3ls3if/Cybersecurity-Notes' folders read for heldout12's second top-up.
CSN_DIRS = ["readme/tunneling-and-exfiltration", "readme/post-exploitation", "readme/pivoting-post-exploitation",
            "readme/linux-security", "readme/macos-security", "readme/cloud-pentesting", "readme/evasion"]


# Agent projects' own lists of commands their agents must not run, or must
# ask before (heldout12's fourth top-up; AGENT_CATALOGS): repository,
# commit, file. Labelled by what each command does, not by the list.
AGENT_CATALOGS = [
    ("lballaty/Permahub", "174d9c2eea59bbd7fe9f6c0d0dfa87fbe6aca5cd", "docs/operations/destructive-operations.md"),
    ("TCTri205/CueDeck", "fea0658b41b3350b2c83b2c029eb122865d983e7", "docs/03_agent_design/DANGEROUS_COMMANDS.md"),
]

# Two more agent projects' lists of commands not to run (heldout12's fifth
# top-up; AGENT_CATALOGS5): repository, commit, file. RAG-Application's
# CLAUDE.md is pinned at the last commit that holds it (3764c9c deleted it).
AGENT_CATALOGS5 = [
    ("T-Py-T/RAG-Application", "dde67dce40db31d0d5b413dff64848b892cb9520", "CLAUDE.md"),
    ("hectormr206/orchestra", "074f708897759c9afe0f2d6e047ff0f8e4f4ec8b", "ai-core/SKILLS/dangerous-mode-guard/SKILL.md"),
]

# Git hook installer scripts (heldout12's fourth top-up; HOOK_INSTALLERS):
# repository, commit, file.
HOOK_INSTALLERS = [
    ("niksmac/dotfiles", "c759277cc376d89732b1dbfbf186af15a1af8bf9", "git/install.sh"),
    ("rafaellott/git-hooks", "fd3b7be47694a8de38ba435aae8bb66b56d7de9d", "tools/install.sh"),
]


def script_lines(root, rel, pool):
    """Every line of a short shell script that is not blank, a # comment
    or the #! line, each whole as one call (these scripts have no
    continuation lines or blocks)."""
    out = []
    for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
        s = l.strip()
        if s and not s.startswith("#"):
            out.append({"source_path": rel, "line": i + 1, "raw": s, "pool": pool})
    return out


def runbook_lines(root, rel):
    """The command lines of a release runbook: each code-block line,
    handled as hacktricks'; outside code blocks, each inline code span
    that holds a space (a command with arguments, as in "Run `cargo
    publish`"), and each line that ends with a ";" and is not a heading
    (notes written as bare shell lines)."""
    out = md_code_lines(root, rel, "runbook")
    fenced = False
    for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
        s = l.strip()
        if s.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for m in re.finditer(r"`([^`]+)`", s):
            if " " in m.group(1).strip():
                out.append({"source_path": rel, "line": i + 1, "raw": m.group(1).strip(), "pool": "runbook"})
        if s.endswith(";") and not s.startswith("#") and "`" not in s:
            out.append({"source_path": rel, "line": i + 1, "raw": s[:-1].strip(), "pool": "runbook"})
    return out


def fresh12(inc_tsv, chef_dir, chef_commit, cozy_dir, cozy_commit, focus_dir, focus_commit, cfh_dir, cfh_commit,
            rk_dir, rk_commit, btc_dir, btc_commit, k8s_dir, k8s_commit, inc2_tsv=None, rb_dir=None,
            csn_dir=None, csn_commit=None, dx_dir=None, dx_commit=None, inc3_tsv=None, inc4_tsv=None,
            cat_dir=None, inc5_tsv=None, cat5_dir=None):
    """A fifteenth out-of-sample part (heldout12, round 9) from collections
    no earlier draw used. Everyday side, and what agents really run: the
    shell commands of four repositories' committed SpecStory histories
    (Cursor and VS Code Copilot agents), at most 150 of each at random so
    that no one user dominates. Dangerous side: commands quoted in
    incident reports on agent harnesses' issue trackers
    (incidents12.tsv), lightspin-tech/red-kube's kubectl attacks,
    0xJs/Breaching_the_cloud_cheatsheet (AWS, Azure, GCP attacks) and
    Pamir/kubernetes-security's labs, every line. Lines any earlier draw
    took (drawn.jsonl … drawn14.jsonl) are left out. Ids y0001…, all in
    heldout12: measured once, by the lead, tuned on by nobody."""
    seen = taken_before(("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl",
                         "drawn6.jsonl", "drawn7.jsonl", "drawn8.jsonl", "drawn9.jsonl", "drawn10.jsonl",
                         "drawn11.jsonl", "drawn12.jsonl", "drawn13.jsonl", "drawn14.jsonl"))
    rng = random.Random(FRESH12_SEED)
    pools = [("daviswhitehead/chef-chopsky", chef_commit, specstory_commands(chef_dir, "specstory"), 150),
             ("michalhorcic/cozy-checkout", cozy_commit, specstory_commands(cozy_dir, "specstory"), 150),
             ("learnwithcc/focuslab", focus_commit, specstory_commands(focus_dir, "specstory"), 150),
             ("VinayakHegde/customer-financial-health", cfh_commit, specstory_commands(cfh_dir, "specstory"), 150)]

    def keep_agent(e, cmd):
        return bool(cmd.strip()) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS

    def incidents_and_catalogs(inc_tsv, catalogs, catalogs_dir):
        # A top-up from the dangerous side: every command of a set of
        # incident reports, then every code-block line of agent projects'
        # own lists of commands not to run (catalogs: repo, commit, path;
        # catalogs_dir holds one export per entry, named owner+repo), no
        # earlier line took.
        out = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc_tsv)], seen,
                         lambda e: fill_angle(e["raw"], rng), keep_agent)
        for repo, commit, rel in catalogs:
            out += draw_every([(repo, commit, e) for e in md_code_lines(os.path.join(catalogs_dir, repo.replace("/", "+")),
                                                                          rel, "agent-catalog")],
                              seen, lambda e: fill_angle(e["raw"], rng),
                              lambda e, cmd: shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS)
        return out
    drawn, _ = draw_pools(rng, pools, seen, lambda e: e["raw"], keep_agent)
    inc = incident_commands(inc_tsv)
    rest = draw_every([(e["repo"], e["commit"], e) for e in inc], seen, lambda e: fill_angle(e["raw"], rng),
                      keep_agent)
    rest += draw_every([("lightspin-tech/red-kube", rk_commit, e) for e in redkube_commands(rk_dir)], seen,
                       lambda e: e["raw"], lambda e, cmd: bool(cmd.strip()))
    sheets = []
    for d, _, fs in sorted(os.walk(btc_dir)):
        for f in sorted(fs):
            if f.endswith(".md"):
                sheets += md_code_lines(btc_dir, os.path.relpath(os.path.join(d, f), btc_dir), "btc")
    rest += draw_every([("0xJs/Breaching_the_cloud_cheatsheet", btc_commit, e) for e in sheets], seen,
                       lambda e: fill_angle(e["raw"], rng),
                       lambda e, cmd: shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS)
    labs = []
    for d, _, fs in sorted(os.walk(k8s_dir)):
        for f in sorted(fs):
            if f.lower().endswith(".md"):
                labs += md_code_lines(k8s_dir, os.path.relpath(os.path.join(d, f), k8s_dir), "k8s-security")
    rest += draw_every([("Pamir/kubernetes-security", k8s_commit, e) for e in labs], seen,
                       lambda e: fill_angle(e["raw"], rng),
                       lambda e, cmd: shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS)
    lines = drawn + rest
    rng.shuffle(lines)
    emit(lines, "y", "heldout12")
    if inc2_tsv is None:
        return
    # Top-up: the labels of y0001-y0951, committed first, came to 78
    # dangerous lines, short of 150; from the dangerous side follow every
    # command of a second set of incident reports (incidents12b.tsv: force
    # pushes, history rewrites, cleans, volumes, download-and-run, publish,
    # deletes) and every command line of five package release runbooks
    # (RELEASE_RUNBOOKS), no earlier line took, in a random order (ids after
    # the first draw's, which stay as they were).
    top = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc2_tsv)], seen,
                     lambda e: fill_angle(e["raw"], rng), keep_agent)
    for repo, commit, rel in RELEASE_RUNBOOKS:
        top += draw_every([(repo, commit, e) for e in runbook_lines(os.path.join(rb_dir, repo.replace("/", "+")), rel)],
                          seen, lambda e: fill_angle(e["raw"], rng),
                          lambda e, cmd: shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS)
    rng.shuffle(top)
    emit(top, "y", "heldout12", first=len(lines) + 1)
    if csn_dir is None:
        return
    # Second top-up: the labels of y0952-y1033, committed first, brought
    # heldout12 to 110 dangerous lines, still short of 150, and none of them
    # an upload; from the dangerous side follow every code-block line of
    # 3ls3if/Cybersecurity-Notes' exfiltration, post-exploitation, pivoting,
    # Linux, macOS, cloud and evasion pages (CSN_DIRS, chosen by their
    # titles before any line was read) and of MidwintersTomb/DataExfil's
    # README, no earlier line took, that shell_like accepts (ids after the
    # first top-up's).
    pages = []
    for top_dir in CSN_DIRS:
        pages += tree_md_lines(csn_dir, top_dir, "csn")
    more = draw_every([("3ls3if/Cybersecurity-Notes", csn_commit, e) for e in pages], seen,
                      lambda e: fill_angle(e["raw"], rng),
                      lambda e, cmd: shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS)
    more += draw_every([("MidwintersTomb/DataExfil", dx_commit, e) for e in md_code_lines(dx_dir, "README.md", "dataexfil")],
                       seen, lambda e: fill_angle(e["raw"], rng),
                       lambda e, cmd: shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS)
    rng.shuffle(more)
    emit(more, "y", "heldout12", first=len(lines) + len(top) + 1)
    if inc3_tsv is None:
        return
    # Third top-up: the labels of y1034-y1249, committed first, brought
    # heldout12 to 142 dangerous lines, 37 of them only because they run
    # sudo; from the dangerous side follow every command of a third set of
    # incident reports (incidents12c.tsv: shell profiles, crontabs and
    # launch agents written, Redis and MongoDB wiped, the agent's own
    # configuration deleted, a home folder locked, force pushes), no
    # earlier line took, in a random order (ids after the second top-up's).
    last = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc3_tsv)], seen,
                      lambda e: fill_angle(e["raw"], rng), keep_agent)
    rng.shuffle(last)
    emit(last, "y", "heldout12", first=len(lines) + len(top) + len(more) + 1)
    if inc4_tsv is None:
        return
    # Fourth top-up: the labels of y1250-y1282, committed first, brought
    # heldout12 to 160 dangerous lines, short of the 300 the issue asks
    # for, none of them git-hooks-config; from the dangerous side follow
    # every command of a fourth set of incident reports (incidents12d.tsv:
    # databases reset, hooks paths set and unset, volumes pruned, folders
    # deleted, publishes), every code-block line of two agent projects' own
    # lists of commands not to run (AGENT_CATALOGS) and every command line
    # of two git hook installer scripts (HOOK_INSTALLERS), no earlier line
    # took, in a random order (ids after the third top-up's). CATALOGS_DIR
    # holds one export per AGENT_CATALOGS and HOOK_INSTALLERS entry, named
    # owner+repo.
    fourth = incidents_and_catalogs(inc4_tsv, AGENT_CATALOGS, cat_dir)
    for repo, commit, rel in HOOK_INSTALLERS:
        fourth += draw_every([(repo, commit, e) for e in script_lines(os.path.join(cat_dir, repo.replace("/", "+")), rel,
                                                                        "hook-installer")],
                             seen, lambda e: e["raw"], lambda e, cmd: bool(cmd.strip()))
    rng.shuffle(fourth)
    emit(fourth, "y", "heldout12", first=len(lines) + len(top) + len(more) + len(last) + 1)
    if inc5_tsv is None:
        return
    # Fifth top-up: the labels of y1283-y1456, committed first, brought
    # heldout12 to 223 dangerous lines, still short of 300; from the
    # dangerous side follow every command of a fifth set of incident reports
    # (incidents12e.tsv: resets, cleans and force pushes by agents, history
    # rewrites, secrets printed, profiles written, a yank) and every
    # code-block line of two more agent projects' lists of commands not to
    # run (AGENT_CATALOGS5), no earlier line took, in a random order (ids
    # after the fourth top-up's). CATALOGS5_DIR holds one export per entry,
    # named owner+repo.
    fifth = incidents_and_catalogs(inc5_tsv, AGENT_CATALOGS5, cat5_dir)
    rng.shuffle(fifth)
    emit(fifth, "y", "heldout12", first=len(lines) + len(top) + len(more) + len(last) + len(fourth) + 1)


FRESH13_SEED = 3030303030303030303030303030  # the sixteenth draw (heldout13, drawn16.jsonl)


def automaker_commands(root):
    """yinkev/praDeep: the shell commands its coding agents (Codex and
    Claude Code, driven by Automaker) ran, as Automaker logged them in
    .automaker/features/*/agent-output.md: each "🔧 Tool: Bash" line
    followed by "Input: {" and a JSON object, whose "command" is the call,
    each whole as one call; line = the "Input: {" line."""
    out = []
    top = os.path.join(root, ".automaker", "features")
    for name in sorted(os.listdir(top)):
        rel = os.path.join(".automaker", "features", name, "agent-output.md")
        p = os.path.join(root, rel)
        if not os.path.isfile(p):
            continue
        lines = open(p, encoding="utf-8", errors="replace").read().splitlines()
        for i, l in enumerate(lines):
            if l.strip() != "🔧 Tool: Bash" or i + 1 >= len(lines) or lines[i + 1].strip() != "Input: {":
                continue
            j = i + 2
            while j < len(lines) and lines[j].rstrip() != "}":
                j += 1
            try:
                cmd = json.loads("{" + "\n".join(lines[i + 2:j]) + "}").get("command", "")
            except ValueError:
                continue
            if isinstance(cmd, str) and cmd.strip():
                out.append({"source_path": rel, "line": i + 2, "raw": cmd, "pool": "automaker"})
    return out


def shell_history_lines(root, rel):
    """rysweet/code-story's Specifications/shell_history.md, the log its
    coding agent kept of the commands it ran: the inline code that opens
    each list item ("- `cmd` - what it was for"), each whole as one call,
    the rest of the item as note."""
    out = []
    for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
        m = re.match(r"^\s*- `([^`]+)`\s*(?:-\s*)?(.*)$", l)
        if m and m.group(1).strip():
            out.append({"source_path": rel, "line": i + 1, "raw": m.group(1).strip(), "note": m.group(2).strip(),
                        "pool": "shell-history"})
    return out


def shellfirm_cases(root):
    """kaplanelad/shellfirm (a shell guard that asks before risky
    commands): the "test" command of every case of its check tests
    shellfirm/tests/checks/*.yaml, read with yaml; pool shellfirm-match when
    the case expects a check to match, shellfirm-nomatch when it expects
    none; line = the case's "- test:" line, note = its description."""
    import yaml
    out = []
    d = os.path.join(root, "shellfirm", "tests", "checks")
    for name in sorted(os.listdir(d)):
        if not name.endswith(".yaml"):
            continue
        rel = os.path.join("shellfirm", "tests", "checks", name)
        text = open(os.path.join(root, rel), encoding="utf-8").read()
        starts = [i + 1 for i, l in enumerate(text.splitlines()) if l.startswith("- test:")]
        cases = yaml.safe_load(text)
        for k, c in enumerate(cases):
            out.append({"source_path": rel, "line": starts[k] if k < len(starts) else 0, "raw": c["test"],
                        "note": c.get("description", ""),
                        "pool": "shellfirm-match" if c.get("expect_ids") else "shellfirm-nomatch"})
    return out


PIH_TEST = "permission/tests/permission.test.ts"


def pihooks_commands(root):
    """vrslev/pi-hooks' permission hook (a pi coding-agent extension that
    sorts commands into permission levels): the command, first argument,
    of every assertLevel call of permission/tests/permission.test.ts; pool
    pih-LEVEL, the level (second argument) the test expects."""
    text = open(os.path.join(root, PIH_TEST), encoding="utf-8").read()
    out = []
    for m in re.finditer(r"\bassertLevel\(", text):
        i = m.end()
        while text[i] in " \t\n":
            i += 1
        lit = js_string(text, i)
        if lit is None:
            continue
        cmd, j = lit
        while text[j] in " \t\n,":
            j += 1
        lev = js_string(text, j)
        if cmd.strip():
            out.append({"source_path": PIH_TEST, "line": text.count("\n", 0, i) + 1, "raw": cmd,
                        "pool": "pih-" + (lev[0] if lev else "unknown")})
    return out


def py_test_commands(root, rel, calls, pool):
    """The commands of a Python test file, read with ast: the string
    argument (calls maps each function name to the argument's position) of
    every call of calls, the string items (or the first string of tuple
    items) of every pytest.mark.parametrize list whose first parameter is
    command or cmd, and the string items of every list assigned to a name
    ending in "commands" or "cmds"; line = the literal's."""
    import ast
    tree = ast.parse(open(os.path.join(root, rel), encoding="utf-8").read())
    found = []

    def strs(lst):
        for e in lst.elts:
            if isinstance(e, ast.Tuple) and e.elts:
                e = e.elts[0]
            if isinstance(e, ast.Constant) and isinstance(e.value, str):
                found.append((e.lineno, e.value))
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            f = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
            if f in calls and len(n.args) > calls[f] and isinstance(n.args[calls[f]], ast.Constant) \
                    and isinstance(n.args[calls[f]].value, str):
                found.append((n.args[calls[f]].lineno, n.args[calls[f]].value))
            if f == "parametrize" and len(n.args) >= 2 and isinstance(n.args[0], ast.Constant) \
                    and str(n.args[0].value).replace(" ", "").split(",")[0] in ("command", "cmd") \
                    and isinstance(n.args[1], (ast.List, ast.Tuple)):
                strs(n.args[1])
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.List) and len(n.targets) == 1 \
                and isinstance(n.targets[0], ast.Name) and re.search(r"(commands|cmds)$", n.targets[0].id):
            strs(n.value)
    return [{"source_path": rel, "line": ln, "raw": s, "pool": pool} for ln, s in sorted(found) if s.strip()]


CIYA_TEST = ".claude/hooks/sandbox_test.sh"
CIYA_TOOLS = {"Bash": "bash", "Read": "read", "Write": "write", "Edit": "edit"}
GOOSE_TEST = "tests/utils/test_check_shell_command.py"


def ciya_calls(root):
    """lovaizu/ciya-dev's sandbox hook (a Claude Code PreToolUse hook): the
    tool call of every assert_decision of .claude/hooks/sandbox_test.sh
    whose tool input is a literal JSON in single quotes (`mk_json TOOL
    '{…}'`): Bash calls as commands, Read, Write and Edit calls as
    file-tool lines (project /home/user/ciya-dev, home /home/user); inputs
    in double quotes (built from $REPO_ROOT and other variables when the
    test runs) and other tools left out; pool ciya-DECISION, the decision
    the test expects; note = the test's name."""
    out = []
    lines = open(os.path.join(root, CIYA_TEST), encoding="utf-8").read().splitlines()
    for i, l in enumerate(lines):
        m = re.search(r"mk_json (\w+) '([^']*)'", l)
        if not m or m.group(1) not in CIYA_TOOLS:
            continue
        k = i - 1
        while k >= 0 and "assert_decision" not in lines[k]:
            k -= 1
        d = re.search(r'assert_decision "((?:[^"\\]|\\.)*)" "(\w+)"', lines[k]) if k >= 0 else None
        try:
            ti = json.loads(m.group(2))
        except ValueError:
            continue
        e = {"source_path": CIYA_TEST, "line": i + 1, "pool": "ciya-" + (d.group(2) if d else "unknown"),
             "note": d.group(1) if d else "", "tool": CIYA_TOOLS[m.group(1)]}
        if m.group(1) == "Bash":
            e["raw"] = ti.get("command", "")
        else:
            e["raw"] = ti.get("file_path", "")
        if e["raw"].strip():
            out.append(e)
    return out


BGUARD_TEST = "test_regression.py"
# heldout13's third top-up: transfer.sh's pages, and the Pro Git book's
# sections chosen by their titles (history rewritten, work discarded,
# stashes and cleans, remote branches, stored credentials, recovery).
TRANSFER_PAGES = ("README.md", "examples.md")
PROGIT_SECTIONS = ("book/07-git-tools/sections/rewriting-history.asc", "book/07-git-tools/sections/reset.asc",
                   "book/07-git-tools/sections/stashing-cleaning.asc",
                   "book/10-git-internals/sections/maintenance.asc", "book/02-git-basics/sections/undoing.asc",
                   "book/03-git-branching/sections/rebasing.asc",
                   "book/03-git-branching/sections/remote-branches.asc",
                   "book/07-git-tools/sections/credentials.asc")


def asciidoc_prompt_lines(root, rel, pool):
    """The commands of an AsciiDoc book's listing blocks (between "----"
    lines): each line that starts with a "$ " prompt, the prompt taken
    off; output lines are left out; the last section title (a line
    starting with "=") is the note."""
    out, inside, note = [], False, ""
    for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines()):
        if l.strip() == "----":
            inside = not inside
            continue
        if not inside:
            if l.startswith("="):
                note = l.lstrip("= ").strip()
            continue
        if l.startswith("$ ") and l[2:].strip():
            out.append({"source_path": rel, "line": i + 1, "raw": l[2:].strip(), "pool": pool, "note": note})
    return out
# lutzenfried/OffensiveCloud's folders of cloud attack sheets (heldout13's
# second top-up).
OFFCLOUD_DIRS = ("AWS", "Azure", "GCP")
SLP_SENSITIVE_TEST = "tests/claude_hook/pre_tools/test_sensitive_file_access_validator.py"
SLP_TOOLS = {"Bash": "bash", "Read": "read", "Write": "write", "Edit": "edit"}


def bguardian_cases(root):
    """RoaringFerrum/claude-code-bash-guardian (a Claude Code PreToolUse Bash
    guard): the command of every TestCase(command, should_allow,
    description, category) of test_regression.py, read with ast; pool
    bguardian-allow or bguardian-block, what the test expects; note = the
    description."""
    import ast
    out = []
    for n in ast.walk(ast.parse(open(os.path.join(root, BGUARD_TEST), encoding="utf-8").read())):
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "TestCase" and len(n.args) >= 3 \
                and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str) \
                and isinstance(n.args[1], ast.Constant):
            out.append({"source_path": BGUARD_TEST, "line": n.args[0].lineno, "raw": n.args[0].value,
                        "note": n.args[2].value if isinstance(n.args[2], ast.Constant) else "",
                        "pool": "bguardian-allow" if n.args[1].value else "bguardian-block"})
    out.sort(key=lambda e: e["line"])
    return [e for e in out if e["raw"].strip()]


def slp_sensitive_calls(root):
    """SunshinePeace213/agentic-layer-python's sensitive-file hook: every
    tool call its tests hand the hook (a dict with "tool_name" and a
    "tool_input" holding "command" or "file_path": Bash calls as commands,
    Read, Write and Edit calls as file-tool lines), the command of every
    parse_bash_command call and the path of every is_sensitive_file and
    is_template_file call (as Read tool lines: the check the hook applies
    to file tools), read with ast, in the file's order."""
    import ast
    out = []
    for n in ast.walk(ast.parse(open(os.path.join(root, SLP_SENSITIVE_TEST), encoding="utf-8").read())):
        if isinstance(n, ast.Dict):
            d = {k.value: v for k, v in zip(n.keys, n.values) if isinstance(k, ast.Constant)}
            tn, ti = d.get("tool_name"), d.get("tool_input")
            if isinstance(tn, ast.Constant) and tn.value in SLP_TOOLS and isinstance(ti, ast.Dict):
                inner = {k.value: v for k, v in zip(ti.keys, ti.values) if isinstance(k, ast.Constant)}
                v = inner.get("command") or inner.get("file_path")
                if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.strip():
                    out.append({"source_path": SLP_SENSITIVE_TEST, "line": v.lineno, "raw": v.value,
                                "tool": SLP_TOOLS[tn.value], "pool": "slp-sensitive"})
        if isinstance(n, ast.Call) and n.args and isinstance(n.args[0], ast.Constant) \
                and isinstance(n.args[0].value, str) and n.args[0].value.strip():
            f = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
            if f == "parse_bash_command":
                out.append({"source_path": SLP_SENSITIVE_TEST, "line": n.args[0].lineno, "raw": n.args[0].value,
                            "tool": "bash", "pool": "slp-sensitive"})
            elif f in ("is_sensitive_file", "is_template_file"):
                out.append({"source_path": SLP_SENSITIVE_TEST, "line": n.args[0].lineno, "raw": n.args[0].value,
                            "tool": "read", "pool": "slp-sensitive"})
    out.sort(key=lambda e: (e["line"], e["raw"]))
    return out


NATSHELL_TESTS = ("tests/test_safety.py", "tests/test_classifier_hardening.py", "tests/test_slash_commands.py")
SLP_TEST = "tests/claude_hook/pre_tools/test_destructive_command_blocker.py"


def fresh13(pd_dir, pd_commit, cs_dir, cs_commit, sf_dir, sf_commit, ph_dir, ph_commit, ns_dir, ns_commit,
            slp_dir, slp_commit, ciya_dir, ciya_commit, goose_dir, goose_commit, bg_dir=None, bg_commit=None,
            inc_tsv=None, oc_dir=None, oc_commit=None, goat_dir=None, goat_commit=None, inc2_tsv=None,
            tr_dir=None, tr_commit=None, pg_dir=None, pg_commit=None, l30_dir=None, l30_commit=None):
    """A sixteenth out-of-sample part (heldout13, round 10) from collections
    no earlier draw used. Everyday side, what coding agents really run:
    the shell commands of yinkev/praDeep's Automaker agent logs and of
    rysweet/code-story's agent-kept shell history. Dangerous and near-miss
    side: the test commands of six command guards (kaplanelad/shellfirm,
    vrslev/pi-hooks' permission hook, Barent/natshell's safety classifier,
    SunshinePeace213/agentic-layer-python's destructive-command blocker,
    lovaizu/ciya-dev's sandbox hook, block-open-source/goose's shell
    check), what they expect to block and to allow alike. At most 150 commands of
    each repository, drawn at random, so that no one collection dominates;
    lines any earlier draw took (drawn.jsonl … drawn15.jsonl) are left out.
    Ids z0001…, all in heldout13: measured once, by the lead, tuned on by
    nobody."""
    seen = taken_before(["drawn.jsonl"] + [f"drawn{n}.jsonl" for n in range(2, 16)])
    rng = random.Random(FRESH13_SEED)
    natshell = []
    for rel in NATSHELL_TESTS:
        natshell += py_test_commands(ns_dir, rel, {"classify_command": 0}, "natshell")
    pools = [("yinkev/praDeep", pd_commit, automaker_commands(pd_dir), 150),
             ("rysweet/code-story", cs_commit, shell_history_lines(cs_dir, "Specifications/shell_history.md"), 150),
             ("kaplanelad/shellfirm", sf_commit, shellfirm_cases(sf_dir), 150),
             ("vrslev/pi-hooks", ph_commit, pihooks_commands(ph_dir), 150),
             ("Barent/natshell", ns_commit, natshell, 150),
             ("SunshinePeace213/agentic-layer-python", slp_commit,
              py_test_commands(slp_dir, SLP_TEST, {"run_hook": 1}, "slp-guard"), 150),
             ("lovaizu/ciya-dev", ciya_commit, ciya_calls(ciya_dir), 150),
             ("block-open-source/goose", goose_commit,
              py_test_commands(goose_dir, GOOSE_TEST, {}, "goose-check"), 150)]

    def keep(e, cmd):
        return bool(cmd.strip()) and (e.get("tool", "bash") != "bash" or cmd.split()[0].lower() not in WINDOWS_PROGRAMS)
    drawn, _ = draw_pools(rng, pools, seen, lambda e: e["raw"], keep)
    tools = {(e["source_path"], e["line"]): e["tool"] for e in pools[6][2]}
    for d in drawn:
        if d["collection"] == "lovaizu/ciya-dev" and tools[(d["source_path"], d["line"])] != "bash":
            d["tool"] = tools[(d["source_path"], d["line"])]
            d["path"] = d.pop("command")
            d["project"] = "/home/user/ciya-dev"  # the repository the hook guards, as a checkout in a home
            d["home"] = "/home/user"
    rng.shuffle(drawn)
    emit(drawn, "z", "heldout13")
    if bg_dir is None:
        return
    # Top-up: the labels of z0001-z0746, committed first (98214e5), came to
    # 143 dangerous lines, short of 300, and disk-system above 30 % of them;
    # from the dangerous side follow the test commands of one more command
    # guard (RoaringFerrum/claude-code-bash-guardian, at most 150 at random),
    # the sensitive-file tests of agentic-layer-python's other PreToolUse
    # hook (SLP_SENSITIVE_TEST, every call: the same repository, under its
    # 150), and every command of a set of incident reports (incidents13.tsv:
    # agents' and others' discarded work, deletes, dropped databases,
    # printed secrets, crontabs, hooks paths, publishes, download-and-run),
    # no earlier line took, in a random order (ids after the first draw's).
    more, _ = draw_pools(rng, [("RoaringFerrum/claude-code-bash-guardian", bg_commit, bguardian_cases(bg_dir), 150)],
                         seen, lambda e: e["raw"], keep)
    sens = draw_every([("SunshinePeace213/agentic-layer-python", slp_commit, e) for e in slp_sensitive_calls(slp_dir)],
                      seen, lambda e: e["raw"], keep)
    tools = {(e["source_path"], e["line"], e["raw"]): e for e in slp_sensitive_calls(slp_dir)}
    for d in sens:
        e = tools[(d["source_path"], d["line"], d["command"])]
        if e["tool"] != "bash":
            d["tool"] = e["tool"]
            d["path"] = d.pop("command")
            d["project"] = "/home/user/project"  # the tests' own home and project folders
            d["home"] = "/home/user"
    more += sens
    more += draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc_tsv)], seen,
                       lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(more)
    emit(more, "z", "heldout13", first=len(drawn) + 1)
    if oc_dir is None:
        return
    # Second top-up: the labels of z0747-z0995, committed first (63761de),
    # brought heldout13 to 210 dangerous lines, still short of 300, with
    # few uploads, force pushes, history rewrites, publishes or cloud
    # deletions; from the dangerous side follow 150 code-block lines, at
    # random, of lutzenfried/OffensiveCloud's AWS, Azure and GCP sheets,
    # every code-block line of ine-labs/AWSGoat's attack manuals, and every
    # command of a second set of incident reports (incidents13b.tsv), no
    # earlier line took, in a random order (ids after the first top-up's).
    def sheet(root, top, pool):
        lines = []
        for d, _, fs in sorted(os.walk(os.path.join(root, top))):
            for f in sorted(fs):
                if f.lower().endswith(".md"):
                    lines += md_code_lines(root, os.path.relpath(os.path.join(d, f), root), pool)
        return lines

    def keep_sheet(e, cmd):
        return shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS
    cloud = []
    for top in OFFCLOUD_DIRS:
        cloud += sheet(oc_dir, top, "offensive-cloud")
    third, _ = draw_pools(rng, [("lutzenfried/OffensiveCloud", oc_commit, cloud, 150)], seen,
                          lambda e: fill_angle(e["raw"], rng), keep_sheet)
    third += draw_every([("ine-labs/AWSGoat", goat_commit, e) for e in sheet(goat_dir, "attack-manuals", "awsgoat")],
                        seen, lambda e: fill_angle(e["raw"], rng), keep_sheet)
    third += draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc2_tsv)], seen,
                        lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(third)
    emit(third, "z", "heldout13", first=len(drawn) + len(more) + 1)
    if tr_dir is None:
        return
    # Third top-up: the labels of z0996-z1220, committed first (a44821e),
    # brought heldout13 to 241 dangerous lines, still short of 300, with few
    # uploads, force pushes or history rewrites; from the dangerous side
    # follow every code-block line of dutchcoders/transfer.sh's README and
    # examples (uploads to a public file host), the "$ " commands of the Pro
    # Git book's sections on rewriting history, reset, stashing and
    # cleaning, undoing, rebasing, remote branches, credentials and
    # maintenance and data recovery (PROGIT_SECTIONS, chosen by their titles
    # before any line was read), and 150 code-block lines, at random, of
    # cybersecplayground/30-Day-Linux-for-Hackers' pages, no earlier line
    # took, in a random order (ids after the second top-up's).
    fourth = []
    for rel in TRANSFER_PAGES:
        fourth += draw_every([("dutchcoders/transfer.sh", tr_commit, e) for e in md_code_lines(tr_dir, rel, "transfer-sh")],
                             seen, lambda e: fill_angle(e["raw"], rng), keep_sheet)
    for rel in PROGIT_SECTIONS:
        fourth += draw_every([("progit/progit2", pg_commit, e) for e in asciidoc_prompt_lines(pg_dir, rel, "progit")],
                             seen, lambda e: e["raw"], keep)
    days = []
    for name in sorted(os.listdir(l30_dir)):
        if name.endswith(".md") and name != "README.md":
            days += md_code_lines(l30_dir, name, "linux-30days")
    lin, _ = draw_pools(rng, [("cybersecplayground/30-Day-Linux-for-Hackers", l30_commit, days, 150)], seen,
                        lambda e: fill_angle(e["raw"], rng), keep_sheet)
    fourth += lin
    rng.shuffle(fourth)
    emit(fourth, "z", "heldout13", first=len(drawn) + len(more) + len(third) + 1)



FRESH14_SEED = 1414141414141414141414141414  # the seventeenth draw (heldout14, drawn17.jsonl)

# melihmucuk/leash's test files: each test hands the analyzer one command.
LEASH_TESTS = ["packages/core/test/command-analyzer.test.js", "packages/cli/test/lib.test.js"]


def js_call_commands(root, rel, names, pool):
    """The first argument of each call name("…") or name('…') in a
    JavaScript test file, when it is one plain string literal (no template,
    no concatenation), unescaped; line = the call's line."""
    out = []
    lines = open(os.path.join(root, rel), encoding="utf-8").read().splitlines()
    pat = re.compile(r"\b(?:%s)\(\s*(\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')\s*[,)]" % "|".join(map(re.escape, names)))
    for n, l in enumerate(lines, 1):
        for m in pat.finditer(l):
            lit = m.group(1)
            body = lit[1:-1]
            raw = re.sub(r"\\(.)", lambda x: {"n": "\n", "t": "\t"}.get(x.group(1), x.group(1)), body)
            out.append({"source_path": rel, "line": n, "raw": raw, "pool": pool})
    return out


def fresh14(mg_dir, mg_commit, bsc_dir, bsc_commit, leash_dir, leash_commit, rs_dir=None, rs_danger_commit=None,
            rs_benign_commit=None, ol_dir=None, ol_commit=None, caro_dir=None, caro_commit=None, sen_dir=None,
            sen_commit=None, qs_dir=None, qs_commit=None, tv_dir=None, tv_commit=None,
            inc_tsv=None, inc2_tsv=None, inc3_tsv=None, inc4_tsv=None,
            inc5_tsv=None, inc6_tsv=None, sl_dir=None, sl_commit=None, ab_dir=None, ab_commit=None,
            cs_dir=None, cs_commit=None, ds_dir=None, ds_commit=None, inc7_tsv=None,
            fa_dir=None, fa_commit=None, inc8_tsv=None, inc9_tsv=None, ccs_dir=None, ccs_commit=None,
            azg_dir=None, azg_commit=None, gcg_dir=None, gcg_commit=None, pcw_dir=None, pcw_commit=None,
            oc2_dir=None, oc2_commit=None, npd_dir=None, npd_commit=None, ghm_dir=None, ghm_commit=None,
            lvd_dir=None, lvd_commit=None, ntl_dir=None, ntl_commit=None, inc10_tsv=None,
            hk_dir=None, hk_commit=None, sf_dir=None, sf_commit=None):
    """A seventeenth out-of-sample part (heldout14, round 11) from
    collections no earlier draw used. Everyday side, what coding agents
    really run: the shell commands of the SpecStory histories committed in
    DEBAGanov/magicvetov12 (at most 150, at random) and hpm27/agente-bsc-rag
    (every one; ChrisGVE/MunsellSpace's histories were left out:
    specstory_commands reads their Bash blocks' output, not the command). Dangerous and near-miss side:
    the commands melihmucuk/leash's tests hand its command analyzer (what it
    blocks and what it allows alike, every one). Lines any earlier draw took
    (drawn.jsonl ... drawn16.jsonl) are left out. Ids g0001..., all in
    heldout14: measured once, by the lead, tuned on by nobody."""
    seen = taken_before(["drawn.jsonl"] + [f"drawn{n}.jsonl" for n in range(2, 17)])
    rng = random.Random(FRESH14_SEED)
    leash = []
    for rel in LEASH_TESTS:
        leash += js_call_commands(leash_dir, rel, ["analyze", "analyzeCommand"], "leash")
    pools = [("DEBAGanov/magicvetov12", mg_commit, specstory_commands(mg_dir, "specstory"), 150),
             ("hpm27/agente-bsc-rag", bsc_commit, specstory_commands(bsc_dir, "specstory"), 150),
             ("melihmucuk/leash", leash_commit, leash, 150)]

    def keep(e, cmd):
        return bool(cmd.strip()) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS
    drawn, _ = draw_pools(rng, pools, seen, lambda e: e["raw"], keep)
    rng.shuffle(drawn)
    emit(drawn, "g", "heldout14")
    if rs_dir is None:
        return
    # Top-up: the labels of g0001-g0258, committed first (dd6ec0e), came to
    # 22 dangerous lines, far short of 300; from the dangerous side follow
    # the policy-engine corpora of two more command checkers, their blocked
    # and their allowed lists alike: madmax983/rust_swe_agent's
    # tests/fixtures/dangerous_commands.txt and benign_commands.txt (at
    # most 150 of the two at random; the search index holds the two files
    # at different commits, each line records its own) and every line of
    # OliveishPraveen/AI-Based-System-Intent-Engine's dangerous_commands.txt
    # and safe_commands.txt, no earlier line took, in a random order (ids
    # after the first draw's). RUSTSWE_DIR and OLIVE_DIR hold the files at
    # those paths as read_file gave them (no snapshot could be fetched).
    commits = {"tests/fixtures/dangerous_commands.txt": rs_danger_commit,
               "tests/fixtures/benign_commands.txt": rs_benign_commit}
    rust = []
    for rel, pool in (("tests/fixtures/dangerous_commands.txt", "rustswe-danger"),
                      ("tests/fixtures/benign_commands.txt", "rustswe-benign")):
        rust += list_file_commands(rs_dir, rel, pool)
    more, _ = draw_pools(rng, [("madmax983/rust_swe_agent", rs_danger_commit, rust, 150)], seen,
                         lambda e: e["raw"], keep)
    for d in more:
        d["commit"] = commits[d["source_path"]]
    for rel, pool in (("tests/fixtures/dangerous_commands.txt", "olive-danger"),
                      ("tests/fixtures/safe_commands.txt", "olive-safe")):
        more += draw_every([("OliveishPraveen/AI-Based-System-Intent-Engine", ol_commit, e)
                            for e in list_file_commands(ol_dir, rel, pool)], seen, lambda e: e["raw"], keep)
    rng.shuffle(more)
    emit(more, "g", "heldout14", first=len(drawn) + 1)
    if caro_dir is None:
        return
    # Second top-up: the labels of g0259-g0455, committed first (865c2e8),
    # brought heldout14 to 119 dangerous lines, still short of 300; follow
    # every command of two more checkers' test fixtures, blocked and allowed
    # alike: wildcard/caro's tests/fixtures/dangerous_commands.json (each
    # entry's "command") and Cammybamy/sentinelai's malicious_commands.txt and
    # benign_commands.txt, no earlier line took, in a random order (ids after
    # the first top-up's). CARO_DIR and SENTINEL_DIR hold the files at those
    # paths as read_file gave them.
    third = draw_every([("wildcard/caro", caro_commit, e)
                        for e in json_command_entries(caro_dir, "tests/fixtures/dangerous_commands.json", "caro")],
                       seen, lambda e: e["raw"], keep)
    for rel, pool in (("tests/fixtures/malicious_commands.txt", "sentinel-bad"),
                      ("tests/fixtures/benign_commands.txt", "sentinel-benign")):
        third += draw_every([("Cammybamy/sentinelai", sen_commit, e) for e in list_file_commands(sen_dir, rel, pool)],
                            seen, lambda e: e["raw"], keep)
    rng.shuffle(third)
    emit(third, "g", "heldout14", first=len(drawn) + len(more) + 1)
    if qs_dir is None:
        return
    # Third top-up: the labels of g0456-g0497, committed first (965ffbb),
    # brought heldout14 to 142 dangerous and 355 everyday lines; with no
    # time left to find dangerous collections, the everyday side follows:
    # every shell command of the SpecStory histories committed in
    # ArjunDivecha/qscreen-strategy-screener and AllProAi/TV-App, no earlier
    # line took (a block of the newer format's HTML, which
    # specstory_commands could take for a command, left out), in a random
    # order (ids after the second top-up's). Ai-Whisperers/Relocation-Business
    # was drawn once and left out before labelling: specstory_commands reads
    # its Bash blocks' output there, not the command (as ChrisGVE/MunsellSpace).
    def keep_history(e, cmd):
        return keep(e, cmd) and not cmd.lstrip().startswith("<")
    fourth = []
    for repo, commit, root in (("ArjunDivecha/qscreen-strategy-screener", qs_commit, qs_dir),
                               ("AllProAi/TV-App", tv_commit, tv_dir)):
        fourth += draw_every([(repo, commit, e) for e in specstory_commands(root, "specstory")], seen,
                             lambda e: e["raw"], keep_history)
    rng.shuffle(fourth)
    emit(fourth, "g", "heldout14", first=len(drawn) + len(more) + len(third) + 1)
    if inc_tsv is None:
        return
    # Fourth top-up, from the dangerous side: every command of a set of
    # incident reports (incidents14.tsv: namespaces, clusters and
    # infrastructure deleted, an issue database wiped, a publish) in
    # repositories no earlier draw or incident file uses, no earlier line
    # took, in a random order (ids after the third top-up's).
    fifth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc_tsv)], seen,
                       lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(fifth)
    emit(fifth, "g", "heldout14", first=len(drawn) + len(more) + len(third) + len(fourth) + 1)
    if inc2_tsv is None:
        return
    # Fifth top-up: a second set of incident reports (incidents14b.tsv:
    # force pushes over others' commits, dropped and flushed databases) in
    # repositories no earlier draw or incident file uses, every command they
    # quote, no earlier line took, in a random order (ids after the fourth
    # top-up's).
    sixth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc2_tsv)], seen,
                       lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(sixth)
    emit(sixth, "g", "heldout14", first=len(drawn) + len(more) + len(third) + len(fourth) + len(fifth) + 1)
    if inc3_tsv is None:
        return
    # Sixth top-up: a third set of incident reports and maintainers'
    # threads (incidents14c.tsv: cleans of untracked work, hard resets,
    # prunes, a resource group deleted), every command they quote, as the
    # fifth (ids after it).
    seventh = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc3_tsv)], seen,
                         lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(seventh)
    emit(seventh, "g", "heldout14",
         first=len(drawn) + len(more) + len(third) + len(fourth) + len(fifth) + len(sixth) + 1)
    if inc4_tsv is None:
        return
    # Seventh top-up: a fourth set of threads (incidents14d.tsv: install
    # scripts piped to a shell, sudo and ownership changes that broke sudo,
    # a publish taken back), as the fifth (ids after the sixth's).
    eighth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc4_tsv)], seen,
                        lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(eighth)
    emit(eighth, "g", "heldout14",
         first=len(drawn) + len(more) + len(third) + len(fourth) + len(fifth) + len(sixth) + len(seventh) + 1)
    if inc5_tsv is None:
        return
    # Eighth top-up: a fifth set of threads (incidents14e.tsv: cron and
    # services set to start at boot, git hooks paths), as the fifth (ids
    # after the seventh's).
    ninth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc5_tsv)], seen,
                       lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(ninth)
    emit(ninth, "g", "heldout14", first=len(drawn) + len(more) + len(third) + len(fourth) + len(fifth) + len(sixth)
         + len(seventh) + len(eighth) + 1)
    if inc6_tsv is None:
        return
    # Ninth top-up: a sixth set of threads (incidents14f.tsv: Helm releases
    # uninstalled, volume claims and namespaces deleted), as the fifth (ids
    # after the eighth's).
    tenth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc6_tsv)], seen,
                       lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(tenth)
    done = len(drawn) + len(more) + len(third) + len(fourth) + len(fifth) + len(sixth) + len(seventh) + len(eighth)
    emit(tenth, "g", "heldout14", first=done + len(ninth) + 1)
    if sl_dir is None:
        return
    # Tenth top-up, the everyday side: every shell command of the SpecStory
    # histories committed in AryanSinCel/StreamList and
    # BenjaminScholtens/Afterburn, as the third top-up's (ids after the
    # ninth's).
    eleventh = []
    for repo, commit, root in (("AryanSinCel/StreamList", sl_commit, sl_dir),
                               ("BenjaminScholtens/Afterburn", ab_commit, ab_dir)):
        eleventh += draw_every([(repo, commit, e) for e in specstory_commands(root, "specstory")], seen,
                               lambda e: e["raw"], keep_history)
    rng.shuffle(eleventh)
    emit(eleventh, "g", "heldout14", first=done + len(ninth) + len(tenth) + 1)
    if cs_dir is None:
        return
    # Eleventh top-up, the dangerous side: the attack inputs of
    # hshdevhub/clawsentinel's credential-theft suite
    # (tests/attack-suite/t7-credential-theft.ts, each `input: '…'` string)
    # that read as a shell command (shell_like; the suite's prose prompts
    # and its JavaScript and Python snippets left out), blocked and allowed
    # alike, in a random order (ids after the tenth's).
    def keep_shell(e, cmd):
        return keep(e, cmd) and shell_like(cmd) and not re.match(r"^(const|import|require)\b", cmd)
    twelfth = draw_every([("hshdevhub/clawsentinel", cs_commit, e)
                          for e in js_input_strings(cs_dir, "tests/attack-suite/t7-credential-theft.ts", "clawsentinel")],
                         seen, lambda e: e["raw"], keep_shell)
    rng.shuffle(twelfth)
    emit(twelfth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + 1)
    if ds_dir is None:
        return
    # Twelfth top-up: the command of every run_validator(…) call of
    # matanryngler/deployshield's tests/test_integration.py (a hook that
    # blocks mutating cloud, database and deploy commands), blocked and
    # allowed alike, in a random order (ids after the eleventh's).
    thirteenth = draw_every([("matanryngler/deployshield", ds_commit, e)
                             for e in js_call_commands(ds_dir, "tests/test_integration.py",
                                                       ["run_validator", "run_validator_gemini"], "deployshield")],
                            seen, lambda e: e["raw"], keep)
    rng.shuffle(thirteenth)
    emit(thirteenth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth) + 1)
    if inc7_tsv is None:
        return
    # Thirteenth top-up: a seventh set of threads (incidents14g.tsv: history
    # rewrites to purge a secret, the resets and cleans they ask of every
    # clone, a dropped table), as the fifth (ids after the twelfth's).
    fourteenth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc7_tsv)], seen,
                            lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(fourteenth)
    emit(fourteenth, "g", "heldout14",
         first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth) + len(thirteenth) + 1)
    if fa_dir is None:
        return
    # Fourteenth top-up (heldout14's second drawer, to bring the dangerous
    # side towards the issue's 300): facebookincubator/ForgeArmory, Meta's
    # TTPForge collection of attack techniques (persistence, credential
    # access, exfiltration, cloud and Kubernetes abuse on Linux and macOS),
    # which no earlier draw used. Each short shell step (forgearmory_blocks)
    # is one call as an agent would make it; at most 60 of them at random,
    # so that no one source dominates (ids after the thirteenth's).
    fifteenth = draw_every([("facebookincubator/ForgeArmory", fa_commit, e)
                            for e in forgearmory_blocks(fa_dir)], seen, lambda e: e["raw"], keep)
    rng.shuffle(fifteenth)
    fifteenth = fifteenth[:60]
    emit(fifteenth, "g", "heldout14",
         first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth) + len(thirteenth) + len(fourteenth) + 1)
    if inc8_tsv is None:
        return
    # Fifteenth top-up: an eighth set of threads (incidents14h.tsv: package
    # releases and unpublishes, crontabs and Redis flushed, force pushes, a
    # destroy), as the fifth (ids after the fourteenth's).
    sixteenth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc8_tsv)], seen,
                           lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(sixteenth)
    emit(sixteenth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + 1)
    if inc9_tsv is None:
        return
    # Sixteenth top-up: a ninth set of threads (incidents14i.tsv: git cleans,
    # Docker prunes, a disk mounted to repair it), as the fifth (ids after
    # the fifteenth's).
    seventeenth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc9_tsv)], seen,
                             lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(seventeenth)
    emit(seventeenth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + 1)
    if ccs_dir is None:
        return
    # Seventeenth top-up (heldout14's third drawer, the dangerous side still
    # short of 300): the code-block lines of onlypwns/cloud_cheatsheets' two
    # sheets (an AWS CLI pentest sheet and an Azure/M365 one: credentials
    # taken, policies attached, trails stopped, buckets opened), 60 at
    # random, the per-repository cap, and every code-block line of the
    # attack manuals of ine-labs/AzureGoat and ine-labs/GCPGoat (AWSGoat's
    # siblings, their own walk-throughs), handled as AWSGoat's in heldout13:
    # shell-like lines, Windows programs left out, <placeholders> filled.
    # Ids after the sixteenth's.
    def keep_sheet(e, cmd):
        return shell_like(cmd) and cmd.split()[0].lower() not in WINDOWS_PROGRAMS

    def goat(root, pool):
        out = []
        for d, _, fs in sorted(os.walk(os.path.join(root, "attack-manuals"))):
            for f in sorted(fs):
                if f.lower().endswith(".md"):
                    out += md_code_lines(root, os.path.relpath(os.path.join(d, f), root), pool)
        return out
    sheets = []
    for rel in ("aws_cli_pentest.md", "Azure_m3655_cheatsheet.md"):
        sheets += md_code_lines(ccs_dir, rel, "cloud-cheatsheets")
    eighteenth, _ = draw_pools(rng, [("onlypwns/cloud_cheatsheets", ccs_commit, sheets, 60)], seen,
                               lambda e: fill_angle(e["raw"], rng), keep_sheet)
    eighteenth += draw_every([("ine-labs/AzureGoat", azg_commit, e) for e in goat(azg_dir, "azuregoat")],
                             seen, lambda e: fill_angle(e["raw"], rng), keep_sheet)
    eighteenth += draw_every([("ine-labs/GCPGoat", gcg_commit, e) for e in goat(gcg_dir, "gcpgoat")],
                             seen, lambda e: fill_angle(e["raw"], rng), keep_sheet)
    rng.shuffle(eighteenth)
    emit(eighteenth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth) + 1)
    if pcw_dir is None:
        return
    # Eighteenth top-up (git-hooks-config had one line): every code-block
    # line of two git hook managers' own documentation, pre-commit's site
    # (pre-commit/pre-commit.com, sections/*.md: installs, hook types,
    # template folders, config-based hooks) and sds/overcommit's README and
    # CONTRIBUTING, handled as the sheets above (ids after the
    # seventeenth's).
    def md_tree(root, pool):
        out = []
        for d, dns, fs in sorted(os.walk(root)):
            dns.sort()
            for f in sorted(fs):
                if f.lower().endswith(".md"):
                    out += md_code_lines(root, os.path.relpath(os.path.join(d, f), root), pool)
        return out
    nineteenth = draw_every([("pre-commit/pre-commit.com", pcw_commit, e) for e in md_tree(pcw_dir, "pre-commit-docs")],
                            seen, lambda e: fill_angle(e["raw"], rng), keep_sheet)
    nineteenth += draw_every([("sds/overcommit", oc2_commit, e) for e in md_tree(oc2_dir, "overcommit-docs")],
                             seen, lambda e: fill_angle(e["raw"], rng), keep_sheet)
    rng.shuffle(nineteenth)
    emit(nineteenth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth)
         + len(eighteenth) + 1)
    if npd_dir is None:
        return
    # Nineteenth top-up (package-publish had three lines): the code-block
    # lines of npm/documentation's own guides to publishing, owning,
    # deprecating, unpublishing and sharing packages (content/
    # packages-and-modules, organizations and integrations; its cli pages
    # are copies of npm/cli's docs and are left out), 60 at random, the
    # per-repository cap, handled as the sheets above (ids after the
    # eighteenth's).
    npm_guides = []
    for top in ("content/packages-and-modules", "content/organizations", "content/integrations"):
        for d, dns, fs in sorted(os.walk(os.path.join(npd_dir, top))):
            dns.sort()
            for f in sorted(fs):
                if f.lower().endswith((".md", ".mdx")):
                    npm_guides += md_code_lines(npd_dir, os.path.relpath(os.path.join(d, f), npd_dir), "npm-docs")
    twentieth, _ = draw_pools(rng, [("npm/documentation", npd_commit, npm_guides, 60)], seen,
                              lambda e: fill_angle(e["raw"], rng), keep_sheet)
    emit(twentieth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth)
         + len(eighteenth) + len(nineteenth) + 1)
    if ghm_dir is None:
        return
    # Twentieth top-up (agent-config-tamper had one line): the code-block
    # lines of github/github-mcp-server's README and docs (how to add the
    # server to Claude Code, Codex, Copilot CLI, Gemini CLI and others: `mcp
    # add` writes the agent's own configuration), 60 at random, the
    # per-repository cap, handled as the sheets above (ids after the
    # nineteenth's).
    mcp_docs = md_code_lines(ghm_dir, "README.md", "github-mcp-docs")
    for d, dns, fs in sorted(os.walk(os.path.join(ghm_dir, "docs"))):
        dns.sort()
        for f in sorted(fs):
            if f.lower().endswith((".md", ".mdx")):
                mcp_docs += md_code_lines(ghm_dir, os.path.relpath(os.path.join(d, f), ghm_dir), "github-mcp-docs")
    twentyfirst, _ = draw_pools(rng, [("github/github-mcp-server", ghm_commit, mcp_docs, 60)], seen,
                                lambda e: fill_angle(e["raw"], rng), keep_sheet)
    emit(twentyfirst, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth)
         + len(eighteenth) + len(nineteenth) + len(twentieth) + 1)
    if lvd_dir is None:
        return
    # Twenty-first top-up (database-destructive had nine lines): every
    # code-block line of laravel/docs' three database command pages
    # (database.md, migrations.md, seeding.md: migrations run, rolled back,
    # reset, refreshed and fresh, seeds), handled as the sheets above (ids
    # after the twentieth's).
    lv = []
    for rel in ("database.md", "migrations.md", "seeding.md"):
        lv += md_code_lines(lvd_dir, rel, "laravel-docs")
    twentysecond = draw_every([("laravel/docs", lvd_commit, e) for e in lv], seen,
                              lambda e: fill_angle(e["raw"], rng), keep_sheet)
    rng.shuffle(twentysecond)
    emit(twentysecond, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth)
         + len(eighteenth) + len(nineteenth) + len(twentieth) + len(twentyfirst) + 1)
    if ntl_dir is None:
        return
    # Twenty-second top-up: the code-block lines of netlify/cli's command
    # reference (docs/commands/*.md: sites, deploys, environment variables,
    # databases, blobs), 60 at random, the per-repository cap, handled as
    # the sheets above (ids after the twenty-first's).
    ntl = []
    for f in sorted(os.listdir(os.path.join(ntl_dir, "docs", "commands"))):
        if f.endswith(".md"):
            ntl += md_code_lines(ntl_dir, "docs/commands/" + f, "netlify-docs")
    twentythird, _ = draw_pools(rng, [("netlify/cli", ntl_commit, ntl, 60)], seen,
                                lambda e: fill_angle(e["raw"], rng), keep_sheet)
    emit(twentythird, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth)
         + len(eighteenth) + len(nineteenth) + len(twentieth) + len(twentyfirst) + len(twentysecond) + 1)
    if inc10_tsv is None:
        return
    # Twenty-third top-up: a tenth set of threads (incidents14j.tsv: a
    # database dropped and rebuilt, credentials in a test log), as the
    # fifth (ids after the twenty-second's).
    twentyfourth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(inc10_tsv)], seen,
                              lambda e: fill_angle(e["raw"], rng), keep)
    rng.shuffle(twentyfourth)
    emit(twentyfourth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth)
         + len(eighteenth) + len(nineteenth) + len(twentieth) + len(twentyfirst) + len(twentysecond)
         + len(twentythird) + 1)
    if hk_dir is None:
        return
    # Twenty-fourth top-up: the EXAMPLES of heroku/cli's command reference
    # (docs/*.md, generated by oclif: apps, add-ons, Postgres, config vars,
    # spaces, pipelines), 60 at random, the per-repository cap (ids after
    # the twenty-third's).
    twentyfifth, _ = draw_pools(rng, [("heroku/cli", hk_commit, oclif_examples(hk_dir), 60)], seen,
                                lambda e: fill_angle(e["raw"], rng), keep_sheet)
    emit(twentyfifth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth)
         + len(eighteenth) + len(nineteenth) + len(twentieth) + len(twentyfirst) + len(twentysecond)
         + len(twentythird) + len(twentyfourth) + 1)
    if sf_dir is None:
        return
    # Twenty-fifth top-up: the EXAMPLES of salesforcecli/cli's README
    # command reference (oclif, as heroku/cli's; SF_DIR/docs/README.md):
    # orgs, data, packages, agents, auth), 60 at random, the
    # per-repository cap (ids after the twenty-fourth's).
    twentysixth, _ = draw_pools(rng, [("salesforcecli/cli", sf_commit, oclif_examples(sf_dir, "sf-docs"), 60)],
                                seen, lambda e: fill_angle(e["raw"], rng), keep_sheet)
    emit(twentysixth, "g", "heldout14", first=done + len(ninth) + len(tenth) + len(eleventh) + len(twelfth)
         + len(thirteenth) + len(fourteenth) + len(fifteenth) + len(sixteenth) + len(seventeenth)
         + len(eighteenth) + len(nineteenth) + len(twentieth) + len(twentyfirst) + len(twentysecond)
         + len(twentythird) + len(twentyfourth) + len(twentyfifth) + 1)


def oclif_examples(root, pool="heroku-docs"):
    """Each `$ ` line of the EXAMPLES part of a code block of an oclif
    command reference (docs/*.md), the prompt taken off and joined over
    trailing backslashes; the USAGE templates are left out."""
    out = []
    for f in sorted(os.listdir(os.path.join(root, "docs"))):
        if not f.endswith(".md"):
            continue
        rel = "docs/" + f
        inb = ex = False
        cont = None
        for i, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines(), 1):
            t = l.strip()
            if t.startswith("```"):
                inb, ex, cont = not inb, False, None
                continue
            if not inb:
                continue
            if t == "EXAMPLES":
                ex = True
            elif ex and t and re.match(r"^[A-Z ]+$", t):
                ex = False
            elif ex and cont is not None:
                cont["raw"] += "\n" + t
                if not t.endswith("\\"):
                    cont = None
            elif ex and t.startswith("$ "):
                out.append({"source_path": rel, "line": i, "raw": t[2:], "pool": pool})
                cont = out[-1] if t.endswith("\\") else None
    return out


def forgearmory_blocks(root, most=4):
    """Each shell `inline: |` block of a ttps/**/*.yaml TTP that runs on
    linux or darwin, not under a cleanup: key, not a python executor's, of
    at most `most` non-blank lines and no template control ({{ if …}}),
    joined with line breaks; line = the inline: line."""
    out = []
    base = os.path.join(root, "ttps")
    for dp, dns, fns in sorted(os.walk(base)):
        dns.sort()
        for fn in sorted(fns):
            if not fn.endswith(".yaml"):
                continue
            rel = os.path.relpath(os.path.join(dp, fn), root)
            text = open(os.path.join(root, rel), encoding="utf-8").read()
            if not re.search(r"^\s*- os: (linux|darwin)\s*$", text, re.M):
                continue
            lines = text.splitlines()
            defaults, name = {}, None
            for l in lines:
                m = re.match(r"^\s*- name:\s*(\S+)\s*$", l)
                if m:
                    name = m.group(1)
                m = re.match(r"^\s*default:\s*(.*?)\s*$", l)
                if m and name:
                    v = m.group(1)
                    if len(v) >= 2 and v[0] == v[-1] and v[0] in "\"'":
                        v = v[1:-1]
                    defaults.setdefault(name, v)
            i = 0
            while i < len(lines):
                m = re.match(r"^(\s*)inline:\s*\|[-+]?\s*$", lines[i])
                if not m:
                    i += 1
                    continue
                start, ind = i, len(m.group(1))
                parent, executor = "", ""
                for j in range(i - 1, -1, -1):
                    pj = lines[j]
                    if not pj.strip():
                        continue
                    pind = len(pj) - len(pj.lstrip())
                    if pind == ind and pj.strip().startswith("executor:"):
                        executor = pj.split(":", 1)[1].strip()
                    if pind < ind:
                        parent = pj.strip()
                        break
                for j in range(i + 1, len(lines)):
                    pj = lines[j]
                    if pj.strip() and len(pj) - len(pj.lstrip()) <= ind:
                        if len(pj) - len(pj.lstrip()) == ind and pj.strip().startswith("executor:"):
                            executor = pj.split(":", 1)[1].strip()
                        if len(pj) - len(pj.lstrip()) < ind:
                            break
                i += 1
                body = []
                while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > ind):
                    body.append(lines[i])
                    i += 1
                while body and not body[-1].strip():
                    body.pop()
                if not body:
                    continue
                cut = min(len(b) - len(b.lstrip()) for b in body if b.strip())
                body = [b[cut:] for b in body]
                raw = "\n".join(body)
                if (parent.startswith("cleanup:") or executor not in ("", "bash", "sh", "zsh")
                        or "{{" in raw and re.search(r"\{\{-?\s*(if|end|else|range)\b", raw)
                        or len([b for b in body if b.strip()]) > most):
                    continue
                raw = re.sub(r"\{\{-?\s*\.Args\.(\w+)\s*-?\}\}", lambda m: defaults.get(m.group(1), m.group(0)), raw)
                out.append({"source_path": rel, "line": start + 1, "raw": raw, "pool": "forgearmory"})
    return out


def js_input_strings(root, rel, pool):
    """Each `input: '…'` or `input: "…"` string of a JavaScript test file,
    unescaped; line = its line."""
    out = []
    pat = re.compile(r"\binput:\s*('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")
    for n, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines(), 1):
        for m in pat.finditer(l):
            raw = re.sub(r"\\(.)", lambda x: x.group(1), m.group(1)[1:-1])
            out.append({"source_path": rel, "line": n, "raw": raw, "pool": pool})
    return out


def json_command_entries(root, rel, pool):
    """The "command" of each entry of a JSON list file; line = the line
    where that key stands."""
    out = []
    for n, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines(), 1):
        m = re.match(r'^\s*"command":\s*("(?:[^"\\]|\\.)*")', l)
        if m:
            out.append({"source_path": rel, "line": n, "raw": json.loads(m.group(1)), "pool": pool})
    return out


def list_file_commands(root, rel, pool):
    """Each line of a one-command-a-line list file, blank lines and #
    comments left out; line = its line number."""
    out = []
    for n, l in enumerate(open(os.path.join(root, rel), encoding="utf-8").read().splitlines(), 1):
        if l.strip() and not l.lstrip().startswith("#"):
            out.append({"source_path": rel, "line": n, "raw": l, "pool": pool})
    return out


if __name__ == "__main__":
    main()
