/** DELETE /api/me with files on local disk. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { accountDeletionSuite } from './account-deletion.suite.js';

accountDeletionSuite({
  driver: 'local',
  env: () => ({}),
  async listKeys(t) {
    const root = path.join(t.dataDir, 'uploads');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  },
});
