#!/usr/bin/env python3
"""Lays out fixtures/public-transcripts as harness homes (README's "Laying them out as homes")."""
import json, os, re, sys, datetime, glob, hashlib

src, home, only = sys.argv[1], sys.argv[2], set(sys.argv[3:])

def want(rel):
    return not only or rel in only

def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data)

for p in sorted(glob.glob(os.path.join(src, 'claude-code', '*.jsonl'))):
    rel = os.path.relpath(p, src)
    if not want(rel): continue
    data = open(p, 'rb').read()
    cwd = sid = None
    for line in data.splitlines():
        try: o = json.loads(line)
        except Exception: continue
        if isinstance(o, dict) and o.get('cwd') and o.get('sessionId'):
            cwd, sid = o['cwd'], o['sessionId']; break
    if not cwd: print('skip', rel, file=sys.stderr); continue
    slug = re.sub(r'[^A-Za-z0-9]', '-', cwd)
    write(os.path.join(home, '.claude/projects', slug, sid + '.jsonl'), data)

for p in sorted(glob.glob(os.path.join(src, 'codex', '*.jsonl'))):
    rel = os.path.relpath(p, src)
    if not want(rel): continue
    data = open(p, 'rb').read()
    meta = json.loads(data.split(b'\n', 1)[0])['payload']
    ts = datetime.datetime.fromisoformat(meta['timestamp'].replace('Z', '+00:00'))
    write(os.path.join(home, '.codex/sessions', ts.strftime('%Y/%m/%d'),
                       'rollout-' + ts.strftime('%Y-%m-%dT%H-%M-%S') + '-' + meta['id'] + '.jsonl'), data)

for p in sorted(glob.glob(os.path.join(src, 'gemini', '*.json'))):
    rel = os.path.relpath(p, src)
    if not want(rel): continue
    data = open(p, 'rb').read()
    o = json.loads(data)
    ts = datetime.datetime.fromisoformat(o['startTime'].replace('Z', '+00:00'))
    write(os.path.join(home, '.gemini/tmp', o['projectHash'], 'chats',
                       'session-' + ts.strftime('%Y-%m-%dT%H-%M') + '-' + o['sessionId'][:8] + '.json'), data)

for p in sorted(glob.glob(os.path.join(src, 'cursor', '*.jsonl'))):
    rel = os.path.relpath(p, src)
    if not want(rel): continue
    data = open(p, 'rb').read()
    u = hashlib.sha1(data).hexdigest()
    uid = '%s-%s-%s-%s-%s' % (u[:8], u[8:12], u[12:16], u[16:20], u[20:32])
    write(os.path.join(home, '.cursor/projects/Users-dev-test-repo/agent-transcripts', uid + '.jsonl'), data)

n = 0
for p in sorted(glob.glob(os.path.join(src, 'opencode', '*.export.json'))):
    rel = os.path.relpath(p, src)
    if not want(rel): continue
    d = json.load(open(p))
    info = d['info']; sid = info['id']
    st = os.path.join(home, '.local/share/opencode/storage')
    write(os.path.join(st, 'session', info.get('projectID', 'global'), sid + '.json'), json.dumps(info).encode())
    for m in d['messages']:
        mi = dict(m['info'])
        if mi.get('id', 'REDACTED') == 'REDACTED':
            n += 1; mi['id'] = 'msg_redacted%06d%s' % (n, sid[-6:])
        mi['sessionID'] = sid
        write(os.path.join(st, 'message', sid, mi['id'] + '.json'), json.dumps(mi).encode())
        for part in m['parts']:
            pt = dict(part)
            if pt.get('id', 'REDACTED') == 'REDACTED':
                n += 1; pt['id'] = 'prt_redacted%06d%s' % (n, sid[-6:])
            if pt.get('callID') == 'REDACTED':
                n += 1; pt['callID'] = 'call_redacted%06d' % n
            pt['messageID'] = mi['id']; pt['sessionID'] = sid
            write(os.path.join(st, 'part', mi['id'], pt['id'] + '.json'), json.dumps(pt).encode())
