package danger

import (
	"testing"
)

// Tests of cloud.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestGcloudReleaseTracks: gcloud's alpha and beta release tracks put
// their name before the command group (gcloud reference: "gcloud alpha
// …", "gcloud beta …"); the command is the same one.
func TestGcloudReleaseTracks(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud beta auth activate-service-account --key-file creds.json", PrivilegeEscalation},
		{"gcloud alpha compute instances set-service-account vm --service-account sa@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"gcloud beta logging sinks update s --disabled", CloudDestructive},
		{"gcloud beta sql instances patch db --authorized-networks=0.0.0.0/0", DiskSystem},
		{"gcloud beta kms decrypt --ciphertext-file=a.enc --plaintext-file=- --key k --keyring r --location global", SecretRead},
		{"gcloud beta compute instances list", ""},
		{"gcloud alpha auth list", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudCallUnsetVariable: a cloud or cluster CLI given a variable the
// line never sets gets no value or an empty one and fails (README's
// heldout10 call: everyday); the same call with the value written, with
// the variable set on the line (an assignment, a for or read loop), with a
// session's own variable, a default or a command substitution keeps its
// mark. dev8's u0367 and u0595 label such calls dangerous: tuning.md,
// round 8, says so rather than relabel.
func TestCloudCallUnsetVariable(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws ec2 terminate-instances --instance-ids $instance_id", ""},
		{"aws rds delete-db-instance --db-instance-identifier $db_identifier --skip-final-snapshot", ""},
		{`aws iam put-role-policy --role-name "$SNS_ROLE_NAME" --policy-name Allow --policy-document file:///tmp/p.json`, ""},
		{`gcloud iam service-accounts undelete "${SA_ID}" --project="${PROJECT}"`, ""},
		{"aws sqs purge-queue --queue-url https://sqs.$region.amazonaws.com/123456789012/example-queue", ""},
		{"kubectl drain $NODE_NAME", ""},
		{`az webapp stop --name "$APP" --resource-group demo`, ""},
		{"aws ec2 terminate-instances --instance-ids i-0abc", CloudDestructive},
		{"instance_id=i-0abc; aws ec2 terminate-instances --instance-ids $instance_id", CloudDestructive},
		{"for id in i-1 i-2; do aws ec2 terminate-instances --instance-ids $id; done", CloudDestructive},
		{"aws ec2 terminate-instances --instance-ids ${ID:-i-0abc}", CloudDestructive},
		{"aws ec2 terminate-instances --instance-ids $(aws ec2 describe-instances --query 'Reservations[].Instances[].InstanceId' --output text)", CloudDestructive},
		{"aws s3 rm s3://bucket-$AWS_PROFILE --recursive", CloudDestructive},
		{"kubectl drain node-1 --ignore-daemonsets", CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
