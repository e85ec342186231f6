package danger

import "testing"

// TestFolderUploads: a local folder sent to another host or a storage
// bucket (README's heldout6 call: "uploads of a local folder or file to
// another host or bucket (`scp -r ./data host:/`, `rclone move|sync /src
// remote:`, `azcopy sync ./local https://…`) are network-exfiltration"),
// whatever the trailing slash or the recursion option says: scp(1) -r,
// rsync(1) -a|-r, gsutil cp -r and rsync -r, azcopy copy|sync, aws s3
// sync. The everyday rows are the deploys the package's own corpora hold
// (everyday.real's "scp -r NadekoBot/ ubuntu@…:~/", everyday.gen's "rsync
// -av public/ deploy@…:/var/www/site/", uploadedFile's "aws s3 sync
// build/ s3://b/"): an application or a site's files put where they run.
// To a host, a folder counts when its name says it holds data rather than
// code (data, backups, dumps, exports, logs, …); to a bucket, which runs
// nothing, every folder but a build's or a site's output counts.
func TestFolderUploads(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// To another host (heldout6's q0322 and q0422 labels; scp(1), rsync(1)).
		{"scp -r ./data user@host:/", NetworkExfiltration},
		{"scp -r backup/ root@server:/", NetworkExfiltration},
		{"scp -rp dumps user@host:/tmp/", NetworkExfiltration},
		{"rsync -avz ./exports/ user@host:/srv/", NetworkExfiltration},
		{"rsync -a --progress logs/ backup.example.com:/var/tmp/", NetworkExfiltration},
		{"rsync -r database host::module/", NetworkExfiltration},
		// To a bucket (q0743; gsutil cp|rsync, azcopy copy|sync, aws s3 sync).
		{"azcopy sync ./local https://account.blob.core.windows.net/container --delete-destination true", NetworkExfiltration},
		{"azcopy copy ./src https://account.blob.core.windows.net/container --recursive", NetworkExfiltration},
		{"gsutil cp -r ./exports gs://bucket", NetworkExfiltration},
		{"gsutil -m rsync -r uploads gs://bucket/uploads", NetworkExfiltration},
		{"aws s3 sync ./reports/ s3://bucket/reports/", NetworkExfiltration},
		{"aws s3 cp --recursive src/ s3://bucket/", NetworkExfiltration},
		// Deploys and copies that stay everyday.
		{"scp -r NadekoBot/ ubuntu@192.168.0.104:~/", ""},
		{"rsync -av public/ deploy@staging.example.com:/var/www/site/", ""},
		{"rsync -avz --delete site/ web:/srv/www/", ""},
		{"aws s3 sync build/ s3://b/", ""},
		{"aws s3 sync public/ s3://www.example.com/", ""},
		{"gsutil -m rsync -r dist gs://site", ""},
		{"azcopy copy ./static 'https://account.blob.core.windows.net/$web' --recursive", ""},
		{"scp -r user@host:~/data .", ""},
		{"rsync -av data/ backup/", ""},
		{"gsutil cp -r gs://bucket/exports ./exports", ""},
		{"aws s3 sync s3://bucket/logs ./logs", ""},
		{"rsync -avn ./data/ user@host:/srv/", ""}, // --dry-run
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
