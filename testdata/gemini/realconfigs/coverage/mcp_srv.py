import json, sys
TOOLS = [{"name": n, "description": "permsim test tool " + n, "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}} for n in ("echo", "wipe")]
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if "id" not in m:
        continue
    meth = m.get("method")
    if meth == "initialize":
        res = {"protocolVersion": m.get("params", {}).get("protocolVersion", "2024-11-05"), "capabilities": {"tools": {}}, "serverInfo": {"name": "permsim-mcp", "version": "1"}}
    elif meth == "tools/list":
        res = {"tools": TOOLS}
    elif meth == "tools/call":
        p = m.get("params", {})
        res = {"content": [{"type": "text", "text": "mcp %s ran: %s" % (p.get("name"), json.dumps(p.get("arguments", {})))}]}
    elif meth == "ping":
        res = {}
    else:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "error": {"code": -32601, "message": "no such method"}}) + "\n")
        sys.stdout.flush()
        continue
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": res}) + "\n")
    sys.stdout.flush()
