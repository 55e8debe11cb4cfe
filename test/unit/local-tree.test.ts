// Which served trees the search index may read synchronously: one local disk, nothing mounted below.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isOneLocalDisk, parseMountInfo } from '../../src/fs/local-tree';

const mountinfo = `22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
23 22 0:5 / /proc rw,nosuid - proc proc rw
40 22 8:17 / /srv/data rw,relatime - btrfs /dev/sdb1 rw
41 40 0:50 / /srv/data/photos rw,relatime - nfs4 nas:/photos rw
42 22 0:51 / /mnt/share rw - cifs //nas/share rw
43 22 0:52 / /home/ann/remote rw - fuse.sshfs ann@host: rw
44 22 8:33 / /media/usb\\040disk rw - vfat /dev/sdc1 rw
`;

describe('isOneLocalDisk', () => {
  const mounts = parseMountInfo(mountinfo);

  it('reads mount points and types, spaces unescaped', () => {
    assert.deepEqual(mounts.at(-1), { point: '/media/usb disk', type: 'vfat' });
    assert.equal(mounts.length, 7);
  });

  it('allows a local folder with nothing mounted below it', () => {
    assert.equal(isOneLocalDisk('/var/lib/drawer/files', mounts), true);
    assert.equal(isOneLocalDisk('/srv/data/music', mounts), true);
    assert.equal(isOneLocalDisk('/media/usb disk', mounts), true);
  });

  it('refuses a tree with a mount below it (a share there could hang a call)', () => {
    assert.equal(isOneLocalDisk('/srv/data', mounts), false);
    assert.equal(isOneLocalDisk('/srv', mounts), false);
    assert.equal(isOneLocalDisk('/', mounts), false);
  });

  it('refuses network and FUSE file systems', () => {
    assert.equal(isOneLocalDisk('/srv/data/photos/2024', mounts), false);
    assert.equal(isOneLocalDisk('/mnt/share', mounts), false);
    assert.equal(isOneLocalDisk('/home/ann/remote/docs', mounts), false);
  });

  it('refuses when the mounts are unknown', () => {
    assert.equal(isOneLocalDisk('/srv/data/music', []), false);
  });
});
