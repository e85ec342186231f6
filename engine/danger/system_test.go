package danger

import (
	"testing"
)

// Tests of system.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestPrecisionPartitionImageFiles: the partition-table and signature
// tools open the file they are given, "usually" a disk (fdisk(8) "fdisk
// [options] device", sfdisk(8), gdisk(8), sgdisk(8) "sgdisk [ options ]
// device", parted(8) "parted [options] [device [command …]]", wipefs(8)
// "wipefs [options] device…"); given a disk image, a plain file such as
// "disk.img" that losetup(8) would attach, they change only that file, as
// mkfs does (system.go's onlyImageFiles). A device, a word the line does
// not show or a name that is no file keep disk-system. mkfs's numeric
// option values (mkfs.vfat's "-F 32", a block count) name no device.
func TestPrecisionPartitionImageFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: a device, an unknown word.
		{`wipefs -a /dev/sdb`, DiskSystem},
		{`wipefs -a $DEV`, DiskSystem},
		{`sgdisk -Z /dev/nvme0n1`, DiskSystem},
		{`parted /dev/sda mklabel gpt`, DiskSystem},
		{`parted -s /dev/sdb mklabel msdos`, DiskSystem},
		{`fdisk /dev/sda`, DiskSystem},
		{`sfdisk /dev/sda < layout.txt`, DiskSystem},
		{`gdisk /dev/sdc`, DiskSystem},
		{`mkfs.vfat -F 32 /dev/sdb1`, DiskSystem},
		{`mkfs.vfat -F 32 -n BOOT /dev/sdb1`, DiskSystem},
		// Everyday: a disk image file.
		{`wipefs -a disk.img`, ""},
		{`sgdisk -Z disk.img`, ""},
		{`parted disk.img mklabel gpt`, ""},
		{`parted -s disk.img mklabel msdos`, ""},
		{`fdisk disk.img`, ""},
		{`sfdisk disk.img < layout.txt`, ""},
		{`gdisk rootfs.img`, ""},
		{`mkfs.vfat -F 32 boot.img`, ""},
		{`mkfs.fat -F 12 floppy.img`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionHdiutilImageFile: hdiutil(1) "erase" erases the device or
// disk image it is given last; an image file of the project changes only
// that file (heldout7's s0239, labelled everyday, "as rm of one file"),
// as the partition tools' image files above. A device stays disk-system.
func TestPrecisionHdiutilImageFile(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`hdiutil erase /dev/disk2`, DiskSystem},
		{`hdiutil erase -type UDIF $DISK`, DiskSystem},
		{`hdiutil erase -type UDIF image.dmg`, ""},
		{`hdiutil erase build/installer.dmg`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionCachesDropped: sysctl's vm.drop_caches (1, 2 or 3) and
// vm.compact_memory ask the kernel to free clean caches and compact
// memory, "a non-destructive operation" (the kernel's
// Documentation/admin-guide/sysctl/vm.rst), the same as "echo 3 >
// /proc/sys/vm/drop_caches", which is already everyday. Other kernel
// parameters stay disk-system.
func TestPrecisionCachesDropped(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sysctl -w kernel.randomize_va_space=0`, DiskSystem},
		{`sysctl net.ipv4.ip_forward=1`, DiskSystem},
		{`sysctl -w vm.drop_caches=3`, ""},
		{`sysctl vm.drop_caches=1`, ""},
		{`sysctl -w vm/drop_caches=2`, ""},
		{`sysctl -w vm.compact_memory=1`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
