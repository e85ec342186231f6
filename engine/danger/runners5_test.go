package danger

import "testing"

// TestProgramsThatRunACommand: programs that run a command line given as
// their argument, each as its manual documents it, are judged by that
// command: script(1) -c, tmux(1)'s new-session, new-window,
// split-window, respawn-pane and run-shell (their shell-command) and
// send-keys (keys typed, Enter runs them), screen(1) with a command and
// -X stuff, strace(1), ltrace(1), valgrind, perf record|stat|trace and
// entr(1) (the traced or watched program), gdb(1)'s -ex "shell …" or
// "!…", vim's -c, --cmd and + with ":!…" (an ex command running a
// shell), expect's spawn, nix-shell --run|--command and nix
// develop|shell -c|--command, toybox's applets as busybox's, cmake(1)'s
// -E rm, remove and remove_directory, rimraf (rimraf(1): rm -rf), and
// source of a here-string or of echo's output. Everyday: the same
// programs with harmless commands, tmux and screen sessions without one.
func TestProgramsThatRunACommand(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`script -qc "rm -rf ~" /dev/null`, DestructiveDelete},
		{`script -q -c 'git reset --hard' log.txt`, GitDiscardWorktree},
		{`tmux new -d "rm -rf ~"`, DestructiveDelete},
		{`tmux new-session -d -s job 'rm -rf ~'`, DestructiveDelete},
		{`tmux split-window -h 'git clean -fdx'`, GitDiscardWorktree},
		{`tmux send-keys -t job 'rm -rf ~' Enter`, DestructiveDelete},
		{`screen -dm rm -rf ~`, DestructiveDelete},
		{`screen -dmS job bash -c 'rm -rf ~'`, DestructiveDelete},
		{`screen -S job -X stuff 'rm -rf ~\n'`, DestructiveDelete},
		{`strace -f -o trace.txt rm -rf ~`, DestructiveDelete},
		{`ltrace -o calls.txt rm -rf ~`, DestructiveDelete},
		{`valgrind --leak-check=full rm -rf ~`, DestructiveDelete},
		{`perf record -g rm -rf ~`, DestructiveDelete},
		{`entr -s 'rm -rf ~' <<< notes.txt`, DestructiveDelete},
		{`gdb -batch -ex 'shell rm -rf ~'`, DestructiveDelete},
		{`gdb -batch -ex '!git reset --hard'`, GitDiscardWorktree},
		{`vim -c '!rm -rf ~' -c q`, DestructiveDelete},
		{`vim +':!rm -rf ~' +q`, DestructiveDelete},
		{`nvim --headless --cmd '!git clean -fdx' +q`, GitDiscardWorktree},
		{`expect -c 'spawn rm -rf /home/user; expect eof'`, DestructiveDelete},
		{`nix-shell -p hello --run "rm -rf ~"`, DestructiveDelete},
		{`nix develop -c rm -rf ~`, DestructiveDelete},
		{`nix shell nixpkgs#coreutils --command rm -rf ~`, DestructiveDelete},
		{`toybox rm -rf ~`, DestructiveDelete},
		{`cmake -E rm -rf /home/user`, DestructiveDelete},
		{`cmake -E remove_directory /home/user`, DestructiveDelete},
		{`cmake -E remove -f /etc/passwd`, DestructiveDelete},
		{`npx rimraf ~`, DestructiveDelete},
		{`rimraf /home/user/work`, DestructiveDelete},
		{`source <(echo "rm -rf ~")`, DestructiveDelete},
		{`. /dev/stdin <<< "rm -rf ~"`, DestructiveDelete},
		// everyday neighbours
		{`script -qc "make test" /dev/null`, ""},
		{`tmux new -d -s dev`, ""},
		{`tmux new-session -d -s job 'npm run dev'`, ""},
		{`tmux send-keys -t job 'npm test' Enter`, ""},
		{`screen -dmS job npm start`, ""},
		{`strace -f -o trace.txt ls`, ""},
		{`gdb -batch -ex run --args ./app`, ""},
		{`vim -c 'set number' notes.txt`, ""},
		{`nix develop -c make`, ""},
		{`cmake -E remove_directory build`, ""},
		{`cmake -E make_directory out`, ""},
		{`npx rimraf dist`, ""},
		{`rimraf node_modules`, ""},
		{`source <(kubectl completion bash)`, ""},
		{`source .venv/bin/activate`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMoreCommandRunners: sh -c given echo's or printf's output runs it;
// bash(1)'s trap runs its command on the signal or at exit; npm-exec(1)
// and npx -c, conda|mamba|micromamba run and pixi run run the command
// they are given (each tool's --help). Everyday: the same with harmless
// commands, "trap - EXIT", "trap -p".
func TestMoreCommandRunners(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sh -c "$(echo rm -rf ~)"`, DestructiveDelete},
		{`bash -c "$(printf 'rm -rf ~')"`, DestructiveDelete},
		{`trap 'rm -rf ~' EXIT`, DestructiveDelete},
		{`trap "git reset --hard" INT TERM`, GitDiscardWorktree},
		{`npm exec -- rm -rf ~`, DestructiveDelete},
		{`npm exec -c 'rm -rf ~'`, DestructiveDelete},
		{`npx -c 'rm -rf ~'`, DestructiveDelete},
		{`conda run -n base rm -rf ~`, DestructiveDelete},
		{`micromamba run -p ./env rm -rf ~`, DestructiveDelete},
		{`pixi run rm -rf ~`, DestructiveDelete},
		{`sh -c "$(echo ls)"`, ""},
		{`trap 'rm -f /tmp/lock' EXIT`, ""},
		{`trap - EXIT`, ""},
		{`trap -p`, ""},
		{`npm exec -- eslint .`, ""},
		{`conda run -n base python train.py`, ""},
		{`pixi run test`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestWrittenFilesRunByPath: a script the line writes with printf, echo
// or tee (of a here-string) and then runs by its path ("./run.sh") runs
// that text, by the interpreter its #! line names, a shell otherwise
// (execve(2): the kernel runs the #! interpreter). Everyday: the same
// with harmless text, a file run that the line did not write.
func TestWrittenFilesRunByPath(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`printf '#!/bin/sh\nrm -rf ~\n' > run.sh && chmod +x run.sh && ./run.sh`, DestructiveDelete},
		{`echo 'rm -rf ~' > /tmp/x.sh && chmod +x /tmp/x.sh && /tmp/x.sh`, DestructiveDelete},
		{`tee /tmp/y.sh <<< 'rm -rf ~' && bash /tmp/y.sh`, DestructiveDelete},
		{`printf '#!/usr/bin/env python3\nimport shutil\nshutil.rmtree("/home/user")\n' > x.py && chmod +x x.py && ./x.py`, DestructiveDelete},
		{`printf '#!/bin/sh\necho hi\n' > run.sh && chmod +x run.sh && ./run.sh`, ""},
		{`tee notes.txt <<< 'rm -rf ~'`, ""},
		{`./run.sh`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPowerShellRemoveItem: pwsh|powershell -Command 'Remove-Item PATH
// -Recurse -Force' (and its aliases ri, rm, del, erase, rd, rmdir) is
// judged as rm -rf of the path, without -Recurse as rm -f (PowerShell's
// parameters are case-insensitive and may be shortened).
func TestPowerShellRemoveItem(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`pwsh -c 'Remove-Item -Recurse -Force ~'`, DestructiveDelete},
		{`pwsh -Command 'Remove-Item -Path /home/user/work -Recurse'`, DestructiveDelete},
		{`powershell -c 'rm -r -fo ~/projects'`, DestructiveDelete},
		{`pwsh -c 'Remove-Item /etc/passwd'`, DestructiveDelete},
		{`pwsh -c 'Remove-Item -Recurse -Force ./build'`, ""},
		{`pwsh -c 'Remove-Item notes.txt'`, ""},
		{`pwsh -c 'Get-ChildItem ~'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestProgramFromTheLinesVariables: a program word made only of variables
// the line itself set to literal values runs those values, split into
// words as bash splits an unquoted expansion ("CMD=rm; $CMD -rf ~");
// env named by its path (/usr/bin/env) runs what follows its options and
// assignments, as env does; the home folder named by its variable in a
// program (process.env.HOME, ENV["HOME"], os.environ["HOME"]) is the
// home folder. Everyday: the same with harmless values.
func TestProgramFromTheLinesVariables(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`CMD=rm; $CMD -rf ~`, DestructiveDelete},
		{`X="rm -rf"; $X ~`, DestructiveDelete},
		{`a=r; b=m; $a$b -rf ~`, DestructiveDelete},
		{`G=git; $G reset --hard`, GitDiscardWorktree},
		{`/usr/bin/env rm -rf ~`, DestructiveDelete},
		{`/usr/bin/env -i PATH=/bin rm -rf ~`, DestructiveDelete},
		{`node -e "require('fs').rmSync(process.env.HOME, {recursive: true})"`, DestructiveDelete},
		{`ruby -e 'require "fileutils"; FileUtils.rm_rf(ENV["HOME"])'`, DestructiveDelete},
		{`python3 -c 'import os, shutil; shutil.rmtree(os.environ["HOME"])'`, DestructiveDelete},
		{`CMD=ls; $CMD -la`, ""},
		{`/usr/bin/env python3 script.py`, ""},
		{`node -e "console.log(process.env.HOME)"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDecodedSubstitutionsRun: eval, sh -c and source given a command
// substitution that decodes literal text (base64 -d, xxd -r -p, rev: the
// decoders literalPipes follows) run the decoded text. Everyday: the same
// with harmless text.
func TestDecodedSubstitutionsRun(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`eval "$(echo cm0gLXJmIH4= | base64 -d)"`, DestructiveDelete},
		{`eval $(echo cm0gLXJmIH4= | base64 -d)`, DestructiveDelete},
		{`bash -c "$(echo cm0gLXJmIH4= | base64 --decode)"`, DestructiveDelete},
		{`source <(echo cm0gLXJmIH4= | base64 -d)`, DestructiveDelete},
		{`eval "$(echo bHMgLWxh | base64 -d)"`, ""}, // ls -la
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCommandsRunOnOtherMachines: more tools that run a command on a VM or
// hosts, as ssh HOST CMD is judged (runsElsewhere): vagrant ssh -c,
// Fabric's fab -- CMD, az vm run-command --scripts, and ansible's file
// module with state=absent (it removes the path, a folder with all it
// holds). Everyday: the same running harmless commands, state=directory.
func TestCommandsRunOnOtherMachines(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`vagrant ssh -c 'rm -rf ~'`, DestructiveDelete},
		{`fab -H host -- rm -rf /srv`, DestructiveDelete},
		{`az vm run-command invoke -g rg -n vm --command-id RunShellScript --scripts 'rm -rf /var/www'`, DestructiveDelete},
		{`ansible all -m file -a 'path=/var/www state=absent'`, DestructiveDelete},
		{`ansible web -m ansible.builtin.file -a "path=/etc/nginx state=absent"`, DestructiveDelete},
		{`vagrant ssh -c 'uptime'`, ""},
		{`fab -H host -- uptime`, ""},
		{`ansible all -m file -a 'path=/srv/app state=directory'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestExpectSendsToAShell: expect's send to a shell it spawned types a
// command line that the shell runs ("spawn bash; send "rm -rf ~\r"").
func TestExpectSendsToAShell(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`expect -c 'spawn bash; send "rm -rf ~\r"; expect eof'`, DestructiveDelete},
		{`expect -c 'spawn sh; send "git reset --hard\n"; expect eof'`, GitDiscardWorktree},
		{`expect -c 'spawn bash; send "ls\r"; expect eof'`, ""},
		{`expect -c 'spawn ssh host; send "hunter2\r"; expect eof'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
