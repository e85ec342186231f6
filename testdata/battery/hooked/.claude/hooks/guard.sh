#!/bin/sh
# guard.sh: this repository's PreToolUse hook. It is the project's only
# protection: no deny rules, just a script that refuses shell commands which
# delete, rewrite or push history, fetch code, or climb to root. Exit 2 is
# Claude Code's "block this call"; the message goes back to the model.
input=$(cat)
case "$input" in
*'rm '* | *'git push'* | *'git reset'* | *'git clean'* | *'curl'* | *'wget'* | *'sudo'* | *'mkfs'* | *' dd '*)
	echo "guard.sh: refused by the repository's guard" >&2
	exit 2
	;;
esac
exit 0
