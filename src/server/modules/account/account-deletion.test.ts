/** DELETE /api/me with files on local disk. */
import { localStorageSetup } from '../../../../test/storage-setups.js';
import { accountDeletionSuite } from './account-deletion.suite.js';

accountDeletionSuite({ driver: 'local', ...localStorageSetup });
