package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
)

// kindInfo describes each kind of finding for SARIF's rule list and the
// text report.
var kindInfo = []struct {
	kind, name, text string
}{
	{KindImportOutside, "ClaudeMdImportOutsideProject", "A project CLAUDE.md file imports a file from outside the project, checked where symlinks lead"},
	{KindMCPEnableAll, "McpAllProjectServersEnabled", "Every project .mcp.json server is enabled wholesale (enableAllProjectMcpServers)"},
	{KindMCPRepoEnables, "McpRepositoryApprovesOwnServer", "The repository's own settings approve its .mcp.json servers by name"},
	{KindMCPChanged, "McpApprovedByNameChanged", "An MCP server approved by name changed its definition under the same name"},
	{KindSharedAllow, "RepositoryAllowRule", "An allow rule the repository wrote, and what it lets run once the folder is trusted"},
	{KindTrackedLocal, "TrackedLocalSettings", "A .claude/settings.local.json tracked by git: it arrived with the clone"},
	{KindCatchAll, "OpenCodeCatchAllAfterDeny", "An OpenCode \"*\" pattern after a deny cancels the deny"},
	{KindNeverConsulted, "RuleNeverConsulted", "A permission rule the harness reads but never consults"},
	{KindRepoHook, "RepositoryHookRunsCode", "A hook or plugin the repository ships runs code on the user's machine"},
}

// WriteText prints the report for people.
func WriteText(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "permsim audit: %s (home %s)\n", r.Project, r.Home)
	if m := r.Memory; m != nil {
		fmt.Fprintf(&b, "\nCLAUDE.md files loaded, in order (project top %s: %s):\n", m.Top, m.TopWhy)
		if len(m.Files) == 0 {
			b.WriteString("  none\n")
		}
		for _, f := range m.Files {
			state := ""
			switch {
			case f.Outside:
				state = "  [outside: Codey refuses, Claude Code loads]"
			case !f.Found:
				state = "  [" + f.Error + "]"
			}
			indent := strings.Repeat("  ", f.Depth)
			if f.As != "" {
				fmt.Fprintf(&b, "  %s%s -> %s%s\n", indent, f.As, f.Path, state)
			} else {
				fmt.Fprintf(&b, "  %s%s%s\n", indent, f.Path, state)
			}
		}
		if m.AgentsMD != "" {
			fmt.Fprintf(&b, "  (the agent is told to read %s)\n", m.AgentsMD)
		}
	}
	fmt.Fprintf(&b, "\nFindings: %d\n", len(r.Findings))
	for _, f := range r.Findings {
		loc := f.File
		if f.Line > 0 {
			loc = fmt.Sprintf("%s:%d", f.File, f.Line)
		}
		fmt.Fprintf(&b, "%s: %s [%s] (%s)\n    %s\n", loc, f.Severity, f.Kind, strings.Join(f.Harnesses, ", "), f.Message)
	}
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "problem: %s\n", p)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON prints the report as one JSON object.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	out := *r
	if out.Findings == nil {
		out.Findings = []Finding{}
	}
	return enc.Encode(&out)
}

// SARIF 2.1.0 types: only the parts the report fills.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult               `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string            `json:"id"`
		Name                 string            `json:"name"`
		ShortDescription     sarifText         `json:"shortDescription"`
		DefaultConfiguration map[string]string `json:"defaultConfiguration,omitempty"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID     string          `json:"ruleId"`
		RuleIndex  int             `json:"ruleIndex"`
		Level      string          `json:"level"`
		Message    sarifText       `json:"message"`
		Locations  []sarifLocation `json:"locations"`
		Properties map[string]any  `json:"properties"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           *sarifRegion     `json:"region,omitempty"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// level is SARIF's word for a severity.
func level(s Severity) string {
	switch {
	case s >= High:
		return "error"
	case s == Medium:
		return "warning"
	}
	return "note"
}

// securitySeverity is the 0–10 score code-scanning tools sort by.
func securitySeverity(s Severity) string {
	return [...]string{"0.0", "3.0", "5.5", "8.0", "9.5"}[s]
}

// fileURI is an absolute path as a file URI.
func fileURI(p string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
	return u.String()
}

// SARIFRule is one kind of finding in a SARIF log's rule list: its ID (the
// finding's Kind), a name and a one-line description.
type SARIFRule struct{ ID, Name, Text string }

// Kinds lists audit's kinds of finding as SARIF rules, for a log that
// carries audit findings beside others (permsim check's).
func Kinds() []SARIFRule {
	out := make([]SARIFRule, len(kindInfo))
	for i, k := range kindInfo {
		out[i] = SARIFRule{ID: k.kind, Name: k.name, Text: k.text}
	}
	return out
}

// WriteSARIF prints the report as a SARIF 2.1.0 log with one run.
func WriteSARIF(w io.Writer, r *Report) error {
	return WriteSARIFLog(w, "permsim audit", r.Project, Kinds(), r.Findings)
}

// WriteSARIFLog prints findings as a SARIF 2.1.0 log with one run by tool:
// each finding's file relative to project (the PROJECTROOT base, so a code
// scanning upload annotates the repository's own lines), its line, level
// and security severity. rules lists every kind a finding may have.
func WriteSARIFLog(w io.Writer, tool, project string, rules []SARIFRule, findings []Finding) error {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{Name: tool, InformationURI: "https://github.com/permsim/permsim"}},
		OriginalURIBaseIDs: map[string]sarifArtifactLoc{
			"PROJECTROOT": {URI: fileURI(project) + "/"},
		},
		Results: []sarifResult{},
	}
	index := map[string]int{}
	for i, k := range rules {
		index[k.ID] = i
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{ID: k.ID, Name: k.Name, ShortDescription: sarifText{Text: k.Text}})
	}
	for _, f := range findings {
		loc := sarifArtifactLoc{URI: f.File, URIBaseID: "PROJECTROOT"}
		if filepath.IsAbs(f.File) {
			loc = sarifArtifactLoc{URI: fileURI(f.File)}
		} else {
			loc.URI = (&url.URL{Path: f.File}).String()
		}
		phys := sarifPhysical{ArtifactLocation: loc}
		if f.Line > 0 {
			phys.Region = &sarifRegion{StartLine: f.Line}
		}
		run.Results = append(run.Results, sarifResult{
			RuleID: f.Kind, RuleIndex: index[f.Kind], Level: level(f.Severity), Message: sarifText{Text: f.Message},
			Locations: []sarifLocation{{PhysicalLocation: phys}},
			Properties: map[string]any{
				"severity": f.Severity.String(), "harnesses": f.Harnesses, "security-severity": securitySeverity(f.Severity),
			},
		})
	}
	log := sarifLog{Schema: "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(&log)
}
