package main

import (
	"fmt"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/registry"
)

// Every harness comes from the registry (package registry); this file only
// turns --harness values into its entries and its errors into usage errors.

// simulatedIDs lists the harnesses --harness accepts for simulators, in the
// order `--harness all` shows them side by side.
func simulatedIDs() []string { return registry.IDs(registry.Simulated()) }

// harnessByName finds the simulated harness an ID or alias names.
func harnessByName(name string) (registry.Harness, engine.Harness, error) {
	hs, err := registry.Choose(name, registry.Simulated(), "simulator")
	if err != nil || len(hs) != 1 {
		if err == nil {
			err = fmt.Errorf("--harness %q: name one harness", name)
		}
		return registry.Harness{}, nil, usageError{msg: "--harness: " + err.Error(),
			hint: "--harness " + strings.Join(simulatedIDs(), "|")}
	}
	sim, _ := hs[0].NewSimulator(registry.SimOptions{})
	return hs[0], sim, nil
}

// chooseSimulators picks the simulators --harness names: "all" (or empty)
// means every registered one, side by side.
func chooseSimulators(list string, o registry.SimOptions) ([]engine.Harness, error) {
	hs, err := registry.Choose(list, registry.Simulated(), "simulator")
	if err != nil {
		return nil, usageError{msg: "--harness: " + err.Error(), hint: "--harness " + strings.Join(simulatedIDs(), ",") + " or --harness all"}
	}
	out := make([]engine.Harness, len(hs))
	for i, h := range hs {
		out[i], _ = h.NewSimulator(o)
	}
	return out, nil
}

// chooseSources picks the transcript readers --harness names (all when
// empty).
func chooseSources(list string) ([]ingest.Source, error) {
	hs, err := registry.Choose(list, registry.Readable(), "transcript reader")
	if err != nil {
		return nil, usageError{msg: "--harness: " + err.Error(), hint: "--harness " + strings.Join(registry.IDs(registry.Readable()), ",")}
	}
	out := make([]ingest.Source, len(hs))
	for i, h := range hs {
		out[i] = h.Source()
	}
	return out, nil
}

// parseTrust reads --trust, the same for every command: yes/true or
// no/false, any case; empty means "the harness's own record".
func parseTrust(s string) (*bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "":
		return nil, nil
	case "yes", "true", "y":
		t := true
		return &t, nil
	case "no", "false", "n":
		f := false
		return &f, nil
	}
	return nil, usageError{msg: fmt.Sprintf("--trust %q: want yes or no", s)}
}
