# Measures the line sizes (21 quantiles) per tool and record kind of Claude Code
# transcripts: python3 measure_sizes.py FILE.jsonl... (REALISTIC.md).
import json, sys, os, collections, statistics
files = sys.argv[1:]
def q21(v):
    v = sorted(v); n = len(v)
    return [v[min(n-1, round(i*(n-1)/20))] for i in range(21)]
use_line = {}; res_line = {}; tool_of = {}
text_lines=[]; prompt_lines=[]; other=collections.defaultdict(list); tur = collections.defaultdict(list)
for f in files:
    for line in open(f,'rb'):
        r = json.loads(line); t = r.get('type'); L = len(line)
        m = r.get('message') if isinstance(r.get('message'), dict) else None
        kinds = []
        if m and isinstance(m.get('content'), list):
            for c in m['content']:
                if isinstance(c, dict):
                    kinds.append(c.get('type'))
                    if c.get('type') == 'tool_use': use_line[c['id']] = L; tool_of[c['id']] = c.get('name')
                    if c.get('type') == 'tool_result':
                        res_line[c.get('tool_use_id')] = L
                        tur[tool_of.get(c.get('tool_use_id'))].append(len(json.dumps(r.get('toolUseResult'))) if 'toolUseResult' in r else 0)
        if t == 'assistant' and 'tool_use' not in kinds: text_lines.append(L)
        elif t == 'user' and 'tool_result' not in kinds: prompt_lines.append(L)
        elif t not in ('user','assistant'): other[t].append(L)
by = collections.defaultdict(list); byu = collections.defaultdict(list)
for k, name in tool_of.items():
    byu[name].append(use_line[k])
    if k in res_line: by[name].append(res_line[k])
print("tool_use line q21 all:", q21(list(use_line.values())), "mean", int(statistics.mean(use_line.values())))
for name in sorted(by, key=lambda n: -len(by[n])):
    print(f"{name} n={len(by[name])} use mean {int(statistics.mean(byu[name]))} result-line mean {int(statistics.mean(by[name]))} toolUseResult mean {int(statistics.mean(tur[name]))}")
    print("   use q21", q21(byu[name])); print("   res q21", q21(by[name]))
print("text lines n", len(text_lines), "mean", int(statistics.mean(text_lines)), q21(text_lines))
print("prompt lines n", len(prompt_lines), "mean", int(statistics.mean(prompt_lines)), q21(prompt_lines))
for k,v in other.items(): print(k, len(v), int(statistics.mean(v)), q21(v))
