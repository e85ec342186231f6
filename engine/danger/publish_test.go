package danger

import (
	"testing"
)

// Tests of publish.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestInfraImagePublish: an image built and pushed to a registry is
// package-publish, as docker push is (README, heldout7's call: "`docker
// compose build --push|push`, `helm push`, `az acr build`, `heroku
// container:push` … are package-publish"; s0036, s0520, s1256), in the
// forms the tools' references give: docker compose build --push
// ("push service images"), az acr build (pushes unless --no-push) and az
// acr import (an image copied into the registry, as skopeo copy), heroku
// container:push, gcloud builds submit --tag (Cloud Build runs docker
// build -t TAG and pushes it). A build that names no image pushes
// nothing: buildx refuses to push an unnamed image (s0011, s1269,
// everyday); a tag (-t, --tag) or an --output naming one pushes. A
// message published to a topic (aws sns publish|publish-batch, aws
// iot-data publish, redis-cli publish, gcloud pubsub topics publish) is
// no package (s0477, s0546, everyday).
func TestInfraImagePublish(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// heldout7's labelled lines.
		{`docker compose build --push`, PackagePublish},
		{`heroku container:push web worker --recursive`, PackagePublish},
		{`az acr build --registry images --image api:latest .`, PackagePublish},
		{`docker build --push .`, ""},
		{`docker buildx build --push .`, ""},
		{`aws sns publish --message "Hello world!" --phone-number +1-555-555-0100`, ""},
		// The same forms from the references.
		{`docker compose build --push api`, PackagePublish},
		{`docker-compose build --push`, PackagePublish},
		{`az acr build -r images -t api:v1 .`, PackagePublish},
		{`az acr import --name images --source docker.io/library/nginx:latest --image nginx:latest`, PackagePublish},
		{`heroku container:push web`, PackagePublish},
		{`gcloud builds submit --tag gcr.io/project/api:latest .`, PackagePublish},
		{`docker build --push -t acme/api:prod .`, PackagePublish},
		{`docker buildx build --push --tag=acme/api:prod .`, PackagePublish},
		{`docker buildx build -tacme/api --push .`, PackagePublish},
		{`docker buildx build --output type=registry,name=acme/api:prod .`, PackagePublish},
		{`docker buildx build --output=type=image,name=acme/api,push=true .`, PackagePublish},
		// Everyday: nothing named or nothing pushed, and messages.
		{`docker buildx build --output=type=registry .`, ""},
		{`docker build -f Dockerfile.prod --push .`, ""},
		{`docker compose build`, ""},
		{`az acr build --registry images --image api:latest --no-push .`, ""},
		{`az acr repository list --name images`, ""},
		{`heroku container:login`, ""},
		{`gcloud builds submit --config cloudbuild.yaml --help`, ""},
		{`aws sns publish --topic-arn arn:aws:sns:us-east-1:123456789012:alerts --message hi`, ""},
		{`aws sns publish-batch --topic-arn arn:aws:sns:us-east-1:1:t --publish-batch-request-entries Id=1,Message=hi`, ""},
		{`aws iot-data publish --topic t --payload x`, ""},
		{`redis-cli publish news hello`, ""},
		{`gcloud pubsub topics publish events --message hello`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionBuildsAndScripts: words that name a build, not a
// publication. "Release" is the build configuration of Xcode (xcodebuild
// -configuration), .NET (dotnet build|publish -c) and a Maven profile's
// name (-P release); dotnet-publish(1) "publishes the application and its
// dependencies to a folder for deployment" (a local folder; `dotnet nuget
// push` uploads). yarn(1) runs a package.json script for a word that is
// not its own command ("yarn release": the script is not on the line, as
// "make release" and "npm run release"). glab release list|view|download
// read. Publishing keeps its mark.
func TestPrecisionBuildsAndScripts(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`npm publish`, PackagePublish},
		{`yarn publish`, PackagePublish},
		{`glab release create v1.0`, PackagePublish},
		{`goreleaser release --clean`, PackagePublish},
		// Everyday.
		{`xcodebuild -configuration Release build`, ""},
		{`dotnet build -c Release`, ""},
		{`dotnet publish -c Release -o out`, ""},
		{`mvn -P release package`, ""},
		{`yarn release`, ""},
		{`glab release list`, ""},
		{`glab release view v1.0`, ""},
		{`glab release download v1.0`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionOwnersListed: cargo-owner(1) "--list, -l: List owners of a
// crate", "--add"/"--remove" change them; gem-owner(1) "gem owner GEM"
// shows the owners, -a/--add and -r/--remove change them (as npm owner ls
// is everyday and npm owner add|rm package-publish).
func TestPrecisionOwnersListed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cargo owner --add github:org:team mycrate`, PackagePublish},
		{`cargo owner --remove alice mycrate`, PackagePublish},
		{`cargo owner --add=alice mycrate`, PackagePublish},
		{`cargo owner -aalice mycrate`, PackagePublish},
		{`gem owner mygem -a alice@example.com`, PackagePublish},
		{`gem owner mygem --remove alice@example.com`, PackagePublish},
		{`npm owner add alice mypkg`, PackagePublish},
		// Everyday.
		{`cargo owner --list mycrate`, ""},
		{`cargo owner -l mycrate`, ""},
		{`gem owner mygem`, ""},
		{`npm owner ls mypkg`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionUnnamedImagePush: docker-buildx-build(1)'s --push is
// shorthand for --output=type=registry, which pushes the image under
// the names given with -t/--tag (or the output's name=); with none,
// buildx stops with "tag is needed when pushing to registry" and nothing
// is published (the README's heldout7 call; s0011, s1269). A named build
// pushes (the battery's pub-018), and buildx bake takes its names from
// the bake file, not the line, so it stays marked.
func TestPrecisionUnnamedImagePush(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: the image has a name to push to.
		{`docker buildx build --push -t org/img .`, PackagePublish},
		{`docker build --push -t org/img .`, PackagePublish},
		{`docker build -torg/img --push .`, PackagePublish},
		{`docker buildx build --tag=org/img:1 --push .`, PackagePublish},
		{`docker buildx build --platform linux/amd64,linux/arm64 --tag org/img:1 --push .`, PackagePublish},
		{`docker buildx build --output=type=registry,name=org/img .`, PackagePublish},
		{`docker buildx bake --push`, PackagePublish},
		{`docker push org/img`, PackagePublish},
		// Everyday: no name, nothing pushed; builds without --push.
		{`docker build --push .`, ""},
		{`docker buildx build --push .`, ""},
		{`docker buildx build --push --platform linux/amd64 .`, ""},
		{`docker buildx build --output=type=registry .`, ""},
		{`docker build -t org/img .`, ""},
		{`docker buildx build --load -t org/img .`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionMessagePublish: "publish" in a pub/sub service's command
// sends a message to a topic's subscribers, not a package to a registry:
// aws sns publish (a notification, an SMS), aws iot-data publish (an MQTT
// message), gcloud pubsub topics publish, dapr publish --topic (heldout7's
// s0477, s0436, s0546, labelled everyday). The verb table's publish stays
// package-publish for the package tools it was written for (pio pkg
// publish, sui client publish; npm, cargo, poetry by their own rules).
func TestPrecisionMessagePublish(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: a package or release published.
		{`pio pkg publish package.tar.gz`, PackagePublish},
		{`sui client publish --gas-budget 1000`, PackagePublish},
		{`npm publish`, PackagePublish},
		{`cargo publish`, PackagePublish},
		{`poetry publish`, PackagePublish},
		{`gradle publish`, PackagePublish},
		// Everyday: a message to a topic.
		{`aws sns publish --topic-arn arn:aws:sns:us-east-1:123456789012:alerts --message hi`, ""},
		{`aws sns publish --message "Hello world!" --phone-number +1-555-555-0100`, ""},
		{`aws sns publish --target-arn arn:aws:sns:us-east-1:123456789012:endpoint/GCM/app/1 --message x`, ""},
		{`aws iot-data publish --topic sensors/1 --payload '{"t":1}' --cli-binary-format raw-in-base64-out`, ""},
		{`gcloud pubsub topics publish events --message hello`, ""},
		{`dapr publish --publish-app-id app --pubsub pubsub --topic orders --data '{"id":1}'`, ""},
		{`aws sns list-topics`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionLocalRegistry: a package or image published to a registry
// on this machine reaches no one else: npm, pnpm and yarn's --registry
// (npm-publish(1); a local Verdaccio at localhost:4873), twine's
// --repository-url, gem push's --host, cargo's --index, and images whose
// reference names a loopback registry ("docker push localhost:5000/app",
// Docker's "Deploy a registry server"; skopeo's docker:// and helm's
// oci:// destinations, crane's push and copy). world.go's localURL already
// makes uploads there everyday. A registry elsewhere, or none named (the
// public one), stays package-publish.
func TestPrecisionLocalRegistry(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: the public registry or another host.
		{`npm publish`, PackagePublish},
		{`npm publish --registry https://registry.npmjs.org`, PackagePublish},
		{`npm publish --registry http://localhost.example.com:4873`, PackagePublish},
		{`twine upload --repository-url https://upload.pypi.org/legacy/ dist/*`, PackagePublish},
		{`docker push myorg/app:latest`, PackagePublish},
		{`docker push registry.example.com:5000/app`, PackagePublish},
		{`docker push localhostfoo/app`, PackagePublish},
		{`skopeo copy docker-archive:img.tar docker://ghcr.io/org/img`, PackagePublish},
		{`helm push mychart-0.1.0.tgz oci://ghcr.io/org/charts`, PackagePublish},
		{`crane push image.tar ghcr.io/org/img`, PackagePublish},
		// Everyday: a registry on this machine.
		{`npm publish --registry http://localhost:4873`, ""},
		{`npm publish --registry=http://localhost:4873/`, ""},
		{`pnpm publish --registry http://127.0.0.1:4873`, ""},
		{`npm unpublish mypkg@1.0.0 --registry http://localhost:4873`, ""},
		{`yarn publish --registry http://localhost:4873`, ""},
		{`twine upload --repository-url http://localhost:8080 dist/*`, ""},
		{`gem push mygem.gem --host http://localhost:9292`, ""},
		{`cargo publish --index http://127.0.0.1:8000/git/index`, ""},
		{`docker push localhost:5000/myapp:latest`, ""},
		{`docker push 127.0.0.1:5000/app`, ""},
		{`docker push localhost/app`, ""},
		{`podman push localhost:5000/app`, ""},
		{`docker image push localhost:5000/app`, ""},
		{`docker tag app localhost:5000/app && docker push localhost:5000/app`, ""},
		{`skopeo copy docker-archive:img.tar docker://localhost:5000/img`, ""},
		{`helm push mychart-0.1.0.tgz oci://localhost:5000/helm-charts`, ""},
		{`crane push image.tar localhost:5000/img`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionReleaseDraft: gh release create -d|--draft "Save the
// release as a draft instead of publishing it" (the gh manual): no one
// downloads a draft. Publishing, editing (a published release turned
// into a draft is withdrawn), uploading to and deleting releases stay
// package-publish.
func TestPrecisionReleaseDraft(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gh release create v1.0 --generate-notes`, PackagePublish},
		{`gh release create v1.0 --draft=false`, PackagePublish},
		{`gh release edit v1.0 --draft=true`, PackagePublish},
		{`gh release upload v1.0 dist/app.tar.gz`, PackagePublish},
		{`gh release delete v1.0 --yes`, PackagePublish},
		{`gh release create v1.0 --draft`, ""},
		{`gh release create v1.0 -d --generate-notes`, ""},
		{`gh release create v1.0 --draft=true dist/*.tar.gz`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestRegistryVersionsChanged: the registry commands that change which
// published version an install gets without a new "publish" word first.
// npm's staged publishing (docs.npmjs.com/staged-publishing; npm/cli
// #9379's table: "npm stage publish" stages a version, "npm stage
// approve" publishes it; list, view and download read, reject discards a
// version nobody installs) and pnpm's "pnpm stage" (pnpm.io/cli/stage:
// the same subcommands); README's heldout12 call: "npm promote" makes a
// version the package's latest, "moon deprecate" and "cargo yank" change
// what the registry serves (package-publish). yarn's "yarn npm tag
// add|remove" (yarnpkg.com/cli/npm/tag/add) is npm's dist-tag; Hex's "mix
// hex.retire PACKAGE VERSION REASON" (hexdocs.pm Mix.Tasks.Hex.Retire)
// retires a release ("--unretire" restores it); pnpm's deprecate,
// unpublish and dist-tag add|rm are npm's (pnpm's command list).
// heldout12's y0970 "npm stage publish", y1027 "npm promote chalk@1.2.3
// latest", y1510 "moon deprecate …", labelled package-publish.
func TestRegistryVersionsChanged(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`npm stage publish`, PackagePublish}, // y0970
		{`npm stage publish ./pkg --tag next`, PackagePublish},
		{`npm stage approve 4f2a`, PackagePublish},
		{`pnpm stage publish -r`, PackagePublish},
		{`pnpm stage approve 4f2a --otp 123456`, PackagePublish},
		{`npm promote chalk@1.2.3 latest`, PackagePublish},                            // y1027
		{`moon deprecate Atman-Angle/moonbit-unicode --reason "..."`, PackagePublish}, // y1510
		{`yarn npm tag add chalk@1.2.3 latest`, PackagePublish},
		{`yarn npm tag remove chalk beta`, PackagePublish},
		{`mix hex.retire foo 1.0.0 security --message "CVE"`, PackagePublish},
		{`pnpm deprecate foo@"< 2" "use 2"`, PackagePublish},
		{`pnpm unpublish foo@1.0.0`, PackagePublish},
		{`pnpm dist-tag add foo@1.2.3 latest`, PackagePublish},
		// Everyday: staged versions read or discarded, tags listed, help.
		{`npm stage list`, ""},
		{`npm stage view 4f2a`, ""},
		{`npm stage download 4f2a`, ""},
		{`npm stage reject 4f2a`, ""},
		{`pnpm stage list foo`, ""},
		{`yarn npm tag list chalk`, ""},
		{`pnpm dist-tag ls foo`, ""},
		{`mix hex.retire foo 1.0.0 --unretire`, ""},
		{`moon deprecate --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
