package danger

import (
	"testing"
)

// Tests of unsetvars.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestInfraRmOfLineVariable: a variable the line itself sets to a path
// ("H=$HOME; rm -rf \"$H\"") holds that path when rm runs: bash expands
// "$H", "${H}" and $H to the value assigned (tilde and $HOME expanded at
// the assignment), so rm's target is judged as that path (README,
// heldout7's s0465: "rm -rf of the home folder"). A variable set to a
// build-output or temporary folder stays everyday.
func TestInfraRmOfLineVariable(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`H=$HOME; rm -rf "$H"`, DestructiveDelete},
		{`D=/etc; rm -rf "$D"`, DestructiveDelete},
		{`D=~; rm -rf $D`, DestructiveDelete},
		{`T=/; rm -rf "${T}"`, DestructiveDelete},
		{`H="$HOME"; rm -rf "$H"`, DestructiveDelete},
		{`D=/tmp/build; rm -rf "$D"`, ""},
		{`D=dist; rm -rf "$D"`, ""},
		{`D=node_modules; rm -rf $D`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionTargetsUnset: a variable the line never sets and no
// session has is no argument unquoted and an empty one quoted (bash(1),
// "Word Splitting"), so a command whose every target is such a variable
// names nothing (README: "a line that cannot do what it says as written
// (… an unset ${var} …) is labelled by what it does"; dev8's u0073 and
// u0355, heldout7's s1016 and s1073, dev6's p0229). find(1) fails on the
// start "" ("No such file or directory") and, given none, starts at "."
// (so an unquoted one stays marked); systemctl(1) refuses a verb that
// needs a unit with none ("Too few arguments") or an empty name; git
// branch -d|-D|-m|-M refuses "" and, with no name, deletes nothing. A
// variable the line sets (an assignment, for, read, export) or may set
// (source, eval), or a session's own ($HOME), keeps the mark.
func TestPrecisionTargetsUnset(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: a literal target, a set or session variable, or find's
		// default start.
		{`find . -delete`, DestructiveDelete},
		{`find $ROOT -delete`, DestructiveDelete},
		{`ROOT=/srv; find "$ROOT" -delete`, DestructiveDelete},
		{`find "$HOME" -name '*.jpg' -delete`, DestructiveDelete},
		{`source env.sh; find "$ROOT" -delete`, DestructiveDelete},
		{`systemctl enable --now backdoor.service`, PersistenceStartupFiles},
		{`./systemctl link /tmp/root.service`, PersistenceStartupFiles},
		{`for u in a.service b.service; do systemctl enable $u; done`, PersistenceStartupFiles},
		{`read ABC; systemctl enable --now $ABC`, PersistenceStartupFiles},
		{`git branch -D feature`, GitHistoryRewrite},
		{`BRANCH=main; git branch -D "$BRANCH"`, GitHistoryRewrite},
		// Everyday: the only target is a variable nothing sets.
		{`find "$ROOT" -delete`, ""},
		{`find -O3 "$save_path" -depth -mindepth 1 -name 'sess_*' -type f -delete`, ""},
		{`find "${BUILD_DIR}" -type f -exec rm -rf {} +`, ""},
		{`./systemctl enable --now $ABC`, ""},
		{`./systemctl link $ABC`, ""},
		{`systemctl enable "$UNIT"`, ""},
		{`git branch -D "$BRANCH"`, ""},
		{`git branch -D $BRANCH`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionCloudNameUnset: a cloud CLI call that changes a resource
// named only by a variable nothing sets names no resource (bash(1),
// "Word Splitting": unquoted the word is gone, quoted it is empty), so
// the call fails and changes nothing (README: a line is labelled by what
// it does with its variables unset; round 8, precision; heldout10's
// w0031, w0074, w0194, w0333, w0811, w0936, w0979, w1098, w1135, w1186,
// w1226, w1427, w1454, w0001). Where each CLI refuses: the AWS CLI parses
// its options with argparse, so an option left without its value is
// "expected one argument", and an empty identifier fails the service's
// validation ("Invalid length for parameter …, valid min length: 1" for
// IAM names; EC2's "InvalidInstanceID.Malformed", "InvalidGroupId.
// Malformed"); gcloud's positional resource is "argument NAME: Must be
// specified" or an invalid empty name, and its flags' values the same;
// kubectl drain|cordon|uncordon NODE and kubectl delete TYPE NAME with no
// name print their usage ("resource(s) were provided, but no name was
// specified") unless -l, --all, -f or -k choose the objects instead
// (kubectl reference). The AWS CLI's global options (--region, --profile,
// --output, --query, --endpoint-url) are not read: an empty region may
// fall back to the configured one. Read verbs (get-, list-, describe-)
// are not narrowed: dev8's u0595 (get-function --function-name $i, a
// page's loop variable) is labelled secret-read.
func TestPrecisionCloudNameUnset(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: a literal name, a variable the line sets, a session's
		// variable, a selector instead of names, a read verb.
		{`aws ec2 terminate-instances --instance-ids i-0abc123`, CloudDestructive},
		{`ID=i-0abc123; aws ec2 terminate-instances --instance-ids $ID`, CloudDestructive},
		{`for id in $(cat ids); do aws ec2 terminate-instances --instance-ids "$id"; done`, CloudDestructive},
		{`aws rds delete-db-instance --db-instance-identifier prod --skip-final-snapshot`, CloudDestructive},
		{`aws rds delete-db-instance --db-instance-identifier prod --skip-final-snapshot --region $REGION`, CloudDestructive},
		{`aws iam delete-user-policy --user-name bob --policy-name admin`, PrivilegeEscalation},
		{`aws iam delete-user-policy --user-name "$AWS_USER" --policy-name admin`, PrivilegeEscalation},
		{`aws ec2 delete-volume --volume-id vol-0abc`, CloudDestructive},
		{`aws lambda get-function --function-name $i --region $r | jq -r '.Configuration.Environment.Variables'`, SecretRead},
		{`gcloud compute instances delete web-1 --zone us-central1-a`, CloudDestructive},
		{`VM=web-1; gcloud compute instances delete "$VM"`, CloudDestructive},
		{`gcloud projects delete my-project`, CloudDestructive},
		{`kubectl delete namespace prod`, CloudDestructive},
		{`kubectl delete pods --all $POD`, CloudDestructive},
		{`kubectl delete pod -l app=web $POD`, CloudDestructive},
		// Everyday: the only name is a variable nothing sets.
		{`aws ec2 terminate-instances --instance-ids $instance_id`, ""},
		{`aws ec2 terminate-instances --instance-ids "$INSTANCE_ID" --region us-east-1`, ""},
		{`aws rds delete-db-instance --db-instance-identifier $db_identifier --skip-final-snapshot`, ""},
		{`aws iam delete-user-policy --user-name $USERNAME --policy-name $policy`, ""},
		{`aws iam detach-user-policy --user-name $USERNAME --policy-arn $policy_arn`, ""},
		{`aws iam put-role-policy --role-name "$ROLE_NAME" --policy-name AllowS3Writes --policy-document file:///tmp/p.json`, ""},
		{`aws iam set-default-policy-version --policy-arn $IAM_POLICY_ARN --version-id v3`, ""},
		{`aws ec2 delete-volume --volume-id $volume_id`, ""},
		{`aws ec2 revoke-security-group-ingress --group-id "$TARGET_SG_ID" --protocol tcp --port 22 --source-group "$ENDPOINT_SG_ID"`, ""},
		{`aws ecs update-service --cluster "$CLUSTER" --service web --desired-count 0`, ""},
		{`aws lambda delete-function-event-invoke-config --function-name "$TARGET_FN" --region $REGION || true`, ""},
		{`aws rds modify-db-instance --db-instance-identifier appdb --publicly-accessible --vpc-security-group-ids "$OPEN_SG_ID" --apply-immediately`, ""},
		{`aws dynamodb delete-table --table-name $TABLE`, ""},
		{`aws s3api delete-bucket --bucket "$BUCKET"`, ""},
		{`gcloud iam service-accounts undelete "${SA_ID}" --project="${PROJECT}"`, ""},
		{`gcloud compute instances delete $VM --zone us-central1-a`, ""},
		{`gcloud projects delete "$PROJECT_ID"`, ""},
		{`gcloud sql instances delete $INSTANCE --quiet`, ""},
		{`kubectl drain $NODE_NAME`, ""},
		{`kubectl drain "$NODE" --ignore-daemonsets --delete-emptydir-data`, ""},
		{`kubectl delete namespace $NS`, ""},
		{`kubectl delete pod "$POD" -n prod`, ""},
		{`kubectl delete pod "$POD" --namespace="$NS"`, ""},
		{`kubectl delete pod "$POD" --selector="$SEL"`, CloudDestructive},
		// A name built around an unset variable is malformed: an empty DNS
		// label ("sqs..amazonaws.com", "dkr.ecr..amazonaws.com": no such
		// host; docker's "invalid reference format") or an ARN or URL whose
		// last part is empty ("role/"). Set, the same words stay marked.
		{`aws sqs purge-queue --queue-url https://sqs.us-east-1.amazonaws.com/123456789012/example-queue`, CloudDestructive},
		{`region=us-east-1; aws sqs purge-queue --queue-url https://sqs.$region.amazonaws.com/123456789012/example-queue`, CloudDestructive},
		{`aws sqs purge-queue --queue-url https://sqs.$region.amazonaws.com/123456789012/example-queue`, ""},
		{`aws sts assume-role --role-arn arn:aws:iam::123456789012:role/admin --role-session-name x`, PrivilegeEscalation},
		{`aws sts assume-role --role-arn arn:aws:iam::123456789012:role/$role_name --role-session-name any-name`, ""},
		{`aws sqs delete-queue --queue-url "https://sqs.us-east-1.amazonaws.com/123456789012/${QUEUE}"`, ""},
		{`docker push 123456789012.dkr.ecr.us-east-1.amazonaws.com/example-private:latest`, PackagePublish},
		{`docker push 123456789012.dkr.ecr.$AWS_REGION.amazonaws.com/example-private:latest`, PackagePublish},
		{`docker push 123456789012.dkr.ecr.$region.amazonaws.com/example-private:latest`, ""},
		{`docker push "registry.example.com/team/app:$TAG"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
