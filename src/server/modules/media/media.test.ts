/** The storage and media calls on the local-disk driver (DATA_DIR/uploads). */
import { localStorageSetup } from '../../../../test/storage-setups.js';
import { mediaSuite } from './media.suite.js';

mediaSuite({ driver: 'local', heavy: true, ...localStorageSetup });
