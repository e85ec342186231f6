package transcriptgen

import (
	"encoding/json"
	"strconv"
)

// The Realistic profile's figures, all measured from published real
// Claude Code transcripts (REALISTIC.md lists the source, the commands
// and the full tables; no transcript content is copied, only these
// numbers). A size is a whole JSONL line in bytes, given as 21 quantiles
// (min, p5, p10, …, p95, max) and sampled by interpolating between them.

// quantiles are the 0th, 5th, …, 100th percentiles of a line size.
type quantiles [21]int

// sample draws from the distribution the quantiles describe (linear
// between neighbouring quantiles).
func (q *quantiles) sample(g *gen) int {
	u := g.r.Float64() * 20
	i := min(int(u), 19)
	return q[i] + int((u-float64(i))*float64(q[i+1]-q[i]))
}

// realTool is one tool's share of the calls and its line sizes.
type realTool struct {
	name   string
	calls  int       // calls of this tool in the measured corpus
	use    quantiles // the assistant line holding the tool_use
	result quantiles // the user line holding the tool_result (and toolUseResult)
	// contentShare is the share of the result line's payload in the
	// tool_result content; the rest is the toolUseResult copy (for Edit
	// the whole original file, hence the small share).
	contentShare float64
}

var realTools = []realTool{
	{"Bash", 319, quantiles{788, 808, 816, 819, 824, 831, 834, 841, 849, 856, 863, 867, 873, 881, 891, 905, 917, 945, 999, 1040, 3213},
		quantiles{470, 476, 508, 508, 514, 543, 571, 586, 638, 707, 788, 905, 981, 1181, 1468, 2046, 2834, 4198, 8004, 21059, 62454}, 0.55},
	{"Read", 225, quantiles{769, 776, 780, 788, 791, 793, 795, 798, 800, 802, 803, 805, 807, 809, 812, 815, 818, 826, 838, 842, 884},
		quantiles{495, 1282, 1613, 1988, 2811, 3771, 4071, 4350, 5213, 6389, 7135, 7656, 8075, 9185, 11514, 13508, 15951, 21866, 30436, 47937, 71868}, 0.57},
	{"Edit", 174, quantiles{847, 915, 937, 954, 979, 1021, 1060, 1082, 1130, 1212, 1317, 1387, 1523, 1640, 1844, 2171, 2754, 3182, 3685, 4444, 7212},
		quantiles{581, 1113, 2781, 3906, 5052, 6267, 6576, 7777, 8596, 10230, 11101, 12460, 14022, 15674, 16291, 17921, 21416, 26688, 27834, 29629, 59047}, 0.11},
	{"TodoWrite", 143, quantiles{877, 1063, 1081, 1103, 1118, 1163, 1171, 1175, 1191, 1261, 1307, 1345, 1369, 1399, 1411, 1418, 1431, 1509, 1580, 1600, 2385},
		quantiles{838, 1067, 1245, 1275, 1319, 1371, 1439, 1461, 1471, 1569, 1650, 1715, 1763, 1863, 1933, 1951, 1965, 2125, 2285, 2301, 3396}, 0.30},
	{"Grep", 135, quantiles{793, 808, 815, 823, 825, 832, 837, 840, 842, 846, 852, 855, 857, 860, 862, 865, 873, 886, 897, 922, 971},
		quantiles{500, 517, 518, 524, 529, 530, 530, 530, 534, 634, 758, 900, 1044, 1188, 1566, 1962, 2485, 3379, 5267, 6809, 46323}, 0.56},
	{"MultiEdit", 36, quantiles{871, 874, 879, 888, 892, 898, 902, 968, 969, 1049, 1161, 1163, 1219, 1243, 1335, 1378, 1745, 2663, 3064, 3260, 4343},
		quantiles{581, 589, 601, 783, 1021, 5343, 7200, 9713, 11243, 12466, 13899, 14029, 16956, 17225, 17541, 18628, 19310, 22422, 23976, 29590, 36990}, 0.05},
	{"Write", 28, quantiles{953, 1431, 2070, 2585, 2878, 3245, 4128, 4460, 4775, 5399, 5944, 6310, 8705, 8706, 9734, 9826, 10729, 11621, 12127, 22974, 26187},
		quantiles{581, 581, 581, 587, 747, 2412, 2702, 3066, 4411, 4586, 5576, 5752, 6103, 9524, 9636, 10419, 11434, 11941, 12874, 22788, 25978}, 0.09},
	{"LS", 18, quantiles{755, 757, 762, 763, 763, 765, 766, 767, 768, 768, 768, 768, 769, 772, 772, 773, 774, 774, 775, 777, 786},
		quantiles{603, 799, 986, 1360, 1360, 1503, 1611, 1619, 1619, 1904, 1904, 2263, 3848, 4830, 6830, 8630, 9763, 9763, 9763, 9763, 9764}, 0.56},
	{"Task", 6, quantiles{1484, 1484, 1484, 1552, 1552, 1552, 1705, 1705, 1705, 1705, 1705, 2168, 2168, 2168, 2301, 2301, 2301, 2301, 2301, 2503, 2503},
		quantiles{8632, 8632, 8632, 9909, 9909, 9909, 10099, 10099, 10099, 10099, 10099, 13962, 13962, 13962, 21115, 21115, 21115, 21115, 21115, 21257, 21257}, 0.50},
	{"Glob", 5, quantiles{753, 753, 753, 762, 762, 762, 762, 762, 798, 798, 798, 798, 798, 800, 800, 800, 800, 800, 810, 810, 810},
		quantiles{506, 506, 506, 551, 551, 551, 551, 551, 551, 551, 551, 551, 551, 2195, 2195, 2195, 2195, 2195, 2202, 2202, 2202}, 0.64},
	{"WebSearch", 2, quantiles{800, 800, 800, 800, 800, 800, 800, 800, 800, 800, 800, 801, 801, 801, 801, 801, 801, 801, 801, 801, 801},
		quantiles{7967, 7967, 7967, 7967, 7967, 7967, 7967, 7967, 7967, 7967, 7967, 8301, 8301, 8301, 8301, 8301, 8301, 8301, 8301, 8301, 8301}, 0.52},
}

// Other records, per measured tool call (1,092 calls): 748 assistant text
// lines, 120 user prompts, 40 summaries, 5 system lines.
var (
	realCalls     = 1092
	realTexts     = 748
	realPrompts   = 120
	realSummaries = 40
	realSystems   = 5
	// 149 of the 1,091 tool results are errors (is_error true).
	realResults  = 1091
	realErrors   = 149
	realTextLine = quantiles{693, 712, 722, 729, 734, 740, 745, 749, 755, 761, 767, 777, 787, 796, 808, 828, 855, 904, 977, 1574, 10948}
	realPrompt   = quantiles{348, 362, 382, 388, 391, 398, 403, 413, 425, 459, 461, 467, 511, 544, 550, 557, 630, 1104, 1608, 10569, 351261}
	realSummary  = quantiles{115, 124, 127, 128, 130, 134, 134, 135, 135, 135, 136, 136, 137, 138, 139, 140, 141, 146, 147, 150, 168}
	// 282 distinct commands in 320 Bash calls: 11.9% of the calls repeat
	// an earlier command of the corpus.
	realRepeatPermille = 119
)

// per draws true with probability n/realCalls: "n of these per measured
// call".
func (g *gen) per(n int) bool { return g.r.IntN(realCalls) < n }

// pickTool draws a tool by its measured share of the calls.
func (g *gen) pickTool() *realTool {
	n := g.r.IntN(realCalls)
	for i := range realTools {
		if n < realTools[i].calls {
			return &realTools[i]
		}
		n -= realTools[i].calls
	}
	return &realTools[0]
}

// padTo writes v as a line of about target bytes: fill(k) puts k bytes of
// filler text where the record keeps its bulk. A record already longer
// than target is written as it is.
func (g *gen) padTo(target int, fill func(string), v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if extra := target - len(b) - 1; extra > 0 {
		// g.text's ".\n" is escaped as 3 bytes: about one byte in 60 more.
		fill(g.text(extra - extra/60))
	}
	return g.line(v)
}

// realistic writes one session of about size bytes in the Realistic
// profile: turns of a prompt followed by tool calls, each call with the
// assistant text before it (sometimes), its tool_use line and its
// tool_result line, and now and then a summary or system line.
func (g *gen) realistic(session, proj string, size int64) error {
	parent := ""
	var used []string
	for g.n < size {
		if g.n == 0 || g.per(realPrompts) {
			u := g.base(session, proj, "user", parent)
			msg := map[string]any{"role": "user", "content": ""}
			u["message"] = msg
			u["permissionMode"] = "default"
			parent = u["uuid"].(string)
			if err := g.padTo(realPrompt.sample(g), func(s string) { msg["content"] = s }, u); err != nil {
				return err
			}
		}
		if g.per(realSummaries) {
			sum := map[string]any{"type": "summary", "summary": "", "leafUuid": parent}
			if err := g.padTo(realSummary.sample(g), func(s string) { sum["summary"] = s }, sum); err != nil {
				return err
			}
		}
		if g.per(realSystems) {
			s := g.base(session, proj, "system", parent)
			s["content"], s["level"], s["isMeta"] = "Claude Code compacted the conversation", "info", false
			if err := g.line(s); err != nil {
				return err
			}
		}
		msgID := g.id("msg_")
		if g.per(realTexts) {
			a := g.base(session, proj, "assistant", parent)
			block := map[string]any{"type": "text", "text": ""}
			a["message"] = map[string]any{"id": msgID, "type": "message", "role": "assistant", "model": "claude-opus-5-5",
				"content": []any{block}, "stop_reason": nil, "usage": map[string]any{"input_tokens": 1200, "output_tokens": 300}}
			a["requestId"] = g.id("req_")
			parent = a["uuid"].(string)
			if err := g.padTo(realTextLine.sample(g), func(s string) { block["text"] = s }, a); err != nil {
				return err
			}
		}
		t := g.pickTool()
		input, fill := g.realInput(t.name, proj, &used)
		tu := g.base(session, proj, "assistant", parent)
		toolID := g.id("toolu_")
		tu["message"] = map[string]any{"id": msgID, "type": "message", "role": "assistant", "model": "claude-opus-5-5",
			"content":     []any{map[string]any{"type": "tool_use", "id": toolID, "name": t.name, "input": input}},
			"stop_reason": nil, "usage": map[string]any{"input_tokens": 1200, "output_tokens": 300}}
		tu["requestId"] = g.id("req_")
		if err := g.padTo(t.use.sample(g), fill, tu); err != nil {
			return err
		}
		g.calls++
		res := g.base(session, proj, "user", tu["uuid"].(string))
		block := map[string]any{"type": "tool_result", "tool_use_id": toolID, "content": "", "is_error": g.r.IntN(realResults) < realErrors}
		res["message"] = map[string]any{"role": "user", "content": []any{block}}
		tur := map[string]any{"stdout": "", "stderr": "", "interrupted": false, "isImage": false}
		res["toolUseResult"] = tur
		parent = res["uuid"].(string)
		share := t.contentShare
		if err := g.padTo(t.result.sample(g), func(s string) {
			k := int(float64(len(s)) * share)
			block["content"], tur["stdout"] = s[:k], s[k:]
		}, res); err != nil {
			return err
		}
	}
	return nil
}

// realInput returns a tool call's input and where padding goes in it (the
// field that holds a call's bulk: a Write's content, an Edit's strings).
// A Bash command repeats an earlier one of the session in the measured
// share of calls, else it is new: one of the command pool with a
// distinct argument.
func (g *gen) realInput(name, proj string, used *[]string) (map[string]any, func(string)) {
	in := map[string]any{}
	none := func(string) {}
	file := proj + "/" + files[g.r.IntN(len(files))]
	switch name {
	case "Bash":
		var cmd string
		if len(*used) > 0 && g.r.IntN(1000) < realRepeatPermille {
			cmd = (*used)[g.r.IntN(len(*used))]
		} else {
			cmd = commands[g.r.IntN(len(commands))] + " # " + strconv.Itoa(g.r.IntN(1_000_000_000))
			*used = append(*used, cmd)
		}
		in["command"], in["description"] = cmd, ""
		return in, func(s string) { in["description"] = s }
	case "Read", "LS":
		in["file_path"] = file
		return in, none
	case "Edit", "MultiEdit":
		in["file_path"], in["old_string"], in["new_string"] = file, "", ""
		return in, func(s string) { in["old_string"], in["new_string"] = s[:len(s)/2], s[len(s)/2:] }
	case "Write":
		in["file_path"], in["content"] = file, ""
		return in, func(s string) { in["content"] = s }
	case "TodoWrite":
		todo := map[string]any{"content": "", "status": "pending", "id": "1"}
		in["todos"] = []any{todo}
		return in, func(s string) { todo["content"] = s }
	case "Grep", "Glob":
		in["pattern"], in["path"] = "TODO", proj
		return in, none
	case "Task":
		in["description"], in["prompt"] = "explore", ""
		return in, func(s string) { in["prompt"] = s }
	case "WebSearch":
		in["query"] = "golang " + words[g.r.IntN(len(words))]
		return in, none
	}
	return in, none
}
