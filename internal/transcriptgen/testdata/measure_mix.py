# Measures the record mix, tool mix, calls per MB, result sizes and Bash command
# repetition of Claude Code transcripts: python3 measure_mix.py FILE.jsonl...
# (REALISTIC.md). It prints statistics only.
import json, sys, os, collections, statistics, glob
files = sys.argv[1:]
tot_bytes = 0; rec = collections.Counter(); blocks = collections.Counter(); tools = collections.Counter()
out_sizes = []; line_sizes = collections.defaultdict(list); cmds = collections.Counter(); calls = 0; results = 0
bytes_by_type = collections.Counter(); nlines=0; bad=0; input_sizes=[]
per_file=[]
for f in files:
    b = os.path.getsize(f); tot_bytes += b; fc=0
    for line in open(f, 'rb'):
        nlines += 1
        try: r = json.loads(line)
        except Exception: bad += 1; continue
        t = r.get('type', '?'); rec[t] += 1; bytes_by_type[t] += len(line); line_sizes[t].append(len(line))
        m = r.get('message') if isinstance(r.get('message'), dict) else None
        if m and isinstance(m.get('content'), list):
            for c in m['content']:
                if not isinstance(c, dict): continue
                ct = c.get('type', '?'); blocks[(t, ct)] += 1
                if ct == 'tool_use':
                    calls += 1; fc+=1; tools[c.get('name')] += 1
                    inp = c.get('input', {}); input_sizes.append(len(json.dumps(inp)))
                    if c.get('name') == 'Bash' and isinstance(inp, dict): cmds[inp.get('command', '')] += 1
                if ct == 'tool_result':
                    results += 1
                    cc = c.get('content')
                    s = len(cc) if isinstance(cc, str) else len(json.dumps(cc))
                    out_sizes.append(s)
        elif m:
            blocks[(t, 'string')] += 1
    per_file.append((os.path.basename(f), b, fc))
mb = tot_bytes / 1e6
print(f"files {len(files)} bytes {tot_bytes} lines {nlines} bad {bad}")
print(f"tool calls {calls} results {results} calls/MB {calls/mb:.1f} bytes/call {tot_bytes/calls:.0f}")
print("records:", {k: v for k, v in rec.most_common()})
print("record share %:", {k: round(100*v/nlines,1) for k, v in rec.most_common()})
print("bytes share %:", {k: round(100*v/tot_bytes,1) for k, v in bytes_by_type.most_common()})
print("median line bytes:", {k: int(statistics.median(v)) for k, v in line_sizes.items()})
print("blocks:", blocks.most_common())
print("tools:", tools.most_common())
print("tool share %:", [(k, round(100*v/calls,1)) for k, v in tools.most_common()])
q = statistics.quantiles(out_sizes, n=20)
print("result bytes: mean %.0f median %.0f p10 %.0f p25 %.0f p75 %.0f p90 %.0f p95 %.0f max %d" % (statistics.mean(out_sizes), statistics.median(out_sizes), q[1], q[4], q[14], q[17], q[18], max(out_sizes)))
q = statistics.quantiles(input_sizes, n=20)
print("input bytes: mean %.0f median %.0f p90 %.0f" % (statistics.mean(input_sizes), statistics.median(input_sizes), q[17]))
nb = sum(cmds.values()); print(f"bash calls {nb} distinct commands {len(cmds)} repeated share {1-len(cmds)/nb:.3f}; top repeats:", [v for k,v in cmds.most_common(10)])
for p in sorted(per_file, key=lambda x:-x[1]): print("  ", p[0][:8], p[1], p[2], round(p[2]/(p[1]/1e6),1) if p[1] else 0)
