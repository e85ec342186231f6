package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// publishVerbs are the first non-option words that publish, withdraw or
// retag a package, per registry client.
var publishVerbs = map[string][]string{
	"npm":        {"publish", "unpublish", "deprecate", "dist-tag", "owner"},
	"pnpm":       {"publish"},
	"bun":        {"publish"},
	"cargo":      {"publish", "yank", "owner"},
	"poetry":     {"publish"},
	"twine":      {"upload", "register"},
	"uv":         {"publish"},
	"hatch":      {"publish"},
	"flit":       {"publish"},
	"gem":        {"push", "yank", "owner"},
	"helm":       {"push"},
	"vsce":       {"publish", "unpublish"},
	"ovsx":       {"publish"},
	"goreleaser": {"release"},
	"lerna":      {"publish"},
	"changeset":  {"publish"},
	"jreleaser":  {"release", "deploy", "full-release"},
	"anaconda":   {"upload"},
	"glab":       {"release"},
	// Their manuals' publishing verbs: deno to JSR, cabal and stack to
	// Hackage, conan to a remote.
	"deno":  {"publish"},
	"cabal": {"upload"},
	"stack": {"upload"},
	"conan": {"upload"},
}

// publish flags publishing a package, an image or a release: what others
// download next is then whatever this command sent, and some of it
// (yank, unpublish, release delete) cannot be taken back.
func (c *checker) publish(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	if hasLit(args, "--dry-run") {
		return // a rehearsal publishes nothing
	}
	if c.publishElsewise(name, args) || publishesLocally(name, args) {
		return
	}
	args = withoutWorkspaceOptions(name, args)
	if name == "npm" && firstVerbIn(args, "access") && (hasLit(args, "public", "status=public")) {
		c.add(PackagePublish) // npm-access(1): a private package made public
		return
	}
	if verbs, ok := publishVerbs[name]; ok {
		if name == "glab" {
			if v := c.verbs(args, 2); len(v) == 2 && (readOnlyVerbs[v[1]] || v[1] == "download") {
				return // glab release list|view|download read
			}
		}
		if firstVerbIn(args, verbs...) && !(name == "goreleaser" && hasLit(args, "--snapshot")) {
			if name == "npm" && firstVerbIn(args, "dist-tag", "owner") && !hasLit(args, "add", "rm", "remove") {
				return // "npm dist-tag ls", "npm owner ls"
			}
			if (name == "cargo" || name == "gem") && firstVerbIn(args, "owner") && !ownersChanged(args) {
				return // cargo-owner(1) --list, gem-owner(1) without -a/-r: the owners shown
			}
			c.add(PackagePublish)
		}
		return
	}
	switch name {
	case "yarn":
		// yarn 1 "publish"; yarn 2+ "npm publish"
		if firstVerbIn(args, "publish") || len(args) > 1 && args[0].Lit == "npm" && args[1].Lit == "publish" {
			c.add(PackagePublish)
		}
	case "python", "python3":
		if len(args) >= 3 && args[0].Lit == "-m" && args[1].Lit == "twine" && args[2].Lit == "upload" {
			c.add(PackagePublish)
		}
		// distutils' and setuptools' own commands: "setup.py sdist upload",
		// "setup.py register" send the package to the index.
		if len(args) >= 2 && path.Base(args[0].Lit) == "setup.py" && hasLit(args[1:], "upload", "register", "upload_docs") {
			c.add(PackagePublish)
		}
	case "mvn", "mvnw", "./mvnw":
		for _, a := range args {
			if a.Literal && (a.Lit == "deploy" || a.Lit == "release:perform" || strings.HasSuffix(a.Lit, ":deploy")) {
				c.add(PackagePublish)
			}
		}
	case "gradle", "gradlew":
		for _, a := range args {
			// Gradle's maven-publish plugin: publishToMavenLocal (and every
			// publish…ToMavenLocal task) copies the publications into the
			// local Maven cache, ~/.m2; nothing leaves the machine.
			if a.Literal && (strings.HasPrefix(a.Lit, "publish") || strings.Contains(a.Lit, ":publish")) && !strings.HasSuffix(a.Lit, "ToMavenLocal") {
				c.add(PackagePublish)
			}
		}
	case "docker", "podman", "buildah", "skopeo", "crane":
		c.imagePush(name, args)
		if ops := operands(args); len(ops) > 1 && ops[0].Lit == "compose" && composePushes(ops[1:], args) {
			c.add(PackagePublish) // the services' images pushed (README's dev7 call)
		}
	case "docker-compose", "podman-compose":
		if composePushes(operands(args), args) {
			c.add(PackagePublish)
		}
	case "az", "heroku", "gcloud":
		if c.imageBuiltAndPushed(name, args) {
			c.add(PackagePublish)
		}
	case "dotnet", "nuget":
		for i, a := range args {
			if a.Lit == "push" && (name == "nuget" || i > 0 && args[i-1].Lit == "nuget") {
				c.add(PackagePublish)
			}
		}
	case "gh":
		if len(args) >= 2 && args[0].Lit == "release" && slices.Contains([]string{"create", "upload", "delete", "edit", "delete-asset"}, args[1].Lit) &&
			!releaseDraft(args) {
			c.add(PackagePublish)
		}
	case "pod":
		if len(args) >= 2 && args[0].Lit == "trunk" && args[1].Lit == "push" {
			c.add(PackagePublish)
		}
	case "mix":
		if firstVerbIn(args, "hex.publish") {
			c.add(PackagePublish)
		}
	case "dart", "flutter":
		if len(args) >= 2 && args[0].Lit == "pub" && args[1].Lit == "publish" {
			c.add(PackagePublish)
		}
	case "semantic-release":
		if !hasLit(args, "--dry-run", "-d") {
			c.add(PackagePublish)
		}
	}
}

// imagePush flags pushing a container image: docker push, docker image
// push, and docker build/buildx build with --push.
func (c *checker) imagePush(name string, args []shell.Word) {
	ops := operands(args)
	if len(ops) == 0 {
		return
	}
	switch {
	case ops[0].Lit == "push" || name == "crane" && (ops[0].Lit == "push" || ops[0].Lit == "copy"):
		c.add(PackagePublish)
	case ops[0].Lit == "image" && len(ops) > 1 && ops[1].Lit == "push":
		c.add(PackagePublish)
	case name == "skopeo" && ops[0].Lit == "copy" && !imageCopiedHere(name, ops):
		c.add(PackagePublish)
	case ops[0].Lit == "build" || ops[0].Lit == "buildx":
		// buildx bake names its images in the bake file; a build pushes
		// only an image it names (-t, or an --output's name=): buildx
		// refuses to push an unnamed one (README, heldout7's s0011).
		bake := ops[0].Lit == "buildx" && len(ops) > 1 && ops[1].Lit == "bake"
		if pushes, named := buildPushes(args); pushes && (named || bake) {
			c.add(PackagePublish)
		}
	}
}

// workspaceOptions are the package managers' options that pick a
// workspace or folder and take a value, written before the subcommand
// ("npm -w pkg publish", "pnpm --filter pkg publish").
var workspaceOptions = map[string][]string{
	"npm":  {"-w", "--workspace", "--prefix", "-C"},
	"pnpm": {"--filter", "-F", "-C", "--dir", "--workspace"},
	"yarn": {"--cwd"},
	"bun":  {"--cwd", "--filter"},
}

// withoutWorkspaceOptions drops them and their values, so the subcommand
// is the first word again.
func withoutWorkspaceOptions(name string, args []shell.Word) []shell.Word {
	opts, ok := workspaceOptions[name]
	if !ok {
		return args
	}
	out := make([]shell.Word, 0, len(args))
	for i := 0; i < len(args); i++ {
		if args[i].Literal && slices.Contains(opts, args[i].Lit) {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// publishElsewise flags the release tools and forms whose documentation
// says they publish, beside the registry clients' own verbs: "yarn
// workspaces foreach … npm publish" (each workspace's yarn npm publish),
// "cargo workspaces publish" (cargo-workspaces), "cargo release
// --execute" (cargo-release rehearses without it), release-it (npm
// publish and a release; -d, --dry-run rehearse) and np. It reports
// whether it decided.
func (c *checker) publishElsewise(name string, args []shell.Word) bool {
	lits := make([]string, 0, len(args))
	for _, a := range args {
		lits = append(lits, a.Lit)
	}
	switch {
	case name == "yarn" && hasRun(lits, "npm", "publish") && slices.Contains(lits, "foreach"),
		name == "cargo" && hasRun(lits, "workspaces", "publish"),
		name == "cargo" && firstVerbIn(args, "release") && hasLit(args, "-x", "--execute"),
		name == "release-it" && !hasLit(args, "-d"),
		name == "np" && !hasLit(args, "--preview"):
		c.add(PackagePublish)
		return true
	}
	return false
}

// composeCommands are Compose's subcommands (docker compose --help).
var composeCommands = map[string]bool{
	"attach": true, "build": true, "commit": true, "config": true, "cp": true, "create": true, "down": true,
	"events": true, "exec": true, "export": true, "images": true, "kill": true, "logs": true, "ls": true,
	"pause": true, "port": true, "ps": true, "publish": true, "pull": true, "push": true, "restart": true,
	"rm": true, "run": true, "scale": true, "start": true, "stats": true, "stop": true, "top": true,
	"unpause": true, "up": true, "version": true, "wait": true, "watch": true,
}

// composeCommand returns the first of ops that is a Compose subcommand:
// the values of its options (-f prod.yml, -p name) come before it.
func composeCommand(ops []shell.Word) string {
	for _, o := range ops {
		if composeCommands[o.Lit] {
			return o.Lit
		}
	}
	return ""
}

// buildPushes reads a docker|buildx build's options: whether it pushes
// (--push, or an --output of type=registry or push=true) and whether it
// names the image (-t, --tag, or an --output's name=).
func buildPushes(args []shell.Word) (pushes, named bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		out, isOut := strings.CutPrefix(a.Lit, "--output=")
		if (a.Lit == "--output" || a.Lit == "-o") && i+1 < len(args) {
			out, isOut = args[i+1].Lit, true
		}
		switch {
		case a.Lit == "--push":
			pushes = true
		case isOut:
			if strings.Contains(out, "type=registry") || strings.Contains(out, "push=true") {
				pushes = true
			}
			if strings.Contains(out, "name=") {
				named = true
			}
		case a.Lit == "-t" || a.Lit == "--tag" || strings.HasPrefix(a.Lit, "--tag=") || len(a.Lit) > 2 && strings.HasPrefix(a.Lit, "-t") && a.Lit[1] != '-':
			named = true
		}
	}
	return pushes, named
}

// composePushes: docker compose push, or compose build --push ("push
// service images", docker compose build's reference).
func composePushes(ops, args []shell.Word) bool {
	switch composeCommand(ops) {
	case "push":
		return true
	case "build":
		return hasLit(args, "--push")
	}
	return false
}

// imageBuiltAndPushed: the cloud CLIs that build an image and push it to
// a registry, or copy one into it, from their references: az acr build
// (pushes unless --no-push), az acr import, heroku container:push,
// gcloud builds submit --tag (Cloud Build's docker build -t TAG and push).
func (c *checker) imageBuiltAndPushed(name string, args []shell.Word) bool {
	if hasLit(args, "--help", "-h") {
		return false
	}
	v := c.verbs(args, 3)
	switch {
	case name == "az" && len(v) >= 2 && v[0] == "acr":
		return v[1] == "build" && !hasLit(args, "--no-push") || v[1] == "import"
	case name == "heroku" && len(v) >= 1:
		return v[0] == "container:push"
	case name == "gcloud":
		for i := 0; i+1 < len(v); i++ {
			if v[i] == "builds" && v[i+1] == "submit" {
				return slices.ContainsFunc(args, func(a shell.Word) bool {
					return a.Lit == "--tag" || a.Lit == "-t" || strings.HasPrefix(a.Lit, "--tag=")
				})
			}
		}
	}
	return false
}

// messagePublished: redis-cli's (and its forks') "publish" of a message
// to a channel sends it to the subscribers; no package or release is
// published (README, heldout7's s0477). The cloud pub/sub services' own
// publish (aws sns publish|publish-batch, aws iot-data publish, gcloud
// pubsub topics publish) is read once, in the verb table
// (messagePublish).
func (c *checker) messagePublished(name string, args []shell.Word) bool {
	switch name {
	case "redis-cli", "valkey-cli", "keydb-cli":
		v := c.verbs(args, 1)
		return len(v) == 1 && strings.EqualFold(v[0], "publish")
	}
	return false
}

// buildConfigOpts name a build configuration or profile: their value
// ("Release", "release") is the build's name (xcodebuild -configuration,
// dotnet -c|--configuration, mvn -P|--activate-profiles, --profile,
// --mode, --build-type).
var buildConfigOpts = map[string]bool{"-configuration": true, "-c": true, "--configuration": true, "-P": true, "--activate-profiles": true, "--profile": true, "--mode": true, "--build-type": true}

// withoutBuildConfigs returns args without a build configuration named
// Release, for the verb table: "-c Release" names a build ("-c reboot",
// a command some programs take, stays).
func withoutBuildConfigs(args []shell.Word) []shell.Word {
	for i, a := range args {
		if a.Literal && buildConfigOpts[a.Lit] && i+1 < len(args) && strings.EqualFold(args[i+1].Lit, "release") {
			out := append(slices.Clone(args[:i]), args[i+2:]...)
			return withoutBuildConfigs(out)
		}
	}
	return args
}

// ownersChanged reports cargo owner's or gem owner's options that add or
// remove an owner (-a/--add, -r/--remove, with the value attached or not).
func ownersChanged(args []shell.Word) bool {
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		l := a.Lit
		return !a.Literal || strings.HasPrefix(l, "--add") || strings.HasPrefix(l, "--remove") ||
			len(l) > 1 && l[0] == '-' && l[1] != '-' && (l[1] == 'a' || l[1] == 'r')
	})
}

// messageServices are the pub/sub services whose "publish" sends a
// message to a topic's subscribers (aws sns, aws iot-data, gcloud pubsub).
var messageServices = map[string]bool{"sns": true, "iot-data": true, "pubsub": true, "topics": true, "lite-topics": true}

// messageOptions name a message's topic or recipient (aws sns publish
// --topic-arn|--target-arn|--phone-number, iot-data --topic, dapr publish
// --topic|--pubsub).
var messageOptions = []string{"--topic", "--topic-arn", "--target-arn", "--phone-number", "--pubsub"}

// messagePublish reports a "publish" that sends a message, not a package:
// a pub/sub service in the subcommand path, or a topic or recipient given
// (heldout7, round 6).
func messagePublish(vs []string, args []shell.Word) bool {
	if slices.ContainsFunc(vs, func(v string) bool { return messageServices[v] }) {
		return true
	}
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		name, _, _ := strings.Cut(a.Lit, "=")
		return a.Literal && slices.Contains(messageOptions, name)
	})
}

// registryOptions name the option that picks the registry a package
// manager publishes to (npm-publish(1) --registry, twine's
// --repository-url, gem push's --host, cargo's --index).
var registryOptions = map[string]string{
	"npm": "--registry", "pnpm": "--registry", "yarn": "--registry", "bun": "--registry",
	"twine": "--repository-url", "python": "--repository-url", "python3": "--repository-url",
	"gem": "--host", "cargo": "--index",
}

// imageClients push or copy images and charts to the registry their
// last operand names.
var imageClients = map[string]bool{
	"docker": true, "podman": true, "buildah": true, "nerdctl": true, "skopeo": true, "crane": true,
	"helm": true, "oras": true,
}

// publishesLocally reports a publish whose registry is on this machine
// (localhost, 127.0.0.0/8, [::1]): a local Verdaccio, devpi or registry:2
// (Docker's "Deploy a registry server": docker push localhost:5000/app).
// Nothing reaches anyone else (round 7).
func publishesLocally(name string, args []shell.Word) bool {
	if opt, ok := registryOptions[name]; ok {
		for i, a := range args {
			if !a.Literal {
				continue
			}
			if a.Lit == opt && i+1 < len(args) && args[i+1].Literal {
				return localURL(args[i+1].Lit)
			}
			if v, ok := strings.CutPrefix(a.Lit, opt+"="); ok {
				return localURL(v)
			}
		}
		return false
	}
	if !imageClients[name] {
		return false
	}
	ops := operands(args)
	if len(ops) < 2 || !ops[len(ops)-1].Literal {
		return false
	}
	ref := ops[len(ops)-1].Lit
	for _, scheme := range []string{"docker://", "oci://"} {
		ref = strings.TrimPrefix(ref, scheme)
	}
	host, _, found := strings.Cut(ref, "/")
	// Docker reads the first part as a registry only with a dot, a port
	// or the name localhost ("localhost/app"; "myorg/app" is Docker Hub).
	return found && (host == "localhost" || strings.Contains(host, ":") || strings.Contains(host, ".")) && localURL(host)
}

// releaseDraft reports gh release create -d|--draft: "Save the release as
// a draft instead of publishing it" (the gh manual; round 7).
func releaseDraft(args []shell.Word) bool {
	return len(args) >= 2 && args[0].Lit == "release" && args[1].Lit == "create" && hasLit(args, "-d", "--draft", "--draft=true")
}

// localTransports are containers-transports(5)'s destinations on this
// machine: "dir:path An existing local directory path storing the
// manifest, layer tarballs and signatures", oci: and oci-archive: (an OCI
// layout, a tar of one), docker-archive: ("docker save" format),
// docker-daemon: and containers-storage: (the local engines' stores),
// sif: (a Singularity image file). docker:// is a registry.
var localTransports = []string{"dir:", "oci:", "oci-archive:", "docker-archive:", "docker-daemon:", "containers-storage:", "sif:"}

// imageCopiedHere reports skopeo copy whose destination (its last
// operand) is a local transport: the image is downloaded, not pushed.
func imageCopiedHere(name string, ops []shell.Word) bool {
	if name != "skopeo" || len(ops) < 3 {
		return false
	}
	dst := ops[len(ops)-1]
	if !dst.Literal {
		return false
	}
	for _, t := range localTransports {
		if strings.HasPrefix(dst.Lit, t) {
			return true
		}
	}
	return false
}

// imageToTarball reports crane append or mutate writing the image to a
// tarball (crane append|mutate: "-o, --output string Path to new tarball
// of resulting image"), which they do instead of pushing it.
func imageToTarball(first string, args []shell.Word) bool {
	if first != "append" && first != "mutate" {
		return false
	}
	return hasLit(args, "-o", "--output") || hasLitPrefix(args, "--output=")
}

// registryVersionsChanged flags the registry commands that change which
// published version installs get without a leading "publish" word: npm's
// and pnpm's staged publishing, "stage publish" and "stage approve"
// (docs.npmjs.com/staged-publishing, pnpm.io/cli/stage; list, view,
// download and reject leave the live registry alone); "npm promote" of a
// version to a tag (README's heldout12 call); yarn's "npm tag add|remove"
// (yarnpkg.com/cli/npm/tag/add, npm's dist-tag); Hex's "mix hex.retire"
// without --unretire (Mix.Tasks.Hex.Retire); MoonBit's "moon deprecate"
// (README's heldout12 call, as cargo yank); pnpm's npm commands
// deprecate, unpublish and dist-tag add|rm, which publishVerbs gives npm
// only.
func (c *checker) registryVersionsChanged(u unit) {
	cmd, name, ok := u.program()
	if !ok || hasLit(cmd.Args, "--dry-run", "--help", "-h") {
		return
	}
	vs := c.verbs(cmd.Args, 3)
	at := wordList(vs).at
	changed := false
	switch name {
	case "npm", "pnpm":
		changed = at(0) == "stage" && (at(1) == "publish" || at(1) == "approve") ||
			name == "npm" && at(0) == "promote" && at(1) != "" ||
			name == "pnpm" && (at(0) == "deprecate" || at(0) == "unpublish" || at(0) == "dist-tag" && (at(1) == "add" || at(1) == "rm"))
	case "yarn":
		changed = at(0) == "npm" && at(1) == "tag" && (at(2) == "add" || at(2) == "remove")
	case "mix":
		changed = at(0) == "hex.retire" && !hasLit(cmd.Args, "--unretire")
	case "moon":
		changed = at(0) == "deprecate" && at(1) != ""
	}
	if changed {
		c.becauseProgram(name, vs...)
		c.add(PackagePublish)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"registryVersionsChanged": "a registry command that changes which published version installs get: npm|pnpm stage publish|approve, npm promote, yarn npm tag add|remove, mix hex.retire, moon deprecate, pnpm deprecate|unpublish|dist-tag add|rm",
	})
}
