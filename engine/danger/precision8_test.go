package danger

import "testing"

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
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
