package danger

import "testing"

// TestHostedVarsUnset: a hosted app's configuration or secret variables
// removed through its platform's CLI are cloud-destructive (README,
// dev7's call: "heroku config:unset … cloud-destructive"; dev7's r0116),
// for each platform's documented verb (heroku config:unset and its alias
// config:remove, dokku config:unset, netlify env:unset, firebase
// functions:config:unset, fly secrets unset, supabase secrets unset, cf
// unset-env, gcloud's --remove-env-vars, --clear-env-vars,
// --remove-secrets, --clear-secrets). Everyday: setting, listing.
func TestHostedVarsUnset(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`heroku config:unset KEY1`, CloudDestructive}, // dev7's label
		{`heroku config:remove KEY1 -a app`, CloudDestructive},
		{`dokku config:unset app KEY`, CloudDestructive},
		{`netlify env:unset API_KEY`, CloudDestructive},
		{`firebase functions:config:unset api.key`, CloudDestructive},
		{`fly secrets unset API_KEY`, CloudDestructive},
		{`flyctl secrets unset API_KEY -a app`, CloudDestructive},
		{`supabase secrets unset KEY`, CloudDestructive},
		{`cf unset-env app KEY`, CloudDestructive},
		{`gcloud run services update api --remove-env-vars KEY`, CloudDestructive},
		{`gcloud functions deploy f --clear-env-vars`, CloudDestructive},
		{`heroku config:set KEY=1`, ""},
		{`netlify env:list`, ""},
		{`fly secrets list`, ""},
		{`cf set-env app KEY v`, ""},
		{`gcloud run services update api --update-env-vars KEY=v`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `heroku config:unset KEY1`, CloudDestructive, "hostedVarsUnset", []string{"heroku", "config:unset"})
}

// TestDeepCloudPathsDeleted: cloud CLIs' delete verbs deeper than four
// words into their command path (the az and gcloud references: "az
// network dns record-set a delete", "az network vnet subnet delete",
// "az network nsg rule delete", "gcloud compute networks subnets delete"
// is four) are cloud-destructive as the shorter paths are (README: DNS
// records deleted are cloud-destructive). Everyday: the same paths'
// list and show, metadata (tags).
func TestDeepCloudPathsDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`az network dns record-set a delete -g rg -z example.com -n www`, CloudDestructive},
		{`az network vnet subnet delete -g rg --vnet-name v -n s`, CloudDestructive},
		{`az network nsg rule delete -g rg --nsg-name n -n r`, CloudDestructive},
		{`az network private-dns record-set txt delete -g rg -z z -n n --yes`, CloudDestructive},
		{`gcloud compute networks subnets delete s --region r`, CloudDestructive},
		{`az network dns record-set a list -g rg -z example.com`, ""},
		{`az network dns record-set a show -g rg -z example.com -n www`, ""},
		{`az network vnet subnet create -g rg --vnet-name v -n s`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDNSRecordsDeleted: DNS records deleted from a zone by the tools
// that edit it directly are cloud-destructive (README, dev7's call; its
// r0677 "bloodyAD … remove dnsRecord"): bloodyAD's remove dnsRecord,
// krbrelayx's dnstool.py --action remove|ldapdelete, nsupdate(1) given
// "update delete", cli53 rrdelete|rrpurge. Everyday: dumps and queries.
func TestDNSRecordsDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`bloodyAD --host example.com -d example.com -u alice -p hunter2 remove dnsRecord RECORD example.com`, CloudDestructive},
		{`python3 dnstool.py -u 'example.com\alice' -p hunter2 -r test -a remove 10.0.0.1`, CloudDestructive},
		{`dnstool.py -u 'example.com\alice' -p hunter2 --action ldapdelete -r test dc.example.com`, CloudDestructive},
		{`nsupdate -k Kkey.private <<< 'update delete www.example.com A'`, CloudDestructive},
		{`cli53 rrdelete example.com www A`, CloudDestructive},
		{`bloodyAD -d example.com -u alice -p hunter2 --host dc get dnsDump`, ""},
		{`python3 dnstool.py -u 'example.com\alice' -p hunter2 -r test -a query dc.example.com`, ""},
		{`nsupdate -k Kkey.private <<< 'update add www.example.com 300 A 10.0.0.1'`, ""},
		{`cli53 list`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
